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

-- Adds one document to its row (or takes it off), creating the row when missing. Each transaction
-- writes the rows of its own bucket, and all the kept counts of a bucket (product_totals too) are
-- guarded by one lock, its product_totals rows taken in one order, so two commits never deadlock.
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
  perform 1 from public.product_totals t where t.bucket = v_bucket order by t.kind for update;
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
  perform 1 from public.product_totals t where t.bucket = v_bucket order by t.kind for update;
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

-- The functions that move stock lock each product's row FOR NO KEY UPDATE, not FOR UPDATE: still one
-- stock mover of a product at a time, but no longer in conflict with the KEY SHARE lock that a new
-- document line's foreign key takes on the product. With FOR UPDATE, two counters creating a sale
-- already completed (or an order already received) with the same product each held that KEY SHARE
-- from their lines and waited for the other's: a deadlock. Otherwise as they were.

create or replace function public.move_stock(
  p_product_id bigint, p_location_id bigint, p_delta integer, p_reason text, p_note text,
  p_user_id bigint, p_document_type text default null, p_document_id bigint default null, p_unit_cost numeric default null
)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_kind text;
  v_quantity integer;
  v_location text;
begin
  select p.kind into v_kind from public.products p where p.id = p_product_id for no key update;
  if v_kind is null then
    raise exception 'Product not found' using errcode = 'P0002';
  end if;
  if v_kind = 'service' then
    raise exception 'Services have no stock.' using errcode = 'P0001';
  end if;
  select l.name into v_location from public.locations l where l.id = p_location_id;
  if v_location is null then
    raise exception 'Location not found' using errcode = 'P0002';
  end if;

  insert into public.stock_levels (product_id, location_id) values (p_product_id, p_location_id)
  on conflict do nothing;
  update public.stock_levels s
     set quantity = s.quantity + p_delta
   where s.product_id = p_product_id and s.location_id = p_location_id and s.quantity + p_delta >= 0
  returning s.quantity into v_quantity;
  if v_quantity is null then
    select s.quantity into v_quantity from public.stock_levels s
     where s.product_id = p_product_id and s.location_id = p_location_id;
    raise exception 'Not enough stock at %: only % available.', v_location, v_quantity using errcode = 'P0001';
  end if;

  insert into public.stock_moves (product_id, location_id, delta, reason, note, user_id, document_type, document_id, unit_cost)
  values (p_product_id, p_location_id, p_delta, p_reason, p_note, p_user_id, p_document_type, p_document_id, p_unit_cost);
  update public.products p set total_stock = p.total_stock + p_delta where p.id = p_product_id;
  return v_quantity;
end;
$$;

create or replace function public.transfer_stock(
  p_product_id bigint, p_from_location_id bigint, p_to_location_id bigint, p_quantity integer,
  p_note text, p_user_id bigint
)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if p_quantity <= 0 then
    raise exception 'The quantity must be at least 1.' using errcode = 'P0001';
  end if;
  if p_from_location_id = p_to_location_id then
    raise exception 'Choose two different branches.' using errcode = 'P0001';
  end if;
  perform 1 from public.products p where p.id = p_product_id for no key update;
  insert into public.stock_levels (product_id, location_id)
  values (p_product_id, p_from_location_id), (p_product_id, p_to_location_id)
  on conflict do nothing;
  perform 1 from public.stock_levels s
   where s.product_id = p_product_id and s.location_id in (p_from_location_id, p_to_location_id)
   order by s.location_id
   for update;
  perform public.move_stock(p_product_id, p_from_location_id, -p_quantity, 'transfer_out', p_note, p_user_id);
  perform public.move_stock(p_product_id, p_to_location_id, p_quantity, 'transfer_in', p_note, p_user_id);
end;
$$;

create or replace function public.move_document_stock(
  p_type text, p_id bigint, p_location_id bigint, p_sign integer, p_reason text, p_user_id bigint
)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  t record := public.document_tables(p_type);
  line record;
  v_have integer;
begin
  for line in execute format(
    'select x.product_id, sum(x.quantity)::integer as quantity, min(x.product_name) as name
       from public.%I x where x.%I = $1 and x.product_type <> ''service''
      group by x.product_id order by x.product_id',
    t.lines_table, t.key_column
  ) using p_id loop
    perform 1 from public.products p where p.id = line.product_id for no key update;
    insert into public.stock_levels (product_id, location_id) values (line.product_id, p_location_id) on conflict do nothing;
    select s.quantity into v_have from public.stock_levels s
     where s.product_id = line.product_id and s.location_id = p_location_id
       for update;
    if p_sign < 0 and v_have < line.quantity then
      raise exception 'Not enough stock of % at %: only % available.',
        line.name, (select l.name from public.locations l where l.id = p_location_id), v_have
        using errcode = 'P0001';
    end if;
    perform public.move_stock(line.product_id, p_location_id, p_sign * line.quantity, p_reason, null, p_user_id, p_type, p_id);
  end loop;
