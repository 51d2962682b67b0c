-- The fold at commit (20261124000200_reports.sql), its plans kept. Every summary folds the same way:
-- the transaction's rows are deleted and added to the shared rows (txid 0) of their key, in key
-- order, leaving out rows whose figures all came to 0; report_sales_products, last, also moves the
-- monthly and all-time rows derived from it. The statement is written out for each summary, not built
-- from a list at run time: PostgreSQL parses and plans a statement built at run time on every commit,
-- which cost a stock adjustment a third to a half more CPU, while written-out statements keep their
-- plans. Each names "s.txid <> 0" beside the transaction's id, so that a plan kept for any id can use
-- the summary's index of unfolded rows (a plan that could not was made anew for every commit).

create or replace function public.report_fold()
returns trigger
language plpgsql
security invoker
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
