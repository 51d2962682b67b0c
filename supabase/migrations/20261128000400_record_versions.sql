-- Record versions: every record people edit carries a version that any change of the row raises
-- (an edit, a stock move on a product, a payment or line on a document), with who made the change
-- and when. The API answers it as the record's ETag and refuses an update sent with an older one
-- (If-Match, 412), so a form left open never overwrites work done since it was opened.

create function public.bump_version()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.version := old.version + 1;
  new.changed_by := nullif(current_setting('wheelhouse.user_id', true), '')::bigint;
  new.changed_at := now();
  return new;
end;
$$;
revoke execute on function public.bump_version() from public;

-- Who changed it is history, like the audit trail: no foreign key, so deleting a user keeps it.
alter table public.users add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.locations add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.customers add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.suppliers add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.tire_brands add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.tire_types add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.made_ins add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.battery_brands add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.tags add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.patterns add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.products add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.settings add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.invoices add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.sales add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;
alter table public.purchases add column version integer not null default 1, add column changed_by bigint, add column changed_at timestamptz;

-- A row rewritten as it was is no change. A user's sign-ins (failed count, last sign-in, the
-- password's hash) are not edits of the account.
create trigger users_version before update on public.users
  for each row when (row(old.name, old.email, old.role, old.is_active, old.home_location_id, old.must_change_password)
                     is distinct from row(new.name, new.email, new.role, new.is_active, new.home_location_id, new.must_change_password))
  execute function public.bump_version();
create trigger locations_version before update on public.locations
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger customers_version before update on public.customers
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger suppliers_version before update on public.suppliers
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger tire_brands_version before update on public.tire_brands
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger tire_types_version before update on public.tire_types
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger made_ins_version before update on public.made_ins
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger battery_brands_version before update on public.battery_brands
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger tags_version before update on public.tags
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger patterns_version before update on public.patterns
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger products_version before update on public.products
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger settings_version before update on public.settings
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger invoices_version before update on public.invoices
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger sales_version before update on public.sales
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger purchases_version before update on public.purchases
  for each row when (old.* is distinct from new.*) execute function public.bump_version();

-- The version and who changed the row last are stamps, like updated_at: no field of an audit event.
create or replace function public.audit_changes(p_old jsonb, p_new jsonb)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(
           case when n.key in ('customer_id', 'supplier_id', 'location_id', 'home_location_id', 'tire_brand_id', 'battery_brand_id',
                               'tire_type_id', 'pattern_id', 'made_in_id')
                then left(n.key, -3) else n.key end,
           case when n.key in ('customer_id', 'supplier_id', 'location_id', 'home_location_id', 'tire_brand_id', 'battery_brand_id',
                               'tire_type_id', 'pattern_id', 'made_in_id')
                then jsonb_build_object('old', public.audit_reference_name(n.key, (o.value #>> '{}')::bigint),
                                        'new', public.audit_reference_name(n.key, (n.value #>> '{}')::bigint))
                else jsonb_build_object('old', o.value, 'new', n.value) end
         ), '{}'::jsonb)
    from jsonb_each(p_new) n
    join jsonb_each(p_old) o on o.key = n.key
   where n.value is distinct from o.value
     and n.key not in ('id', 'product_id', 'created_at', 'updated_at', 'total_stock', 'low_stock_at', 'search_text', 'number',
                       'status', 'payment_status', 'subtotal', 'total_paid', 'balance_due', 'sent_at', 'cancelled_at',
                       'completed_at', 'received_at', 'created_by', 'password_hash', 'failed_logins', 'locked_until',
                       'last_login_at', 'must_change_password', 'version', 'changed_by', 'changed_at')
$$;
revoke execute on function public.audit_changes(jsonb, jsonb) from public;
