-- The kept stock and product totals stage only what a statement changed: a stock statement that moves
-- nothing it counts stages nothing, and the product trigger adds up the reports' and the bell's totals
-- in one pass. The bell's staged totals have a partial index on their transaction, as the report
-- summaries do, so the fold at commit finds them without reading the whole table. The product's
-- before-delete trigger has a function named for what it does now: its stock leaves the reports.

create index product_totals_pending_idx on public.product_totals (txid) where txid <> 0;

create or replace function public.report_stage_stocks(p_changes public.stock_change[])
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_txid bigint;
  r record;
begin
  for r in
    select c.location_id, c.kind,
           sum(c.sign * c.quantity)::bigint as units, sum(c.sign * (c.quantity > 0)::integer)::integer as stocked,
           sum(c.sign * c.quantity * c.cost_price) as cost_value, sum(c.sign * c.quantity * c.selling_price) as retail_value,
           sum(c.sign * (s.state is not distinct from 'in')::integer)::integer as in_stock,
           sum(c.sign * (s.state is not distinct from 'low')::integer)::integer as low,
           sum(c.sign * (s.state is not distinct from 'out')::integer)::integer as out
      from unnest(p_changes) c
     cross join lateral (select public.stock_state(c.active, c.quantity, c.low_stock_at) as state) s
     where c.kind <> 'service'
     group by c.location_id, c.kind
     order by c.location_id, c.kind
  loop
    continue when (r.units, r.stocked, r.cost_value, r.retail_value, r.in_stock, r.low, r.out) = (0, 0, 0, 0, 0, 0, 0);
    v_txid := coalesce(v_txid, public.report_pending_txid());
    insert into public.report_stock_totals as t (location_id, kind, bucket, txid, units, stocked, cost_value, retail_value, in_stock, low, out)
    values (r.location_id, r.kind, (v_txid % 16)::smallint, v_txid, r.units, r.stocked, r.cost_value, r.retail_value, r.in_stock, r.low, r.out)
    on conflict (location_id, kind, bucket, txid) do update
       set units = t.units + excluded.units, stocked = t.stocked + excluded.stocked, cost_value = t.cost_value + excluded.cost_value,
           retail_value = t.retail_value + excluded.retail_value, in_stock = t.in_stock + excluded.in_stock, low = t.low + excluded.low,
           out = t.out + excluded.out;
  end loop;
end;
$$;
revoke execute on function public.report_stage_stocks(public.stock_change[]) from public;

create or replace function public.report_stock_levels_changed()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_old public.stock_change[] := '{}';
  v_new public.stock_change[] := '{}';
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select coalesce(array_agg(row(-1, o.location_id, o.quantity, p.kind, p.active, p.cost_price, p.selling_price,
                                  coalesce(o.reorder_point, p.low_stock_at))::public.stock_change), '{}')
      into v_old
      from old_rows o join public.products p on p.id = o.product_id;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select coalesce(array_agg(row(1, n.location_id, n.quantity, p.kind, p.active, p.cost_price, p.selling_price,
                                  coalesce(n.reorder_point, p.low_stock_at))::public.stock_change), '{}')
      into v_new
      from new_rows n join public.products p on p.id = n.product_id;
  end if;
  if cardinality(v_old) + cardinality(v_new) > 0 then
    perform public.report_stage_stocks(v_old || v_new);
  end if;
  return null;
end;
$$;
revoke execute on function public.report_stock_levels_changed() from public;

