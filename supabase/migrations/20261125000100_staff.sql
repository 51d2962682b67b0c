-- Staff accounts (home branch, forced password change, sessions by device) and the audit trail:
-- an append-only row for every change of money, stock, documents, prices, settings and users,
-- written by triggers in the transaction that makes the change.

alter table public.users
  add column home_location_id bigint references public.locations (id) on delete set null,
  add column must_change_password boolean not null default false,
  add column last_login_at timestamptz;
create index users_home_location_id_idx on public.users (home_location_id);

alter table public.sessions
  add column user_agent text check (length(user_agent) <= 500),
  add column last_seen_at timestamptz not null default now();

-- History outlives what it names: no foreign keys, so deleting a branch or a record keeps its events.
create table public.audit_events (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  user_id bigint,
  location_id bigint,
  action text not null,
  record_type text not null,
  record_id bigint,
  record_label text,
  related_type text,
  related_id bigint,
  related_label text,
  changes jsonb,
  -- The transaction that wrote it: one event per record and transaction, which later writes of the
  -- same transaction add to; once committed the row never changes.
  txid xid8 not null default pg_current_xact_id()
);
create unique index audit_events_one_per_transaction on public.audit_events (txid, record_type, record_id);
create index audit_events_record_idx on public.audit_events (record_type, record_id, id);
create index audit_events_related_idx on public.audit_events (related_type, related_id, id) where related_id is not null;
create index audit_events_user_idx on public.audit_events (user_id, id);
create index audit_events_user_action_idx on public.audit_events (user_id, action, id);
create index audit_events_action_idx on public.audit_events (action, id);
create index audit_events_occurred_at_idx on public.audit_events (occurred_at);
alter table public.audit_events enable row level security;

create function public.audit_events_refuse_change()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  raise exception 'The audit trail cannot be changed.' using errcode = 'P0001';
end;
$$;
revoke execute on function public.audit_events_refuse_change() from public;

create trigger audit_events_append_only
  before update or delete on public.audit_events
  for each row when (old.txid <> pg_current_xact_id())
  execute function public.audit_events_refuse_change();
create trigger audit_events_no_truncate
  before truncate on public.audit_events
  for each statement execute function public.audit_events_refuse_change();

-- How much an action says: when one transaction does several things to a record, its event keeps
-- the action that says most (a document created and sent at once was created).
create function public.audit_rank(p_action text)
returns integer
language sql
immutable
security invoker
set search_path = ''
as $$
  select case p_action when 'updated' then 1 when 'price changed' then 2 when 'created' then 5 when 'deleted' then 6 else 3 end
$$;
revoke execute on function public.audit_rank(text) from public;

-- Two sets of changes as one: each field keeps its first old value and its last new value, and a
-- field back where it started drops out.
create function public.audit_merge_changes(p_first jsonb, p_then jsonb)
returns jsonb
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_result jsonb := coalesce(p_first, '{}'::jsonb);
  v_key text;
  v_value jsonb;
begin
  for v_key, v_value in select key, value from jsonb_each(coalesce(p_then, '{}'::jsonb)) loop
    if v_result ? v_key then
      v_result := jsonb_set(v_result, array[v_key, 'new'], coalesce(v_value -> 'new', 'null'::jsonb));
    else
      v_result := v_result || jsonb_build_object(v_key, v_value);
    end if;
    if v_result -> v_key -> 'old' = v_result -> v_key -> 'new' then
      v_result := v_result - v_key;
    end if;
  end loop;
  return nullif(v_result, '{}'::jsonb);
end;
$$;
revoke execute on function public.audit_merge_changes(jsonb, jsonb) from public;

