-- Reorder suggestions.
-- A branch's stock level may carry a reorder point and an order-up-to level: at or below its reorder
-- point a product is low there (where none is set, the product's own low-stock level still rules), and
-- a suggestion orders it back up to its order-up-to level, counting what is on the shelf, on open
-- purchase orders for the branch and on its way there. A product may name its preferred supplier.

alter table public.stock_levels
  add column reorder_point integer,
  add column order_up_to integer,
  add constraint stock_levels_reorder_check check (
    (reorder_point is null and order_up_to is null)
    or (reorder_point >= 0 and order_up_to >= reorder_point));

create index stock_levels_reorder_idx on public.stock_levels (location_id, product_id)
  include (quantity, in_transit, reorder_point, order_up_to) where quantity <= reorder_point;

create index purchases_open_location_idx on public.purchases (location_id) where status in ('pending', 'ordered');

-- The branches where a product has a reorder point, and how many of them are at or below it, kept as
-- its stock moves; `stock_alert` is what the bell rings for.
alter table public.products
  add column preferred_supplier_id bigint references public.suppliers (id) on delete set null,
  add column reorder_branches integer not null default 0,
  add column low_branches integer not null default 0,
  add column stock_alert boolean generated always as (
    active and kind <> 'service'
    and case when reorder_branches > 0 then low_branches > 0 else total_stock <= low_stock_at end) stored;

create index products_preferred_supplier_idx on public.products (preferred_supplier_id) where preferred_supplier_id is not null;

drop index public.products_low_stock_idx;
create index products_low_stock_idx on public.products (total_stock, lower(name), id) where stock_alert;

create function public.stock_levels_keep_reorder()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_points integer := 0;
  v_low integer := 0;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    v_points := v_points - (old.reorder_point is not null)::integer;
    v_low := v_low - coalesce(old.quantity <= old.reorder_point, false)::integer;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    v_points := v_points + (new.reorder_point is not null)::integer;
    v_low := v_low + coalesce(new.quantity <= new.reorder_point, false)::integer;
  end if;
  if v_points <> 0 or v_low <> 0 then
    update public.products p
       set reorder_branches = p.reorder_branches + v_points, low_branches = p.low_branches + v_low
     where p.id = case when tg_op = 'DELETE' then old.product_id else new.product_id end;
  end if;
  return null;
end;
$$;
revoke execute on function public.stock_levels_keep_reorder() from public;

create trigger stock_levels_reorder after insert or delete or update of quantity, reorder_point on public.stock_levels
for each row execute function public.stock_levels_keep_reorder();

-- The bell's count.
create or replace function public.product_totals_apply()
returns trigger
language plpgsql
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
           alerts = t.alerts - old.stock_alert::integer
     where t.bucket = v_bucket and t.kind = old.kind;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    update public.product_totals t
       set products = t.products + 1,
           stock_value = t.stock_value + new.selling_price * new.total_stock,
           low_stock = t.low_stock + (new.total_stock between 1 and 9)::integer,
           out_of_stock = t.out_of_stock + (new.total_stock = 0)::integer,
           alerts = t.alerts + new.stock_alert::integer
     where t.bucket = v_bucket and t.kind = new.kind;
  end if;
  return null;
end;
$$;

drop trigger products_totals_update on public.products;
create constraint trigger products_totals_update
after update of kind, total_stock, selling_price, active, low_stock_at, reorder_branches, low_branches on public.products
deferrable initially deferred for each row
when (old.kind is distinct from new.kind or old.total_stock is distinct from new.total_stock
      or old.selling_price is distinct from new.selling_price or old.active is distinct from new.active
      or old.stock_alert is distinct from new.stock_alert)
execute function public.product_totals_apply();

-- The reports' stock figures: a product in all branches is low as the bell says; a product at a
-- branch is low at or below its reorder point there, else at or below its own low-stock level.
create or replace function public.report_stage_product(p_sign integer, p public.products)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_txid bigint;
begin
  if p.kind = 'service' then
    return;
  end if;
  v_txid := public.report_pending_txid();
  insert into public.report_product_totals as t (kind, bucket, txid, products, units, stocked, cost_value, retail_value, in_stock, low, out)
  values (
    p.kind, (v_txid % 16)::smallint, v_txid, p_sign * p.active::integer, p_sign * p.total_stock, p_sign * (p.total_stock > 0)::integer,
    p_sign * p.total_stock * p.cost_price, p_sign * p.total_stock * p.selling_price,
    p_sign * (p.active and not p.stock_alert)::integer,
    p_sign * (p.active and p.total_stock > 0 and p.stock_alert)::integer,
    p_sign * (p.active and p.total_stock = 0)::integer
  )
  on conflict (kind, bucket, txid) do update
     set products = t.products + excluded.products, units = t.units + excluded.units, stocked = t.stocked + excluded.stocked,
         cost_value = t.cost_value + excluded.cost_value, retail_value = t.retail_value + excluded.retail_value,
         in_stock = t.in_stock + excluded.in_stock, low = t.low + excluded.low, out = t.out + excluded.out;
end;
$$;

create or replace function public.report_product_changed()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  s record;
begin
  if tg_op = 'UPDATE' and (old.kind, old.active, old.total_stock, old.cost_price, old.selling_price, old.low_stock_at, old.stock_alert)
       is not distinct from (new.kind, new.active, new.total_stock, new.cost_price, new.selling_price, new.low_stock_at, new.stock_alert) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform public.report_stage_product(-1, old);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform public.report_stage_product(1, new);
  end if;
  if tg_op = 'DELETE' or tg_op = 'UPDATE' and (old.kind, old.active, old.cost_price, old.selling_price, old.low_stock_at)
       is distinct from (new.kind, new.active, new.cost_price, new.selling_price, new.low_stock_at) then
    for s in select l.location_id, l.quantity, l.reorder_point from public.stock_levels l where l.product_id = old.id order by l.location_id loop
      perform public.report_stage_stock(-1, s.location_id, s.quantity, old.kind, old.active, old.cost_price, old.selling_price,
                                        coalesce(s.reorder_point, old.low_stock_at));
      if tg_op = 'UPDATE' then
        perform public.report_stage_stock(1, s.location_id, s.quantity, new.kind, new.active, new.cost_price, new.selling_price,
                                          coalesce(s.reorder_point, new.low_stock_at));
      end if;
    end loop;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return null;
end;
$$;

drop trigger products_report_write on public.products;
create trigger products_report_write
after insert or update of kind, active, total_stock, cost_price, selling_price, low_stock_at, reorder_branches, low_branches on public.products
for each row execute function public.report_product_changed();

create or replace function public.report_stock_level_changed()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  p public.products;
begin
  if tg_op = 'UPDATE' and (old.product_id, old.location_id, old.quantity, old.reorder_point)
       is not distinct from (new.product_id, new.location_id, new.quantity, new.reorder_point) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    -- Gone with its product: the product's own delete took its stock away.
    select * into p from public.products x where x.id = old.product_id;
    if found then
      perform public.report_stage_stock(-1, old.location_id, old.quantity, p.kind, p.active, p.cost_price, p.selling_price,
                                        coalesce(old.reorder_point, p.low_stock_at));
    end if;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select * into p from public.products x where x.id = new.product_id;
    perform public.report_stage_stock(1, new.location_id, new.quantity, p.kind, p.active, p.cost_price, p.selling_price,
                                      coalesce(new.reorder_point, p.low_stock_at));
  end if;
  return null;
end;
$$;

create or replace view public.report_stock_totals_recount with (security_invoker = true) as
select s.location_id, p.kind, sum(s.quantity)::bigint as units, (count(*) filter (where s.quantity > 0))::integer as stocked,
       sum(s.quantity * p.cost_price) as cost_value, sum(s.quantity * p.selling_price) as retail_value,
       (count(*) filter (where p.active and s.quantity > coalesce(s.reorder_point, p.low_stock_at)))::integer as in_stock,
       (count(*) filter (where p.active and s.quantity > 0 and s.quantity <= coalesce(s.reorder_point, p.low_stock_at)))::integer as low,
       (count(*) filter (where p.active and s.quantity = 0))::integer as out
  from public.stock_levels s
  join public.products p on p.id = s.product_id
 where p.kind <> 'service'
 group by s.location_id, p.kind;

create or replace view public.report_product_totals_recount with (security_invoker = true) as
select p.kind, (count(*) filter (where p.active))::integer as products, sum(p.total_stock)::bigint as units,
       (count(*) filter (where p.total_stock > 0))::integer as stocked,
       sum(p.total_stock * p.cost_price) as cost_value, sum(p.total_stock * p.selling_price) as retail_value,
       (count(*) filter (where p.active and not p.stock_alert))::integer as in_stock,
       (count(*) filter (where p.active and p.total_stock > 0 and p.stock_alert))::integer as low,
       (count(*) filter (where p.active and p.total_stock = 0))::integer as out
  from public.products p
 where p.kind <> 'service'
 group by p.kind;

-- The inventory report's low-stock list: each stock row against its reorder point, else its product's level.
create or replace function public.report_inventory_summary(p_location_id bigint)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_summary jsonb;
  v_supplies jsonb;
  v_totals jsonb;
  v_supplies_total jsonb;
  v_grand_total jsonb;
  v_low jsonb;
  v_low_total integer;
begin
  with types(kind, label, ord) as (values ('tire', 'Tires', 1), ('battery', 'Batteries', 2), ('wiper', 'Wipers', 3), ('item', null, 4)),
       stock as (
         select t.location_id, t.kind, sum(t.units) as units, sum(t.stocked) as stocked, sum(t.cost_value) as cost_value,
                sum(t.retail_value) as retail_value
           from public.report_stock_totals t
          where p_location_id is null or t.location_id = p_location_id
          group by t.location_id, t.kind),
       transit as (select * from public.report_in_transit(p_location_id)),
       rows as (
         select ty.kind, ty.ord, l.id, l.name,
                jsonb_build_object('location', jsonb_build_object('id', l.id, 'name', l.name),
                  'total_quantity', coalesce(s.units, 0), 'unique_products', coalesce(s.stocked, 0),
                  'cost_value', coalesce(s.cost_value, 0), 'retail_value', coalesce(s.retail_value, 0),
                  'in_transit_quantity', coalesce(tr.units, 0), 'in_transit_value', coalesce(tr.cost_value, 0),
                  'in_transit_retail_value', coalesce(tr.retail_value, 0))
                || case when ty.label is null then '{}'::jsonb else jsonb_build_object('product_type', ty.label) end as row
           from public.locations l
          cross join types ty
           left join stock s on s.location_id = l.id and s.kind = ty.kind
           left join transit tr on tr.location_id = l.id and tr.kind = ty.kind
          where p_location_id is null or l.id = p_location_id)
  select coalesce(jsonb_agg(r.row order by lower(r.name), r.id, r.ord) filter (where r.kind <> 'item'), '[]'::jsonb),
         coalesce(jsonb_agg(r.row order by lower(r.name), r.id) filter (where r.kind = 'item'), '[]'::jsonb)
    into v_summary, v_supplies
    from rows r;

  with types(kind, label, ord) as (values ('tire', 'Tires', 1), ('battery', 'Batteries', 2), ('wiper', 'Wipers', 3)),
       stock as (
         select k.*, coalesce(tr.units, 0) as transit_units, coalesce(tr.cost_value, 0) as transit_cost,
                coalesce(tr.retail_value, 0) as transit_retail
           from public.report_stock_kinds(p_location_id) k
           left join (select t.kind, sum(t.units) as units, sum(t.cost_value) as cost_value, sum(t.retail_value) as retail_value
                        from public.report_in_transit(p_location_id) t group by t.kind) tr on tr.kind = k.kind)
  select jsonb_agg(jsonb_build_object(
           'product_type', ty.label, 'total_quantity', s.units, 'unique_products', s.stocked,
           'cost_value', s.cost_value, 'retail_value', s.retail_value, 'in_transit_quantity', s.transit_units,
           'in_transit_value', s.transit_cost, 'in_transit_retail_value', s.transit_retail) order by ty.ord) filter (where ty.kind is not null),
         (select jsonb_build_object('total_quantity', i.units, 'unique_products', i.stocked, 'cost_value', i.cost_value, 'retail_value', i.retail_value,
                   'in_transit_quantity', i.transit_units, 'in_transit_value', i.transit_cost, 'in_transit_retail_value', i.transit_retail)
            from stock i where i.kind = 'item'),
         jsonb_build_object('total_quantity', sum(s.units), 'unique_products', sum(s.stocked),
           'cost_value', sum(s.cost_value), 'retail_value', sum(s.retail_value), 'in_transit_quantity', sum(s.transit_units),
           'in_transit_value', sum(s.transit_cost), 'in_transit_retail_value', sum(s.transit_retail)),
         sum(s.low + s.out_of_stock)::integer
    into v_totals, v_supplies_total, v_grand_total, v_low_total
    from stock s left join types ty on ty.kind = s.kind;

  select coalesce(jsonb_agg(jsonb_build_object(
           'id', x.product_id, 'quantity', x.quantity, 'threshold', x.threshold,
           'location', jsonb_build_object('id', l.id, 'name', l.name),
           'inventoryable', jsonb_build_object(
             'id', x.product_id, 'name', x.name, 'battery_name', case when x.kind = 'battery' then x.name end,
             'size', case x.kind when 'tire' then t.size when 'wiper' then w.size || '"' end, 'type', x.kind))
           order by x.quantity, x.product_id, x.location_id), '[]'::jsonb)
    into v_low
    from (select s.product_id, s.location_id, s.quantity, p.name, p.kind, coalesce(s.reorder_point, p.low_stock_at) as threshold
            from public.stock_levels s
            join public.products p on p.id = s.product_id
           where p.active and p.kind <> 'service' and public.is_low_stock(s.quantity, coalesce(s.reorder_point, p.low_stock_at))
             and (p_location_id is null or s.location_id = p_location_id)
           order by s.quantity, s.product_id, s.location_id
           limit 100) x
    join public.locations l on l.id = x.location_id
    left join public.tires t on t.product_id = x.product_id
    left join public.wipers w on w.product_id = x.product_id;

  return jsonb_build_object('summary', v_summary, 'totals', v_totals, 'supplies', v_supplies, 'supplies_total', v_supplies_total,
                            'grand_total', v_grand_total, 'low_stock_items', v_low, 'low_stock_total', v_low_total);
end;
$$;


-- The trail names a product's preferred supplier, and leaves out what the stock keeps.
create or replace function public.audit_changes(p_old jsonb, p_new jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(
           case when n.key in ('customer_id', 'supplier_id', 'location_id', 'home_location_id', 'tire_brand_id', 'battery_brand_id',
                               'tire_type_id', 'pattern_id', 'made_in_id', 'preferred_supplier_id')
                then case n.key when 'preferred_supplier_id' then 'preferred_supplier' else left(n.key, -3) end else n.key end,
           case when n.key in ('customer_id', 'supplier_id', 'location_id', 'home_location_id', 'tire_brand_id', 'battery_brand_id',
                               'tire_type_id', 'pattern_id', 'made_in_id', 'preferred_supplier_id')
                then jsonb_build_object('old', public.audit_reference_name(n.key, (o.value #>> '{}')::bigint),
                                        'new', public.audit_reference_name(n.key, (n.value #>> '{}')::bigint))
                else jsonb_build_object('old', o.value, 'new', n.value) end
         ), '{}'::jsonb)
    from jsonb_each(p_new) n
    join jsonb_each(p_old) o on o.key = n.key
   where n.value is distinct from o.value
     and n.key not in ('id', 'product_id', 'created_at', 'updated_at', 'total_stock', 'low_stock_at', 'reorder_branches', 'low_branches', 'stock_alert', 'search_text', 'number',
                       'status', 'payment_status', 'subtotal', 'total_paid', 'balance_due', 'sent_at', 'cancelled_at',
                       'completed_at', 'received_at', 'created_by', 'password_hash', 'failed_logins', 'locked_until',
                       'last_login_at', 'must_change_password', 'version', 'changed_by', 'changed_at',
                       -- a document's tax per rate follows its lines, which the trail shows
                       'taxes')
$$;

create or replace function public.audit_reference_name(p_column text, p_id bigint)
returns text
language sql
stable
set search_path = ''
as $$
  select case p_column
    when 'customer_id' then (select x.name from public.customers x where x.id = p_id)
    when 'supplier_id' then (select x.name from public.suppliers x where x.id = p_id)
    when 'preferred_supplier_id' then (select x.name from public.suppliers x where x.id = p_id)
    when 'location_id' then (select x.name from public.locations x where x.id = p_id)
    when 'home_location_id' then (select x.name from public.locations x where x.id = p_id)
    when 'tire_brand_id' then (select x.name from public.tire_brands x where x.id = p_id)
    when 'battery_brand_id' then (select x.name from public.battery_brands x where x.id = p_id)
    when 'tire_type_id' then (select x.name from public.tire_types x where x.id = p_id)
    when 'pattern_id' then (select x.name from public.patterns x where x.id = p_id)
    when 'made_in_id' then (select x.name from public.made_ins x where x.id = p_id)
  end
$$;

drop trigger audit_products_update on public.products;
create trigger audit_products_update after update on public.products
  for each row when (row(old.kind, old.cost_price, old.selling_price, old.active, old.notes, old.tax_rate_id, old.tax_exempt, old.barcode, old.preferred_supplier_id)
                     is distinct from row(new.kind, new.cost_price, new.selling_price, new.active, new.notes, new.tax_rate_id, new.tax_exempt, new.barcode, new.preferred_supplier_id)
                     or (old.kind not in ('tire', 'wiper') and old.name is distinct from new.name))
  execute function public.audit_row('product', 'name');

-- Sets (or, with nulls, clears) a product's reorder point and order-up-to level at a branch.
create function public.set_reorder_level(p_product_id bigint, p_location_id bigint, p_reorder_point integer, p_order_up_to integer)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_product public.products;
  v_location text;
  v_old public.stock_levels;
begin
  select * into v_product from public.products p where p.id = p_product_id for no key update;
  if v_product.id is null then
    raise exception 'Product not found' using errcode = 'P0002';
  end if;
  if v_product.kind = 'service' then
    raise exception 'Services have no stock.' using errcode = 'P0001';
  end if;
  select l.name into v_location from public.locations l where l.id = p_location_id;
  if v_location is null then
    raise exception 'The selected location does not exist' using errcode = 'WH422', hint = 'location_id';
  end if;
  insert into public.stock_levels (product_id, location_id) values (p_product_id, p_location_id) on conflict do nothing;
  select * into v_old from public.stock_levels s where s.product_id = p_product_id and s.location_id = p_location_id for update;
  if (v_old.reorder_point, v_old.order_up_to) is not distinct from (p_reorder_point, p_order_up_to) then
    return;
  end if;
  update public.stock_levels s set reorder_point = p_reorder_point, order_up_to = p_order_up_to
   where s.product_id = p_product_id and s.location_id = p_location_id;
  perform public.audit_record('updated', 'product', p_product_id, v_product.name,
    jsonb_build_object(
      'reorder_point at ' || v_location, jsonb_build_object('old', v_old.reorder_point, 'new', p_reorder_point),
      'order_up_to at ' || v_location, jsonb_build_object('old', v_old.order_up_to, 'new', p_order_up_to)),
    p_location_id);
end;
$$;
revoke execute on function public.set_reorder_level(bigint, bigint, integer, integer) from public;

-- What to order for a branch: each product at or below its reorder point there, up to its order-up-to
-- level less what is on the shelf, on the branch's open purchase orders and on its way; with its
-- supplier (its preferred one, a tire's own, else that of its latest purchase order line). The low rows
-- of a branch are few beside its products: each is looked up by its key (offset 0 keeps the lookups
-- per row), and what is on order is read from the branch's open orders.
create function public.reorder_suggestions(p_location_id bigint)
returns table (
  product_id bigint, product_type text, product_name text, supplier_id bigint, supplier_name text, cost_price numeric,
  on_hand integer, on_order integer, in_transit integer, reorder_point integer, order_up_to integer, to_order integer)
language sql
stable
set search_path = ''
as $$
  with ordered as (
    select i.product_id, sum(i.quantity - i.received_quantity)::integer as quantity
      from public.purchases d
      cross join lateral (
        select x.product_id, x.quantity, x.received_quantity from public.purchase_items x where x.purchase_id = d.id offset 0) i
     where d.location_id = p_location_id and d.status in ('pending', 'ordered')
     group by i.product_id)
  select p.id, p.kind, p.name, su.id, su.name, p.cost_price,
         s.quantity, coalesce(o.quantity, 0), s.in_transit, s.reorder_point, s.order_up_to,
         s.order_up_to - (s.quantity + coalesce(o.quantity, 0) + s.in_transit)
    from public.stock_levels s
    cross join lateral (
      select x.id, x.kind, x.name, x.cost_price, coalesce(x.preferred_supplier_id, t.supplier_id) as supplier_id
        from public.products x
        left join public.tires t on t.product_id = x.id
       where x.id = s.product_id and x.active and x.kind <> 'service'
      offset 0) p
    left join ordered o on o.product_id = s.product_id
    left join lateral (
      select d.supplier_id
        from public.purchase_items i
        join public.purchases d on d.id = i.purchase_id
       where p.supplier_id is null and i.product_id = p.id and d.status <> 'cancelled'
       order by d.purchase_date desc, d.id desc
       limit 1) last on true
    left join public.suppliers su on su.id = coalesce(p.supplier_id, last.supplier_id)
   where s.location_id = p_location_id and s.quantity <= s.reorder_point
     and s.order_up_to - (s.quantity + coalesce(o.quantity, 0) + s.in_transit) > 0
   order by lower(su.name) nulls last, su.id, lower(p.name), p.id
$$;
revoke execute on function public.reorder_suggestions(bigint) from public;