create or replace function public.products_keep_totals()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_old public.products[] := '{}';
  v_new public.products[] := '{}';
  v_txid bigint;
  v_restaged public.stock_change[];
  r record;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select coalesce(array_agg(o), '{}') into v_old from old_rows o;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select coalesce(array_agg(n), '{}') into v_new from new_rows n;
  end if;

  for r in
    with c as (select -1 as sign, o.* from unnest(v_old) o union all select 1, n.* from unnest(v_new) n)
    select c.kind,
           sum(c.sign * c.active::integer)::integer as active, sum(c.sign * c.total_stock)::bigint as units,
           sum(c.sign * (c.total_stock > 0)::integer)::integer as stocked,
           sum(c.sign * c.total_stock * c.cost_price) as cost_value, sum(c.sign * c.total_stock * c.selling_price) as retail_value,
           sum(c.sign * (c.active and not c.stock_alert)::integer)::integer as in_stock,
           sum(c.sign * (c.active and c.total_stock > 0 and c.stock_alert)::integer)::integer as low,
           sum(c.sign * (c.active and c.total_stock = 0)::integer)::integer as out,
           sum(c.sign)::integer as products, sum(c.sign * (c.total_stock between 1 and 9)::integer)::integer as low_stock,
           sum(c.sign * (c.total_stock = 0)::integer)::integer as out_of_stock, sum(c.sign * c.stock_alert::integer)::integer as alerts
      from c
     group by c.kind
     order by c.kind
  loop
    if r.kind <> 'service' and (r.active, r.units, r.stocked, r.cost_value, r.retail_value, r.in_stock, r.low, r.out) <> (0, 0, 0, 0, 0, 0, 0, 0) then
      v_txid := coalesce(v_txid, public.report_pending_txid());
      insert into public.report_product_totals as t (kind, bucket, txid, products, units, stocked, cost_value, retail_value, in_stock, low, out)
      values (r.kind, (v_txid % 16)::smallint, v_txid, r.active, r.units, r.stocked, r.cost_value, r.retail_value, r.in_stock, r.low, r.out)
      on conflict (kind, bucket, txid) do update
         set products = t.products + excluded.products, units = t.units + excluded.units, stocked = t.stocked + excluded.stocked,
             cost_value = t.cost_value + excluded.cost_value, retail_value = t.retail_value + excluded.retail_value,
             in_stock = t.in_stock + excluded.in_stock, low = t.low + excluded.low, out = t.out + excluded.out;
    end if;
    if (r.products, r.retail_value, r.low_stock, r.out_of_stock, r.alerts) <> (0, 0, 0, 0, 0) then
      v_txid := coalesce(v_txid, public.report_pending_txid());
      insert into public.product_totals as t (bucket, kind, txid, products, stock_value, low_stock, out_of_stock, alerts)
      values ((v_txid % 16)::smallint, r.kind, v_txid, r.products, r.retail_value, r.low_stock, r.out_of_stock, r.alerts)
      on conflict (bucket, kind, txid) do update
         set products = t.products + excluded.products, stock_value = t.stock_value + excluded.stock_value,
             low_stock = t.low_stock + excluded.low_stock, out_of_stock = t.out_of_stock + excluded.out_of_stock,
             alerts = t.alerts + excluded.alerts;
    end if;
  end loop;

  if tg_op = 'UPDATE' then
    select coalesce(array_agg(x.change), '{}') into v_restaged
      from unnest(v_old) o
      join unnest(v_new) n on n.id = o.id
      join public.stock_levels l on l.product_id = n.id
     cross join lateral (values
       (row(-1, l.location_id, l.quantity, o.kind, o.active, o.cost_price, o.selling_price, coalesce(l.reorder_point, o.low_stock_at))::public.stock_change),
       (row(1, l.location_id, l.quantity, n.kind, n.active, n.cost_price, n.selling_price, coalesce(l.reorder_point, n.low_stock_at))::public.stock_change)
     ) x(change)
     where (o.kind, o.active, o.cost_price, o.selling_price, o.low_stock_at) is distinct from (n.kind, n.active, n.cost_price, n.selling_price, n.low_stock_at);
    if cardinality(v_restaged) > 0 then
      perform public.report_stage_stocks(v_restaged);
    end if;
  end if;
  return null;
end;
$$;
revoke execute on function public.products_keep_totals() from public;