end;
$$;

create or replace function public.receive_purchase(p_id bigint, p_items jsonb, p_actual_delivery_date date, p_user_id bigint)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_order public.purchases;
  v_bad record;
  v_receiving jsonb;
  line record;
  v_on_hand integer;
begin
  select * into v_order from public.purchases p where p.id = p_id for update;
  if not found then
    raise exception 'Purchase order not found' using errcode = 'P0002';
  end if;
  if v_order.status = 'received' then
    raise exception 'This purchase order has already been received.' using errcode = 'P0001';
  end if;
  if v_order.status = 'cancelled' then
    raise exception 'This purchase order has been cancelled.' using errcode = 'P0001';
  end if;

  -- What comes in now, per line: the request, or everything outstanding.
  if p_items is null then
    select jsonb_agg(jsonb_build_object(
             'purchase_item_id', x.id, 'product_id', x.product_id, 'quantity', x.quantity - x.received_quantity, 'unit_cost', x.unit_price))
      into v_receiving
      from public.purchase_items x where x.purchase_id = p_id and x.received_quantity < x.quantity;
  else
    select r.ord - 1 as index, x.id, x.quantity - x.received_quantity as outstanding
      into v_bad
      from rows from (jsonb_to_recordset(p_items) as (purchase_item_id bigint, quantity integer)) with ordinality as r(purchase_item_id, quantity, ord)
      left join public.purchase_items x on x.id = r.purchase_item_id and x.purchase_id = p_id
     where x.id is null or r.quantity > x.quantity - x.received_quantity
     order by r.ord
     limit 1;
    if v_bad.index is not null and v_bad.id is null then
      raise exception 'This line is not on this purchase order.'
        using errcode = 'WH422', hint = format('items.%s.purchase_item_id', v_bad.index);
    end if;
    if v_bad.index is not null then
      raise exception 'Only % of this line are still to be received.', v_bad.outstanding
        using errcode = 'WH422', hint = format('items.%s.quantity', v_bad.index);
    end if;
    select jsonb_agg(jsonb_build_object('purchase_item_id', x.id, 'product_id', x.product_id, 'quantity', r.quantity, 'unit_cost', x.unit_price))
      into v_receiving
      from jsonb_to_recordset(p_items) as r(purchase_item_id bigint, quantity integer)
      join public.purchase_items x on x.id = r.purchase_item_id
     where r.quantity > 0;
  end if;
  if v_receiving is null then
    raise exception 'Enter a quantity to receive for at least one line.' using errcode = 'WH422', hint = 'items';
  end if;

  perform 1 from public.products p
   where p.id in (select r.product_id from jsonb_to_recordset(v_receiving) as r(product_id bigint))
   order by p.id
     for no key update;
  insert into public.stock_levels (product_id, location_id)
  select distinct r.product_id, v_order.location_id from jsonb_to_recordset(v_receiving) as r(product_id bigint)
  on conflict do nothing;
  perform 1 from public.stock_levels s
   where s.location_id = v_order.location_id
     and s.product_id in (select r.product_id from jsonb_to_recordset(v_receiving) as r(product_id bigint))
   order by s.product_id
     for update;

  for line in
    select r.product_id, sum(r.quantity)::integer as quantity, sum(r.quantity * r.unit_cost) as cost
      from jsonb_to_recordset(v_receiving) as r(product_id bigint, quantity integer, unit_cost numeric)
     group by r.product_id order by r.product_id
  loop
    select coalesce(sum(s.quantity), 0)::integer into v_on_hand from public.stock_levels s where s.product_id = line.product_id;
    update public.products p
       set cost_price = round((v_on_hand * p.cost_price + line.cost) / (v_on_hand + line.quantity), 2), updated_at = now()
     where p.id = line.product_id;
  end loop;

  for line in
    select * from jsonb_to_recordset(v_receiving) as r(purchase_item_id bigint, product_id bigint, quantity integer, unit_cost numeric)
     order by r.product_id, r.purchase_item_id
  loop
    perform public.move_stock(
      line.product_id, v_order.location_id, line.quantity, 'purchase', null, p_user_id, 'Purchase', p_id, line.unit_cost
    );
    update public.purchase_items x set received_quantity = x.received_quantity + line.quantity where x.id = line.purchase_item_id;
  end loop;

  update public.purchases p
     set actual_delivery_date = coalesce(p_actual_delivery_date, current_date),
         status = case when not exists (
           select 1 from public.purchase_items x where x.purchase_id = p_id and x.received_quantity < x.quantity
         ) then 'received' else 'ordered' end,
         received_at = case when not exists (
           select 1 from public.purchase_items x where x.purchase_id = p_id and x.received_quantity < x.quantity
         ) then now() end,
         updated_at = now()
   where p.id = p_id;
end;
$$;