-- What a record was created with: the new values only (the old ones are the columns' defaults).
create function public.audit_created_values(p_changes jsonb)
returns jsonb
language sql
immutable
security invoker
set search_path = ''
as $$
  select jsonb_object_agg(c.key, jsonb_build_object('old', null, 'new', c.value -> 'new'))
    from jsonb_each(p_changes) c
   where c.value -> 'new' <> 'null'::jsonb
$$;
revoke execute on function public.audit_created_values(jsonb) from public;

-- Writes (or adds to) this transaction's event for a record. Who did it and from which branch come
-- from the transaction's settings `wheelhouse.user_id` and `wheelhouse.location_id`, which the API
-- sets for each change it makes; the record's own branch, when given, is the event's branch.
create function public.audit_record(
  p_action text, p_record_type text, p_record_id bigint, p_record_label text, p_changes jsonb default null,
  p_location_id bigint default null, p_related_type text default null, p_related_id bigint default null,
  p_related_label text default null
)
returns void
language sql
security invoker
set search_path = ''
as $$
  insert into public.audit_events as e
    (user_id, location_id, action, record_type, record_id, record_label, related_type, related_id, related_label, changes)
  values (
    nullif(current_setting('wheelhouse.user_id', true), '')::bigint,
    coalesce(p_location_id, nullif(current_setting('wheelhouse.location_id', true), '')::bigint),
    p_action, p_record_type, p_record_id, p_record_label, p_related_type, p_related_id, p_related_label,
    nullif(p_changes, '{}'::jsonb)
  )
  on conflict (txid, record_type, record_id) do update set
    action = case when public.audit_rank(excluded.action) > public.audit_rank(e.action) then excluded.action else e.action end,
    record_label = coalesce(excluded.record_label, e.record_label),
    location_id = coalesce(e.location_id, excluded.location_id),
    related_type = coalesce(e.related_type, excluded.related_type),
    related_id = coalesce(e.related_id, excluded.related_id),
    related_label = coalesce(e.related_label, excluded.related_label),
    changes = case
      when (case when public.audit_rank(excluded.action) > public.audit_rank(e.action) then excluded.action else e.action end) = 'created'
      then public.audit_created_values(public.audit_merge_changes(e.changes, excluded.changes))
      else public.audit_merge_changes(e.changes, excluded.changes)
    end
$$;
revoke execute on function public.audit_record(text, text, bigint, text, jsonb, bigint, text, bigint, text) from public;

-- A reference column's value as people know it: the name of the customer, branch, brand...
create function public.audit_reference_name(p_column text, p_id bigint)
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select case p_column
    when 'customer_id' then (select x.name from public.customers x where x.id = p_id)
    when 'supplier_id' then (select x.name from public.suppliers x where x.id = p_id)
    when 'location_id' then (select x.name from public.locations x where x.id = p_id)
    when 'home_location_id' then (select x.name from public.locations x where x.id = p_id)
    when 'tire_brand_id' then (select x.name from public.tire_brands x where x.id = p_id)
    when 'battery_brand_id' then (select x.name from public.battery_brands x where x.id = p_id)
    when 'tire_type_id' then (select x.name from public.tire_types x where x.id = p_id)
    when 'pattern_id' then (select x.name from public.patterns x where x.id = p_id)
    when 'made_in_id' then (select x.name from public.made_ins x where x.id = p_id)
  end
$$;
revoke execute on function public.audit_reference_name(text, bigint) from public;

-- The fields that differ between two versions of a row, as {field: {old, new}}, leaving out what
-- the system keeps by itself (stamps, kept totals, payment figures, password state). A changed
-- reference is named by what it points at, under the field's name without `_id`.
create function public.audit_changes(p_old jsonb, p_new jsonb)
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
                       'last_login_at', 'must_change_password')
$$;
revoke execute on function public.audit_changes(jsonb, jsonb) from public;

