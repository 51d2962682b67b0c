-- The purchases report adds up its rows once by period and supplier and takes its totals, series and
-- suppliers from that, where it added up every row three times; and it plans each call for its own
-- filters. On the 100,000-product set a year by month went from about 21 ms to about 16 in the
-- database, with the same answers.

create or replace function public.report_purchases(p_date_from date, p_date_to date, p_group text, p_location_id bigint, p_supplier_id bigint)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
-- A plan made for the call's own filters: the plan kept for any filters reads every branch's and supplier's rows.
set plan_cache_mode = force_custom_plan
as $$
declare
  v_to date := coalesce(p_date_to, current_date);
  v_from date := coalesce(p_date_from, date_trunc('month', coalesce(p_date_to, current_date)::timestamp)::date);
  v_group text;
  v_first_month date;
  v_last_month date;
  v_totals jsonb;
  v_series jsonb;
  v_suppliers jsonb;
  v_top jsonb;
  v_overdue jsonb;
begin
  perform public.report_check_dates(v_from, v_to);
  v_group := public.report_group(v_from, v_to, p_group);
  -- The whole months inside the range: [v_first_month, v_last_month).
  v_first_month := date_trunc('month', (v_from - 1)::timestamp)::date + interval '1 month';
  v_last_month := date_trunc('month', (v_to + 1)::timestamp)::date;
  if v_group <> 'month' or v_first_month >= v_last_month then
    v_first_month := v_from;
    v_last_month := v_from;
  end if;

  with rows as (
    select date_trunc(v_group, m.month::timestamp)::date as period, m.supplier_id, m.orders, m.ordered, m.received, m.outstanding,
           m.paid, m.balance
      from public.report_purchases_months m
     where m.month >= v_first_month and m.month < v_last_month
       and (p_location_id is null or m.location_id = p_location_id) and (p_supplier_id is null or m.supplier_id = p_supplier_id)
    union all
    select date_trunc(v_group, d.day::timestamp)::date, d.supplier_id, d.orders, d.ordered, d.received, d.outstanding, d.paid, d.balance
      from public.report_purchases_days d
     where d.day between v_from and v_to and not (d.day >= v_first_month and d.day < v_last_month)
       and (p_location_id is null or d.location_id = p_location_id) and (p_supplier_id is null or d.supplier_id = p_supplier_id)),
  -- Added up once by period and supplier (the branches and days folded), then each way from that.
  by_period_supplier as materialized (
    select r.period, r.supplier_id, sum(r.orders) as orders, sum(r.ordered) as ordered, sum(r.received) as received,
           sum(r.outstanding) as outstanding, sum(r.paid) as paid, sum(r.balance) as balance
      from rows r group by r.period, r.supplier_id),
  by_supplier as materialized (
    select x.supplier_id, sum(x.orders) as orders, sum(x.ordered) as ordered, sum(x.received) as received,
           sum(x.outstanding) as outstanding, sum(x.paid) as paid, sum(x.balance) as balance
      from by_period_supplier x group by x.supplier_id)
  select
    (select jsonb_build_object(
              'ordered', coalesce(sum(r.ordered), 0), 'received', coalesce(sum(r.received), 0), 'outstanding', coalesce(sum(r.outstanding), 0),
              'paid', coalesce(sum(r.paid), 0), 'balance', coalesce(sum(r.balance), 0), 'count', coalesce(sum(r.orders), 0))
       from by_supplier r),
    (select jsonb_agg(jsonb_build_object(
              'period', p.period, 'ordered', coalesce(x.ordered, 0), 'received', coalesce(x.received, 0), 'count', coalesce(x.orders, 0))
              order by p.period)
       from public.report_periods(v_from, v_to, v_group) p
       left join (select r.period, sum(r.ordered) as ordered, sum(r.received) as received, sum(r.orders) as orders
                    from by_period_supplier r group by r.period) x on x.period = p.period),
    (select coalesce(jsonb_agg(jsonb_build_object(
              'supplier', jsonb_build_object('id', s.id, 'name', s.name), 'ordered', x.ordered, 'received', x.received,
              'outstanding', x.outstanding, 'paid', x.paid, 'balance', x.balance, 'count', x.orders)
              order by x.ordered desc, lower(s.name), s.id), '[]'::jsonb)
       from by_supplier x
       join public.suppliers s on s.id = x.supplier_id
      where x.orders <> 0)
    into v_totals, v_series, v_suppliers;

  if p_supplier_id is null then
    v_top := public.report_top_products_json('purchase', v_from, v_to, p_location_id, 'amount', 10);
  else
    select coalesce(jsonb_agg(jsonb_build_object(
             'product_id', t.product_id, 'product_name', pr.name, 'product_type', pr.kind, 'quantity', t.quantity, 'amount', t.amount)
             order by t.amount desc, t.product_id), '[]'::jsonb)
      into v_top
      from (select x.product_id, sum(x.quantity)::bigint as quantity, sum(x.line_total) as amount
              from public.purchases p
              join public.purchase_items x on x.purchase_id = p.id
             where p.supplier_id = p_supplier_id and p.status <> 'cancelled' and p.purchase_date between v_from and v_to
               and (p_location_id is null or p.location_id = p_location_id)
             group by x.product_id
             order by amount desc, x.product_id
             limit 10) t
      join public.products pr on pr.id = t.product_id;
  end if;

  select coalesce(jsonb_agg(jsonb_build_object(
           'id', o.id, 'number', o.number, 'supplier', jsonb_build_object('id', s.id, 'name', s.name), 'purchase_date', o.purchase_date,
           'expected_delivery_date', o.expected_delivery_date, 'days_late', current_date - o.expected_delivery_date,
           'net_amount', o.net_amount, 'status', o.status) order by o.expected_delivery_date, o.id), '[]'::jsonb)
    into v_overdue
    from (select p.* from public.purchases p
           where p.status in ('pending', 'ordered') and p.expected_delivery_date < current_date
             and (p_location_id is null or p.location_id = p_location_id) and (p_supplier_id is null or p.supplier_id = p_supplier_id)
           order by p.expected_delivery_date, p.id
           limit 50) o
    join public.suppliers s on s.id = o.supplier_id;

  return jsonb_build_object(
    'filters', jsonb_build_object('dateFrom', v_from, 'dateTo', v_to, 'group', v_group, 'location_id', p_location_id, 'supplier_id', p_supplier_id),
    'totals', v_totals,
    'series', v_series,
    'by_supplier', v_suppliers,
    'top_products', v_top,
    'overdue_orders', v_overdue
  );
end;
$$;
revoke execute on function public.report_purchases(date, date, text, bigint, bigint) from public;
