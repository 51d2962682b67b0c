-- What the default lists count, kept in the transactions that change it: a list opened without
-- filters (or with only a branch or a payment status) reads its total here instead of counting
-- every document, receipt or low-stock product on each page.

-- The bell's count: active goods at or below their low-stock mark. product_totals keeps it with
-- the other figures, so its trigger now also fires on changes of active and low_stock_at.
alter table public.product_totals add column alerts integer not null default 0;

update public.product_totals t set alerts = s.alerts
  from (select p.kind, count(*)::integer as alerts from public.products p
         where p.active and p.kind <> 'service' and p.total_stock <= p.low_stock_at group by p.kind) s
 where t.bucket = 0 and t.kind = s.kind;

create or replace function public.product_totals_apply()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_bucket smallint := (txid_current() % 16)::smallint;
begin
  -- The bucket's rows in one order, so two transactions on the same bucket wait rather than deadlock.
  perform 1 from public.product_totals t where t.bucket = v_bucket order by t.kind for update;
  if tg_op in ('UPDATE', 'DELETE') then
    update public.product_totals t
       set products = t.products - 1,
           stock_value = t.stock_value - old.selling_price * old.total_stock,
           low_stock = t.low_stock - (old.total_stock between 1 and 9)::integer,
           out_of_stock = t.out_of_stock - (old.total_stock = 0)::integer,
           alerts = t.alerts - (old.active and old.kind <> 'service' and old.total_stock <= old.low_stock_at)::integer
     where t.bucket = v_bucket and t.kind = old.kind;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    update public.product_totals t
       set products = t.products + 1,
           stock_value = t.stock_value + new.selling_price * new.total_stock,
           low_stock = t.low_stock + (new.total_stock between 1 and 9)::integer,
           out_of_stock = t.out_of_stock + (new.total_stock = 0)::integer,
           alerts = t.alerts + (new.active and new.kind <> 'service' and new.total_stock <= new.low_stock_at)::integer
     where t.bucket = v_bucket and t.kind = new.kind;
  end if;
  return null;
end;
$$;

drop trigger products_totals_update on public.products;
create constraint trigger products_totals_update after update of kind, total_stock, selling_price, active, low_stock_at on public.products
deferrable initially deferred for each row
when (old.kind is distinct from new.kind or old.total_stock is distinct from new.total_stock
      or old.selling_price is distinct from new.selling_price or old.active is distinct from new.active
      or old.low_stock_at is distinct from new.low_stock_at)
execute function public.product_totals_apply();

-- Documents per type, branch, status and payment status.
create table public.document_counts (
  bucket smallint not null,
  type text not null check (type in ('Invoice', 'Sale', 'Purchase')),
  location_id bigint not null,
  status text not null,
  payment_status text not null,
  documents integer not null default 0,
  primary key (type, bucket, location_id, status, payment_status)
);
alter table public.document_counts enable row level security;

-- Receipts per document type, receipt type and method, with their amounts.
create table public.receipt_totals (
  bucket smallint not null,
  receiptable_type text not null check (receiptable_type in ('Invoice', 'Sale', 'Purchase')),
  type text not null check (type in ('income', 'expense', 'refund')),
  payment_method text not null,
  receipts integer not null default 0,
  amount numeric(16, 2) not null default 0,
  primary key (bucket, receiptable_type, type, payment_method)
);
alter table public.receipt_totals enable row level security;

insert into public.document_counts (bucket, type, location_id, status, payment_status, documents)
select 0, 'Invoice', location_id, status, payment_status, count(*) from public.invoices group by 2, 3, 4, 5
union all
select 0, 'Sale', location_id, status, payment_status, count(*) from public.sales group by 2, 3, 4, 5
union all
select 0, 'Purchase', location_id, status, payment_status, count(*) from public.purchases group by 2, 3, 4, 5;

insert into public.receipt_totals (bucket, receiptable_type, type, payment_method, receipts, amount)
select 0, receiptable_type, type, payment_method, count(*), sum(amount) from public.receipts group by 2, 3, 4;