-- Master data, settings, users and products: created, updated (with the changed fields), deleted.
-- Arguments: the record type, then the column naming the record (`name`), if any. A product's
-- detail table (tires, batteries...) passes 'product' and its changes are the product's.
create function public.audit_row()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_type text := tg_argv[0];
  v_row jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  v_id bigint := case when jsonb_typeof(v_row -> 'id') = 'number' then v_row ->> 'id' else v_row ->> 'product_id' end::bigint;
  v_label text := v_row ->> tg_argv[1];
  v_changes jsonb;
  v_action text;
begin
  if tg_op = 'INSERT' then
    v_action := 'created';
  elsif tg_op = 'DELETE' then
    v_action := 'deleted';
  else
    v_changes := public.audit_changes(to_jsonb(old), v_row);
    if v_changes = '{}'::jsonb then
      return null;
    end if;
    v_action := case
      when v_type = 'product' and (v_changes ? 'cost_price' or v_changes ? 'selling_price') then 'price changed'
      when v_type = 'user' and v_changes ? 'is_active' then
        case when (v_row ->> 'is_active')::boolean then 'user enabled' else 'user disabled' end
      else 'updated'
    end;
  end if;
  if v_label is null and v_type = 'product' then
    select p.name into v_label from public.products p where p.id = v_id;
  end if;
  perform public.audit_record(v_action, v_type, v_id, v_label, v_changes);
  return null;
end;
$$;
revoke execute on function public.audit_row() from public;

create trigger audit_customers after insert or update or delete on public.customers
  for each row execute function public.audit_row('customer', 'name');
create trigger audit_suppliers after insert or update or delete on public.suppliers
  for each row execute function public.audit_row('supplier', 'name');
create trigger audit_locations after insert or update or delete on public.locations
  for each row execute function public.audit_row('location', 'name');
create trigger audit_tire_brands after insert or update or delete on public.tire_brands
  for each row execute function public.audit_row('tire_brand', 'name');
create trigger audit_battery_brands after insert or update or delete on public.battery_brands
  for each row execute function public.audit_row('battery_brand', 'name');
create trigger audit_tire_types after insert or update or delete on public.tire_types
  for each row execute function public.audit_row('tire_type', 'name');
create trigger audit_made_ins after insert or update or delete on public.made_ins
  for each row execute function public.audit_row('made_in', 'name');
create trigger audit_tags after insert or update or delete on public.tags
  for each row execute function public.audit_row('tag', 'name');
create trigger audit_patterns after insert or update or delete on public.patterns
  for each row execute function public.audit_row('pattern', 'name');
create trigger audit_settings after update on public.settings
  for each row execute function public.audit_row('settings', 'shop_name');
create trigger audit_users after insert or delete on public.users
  for each row execute function public.audit_row('user', 'name');
create trigger audit_users_update after update on public.users
  for each row when (row(old.name, old.email, old.role, old.is_active, old.home_location_id)
                     is distinct from row(new.name, new.email, new.role, new.is_active, new.home_location_id))
  execute function public.audit_row('user', 'name');
-- Stock and search columns change with every move; only what people edit is traced. A tire's or
-- wiper's name is made from its brand, pattern, size...: renaming a brand renames its products
-- without anyone editing them, so their name alone is no event (an edit of the size is one, on the tire).
create trigger audit_products after insert or delete on public.products
  for each row execute function public.audit_row('product', 'name');
create trigger audit_products_update after update on public.products
  for each row when (row(old.kind, old.cost_price, old.selling_price, old.active, old.notes)
                     is distinct from row(new.kind, new.cost_price, new.selling_price, new.active, new.notes)
                     or (old.kind not in ('tire', 'wiper') and old.name is distinct from new.name))
  execute function public.audit_row('product', 'name');
create trigger audit_tires after update on public.tires
  for each row execute function public.audit_row('product');
create trigger audit_batteries after update on public.batteries
  for each row execute function public.audit_row('product');
create trigger audit_wipers after update on public.wipers
  for each row execute function public.audit_row('product');
create trigger audit_inventory_items after update on public.inventory_items
  for each row execute function public.audit_row('product');