-- Before a product goes: its stock at each branch leaves the reports (its levels go with it, and by then
-- their product can no longer be read).
create function public.report_product_leaves()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform public.report_stage_stocks(array(
    select row(-1, l.location_id, l.quantity, old.kind, old.active, old.cost_price, old.selling_price,
               coalesce(l.reorder_point, old.low_stock_at))::public.stock_change
      from public.stock_levels l where l.product_id = old.id order by l.location_id));
  return old;
end;
$$;
revoke execute on function public.report_product_leaves() from public;
drop trigger products_report on public.products;
create trigger products_report before delete on public.products for each row execute function public.report_product_leaves();
drop function public.report_product_changed();

-- The fold at commit also brings the transaction's product_totals into its bucket.
create or replace function public.report_fold()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_txid bigint := txid_current();
begin
  -- An earlier change's turn: a later one folds.
  delete from public.report_pending p where p.txid = v_txid and p.changes = new.changes;
  if not found then
    return null;
  end if;
  -- The bell's bucket first, as every transaction that changes the documents' counts takes it.
  if exists (select 1 from public.product_totals t where t.txid = v_txid and t.txid <> 0) then
    perform 1 from public.product_totals t where t.bucket = (v_txid % 16)::smallint and t.txid = 0 order by t.kind for update;
  end if;

  with moved as (delete from public.report_sales_days s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_sales_days as s (day, location_id, document_type, txid, documents, revenue, cost, tax, discount, paid, outstanding)
  select day, location_id, document_type, 0, documents, revenue, cost, tax, discount, paid, outstanding from moved
   where (documents, revenue, cost, tax, discount, paid, outstanding) <> (0, 0, 0, 0, 0, 0, 0)
   order by day, location_id, document_type
  on conflict (day, location_id, document_type, txid) do update
     set documents = s.documents + excluded.documents, revenue = s.revenue + excluded.revenue, cost = s.cost + excluded.cost,
         tax = s.tax + excluded.tax, discount = s.discount + excluded.discount, paid = s.paid + excluded.paid,
         outstanding = s.outstanding + excluded.outstanding;

  with moved as (delete from public.report_sales_types s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_sales_types as s (day, location_id, product_type, txid, lines, quantity, revenue, cost)
  select day, location_id, product_type, 0, lines, quantity, revenue, cost from moved
   where (lines, quantity, revenue, cost) <> (0, 0, 0, 0)
   order by day, location_id, product_type
  on conflict (day, location_id, product_type, txid) do update
     set lines = s.lines + excluded.lines, quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue,
         cost = s.cost + excluded.cost;

  with moved as (delete from public.report_sales_methods s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_sales_methods as s (day, location_id, payment_method, txid, amount, receipts)
  select day, location_id, payment_method, 0, amount, receipts from moved
   where (amount, receipts) <> (0, 0)
   order by day, location_id, payment_method
  on conflict (day, location_id, payment_method, txid) do update
     set amount = s.amount + excluded.amount, receipts = s.receipts + excluded.receipts;

  with moved as (delete from public.report_purchases_days s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_purchases_days as s (day, location_id, supplier_id, txid, orders, ordered, received, outstanding, paid, balance, payable)
  select day, location_id, supplier_id, 0, orders, ordered, received, outstanding, paid, balance, payable from moved
   where (orders, ordered, received, outstanding, paid, balance, payable) <> (0, 0, 0, 0, 0, 0, 0)
   order by day, location_id, supplier_id
  on conflict (day, location_id, supplier_id, txid) do update
     set orders = s.orders + excluded.orders, ordered = s.ordered + excluded.ordered, received = s.received + excluded.received,
         outstanding = s.outstanding + excluded.outstanding, paid = s.paid + excluded.paid,
         balance = s.balance + excluded.balance, payable = s.payable + excluded.payable;

  with moved as (delete from public.report_purchases_months s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_purchases_months as s (month, location_id, supplier_id, txid, orders, ordered, received, outstanding, paid, balance, payable)
  select month, location_id, supplier_id, 0, orders, ordered, received, outstanding, paid, balance, payable from moved
   where (orders, ordered, received, outstanding, paid, balance, payable) <> (0, 0, 0, 0, 0, 0, 0)
   order by month, location_id, supplier_id
  on conflict (month, location_id, supplier_id, txid) do update
     set orders = s.orders + excluded.orders, ordered = s.ordered + excluded.ordered, received = s.received + excluded.received,
         outstanding = s.outstanding + excluded.outstanding, paid = s.paid + excluded.paid,
         balance = s.balance + excluded.balance, payable = s.payable + excluded.payable;

  with moved as (delete from public.report_purchase_products s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_purchase_products as s (day, location_id, product_id, txid, quantity, amount)
  select day, location_id, product_id, 0, quantity, amount from moved
   where (quantity, amount) <> (0, 0)
   order by day, location_id, product_id
  on conflict (day, location_id, product_id, txid) do update
     set quantity = s.quantity + excluded.quantity, amount = s.amount + excluded.amount;

  with moved as (delete from public.report_purchase_product_bounds s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_purchase_product_bounds as s (location_id, product_id, txid, amount)
  select location_id, product_id, 0, amount from moved
   where amount <> 0
   order by location_id, product_id
  on conflict (location_id, product_id, txid) do update
     set amount = s.amount + excluded.amount;

  with moved as (delete from public.report_party_balances s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_party_balances as s (party_type, party_id, txid, documents, billed, paid, balance)
  select party_type, party_id, 0, documents, billed, paid, balance from moved
   where (documents, billed, paid, balance) <> (0, 0, 0, 0)
   order by party_type, party_id
  on conflict (party_type, party_id, txid) do update
     set documents = s.documents + excluded.documents, billed = s.billed + excluded.billed, paid = s.paid + excluded.paid,
         balance = s.balance + excluded.balance;

  with moved as (delete from public.report_balances_due s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_balances_due as s (party_type, due_date, txid, documents, balance)
  select party_type, due_date, 0, documents, balance from moved
   where (documents, balance) <> (0, 0)
   order by party_type, due_date
  on conflict (party_type, due_date, txid) do update
     set documents = s.documents + excluded.documents, balance = s.balance + excluded.balance;

  with moved as (delete from public.report_stock_totals s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_stock_totals as s (location_id, kind, bucket, txid, units, stocked, cost_value, retail_value, in_stock, low, out)
  select location_id, kind, bucket, 0, units, stocked, cost_value, retail_value, in_stock, low, out from moved
   where (units, stocked, cost_value, retail_value, in_stock, low, out) <> (0, 0, 0, 0, 0, 0, 0)
   order by location_id, kind, bucket
  on conflict (location_id, kind, bucket, txid) do update
     set units = s.units + excluded.units, stocked = s.stocked + excluded.stocked,
         cost_value = s.cost_value + excluded.cost_value, retail_value = s.retail_value + excluded.retail_value,
         in_stock = s.in_stock + excluded.in_stock, low = s.low + excluded.low, out = s.out + excluded.out;

  with moved as (delete from public.report_product_totals s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_product_totals as s (kind, bucket, txid, products, units, stocked, cost_value, retail_value, in_stock, low, out)
  select kind, bucket, 0, products, units, stocked, cost_value, retail_value, in_stock, low, out from moved
   where (products, units, stocked, cost_value, retail_value, in_stock, low, out) <> (0, 0, 0, 0, 0, 0, 0, 0)
   order by kind, bucket
  on conflict (kind, bucket, txid) do update
     set products = s.products + excluded.products, units = s.units + excluded.units, stocked = s.stocked + excluded.stocked,
         cost_value = s.cost_value + excluded.cost_value, retail_value = s.retail_value + excluded.retail_value,
         in_stock = s.in_stock + excluded.in_stock, low = s.low + excluded.low, out = s.out + excluded.out;

  with moved as (delete from public.product_totals s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.product_totals as s (bucket, kind, txid, products, stock_value, low_stock, out_of_stock, alerts)
  select bucket, kind, 0, products, stock_value, low_stock, out_of_stock, alerts from moved
   where (products, stock_value, low_stock, out_of_stock, alerts) <> (0, 0, 0, 0, 0)
   order by bucket, kind
  on conflict (bucket, kind, txid) do update
     set products = s.products + excluded.products, stock_value = s.stock_value + excluded.stock_value,
         low_stock = s.low_stock + excluded.low_stock, out_of_stock = s.out_of_stock + excluded.out_of_stock,
         alerts = s.alerts + excluded.alerts;

  -- A product's profit bounds move by what the positive part of each of its day rows moved by, so
  -- they come from the day rows as folded (one statement: the day rows, then the all-time bounds,
  -- then the months, the same order in every transaction).
  with moved as (delete from public.report_sales_products s where s.txid = v_txid and s.txid <> 0 returning s.*),
       applied as (
         insert into public.report_sales_products as s (day, location_id, product_id, txid, quantity, revenue, cost)
         select m.day, m.location_id, m.product_id, 0, m.quantity, m.revenue, m.cost
           from moved m
          where (m.quantity, m.revenue, m.cost) <> (0, 0, 0)
          order by m.day, m.location_id, m.product_id
         on conflict (day, location_id, product_id, txid) do update
            set quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue, cost = s.cost + excluded.cost
         returning s.day, s.location_id, s.product_id, s.revenue, s.cost),
       changes as (
         select x.month, x.location_id, x.product_id, x.quantity, x.revenue, x.cost, x.profit_bound
           from (select date_trunc('month', a.day::timestamp)::date as month, a.location_id, a.product_id, m.quantity, m.revenue, m.cost,
                        greatest(a.revenue - a.cost, 0) - greatest((a.revenue - m.revenue) - (a.cost - m.cost), 0) as profit_bound
                   from applied a
                   join moved m on m.day = a.day and m.location_id = a.location_id and m.product_id = a.product_id) c
          cross join lateral (values (c.month, c.location_id, c.product_id, c.quantity, c.revenue, c.cost, c.profit_bound),
                                     (c.month, 0::bigint, c.product_id, c.quantity, c.revenue, c.cost, c.profit_bound))
                             x(month, location_id, product_id, quantity, revenue, cost, profit_bound)),
       months as (
         insert into public.report_sales_product_months as b (month, location_id, product_id, txid, quantity, revenue, cost, profit_bound)
         select c.month, c.location_id, c.product_id, 0, sum(c.quantity), sum(c.revenue), sum(c.cost), sum(c.profit_bound)
           from changes c
          group by c.month, c.location_id, c.product_id
         having sum(c.quantity) <> 0 or sum(c.revenue) <> 0 or sum(c.cost) <> 0 or sum(c.profit_bound) <> 0
          order by c.month, c.location_id, c.product_id
         on conflict (month, location_id, product_id, txid) do update
            set quantity = b.quantity + excluded.quantity, revenue = b.revenue + excluded.revenue, cost = b.cost + excluded.cost,
                profit_bound = b.profit_bound + excluded.profit_bound)
  insert into public.report_sales_product_bounds as b (location_id, product_id, txid, revenue, profit_bound)
  select c.location_id, c.product_id, 0, sum(c.revenue), sum(c.profit_bound)
    from changes c
   group by c.location_id, c.product_id
  having sum(c.revenue) <> 0 or sum(c.profit_bound) <> 0
   order by c.location_id, c.product_id
  on conflict (location_id, product_id, txid) do update
     set revenue = b.revenue + excluded.revenue, profit_bound = b.profit_bound + excluded.profit_bound;
  return null;
end;
$$;