-- Adds `delta` to one row of a count table, creating it when missing. Each transaction writes the
-- rows of its own bucket and holds that bucket's lock while it does, so writers never deadlock.
create function public.document_counts_apply()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_bucket smallint := (txid_current() % 16)::smallint;
  v_type text := case tg_table_name when 'invoices' then 'Invoice' when 'sales' then 'Sale' else 'Purchase' end;
begin
  perform pg_advisory_xact_lock(2024112401, v_bucket);
  if tg_op in ('UPDATE', 'DELETE') then
    insert into public.document_counts as dc (bucket, type, location_id, status, payment_status, documents)
    values (v_bucket, v_type, old.location_id, old.status, old.payment_status, -1)
    on conflict (type, bucket, location_id, status, payment_status) do update set documents = dc.documents - 1;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into public.document_counts as dc (bucket, type, location_id, status, payment_status, documents)
    values (v_bucket, v_type, new.location_id, new.status, new.payment_status, 1)
    on conflict (type, bucket, location_id, status, payment_status) do update set documents = dc.documents + 1;
  end if;
  return null;
end;
$$;
revoke execute on function public.document_counts_apply() from public;

create function public.receipt_totals_apply()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_bucket smallint := (txid_current() % 16)::smallint;
begin
  perform pg_advisory_xact_lock(2024112402, v_bucket);
  if tg_op in ('UPDATE', 'DELETE') then
    insert into public.receipt_totals as rt (bucket, receiptable_type, type, payment_method, receipts, amount)
    values (v_bucket, old.receiptable_type, old.type, old.payment_method, -1, -old.amount)
    on conflict (bucket, receiptable_type, type, payment_method) do update set receipts = rt.receipts - 1, amount = rt.amount - old.amount;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into public.receipt_totals as rt (bucket, receiptable_type, type, payment_method, receipts, amount)
    values (v_bucket, new.receiptable_type, new.type, new.payment_method, 1, new.amount)
    on conflict (bucket, receiptable_type, type, payment_method) do update set receipts = rt.receipts + 1, amount = rt.amount + new.amount;
  end if;
  return null;
end;
$$;
revoke execute on function public.receipt_totals_apply() from public;

create constraint trigger invoices_counts_insert after insert on public.invoices
deferrable initially deferred for each row execute function public.document_counts_apply();
create constraint trigger invoices_counts_delete after delete on public.invoices
deferrable initially deferred for each row execute function public.document_counts_apply();
create constraint trigger invoices_counts_update after update of location_id, status, payment_status on public.invoices
deferrable initially deferred for each row
when (old.location_id is distinct from new.location_id or old.status is distinct from new.status or old.payment_status is distinct from new.payment_status)
execute function public.document_counts_apply();

create constraint trigger sales_counts_insert after insert on public.sales
deferrable initially deferred for each row execute function public.document_counts_apply();
create constraint trigger sales_counts_delete after delete on public.sales
deferrable initially deferred for each row execute function public.document_counts_apply();
create constraint trigger sales_counts_update after update of location_id, status, payment_status on public.sales
deferrable initially deferred for each row
when (old.location_id is distinct from new.location_id or old.status is distinct from new.status or old.payment_status is distinct from new.payment_status)
execute function public.document_counts_apply();

create constraint trigger purchases_counts_insert after insert on public.purchases
deferrable initially deferred for each row execute function public.document_counts_apply();
create constraint trigger purchases_counts_delete after delete on public.purchases
deferrable initially deferred for each row execute function public.document_counts_apply();
create constraint trigger purchases_counts_update after update of location_id, status, payment_status on public.purchases
deferrable initially deferred for each row
when (old.location_id is distinct from new.location_id or old.status is distinct from new.status or old.payment_status is distinct from new.payment_status)
execute function public.document_counts_apply();

create constraint trigger receipts_totals_insert after insert on public.receipts
deferrable initially deferred for each row execute function public.receipt_totals_apply();
create constraint trigger receipts_totals_delete after delete on public.receipts
deferrable initially deferred for each row execute function public.receipt_totals_apply();
create constraint trigger receipts_totals_update after update of receiptable_type, type, payment_method, amount on public.receipts
deferrable initially deferred for each row execute function public.receipt_totals_apply();

-- The wiper list's order, so a page reads 25 rows instead of sorting every wiper.
create index wipers_list_order_idx on public.wipers (size, lower(type), lower(frame_material), product_id);