-- Invoices, sales and purchase orders: created, deleted, each change of status by its verb, and
-- edits with their fields. Payment figures move with receipts, whose events say so.
create function public.audit_document()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_type text := tg_argv[0];
  v_row jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  v_changes jsonb;
  v_action text;
begin
  if tg_op = 'INSERT' then
    v_action := 'created';
  elsif tg_op = 'DELETE' then
    v_action := 'deleted';
  else
    v_changes := public.audit_changes(to_jsonb(old), v_row);
    v_action := case when old.status is distinct from new.status
      then case new.status when 'draft' then 'updated' when 'pending' then 'updated' else new.status end
      else 'updated' end;
    if v_action = 'updated' and v_changes = '{}'::jsonb then
      return null;
    end if;
  end if;
  perform public.audit_record(v_action, v_type, (v_row ->> 'id')::bigint, v_row ->> 'number', v_changes, (v_row ->> 'location_id')::bigint);
  return null;
end;
$$;
revoke execute on function public.audit_document() from public;

create trigger audit_invoices after insert or delete on public.invoices
  for each row execute function public.audit_document('invoice');
create trigger audit_invoices_update after update on public.invoices
  for each row when (row(old.status, old.customer_id, old.location_id, old.issued_date, old.due_date, old.notes,
                         old.discount_amount, old.tax_amount, old.tax_rate, old.net_amount)
                     is distinct from row(new.status, new.customer_id, new.location_id, new.issued_date, new.due_date, new.notes,
                         new.discount_amount, new.tax_amount, new.tax_rate, new.net_amount))
  execute function public.audit_document('invoice');
create trigger audit_sales after insert or delete on public.sales
  for each row execute function public.audit_document('sale');
create trigger audit_sales_update after update on public.sales
  for each row when (row(old.status, old.customer_id, old.location_id, old.sale_date, old.payment_method, old.notes,
                         old.discount_amount, old.tax_amount, old.tax_rate, old.net_amount)
                     is distinct from row(new.status, new.customer_id, new.location_id, new.sale_date, new.payment_method, new.notes,
                         new.discount_amount, new.tax_amount, new.tax_rate, new.net_amount))
  execute function public.audit_document('sale');
create trigger audit_purchases after insert or delete on public.purchases
  for each row execute function public.audit_document('purchase');
create trigger audit_purchases_update after update on public.purchases
  for each row when (row(old.status, old.supplier_id, old.location_id, old.purchase_date, old.expected_delivery_date,
                         old.actual_delivery_date, old.reference_number, old.notes, old.discount_amount, old.tax_amount,
                         old.tax_rate, old.net_amount)
                     is distinct from row(new.status, new.supplier_id, new.location_id, new.purchase_date, new.expected_delivery_date,
                         new.actual_delivery_date, new.reference_number, new.notes, new.discount_amount, new.tax_amount,
                         new.tax_rate, new.net_amount))
  execute function public.audit_document('purchase');

-- A line as people read it: '2 × 120.00', with its discount.
create function public.audit_line_text(p_quantity integer, p_unit_price numeric, p_discount numeric)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select p_quantity || ' × ' || to_char(p_unit_price, 'FM999999999990.00')
         || case when p_discount > 0 then ' less ' || trim(to_char(p_discount, 'FM990.##')) || '%' else '' end
$$;
revoke execute on function public.audit_line_text(integer, numeric, numeric) from public;

-- Lines added, changed or removed are changes of their document, one field per product; goods
-- received on a purchase order's line are its `received` event.
create function public.audit_document_line()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_type text := tg_argv[0];
  v_row jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  v_document_id bigint := (v_row ->> tg_argv[1])::bigint;
  v_number text;
  v_location_id bigint;
  v_changes jsonb := '{}'::jsonb;
  v_action text := 'updated';
