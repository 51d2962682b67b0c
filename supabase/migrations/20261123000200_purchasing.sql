-- Purchasing: purchase orders to suppliers, receiving the goods into a branch's stock at a weighted
-- average cost, and paying suppliers (expense receipts, see create_receipt).

create table public.purchases (
  id bigint generated always as identity primary key,
  number text not null unique,
  supplier_id bigint not null references public.suppliers (id),
  location_id bigint not null references public.locations (id),
  purchase_date date not null,
  expected_delivery_date date,
  actual_delivery_date date,
  reference_number text,
  status text not null default 'pending' check (status in ('pending', 'ordered', 'received', 'cancelled')),
  payment_status text not null default 'pending' check (payment_status in ('pending', 'partial', 'paid')),
  subtotal numeric(12, 2) not null default 0,
  discount_amount numeric(12, 2) not null default 0 check (discount_amount >= 0),
  tax_amount numeric(12, 2) not null default 0 check (tax_amount >= 0),
  tax_rate numeric not null default 0,
  net_amount numeric(12, 2) not null default 0,
  total_paid numeric(12, 2) not null default 0,
  balance_due numeric(12, 2) not null default 0,
  notes text,
  created_by bigint references public.users (id) on delete set null,
  received_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint purchases_discount_within_subtotal check (discount_amount <= subtotal),
  constraint purchases_paid_within_net check (total_paid >= 0 and total_paid <= net_amount)
);
create index purchases_purchase_date_idx on public.purchases (purchase_date desc, id desc);
create index purchases_supplier_id_idx on public.purchases (supplier_id, purchase_date desc);
create index purchases_location_id_idx on public.purchases (location_id, purchase_date desc);
create index purchases_open_idx on public.purchases (expected_delivery_date) where status in ('pending', 'ordered');

-- A line keeps what was bought (unit_price is the cost price at purchase; description its notes)
-- and how much of it has come in.
create table public.purchase_items (
  id bigint generated always as identity primary key,
  purchase_id bigint not null references public.purchases (id) on delete cascade,
  position integer not null,
  product_id bigint not null references public.products (id),
  product_type text not null check (product_type <> 'service'),
  product_name text not null,
  description text,
  dot text,
  quantity integer not null check (quantity >= 1),
  unit_price numeric(12, 2) not null check (unit_price >= 0),
  discount_percent numeric(5, 2) not null default 0 check (discount_percent between 0 and 100),
  cost_price numeric(12, 2) not null default 0,
  line_total numeric(12, 2) not null,
  received_quantity integer not null default 0,
  constraint purchase_items_received_within_quantity check (received_quantity between 0 and quantity)
);
create index purchase_items_purchase_id_idx on public.purchase_items (purchase_id, position);
create index purchase_items_product_id_idx on public.purchase_items (product_id);

alter table public.purchases enable row level security;
alter table public.purchase_items enable row level security;

-- A receipt of goods records what each unit cost.
alter table public.stock_moves add column unit_cost numeric(12, 2);

drop function public.move_stock(bigint, bigint, integer, text, text, bigint, text, bigint);

-- Moves stock at one branch by p_delta and records why (and, for goods received, their unit cost).
-- Refuses (SQLSTATE P0001, with the quantity there) to go below zero; services have no stock.
create function public.move_stock(
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
  select p.kind into v_kind from public.products p where p.id = p_product_id;
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
  return v_quantity;
end;
$$;
revoke execute on function public.move_stock(bigint, bigint, integer, text, text, bigint, text, bigint, numeric) from public;

-- Receives goods of a purchase order into its branch: everything outstanding (p_items null) or the
-- quantities given as [{purchase_item_id, quantity}]. Locks the order, then the products and their
-- stock rows in product order; each product's cost becomes the weighted average of the stock on hand
-- (all branches) at its old cost and the units received at the order's cost. The order is received
-- once every line is complete; until then it stays ordered.
create function public.receive_purchase(p_id bigint, p_items jsonb, p_actual_delivery_date date, p_user_id bigint)
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
     for update;
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
revoke execute on function public.receive_purchase(bigint, jsonb, date, bigint) from public;
