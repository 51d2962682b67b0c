-- The inventory report and the dashboard read their stock figures from one function, and low
-- stock has one definition: a product's stock at a branch at or below its low-stock level (none
-- at all is out of stock). Shop supplies are a section of the report of their own; an invoice on
-- the dashboard shows the status it shows everywhere else.

-- Low stock: a quantity at or below the product's low-stock level (below 10 unless the product says
-- otherwise; a shop supply's minimum). Without a search_path of its own, so that a query filtering
-- on it inlines it and keeps its plan (the low stock list reads the stock levels in quantity order);
-- it uses a built-in operator only, named in pg_catalog.
create function public.is_low_stock(p_quantity integer, p_low_stock_at integer)
returns boolean
language sql
immutable
security invoker
as $$
  select p_quantity operator(pg_catalog.<=) p_low_stock_at
$$;
revoke execute on function public.is_low_stock(integer, integer) from public;

-- in, low or out: the stock of an active product at a branch; null for an inactive product.
create function public.stock_state(p_active boolean, p_quantity integer, p_low_stock_at integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when not p_active then null
              when p_quantity = 0 then 'out'
              when public.is_low_stock(p_quantity, p_low_stock_at) then 'low'
              else 'in' end
$$;
revoke execute on function public.stock_state(boolean, integer, integer) from public;

create or replace function public.report_stage_stock(
  p_sign integer, p_location_id bigint, p_quantity integer, p_kind text, p_active boolean,
  p_cost_price numeric, p_selling_price numeric, p_low_stock_at integer
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_txid bigint;
  v_state text := public.stock_state(p_active, p_quantity, p_low_stock_at);
begin
  if p_kind = 'service' then
    return;
  end if;
  v_txid := public.report_pending_txid();
  insert into public.report_stock_totals as t (location_id, kind, bucket, txid, units, stocked, cost_value, retail_value, in_stock, low, out)
  values (
    p_location_id, p_kind, (v_txid % 16)::smallint, v_txid, p_sign * p_quantity, p_sign * (p_quantity > 0)::integer,
    p_sign * p_quantity * p_cost_price, p_sign * p_quantity * p_selling_price,
    p_sign * (v_state is not distinct from 'in')::integer,
    p_sign * (v_state is not distinct from 'low')::integer,
    p_sign * (v_state is not distinct from 'out')::integer
  )
  on conflict (location_id, kind, bucket, txid) do update
     set units = t.units + excluded.units, stocked = t.stocked + excluded.stocked, cost_value = t.cost_value + excluded.cost_value,
         retail_value = t.retail_value + excluded.retail_value, in_stock = t.in_stock + excluded.in_stock, low = t.low + excluded.low,
         out = t.out + excluded.out;
end;
$$;

-- Stock per product kind (services aside) for one branch or all: units, products in stock and value
-- (over all branches a product in stock at two is one product), and the stock rows (a product at a
-- branch) in stock, low and out, which is what low stock counts everywhere.
create function public.report_stock_kinds(p_location_id bigint)
returns table (kind text, units bigint, stocked bigint, cost_value numeric, retail_value numeric, in_stock bigint, low bigint, out_of_stock bigint)
language sql
stable
set search_path = ''
as $$
  select k.kind, coalesce(v.units, 0)::bigint, coalesce(v.stocked, 0)::bigint, coalesce(v.cost_value, 0), coalesce(v.retail_value, 0),
         coalesce(r.in_stock, 0)::bigint, coalesce(r.low, 0)::bigint, coalesce(r.out_of_stock, 0)::bigint
    from (values ('tire'), ('battery'), ('wiper'), ('item')) k(kind)
    left join (
      select t.kind, sum(t.units) as units, sum(t.stocked) as stocked, sum(t.cost_value) as cost_value, sum(t.retail_value) as retail_value
        from public.report_stock_totals t where t.location_id = p_location_id group by t.kind
      union all
      select t.kind, sum(t.units), sum(t.stocked), sum(t.cost_value), sum(t.retail_value)
        from public.report_product_totals t where p_location_id is null group by t.kind) v on v.kind = k.kind
    left join (
      select t.kind, sum(t.in_stock) as in_stock, sum(t.low) as low, sum(t.out) as out_of_stock
        from public.report_stock_totals t
       where p_location_id is null or t.location_id = p_location_id
       group by t.kind) r on r.kind = k.kind
$$;
revoke execute on function public.report_stock_kinds(bigint) from public;

-- The status an invoice shows: cancelled, else paid, else partial, else overdue, else sent, else draft.
create function public.invoice_shown_status(p_status text, p_payment_status text, p_due_date date)
returns text
language sql
stable
set search_path = ''
as $$
  select case when p_status = 'cancelled' then 'cancelled'
              when p_payment_status = 'paid' then 'paid'
              when p_payment_status = 'partial' then 'partial'
              when p_status = 'sent' and p_due_date < current_date then 'overdue'
              when p_status = 'sent' then 'sent'
              else 'draft' end
$$;
revoke execute on function public.invoice_shown_status(text, text, date) from public;

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
       rows as (
         select ty.kind, ty.ord, l.id, l.name,
                jsonb_build_object('location', jsonb_build_object('id', l.id, 'name', l.name),
                  'total_quantity', coalesce(s.units, 0), 'unique_products', coalesce(s.stocked, 0),
                  'cost_value', coalesce(s.cost_value, 0), 'retail_value', coalesce(s.retail_value, 0))
                || case when ty.label is null then '{}'::jsonb else jsonb_build_object('product_type', ty.label) end as row
           from public.locations l
          cross join types ty
           left join stock s on s.location_id = l.id and s.kind = ty.kind
          where p_location_id is null or l.id = p_location_id)
  select coalesce(jsonb_agg(r.row order by lower(r.name), r.id, r.ord) filter (where r.kind <> 'item'), '[]'::jsonb),
         coalesce(jsonb_agg(r.row order by lower(r.name), r.id) filter (where r.kind = 'item'), '[]'::jsonb)
    into v_summary, v_supplies
    from rows r;

  with types(kind, label, ord) as (values ('tire', 'Tires', 1), ('battery', 'Batteries', 2), ('wiper', 'Wipers', 3)),
       stock as (select * from public.report_stock_kinds(p_location_id))
  select jsonb_agg(jsonb_build_object(
           'product_type', ty.label, 'total_quantity', s.units, 'unique_products', s.stocked,
           'cost_value', s.cost_value, 'retail_value', s.retail_value) order by ty.ord) filter (where ty.kind is not null),
         (select jsonb_build_object('total_quantity', i.units, 'unique_products', i.stocked, 'cost_value', i.cost_value, 'retail_value', i.retail_value)
            from stock i where i.kind = 'item'),
         jsonb_build_object('total_quantity', sum(s.units), 'unique_products', sum(s.stocked),
           'cost_value', sum(s.cost_value), 'retail_value', sum(s.retail_value)),
         sum(s.low + s.out_of_stock)::integer
    into v_totals, v_supplies_total, v_grand_total, v_low_total
    from stock s left join types ty on ty.kind = s.kind;

  select coalesce(jsonb_agg(jsonb_build_object(
           'id', x.product_id, 'quantity', x.quantity, 'threshold', x.low_stock_at,
           'location', jsonb_build_object('id', l.id, 'name', l.name),
           'inventoryable', jsonb_build_object(
             'id', x.product_id, 'name', x.name, 'battery_name', case when x.kind = 'battery' then x.name end,
             'size', case x.kind when 'tire' then t.size when 'wiper' then w.size || '"' end, 'type', x.kind))
           order by x.quantity, x.product_id, x.location_id), '[]'::jsonb)
    into v_low
    from (select s.product_id, s.location_id, s.quantity, p.name, p.kind, p.low_stock_at
            from public.stock_levels s
            join public.products p on p.id = s.product_id
           where p.active and p.kind <> 'service' and public.is_low_stock(s.quantity, p.low_stock_at)
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

create or replace function public.report_dashboard(p_location_id bigint)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_today date := current_date;
  v_month date := date_trunc('month', current_date::timestamp)::date;
  v_last_month date := (date_trunc('month', current_date::timestamp) - interval '1 month')::date;
  v_next_month date := (date_trunc('month', current_date::timestamp) + interval '1 month')::date;
  v_this numeric;
  v_last numeric;
  v_receivable numeric;
  v_payable numeric;
  v_stock record;
  v_monthly jsonb;
  v_activity jsonb;
begin
  select coalesce(sum(s.revenue) filter (where s.day >= v_month and s.day < v_next_month), 0),
         coalesce(sum(s.revenue) filter (where s.day >= v_last_month and s.day < v_month), 0),
         coalesce(sum(s.outstanding), 0)
    into v_this, v_last, v_receivable
    from public.report_sales_days s
   where p_location_id is null or s.location_id = p_location_id;

  select coalesce(sum(m.payable), 0) into v_payable
    from public.report_purchases_months m where p_location_id is null or m.location_id = p_location_id;

  select (select coalesce(sum(t.products), 0)::integer from public.report_product_totals t) as products,
         sum(k.units)::bigint as units, sum(k.cost_value) as cost_value, sum(k.retail_value) as retail_value,
         sum(k.in_stock)::integer as in_stock, sum(k.low)::integer as low, sum(k.out_of_stock)::integer as out_of_stock
    into v_stock
    from public.report_stock_kinds(p_location_id) k;

  select jsonb_agg(jsonb_build_object('period', p.period, 'revenue', coalesce(x.revenue, 0), 'count', coalesce(x.documents, 0)) order by p.period)
    into v_monthly
    from public.report_periods((v_month - interval '11 months')::date, v_month, 'month') p
    left join (select date_trunc('month', s.day::timestamp)::date as period, sum(s.revenue) as revenue, sum(s.documents) as documents
                 from public.report_sales_days s
                where s.day >= (v_month - interval '11 months')::date and s.day < v_next_month
                  and (p_location_id is null or s.location_id = p_location_id)
                group by 1) x on x.period = p.period;

  select coalesce(jsonb_agg(jsonb_build_object(
           'type', a.type, 'id', a.id, 'number', a.number, 'date', a.date, 'party', a.party, 'amount', a.amount, 'status', a.status,
           'created_at', to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by a.created_at desc, a.date desc, a.type, a.id desc), '[]'::jsonb)
    into v_activity
    from (select * from (
            (select 'Invoice' as type, i.id, i.number, i.issued_date as date, c.name as party, i.net_amount as amount,
                    public.invoice_shown_status(i.status, i.payment_status, i.due_date) as status, i.created_at
               from public.invoices i join public.customers c on c.id = i.customer_id
              where p_location_id is null or i.location_id = p_location_id
              order by i.created_at desc, i.issued_date desc, i.id desc limit 10)
            union all
            (select 'Sale', s.id, s.number, s.sale_date, c.name, s.net_amount, s.status, s.created_at
               from public.sales s join public.customers c on c.id = s.customer_id
              where p_location_id is null or s.location_id = p_location_id
              order by s.created_at desc, s.sale_date desc, s.id desc limit 10)
            union all
            (select 'Purchase', p.id, p.number, p.purchase_date, su.name, p.net_amount, p.status, p.created_at
               from public.purchases p join public.suppliers su on su.id = p.supplier_id
              where p_location_id is null or p.location_id = p_location_id
              order by p.created_at desc, p.purchase_date desc, p.id desc limit 10)
            union all
            (select 'Receipt', r.id, r.number, r.receipt_date, coalesce(c.name, su.name), r.amount, r.type, r.created_at
               from public.receipts r
               left join public.customers c on c.id = r.customer_id
               left join public.suppliers su on su.id = r.supplier_id
              where p_location_id is null or r.location_id = p_location_id
              order by r.created_at desc, r.receipt_date desc, r.id desc limit 10)) x
           order by x.created_at desc, x.date desc, x.type, x.id desc
           limit 10) a;

  return jsonb_build_object(
    'revenue', jsonb_build_object('this_month', v_this, 'last_month', v_last,
                                  'change_percent', case when v_last = 0 then null else round((v_this - v_last) * 100 / v_last, 1) end),
    'receivable', v_receivable,
    'payable', v_payable,
    'customers', (select count(*)::integer from public.customers),
    'products', v_stock.products,
    'stock_units', v_stock.units,
    'stock_value', jsonb_build_object('cost', v_stock.cost_value, 'retail', v_stock.retail_value),
    'monthly_sales', v_monthly,
    'recent_activity', v_activity,
    'inventory_status', jsonb_build_object('in_stock', v_stock.in_stock, 'low', v_stock.low, 'out', v_stock.out_of_stock),
    'top_products', public.report_top_products_json('sale', v_today - 29, v_today, p_location_id, 'revenue', 5),
    'low_stock_count', v_stock.low + v_stock.out_of_stock,
    'location_id', p_location_id
  );
end;
$$;