begin
  execute format('select d.number, d.location_id from public.%I d where d.id = $1', tg_argv[2])
    into v_number, v_location_id using v_document_id;
  if tg_op = 'UPDATE' and v_type = 'purchase' and (v_row ->> 'received_quantity') is distinct from (to_jsonb(old) ->> 'received_quantity') then
    v_action := 'received';
    v_changes := jsonb_build_object(new.product_name || ' received',
      jsonb_build_object('old', (to_jsonb(old) ->> 'received_quantity')::integer, 'new', (v_row ->> 'received_quantity')::integer));
  end if;
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.product_id <> new.product_id) then
    v_changes := public.audit_merge_changes(v_changes, jsonb_build_object(old.product_name,
      jsonb_build_object('old', public.audit_line_text(old.quantity, old.unit_price, old.discount_percent), 'new', null)));
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.product_id <> new.product_id) then
    v_changes := public.audit_merge_changes(v_changes, jsonb_build_object(new.product_name,
      jsonb_build_object('old', null, 'new', public.audit_line_text(new.quantity, new.unit_price, new.discount_percent))));
  elsif tg_op = 'UPDATE' then
    v_changes := public.audit_merge_changes(v_changes, jsonb_build_object(new.product_name, jsonb_build_object(
      'old', public.audit_line_text(old.quantity, old.unit_price, old.discount_percent),
      'new', public.audit_line_text(new.quantity, new.unit_price, new.discount_percent))));
  end if;
  if v_changes is null then
    return null;
  end if;
  perform public.audit_record(v_action, v_type, v_document_id, v_number, v_changes, v_location_id);
  return null;
end;
$$;
revoke execute on function public.audit_document_line() from public;

create trigger audit_invoice_items after insert or update or delete on public.invoice_items
  for each row execute function public.audit_document_line('invoice', 'invoice_id', 'invoices');
create trigger audit_sale_items after insert or update or delete on public.sale_items
  for each row execute function public.audit_document_line('sale', 'sale_id', 'sales');
create trigger audit_purchase_items after insert or update or delete on public.purchase_items
  for each row execute function public.audit_document_line('purchase', 'purchase_id', 'purchases');

-- Money in and out: a receipt recorded is `paid` (or `refunded`), and belongs to its document.
create function public.audit_receipt()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  r public.receipts := case when tg_op = 'DELETE' then old else new end;
begin
  perform public.audit_record(
    case when tg_op = 'DELETE' then 'deleted' when r.type = 'refund' then 'refunded' else 'paid' end,
    'receipt', r.id, r.number,
    jsonb_build_object('amount', jsonb_build_object('old', case when tg_op = 'DELETE' then r.amount end,
                                                    'new', case when tg_op = 'INSERT' then r.amount end)),
    r.location_id, lower(r.receiptable_type), r.receiptable_id, r.document_number);
  return null;
end;
$$;
revoke execute on function public.audit_receipt() from public;

create trigger audit_receipts after insert or delete on public.receipts
  for each row execute function public.audit_receipt();

-- Stock counted, damaged, returned or moved between branches, with each branch's level before and
-- after. Moves made by documents are part of their document's event.
create function public.audit_stock_move()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_level integer;
  v_location text;
  v_product text;
begin
  select s.quantity into v_level from public.stock_levels s where s.product_id = new.product_id and s.location_id = new.location_id;
  select l.name into v_location from public.locations l where l.id = new.location_id;
  select p.name into v_product from public.products p where p.id = new.product_id;
  perform public.audit_record(
    case when new.reason in ('transfer_in', 'transfer_out') then 'stock transferred' else 'stock adjusted' end,
    'product', new.product_id, v_product,
    jsonb_build_object(v_location, jsonb_build_object('old', v_level - new.delta, 'new', v_level)),
    new.location_id);
  return null;
end;
$$;
revoke execute on function public.audit_stock_move() from public;

create trigger audit_stock_moves after insert on public.stock_moves
  for each row when (new.document_type is null) execute function public.audit_stock_move();
