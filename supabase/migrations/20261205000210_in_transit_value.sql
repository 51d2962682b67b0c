-- Goods on their way to a branch are still the shop's: the inventory report shows them per branch and
-- kind, beside the shelf, valued at the product's cost (its average cost) and selling price, and the
-- dashboard's stock value counts them. They are few, so they are read from the stock levels that hold
-- any (an index keeps those), not kept in a summary.

create or replace function public.report_in_transit(p_location_id bigint)
returns table(location_id bigint, kind text, units bigint, cost_value numeric, retail_value numeric)
language sql
stable
set search_path = ''
as $$
  select s.location_id, p.kind, sum(s.in_transit)::bigint, sum(s.in_transit * p.cost_price), sum(s.in_transit * p.selling_price)
    from public.stock_levels s
    join public.products p on p.id = s.product_id
   where s.in_transit > 0 and (p_location_id is null or s.location_id = p_location_id)
   group by s.location_id, p.kind
$$;
revoke execute on function public.report_in_transit(bigint) from public;

create or replace function public.report_inventory_summary(p_location_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;


create or replace function public.report_dashboard(p_location_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
  v_transit record;
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

  select coalesce(sum(t.cost_value), 0) as cost_value, coalesce(sum(t.retail_value), 0) as retail_value
    into v_transit
    from public.report_in_transit(p_location_id) t;

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
    'stock_value', jsonb_build_object('cost', v_stock.cost_value + v_transit.cost_value, 'retail', v_stock.retail_value + v_transit.retail_value),
    'monthly_sales', v_monthly,
    'recent_activity', v_activity,
    'inventory_status', jsonb_build_object('in_stock', v_stock.in_stock, 'low', v_stock.low, 'out', v_stock.out_of_stock),
    'top_products', public.report_top_products_json('sale', v_today - 29, v_today, p_location_id, 'revenue', 5),
    'low_stock_count', v_stock.low + v_stock.out_of_stock,
    'location_id', p_location_id
  );
end;
$function$;

