-- Reports and the dashboard: a function per report, each called by a thin route, and the summaries
-- that keep them fast at a chain's size.
--
-- Summaries keep what the documents and the stock add up to per day and branch (and product type,
-- product, supplier, payment method...). Triggers on the documents, their lines, receipts, stock
-- levels and products write a change's effect at once to rows of the change's own transaction
-- (txid = its id: no other transaction sees those rows or waits on them). At commit a deferred
-- trigger folds them into the shared rows (txid 0), the tables in a fixed order and each table's
-- rows in key order, so two committing transactions never wait on each other in opposite orders.
-- It folds at the place of the transaction's last change among the commit-time triggers, after
-- those that other changes of the transaction queued (the kept counts' buckets), so it holds shared
-- summary rows only at the very end of the commit. A read adds up the rows it sees, which outside a
-- writing transaction are folded ones only. report_summary_drift() compares every summary with a
-- count over the documents and the stock.
--
-- Bad report parameters raise WH422 with the field in HINT, as the document functions do.

-- ---- Summaries ------------------------------------------------------------------------------

-- Posted invoices (sent) and sales (completed) per day of the document, branch and kind.
create table public.report_sales_days (
  day date not null,
  location_id bigint not null,
  document_type text not null check (document_type in ('Invoice', 'Sale')),
  txid bigint not null default 0,
  documents integer not null default 0,
  revenue numeric(16, 2) not null default 0,
  cost numeric(16, 2) not null default 0,
  tax numeric(16, 2) not null default 0,
  discount numeric(16, 2) not null default 0,
  paid numeric(16, 2) not null default 0,
  outstanding numeric(16, 2) not null default 0,
  primary key (day, location_id, document_type, txid)
);

-- Their lines per day, branch and product type: how many, the quantity, revenue and cost.
create table public.report_sales_types (
  day date not null,
  location_id bigint not null,
  product_type text not null,
  txid bigint not null default 0,
  lines integer not null default 0,
  quantity bigint not null default 0,
  revenue numeric(16, 2) not null default 0,
  cost numeric(16, 2) not null default 0,
  primary key (day, location_id, product_type, txid)
);

-- Their lines per day, branch and product.
create table public.report_sales_products (
  day date not null,
  location_id bigint not null,
  product_id bigint not null,
  txid bigint not null default 0,
  quantity bigint not null default 0,
  revenue numeric(16, 2) not null default 0,
  cost numeric(16, 2) not null default 0,
  primary key (day, location_id, product_id, txid)
);
create index report_sales_products_product_idx on public.report_sales_products (product_id, day);

-- Per branch and product (location_id 0: every branch) over all time: the revenue, and the sum of
-- the positive profits of its report_sales_products rows. Neither is ever below what the product
-- makes in any date range, which lets the top products of a long range be found among few products.
create table public.report_sales_product_bounds (
  location_id bigint not null,
  product_id bigint not null,
  txid bigint not null default 0,
  revenue numeric(16, 2) not null default 0,
  profit_bound numeric(16, 2) not null default 0,
  primary key (location_id, product_id, txid)
);
-- The same per month, with the month's quantity, revenue and cost: a range within a month or two is
-- searched among the products of its months, and the whole months of a long range add up from here.
create table public.report_sales_product_months (
  month date not null,
  location_id bigint not null,
  product_id bigint not null,
  txid bigint not null default 0,
  quantity bigint not null default 0,
  revenue numeric(16, 2) not null default 0,
  cost numeric(16, 2) not null default 0,
  profit_bound numeric(16, 2) not null default 0,
  primary key (month, location_id, product_id, txid)
);
create index report_sales_product_months_product_idx on public.report_sales_product_months (product_id, location_id, month);
create index report_sales_product_months_revenue_idx on public.report_sales_product_months (month, location_id, revenue desc) where txid = 0;
create index report_sales_product_months_profit_idx on public.report_sales_product_months (month, location_id, profit_bound desc) where txid = 0;

create index report_sales_product_bounds_revenue_idx on public.report_sales_product_bounds (location_id, revenue desc) where txid = 0;
create index report_sales_product_bounds_profit_idx on public.report_sales_product_bounds (location_id, profit_bound desc) where txid = 0;

-- Money received on invoices and sales (refunds taken off) per receipt day, branch and method.
create table public.report_sales_methods (
  day date not null,
  location_id bigint not null,
  payment_method text not null,
  txid bigint not null default 0,
  amount numeric(16, 2) not null default 0,
  receipts integer not null default 0,
  primary key (day, location_id, payment_method, txid)
);

-- Purchase orders that are not cancelled, per order day (and month), branch and supplier.
create table public.report_purchases_days (
  day date not null,
  location_id bigint not null,
  supplier_id bigint not null,
  txid bigint not null default 0,
  orders integer not null default 0,
  ordered numeric(16, 2) not null default 0,
  received numeric(16, 2) not null default 0,
  outstanding numeric(16, 2) not null default 0,
  paid numeric(16, 2) not null default 0,
  balance numeric(16, 2) not null default 0,
  payable numeric(16, 2) not null default 0,
  primary key (day, location_id, supplier_id, txid)
);
create index report_purchases_days_supplier_idx on public.report_purchases_days (supplier_id, day);

create table public.report_purchases_months (
  month date not null,
  location_id bigint not null,
  supplier_id bigint not null,
  txid bigint not null default 0,
  orders integer not null default 0,
  ordered numeric(16, 2) not null default 0,
  received numeric(16, 2) not null default 0,
  outstanding numeric(16, 2) not null default 0,
  paid numeric(16, 2) not null default 0,
  balance numeric(16, 2) not null default 0,
  payable numeric(16, 2) not null default 0,
  primary key (month, location_id, supplier_id, txid)
);
create index report_purchases_months_supplier_idx on public.report_purchases_months (supplier_id, month);

-- Their lines per order day, branch and product, and per branch and product over all time.
create table public.report_purchase_products (
  day date not null,
  location_id bigint not null,
  product_id bigint not null,
  txid bigint not null default 0,
  quantity bigint not null default 0,
  amount numeric(16, 2) not null default 0,
  primary key (day, location_id, product_id, txid)
);
create index report_purchase_products_product_idx on public.report_purchase_products (product_id, day);

create table public.report_purchase_product_bounds (
  location_id bigint not null,
  product_id bigint not null,
  txid bigint not null default 0,
  amount numeric(16, 2) not null default 0,
  primary key (location_id, product_id, txid)
);
create index report_purchase_product_bounds_amount_idx on public.report_purchase_product_bounds (location_id, amount desc) where txid = 0;

-- What is owed now on open documents (balance other than 0), per customer or supplier, and per due date.
create table public.report_party_balances (
  party_type text not null check (party_type in ('customer', 'supplier')),
  party_id bigint not null,
  txid bigint not null default 0,
  documents integer not null default 0,
  billed numeric(16, 2) not null default 0,
  paid numeric(16, 2) not null default 0,
  balance numeric(16, 2) not null default 0,
  primary key (party_type, party_id, txid)
);
create index report_party_balances_balance_idx on public.report_party_balances (party_type, balance desc, party_id) where txid = 0;

create table public.report_balances_due (
  party_type text not null check (party_type in ('customer', 'supplier')),
  due_date date not null,
  txid bigint not null default 0,
  documents integer not null default 0,
  balance numeric(16, 2) not null default 0,
  primary key (party_type, due_date, txid)
);

-- Stock per branch and kind (services have none), and per kind over every branch. Bucketed as
-- product_totals is, so that stock moves committing side by side seldom share a row.
create table public.report_stock_totals (
  location_id bigint not null,
  kind text not null,
  bucket smallint not null,
  txid bigint not null default 0,
  units bigint not null default 0,
  stocked integer not null default 0,
  cost_value numeric(16, 2) not null default 0,
  retail_value numeric(16, 2) not null default 0,
  in_stock integer not null default 0,
  low integer not null default 0,
  out integer not null default 0,
  primary key (location_id, kind, bucket, txid)
);

create table public.report_product_totals (
  kind text not null,
  bucket smallint not null,
  txid bigint not null default 0,
  products integer not null default 0,
  units bigint not null default 0,
  stocked integer not null default 0,
  cost_value numeric(16, 2) not null default 0,
  retail_value numeric(16, 2) not null default 0,
  in_stock integer not null default 0,
  low integer not null default 0,
  out integer not null default 0,
  primary key (kind, bucket, txid)
);

-- Transactions with summary rows of their own still to fold, and how many changes they wrote.
create table public.report_pending (
  txid bigint primary key,
  changes bigint not null default 1
);

alter table public.report_sales_days enable row level security;
alter table public.report_sales_types enable row level security;
alter table public.report_sales_products enable row level security;
alter table public.report_sales_product_bounds enable row level security;
alter table public.report_sales_product_months enable row level security;
alter table public.report_sales_methods enable row level security;
alter table public.report_purchases_days enable row level security;
alter table public.report_purchases_months enable row level security;
alter table public.report_purchase_products enable row level security;
alter table public.report_purchase_product_bounds enable row level security;
alter table public.report_party_balances enable row level security;
alter table public.report_balances_due enable row level security;
alter table public.report_stock_totals enable row level security;
alter table public.report_product_totals enable row level security;
alter table public.report_pending enable row level security;

-- ---- What reads need from the documents and the stock ------------------------------------------

-- The lowest stock rows first (the low-stock list), the latest documents and payments (the
-- dashboard's activity), tire lines by DOT (the recall list) and open documents by party (balances).
-- A transaction's own rows, which the fold at its commit deletes and merges: without these it would
-- scan each summary table whole on every commit that moves stock or money.
create index report_sales_days_pending_idx on public.report_sales_days (txid) where txid <> 0;
create index report_sales_types_pending_idx on public.report_sales_types (txid) where txid <> 0;
create index report_sales_products_pending_idx on public.report_sales_products (txid) where txid <> 0;
create index report_sales_product_bounds_pending_idx on public.report_sales_product_bounds (txid) where txid <> 0;
create index report_sales_product_months_pending_idx on public.report_sales_product_months (txid) where txid <> 0;
create index report_sales_methods_pending_idx on public.report_sales_methods (txid) where txid <> 0;
create index report_purchases_days_pending_idx on public.report_purchases_days (txid) where txid <> 0;
create index report_purchases_months_pending_idx on public.report_purchases_months (txid) where txid <> 0;
create index report_purchase_products_pending_idx on public.report_purchase_products (txid) where txid <> 0;
create index report_purchase_product_bounds_pending_idx on public.report_purchase_product_bounds (txid) where txid <> 0;
create index report_party_balances_pending_idx on public.report_party_balances (txid) where txid <> 0;
create index report_balances_due_pending_idx on public.report_balances_due (txid) where txid <> 0;
create index report_stock_totals_pending_idx on public.report_stock_totals (txid) where txid <> 0;
create index report_product_totals_pending_idx on public.report_product_totals (txid) where txid <> 0;

create index stock_levels_quantity_idx on public.stock_levels (quantity, product_id, location_id);
create index invoices_created_at_idx on public.invoices (created_at desc);
create index sales_created_at_idx on public.sales (created_at desc);
create index purchases_created_at_idx on public.purchases (created_at desc);
create index receipts_created_at_idx on public.receipts (created_at desc);
-- The recall list's DOT index holds the DOT itself too: an index over an expression serves an
-- index-only scan only when the column it is computed from is in it.
create index invoice_items_tire_dot_idx on public.invoice_items (lower(dot) text_pattern_ops) include (dot, invoice_id, product_id, id) where product_type = 'tire';
create index sale_items_tire_dot_idx on public.sale_items (lower(dot) text_pattern_ops) include (dot, sale_id, product_id, id) where product_type = 'tire';
create index invoices_customer_open_idx on public.invoices (customer_id) where status = 'sent' and balance_due <> 0;
create index sales_customer_open_idx on public.sales (customer_id) where status = 'completed' and balance_due <> 0;
create index purchases_supplier_open_idx on public.purchases (supplier_id) where status in ('ordered', 'received') and balance_due <> 0;

-- A line's revenue: its total less its share (by value) of the document's discount, to the cent.
create function public.report_line_revenue(p_line_total numeric, p_subtotal numeric, p_discount numeric)
returns numeric
language sql
immutable
security invoker
set search_path = ''
as $$ select round(p_line_total - case when p_subtotal <> 0 then p_discount * p_line_total / p_subtotal else 0 end, 2) $$;
revoke execute on function public.report_line_revenue(numeric, numeric, numeric) from public;

-- What p_quantity of a purchase line is worth at its price, after its line discount.
create function public.report_purchase_value(p_unit_price numeric, p_quantity integer, p_discount_percent numeric)
returns numeric
language sql
immutable
security invoker
set search_path = ''
as $$ select round(p_unit_price * p_quantity * (1 - p_discount_percent / 100), 2) $$;
revoke execute on function public.report_purchase_value(numeric, integer, numeric) from public;

-- Posted invoices and sales: what every sales figure counts, dated by the document.
create view public.report_sales_documents with (security_invoker = true) as
select 'Invoice'::text as document_type, i.id, i.number, i.issued_date as day, coalesce(i.due_date, i.issued_date) as due_date,
       i.location_id, i.customer_id, i.subtotal, i.discount_amount, i.tax_amount, i.net_amount, i.total_paid, i.balance_due
  from public.invoices i
 where i.status = 'sent'
union all
select 'Sale', s.id, s.number, s.sale_date, s.sale_date, s.location_id, s.customer_id, s.subtotal, s.discount_amount, s.tax_amount,
       s.net_amount, s.total_paid, s.balance_due
  from public.sales s
 where s.status = 'completed';

create view public.report_sales_lines with (security_invoker = true) as
select 'Invoice'::text as document_type, i.id as document_id, i.issued_date as day, i.location_id, x.product_id, x.product_type,
       x.quantity, x.quantity * x.cost_price as cost, public.report_line_revenue(x.line_total, i.subtotal, i.discount_amount) as revenue
  from public.invoices i
  join public.invoice_items x on x.invoice_id = i.id
 where i.status = 'sent'
union all
select 'Sale', s.id, s.sale_date, s.location_id, x.product_id, x.product_type, x.quantity, x.quantity * x.cost_price,
       public.report_line_revenue(x.line_total, s.subtotal, s.discount_amount)
  from public.sales s
  join public.sale_items x on x.sale_id = s.id
 where s.status = 'completed';

-- Lines of purchase orders that are not cancelled.
create view public.report_purchase_lines with (security_invoker = true) as
select p.id as purchase_id, p.purchase_date as day, p.location_id, p.supplier_id, x.product_id, x.quantity, x.line_total as amount,
       public.report_purchase_value(x.unit_price, x.received_quantity, x.discount_percent) as received,
       public.report_purchase_value(x.unit_price, x.quantity - x.received_quantity, x.discount_percent) as outstanding
  from public.purchases p
  join public.purchase_items x on x.purchase_id = p.id
 where p.status <> 'cancelled';

-- Documents owed on now: posted invoices and sales, ordered or received purchase orders, with a balance.
create view public.report_open_balances with (security_invoker = true) as
select 'customer'::text as party_type, d.customer_id as party_id, d.due_date, d.net_amount, d.total_paid, d.balance_due
  from public.report_sales_documents d
 where d.balance_due <> 0
union all
select 'supplier', p.supplier_id, coalesce(p.expected_delivery_date, p.purchase_date), p.net_amount, p.total_paid, p.balance_due
  from public.purchases p
 where p.status in ('ordered', 'received') and p.balance_due <> 0;

-- Customers and suppliers, as the balance reports name them.
create view public.report_parties with (security_invoker = true) as
select 'customer'::text as party_type, c.id, c.name, c.phone, c.email, c.address, null::text as contact_person from public.customers c
union all
select 'supplier', s.id, s.name, s.phone, s.email, s.address, s.contact_person from public.suppliers s;

-- ---- Each summary counted afresh: the backfill below, and what report_summary_drift compares -------

create view public.report_sales_days_recount with (security_invoker = true) as
select d.day, d.location_id, d.document_type, count(*)::integer as documents, sum(d.subtotal - d.discount_amount) as revenue,
       coalesce(sum(c.cost), 0) as cost, sum(d.tax_amount) as tax, sum(d.discount_amount) as discount, sum(d.total_paid) as paid,
       sum(d.balance_due) as outstanding
  from public.report_sales_documents d
  left join (select l.document_type, l.document_id, sum(l.cost) as cost from public.report_sales_lines l group by 1, 2) c
    on c.document_type = d.document_type and c.document_id = d.id
 group by d.day, d.location_id, d.document_type;

create view public.report_sales_types_recount with (security_invoker = true) as
select l.day, l.location_id, l.product_type, count(*)::integer as lines, sum(l.quantity)::bigint as quantity, sum(l.revenue) as revenue,
       sum(l.cost) as cost
  from public.report_sales_lines l
 group by l.day, l.location_id, l.product_type;

create view public.report_sales_products_recount with (security_invoker = true) as
select l.day, l.location_id, l.product_id, sum(l.quantity)::bigint as quantity, sum(l.revenue) as revenue, sum(l.cost) as cost
  from public.report_sales_lines l
 group by l.day, l.location_id, l.product_id;

create view public.report_sales_product_bounds_recount with (security_invoker = true) as
select x.location_id, x.product_id, sum(x.revenue) as revenue, sum(greatest(x.revenue - x.cost, 0)) as profit_bound
  from (select p.location_id, p.product_id, p.revenue, p.cost from public.report_sales_products_recount p
        union all
        select 0, p.product_id, p.revenue, p.cost from public.report_sales_products_recount p) x
 group by x.location_id, x.product_id;

create view public.report_sales_product_months_recount with (security_invoker = true) as
select date_trunc('month', x.day::timestamp)::date as month, x.location_id, x.product_id, sum(x.quantity)::bigint as quantity,
       sum(x.revenue) as revenue, sum(x.cost) as cost, sum(greatest(x.revenue - x.cost, 0)) as profit_bound
  from (select p.day, p.location_id, p.product_id, p.quantity, p.revenue, p.cost from public.report_sales_products_recount p
        union all
        select p.day, 0, p.product_id, p.quantity, p.revenue, p.cost from public.report_sales_products_recount p) x
 group by 1, 2, 3;

create view public.report_sales_methods_recount with (security_invoker = true) as
select r.receipt_date as day, coalesce(r.location_id, 0) as location_id, r.payment_method,
       sum(case when r.type = 'refund' then -r.amount else r.amount end) as amount, count(*)::integer as receipts
  from public.receipts r
 where r.receiptable_type in ('Invoice', 'Sale')
 group by 1, 2, 3;

create view public.report_purchases_days_recount with (security_invoker = true) as
select x.day, x.location_id, x.supplier_id, sum(x.orders)::integer as orders, sum(x.ordered) as ordered, sum(x.received) as received,
       sum(x.outstanding) as outstanding, sum(x.paid) as paid, sum(x.balance) as balance, sum(x.payable) as payable
  from (select p.purchase_date as day, p.location_id, p.supplier_id, 1 as orders, p.net_amount as ordered, 0 as received, 0 as outstanding,
               p.total_paid as paid, p.balance_due as balance,
               case when p.status in ('ordered', 'received') then p.balance_due else 0 end as payable
          from public.purchases p
         where p.status <> 'cancelled'
        union all
        select l.day, l.location_id, l.supplier_id, 0, 0, l.received, l.outstanding, 0, 0, 0 from public.report_purchase_lines l) x
 group by x.day, x.location_id, x.supplier_id;

create view public.report_purchases_months_recount with (security_invoker = true) as
select date_trunc('month', d.day::timestamp)::date as month, d.location_id, d.supplier_id, sum(d.orders)::integer as orders,
       sum(d.ordered) as ordered, sum(d.received) as received, sum(d.outstanding) as outstanding, sum(d.paid) as paid,
       sum(d.balance) as balance, sum(d.payable) as payable
  from public.report_purchases_days_recount d
 group by 1, 2, 3;

create view public.report_purchase_products_recount with (security_invoker = true) as
select l.day, l.location_id, l.product_id, sum(l.quantity)::bigint as quantity, sum(l.amount) as amount
  from public.report_purchase_lines l
 group by l.day, l.location_id, l.product_id;

create view public.report_purchase_product_bounds_recount with (security_invoker = true) as
select x.location_id, x.product_id, sum(x.amount) as amount
  from (select p.location_id, p.product_id, p.amount from public.report_purchase_products_recount p
        union all
        select 0, p.product_id, p.amount from public.report_purchase_products_recount p) x
 group by x.location_id, x.product_id;

create view public.report_party_balances_recount with (security_invoker = true) as
select o.party_type, o.party_id, count(*)::integer as documents, sum(o.net_amount) as billed, sum(o.total_paid) as paid,
       sum(o.balance_due) as balance
  from public.report_open_balances o
 group by o.party_type, o.party_id;

create view public.report_balances_due_recount with (security_invoker = true) as
select o.party_type, o.due_date, count(*)::integer as documents, sum(o.balance_due) as balance
  from public.report_open_balances o
 group by o.party_type, o.due_date;

-- A stock row in / low (1 up to the product's low-stock level) / out (0) counts only for products
-- still sold, as the bell counts them.
create view public.report_stock_totals_recount with (security_invoker = true) as
select s.location_id, p.kind, sum(s.quantity)::bigint as units, (count(*) filter (where s.quantity > 0))::integer as stocked,
       sum(s.quantity * p.cost_price) as cost_value, sum(s.quantity * p.selling_price) as retail_value,
       (count(*) filter (where p.active and s.quantity > p.low_stock_at))::integer as in_stock,
       (count(*) filter (where p.active and s.quantity > 0 and s.quantity <= p.low_stock_at))::integer as low,
       (count(*) filter (where p.active and s.quantity = 0))::integer as out
  from public.stock_levels s
  join public.products p on p.id = s.product_id
 where p.kind <> 'service'
 group by s.location_id, p.kind;

create view public.report_product_totals_recount with (security_invoker = true) as
select p.kind, (count(*) filter (where p.active))::integer as products, sum(p.total_stock)::bigint as units,
       (count(*) filter (where p.total_stock > 0))::integer as stocked,
       sum(p.total_stock * p.cost_price) as cost_value, sum(p.total_stock * p.selling_price) as retail_value,
       (count(*) filter (where p.active and p.total_stock > p.low_stock_at))::integer as in_stock,
       (count(*) filter (where p.active and p.total_stock > 0 and p.total_stock <= p.low_stock_at))::integer as low,
       (count(*) filter (where p.active and p.total_stock = 0))::integer as out
  from public.products p
 where p.kind <> 'service'
 group by p.kind;

-- ---- Writing a change's effect to the transaction's own rows ---------------------------------------

-- The transaction's id, with one more change to fold at commit (each queues the fold anew; only the
-- last one folds).
create function public.report_pending_txid()
returns bigint
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_txid bigint := txid_current();
begin
  insert into public.report_pending as p (txid) values (v_txid)
  on conflict (txid) do update set changes = p.changes + 1;
  return v_txid;
end;
$$;
revoke execute on function public.report_pending_txid() from public;

create function public.report_add_sales_day(
  p_day date, p_location_id bigint, p_document_type text, p_documents integer, p_revenue numeric, p_cost numeric,
  p_tax numeric, p_discount numeric, p_paid numeric, p_outstanding numeric
)
returns void
language sql
security invoker
set search_path = ''
as $$
  insert into public.report_sales_days as s (day, location_id, document_type, txid, documents, revenue, cost, tax, discount, paid, outstanding)
  values (p_day, p_location_id, p_document_type, public.report_pending_txid(), p_documents, p_revenue, p_cost, p_tax, p_discount, p_paid, p_outstanding)
  on conflict (day, location_id, document_type, txid) do update
     set documents = s.documents + excluded.documents, revenue = s.revenue + excluded.revenue, cost = s.cost + excluded.cost,
         tax = s.tax + excluded.tax, discount = s.discount + excluded.discount, paid = s.paid + excluded.paid,
         outstanding = s.outstanding + excluded.outstanding;
$$;
revoke execute on function public.report_add_sales_day(date, bigint, text, integer, numeric, numeric, numeric, numeric, numeric, numeric) from public;

create function public.report_add_party_balance(
  p_party_type text, p_party_id bigint, p_due_date date, p_documents integer, p_billed numeric, p_paid numeric, p_balance numeric
)
returns void
language sql
security invoker
set search_path = ''
as $$
  insert into public.report_party_balances as b (party_type, party_id, txid, documents, billed, paid, balance)
  values (p_party_type, p_party_id, public.report_pending_txid(), p_documents, p_billed, p_paid, p_balance)
  on conflict (party_type, party_id, txid) do update
     set documents = b.documents + excluded.documents, billed = b.billed + excluded.billed, paid = b.paid + excluded.paid,
         balance = b.balance + excluded.balance;
  insert into public.report_balances_due as b (party_type, due_date, txid, documents, balance)
  values (p_party_type, p_due_date, public.report_pending_txid(), p_documents, p_balance)
  on conflict (party_type, due_date, txid) do update
     set documents = b.documents + excluded.documents, balance = b.balance + excluded.balance;
$$;
revoke execute on function public.report_add_party_balance(text, bigint, date, integer, numeric, numeric, numeric) from public;

-- One line of a posted invoice or sale, added (p_sign 1) or taken away (-1).
create function public.report_stage_sales_line(
  p_sign integer, p_document_type text, p_day date, p_location_id bigint, p_product_id bigint, p_product_type text,
  p_quantity integer, p_cost_price numeric, p_line_total numeric, p_subtotal numeric, p_discount numeric
)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_txid bigint := public.report_pending_txid();
  v_cost numeric := p_sign * p_quantity * p_cost_price;
  v_revenue numeric := p_sign * public.report_line_revenue(p_line_total, p_subtotal, p_discount);
  v_quantity integer := p_sign * p_quantity;
begin
  perform public.report_add_sales_day(p_day, p_location_id, p_document_type, 0, 0, v_cost, 0, 0, 0, 0);
  insert into public.report_sales_types as t (day, location_id, product_type, txid, lines, quantity, revenue, cost)
  values (p_day, p_location_id, p_product_type, v_txid, p_sign, v_quantity, v_revenue, v_cost)
  on conflict (day, location_id, product_type, txid) do update
     set lines = t.lines + excluded.lines, quantity = t.quantity + excluded.quantity, revenue = t.revenue + excluded.revenue,
         cost = t.cost + excluded.cost;
  insert into public.report_sales_products as t (day, location_id, product_id, txid, quantity, revenue, cost)
  values (p_day, p_location_id, p_product_id, v_txid, v_quantity, v_revenue, v_cost)
  on conflict (day, location_id, product_id, txid) do update
     set quantity = t.quantity + excluded.quantity, revenue = t.revenue + excluded.revenue, cost = t.cost + excluded.cost;
end;
$$;
revoke execute on function public.report_stage_sales_line(integer, text, date, bigint, bigint, text, integer, numeric, numeric, numeric, numeric) from public;

-- A posted invoice or sale, added (p_sign 1) or taken away (-1): its header's figures (p_header) and
-- its lines' (p_lines).
create function public.report_stage_sales_document(
  p_sign integer, p_document_type text, p_id bigint, p_day date, p_due_date date, p_location_id bigint, p_customer_id bigint,
  p_subtotal numeric, p_discount numeric, p_tax numeric, p_net numeric, p_paid numeric, p_balance numeric,
  p_header boolean, p_lines boolean
)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  line record;
begin
  if p_header then
    perform public.report_add_sales_day(
      p_day, p_location_id, p_document_type, p_sign, p_sign * (p_subtotal - p_discount), 0, p_sign * p_tax, p_sign * p_discount,
      p_sign * p_paid, p_sign * p_balance
    );
    if p_balance <> 0 then
      perform public.report_add_party_balance('customer', p_customer_id, p_due_date, p_sign, p_sign * p_net, p_sign * p_paid, p_sign * p_balance);
    end if;
  end if;
  if p_lines then
    for line in
      select x.product_id, x.product_type, x.quantity, x.cost_price, x.line_total
        from public.invoice_items x where p_document_type = 'Invoice' and x.invoice_id = p_id
      union all
      select x.product_id, x.product_type, x.quantity, x.cost_price, x.line_total
        from public.sale_items x where p_document_type = 'Sale' and x.sale_id = p_id
      order by 1
    loop
      perform public.report_stage_sales_line(
        p_sign, p_document_type, p_day, p_location_id, line.product_id, line.product_type, line.quantity, line.cost_price,
        line.line_total, p_subtotal, p_discount
      );
    end loop;
  end if;
end;
$$;
revoke execute on function public.report_stage_sales_document(integer, text, bigint, date, date, bigint, bigint, numeric, numeric, numeric, numeric, numeric, numeric, boolean, boolean) from public;

-- An invoice or sale changed: takes away what it counted before and adds what it counts now. Its
-- lines count again only when what they depend on changed (posted, date, branch, subtotal, discount).
create function public.report_sales_document_changed()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_type text := case tg_table_name when 'invoices' then 'Invoice' else 'Sale' end;
  v_old_counted boolean := false;
  v_new_counted boolean := false;
  v_old_day date;
  v_new_day date;
  v_old_due date;
  v_new_due date;
  v_header boolean := true;
  v_lines boolean := true;
begin
  -- Invoices and sales name their date and status differently.
  if tg_op in ('UPDATE', 'DELETE') then
    if v_type = 'Invoice' then
      v_old_counted := old.status = 'sent'; v_old_day := old.issued_date; v_old_due := coalesce(old.due_date, old.issued_date);
    else
      v_old_counted := old.status = 'completed'; v_old_day := old.sale_date; v_old_due := old.sale_date;
    end if;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    if v_type = 'Invoice' then
      v_new_counted := new.status = 'sent'; v_new_day := new.issued_date; v_new_due := coalesce(new.due_date, new.issued_date);
    else
      v_new_counted := new.status = 'completed'; v_new_day := new.sale_date; v_new_due := new.sale_date;
    end if;
  end if;
  if tg_op = 'UPDATE' then
    if not v_old_counted and not v_new_counted then
      return null;
    end if;
    v_lines := (v_old_counted, v_old_day, old.location_id, old.subtotal, old.discount_amount)
      is distinct from (v_new_counted, v_new_day, new.location_id, new.subtotal, new.discount_amount);
    v_header := v_lines or (v_old_due, old.customer_id, old.tax_amount, old.net_amount, old.total_paid, old.balance_due)
      is distinct from (v_new_due, new.customer_id, new.tax_amount, new.net_amount, new.total_paid, new.balance_due);
    if not v_header then
      return null;
    end if;
  end if;
  if v_old_counted then
    perform public.report_stage_sales_document(
      -1, v_type, old.id, v_old_day, v_old_due, old.location_id, old.customer_id, old.subtotal, old.discount_amount,
      old.tax_amount, old.net_amount, old.total_paid, old.balance_due, v_header, v_lines
    );
  end if;
  if v_new_counted then
    perform public.report_stage_sales_document(
      1, v_type, new.id, v_new_day, v_new_due, new.location_id, new.customer_id, new.subtotal, new.discount_amount,
      new.tax_amount, new.net_amount, new.total_paid, new.balance_due, v_header, v_lines
    );
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return null;
end;
$$;
revoke execute on function public.report_sales_document_changed() from public;

-- Before a delete, while its lines are still there; their own delete (by cascade) then finds no document.
create trigger invoices_report before delete on public.invoices
for each row execute function public.report_sales_document_changed();
create trigger invoices_report_write after insert or update on public.invoices
for each row execute function public.report_sales_document_changed();
create trigger sales_report before delete on public.sales
for each row execute function public.report_sales_document_changed();
create trigger sales_report_write after insert or update on public.sales
for each row execute function public.report_sales_document_changed();

-- A line of an invoice or sale changed: counts when its document is posted.
create function public.report_sales_line_changed()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_type text := case tg_table_name when 'invoice_items' then 'Invoice' else 'Sale' end;
  v_old_document bigint;
  v_new_document bigint;
  d record;
begin
  -- The two line tables name their document's column differently.
  if tg_op in ('UPDATE', 'DELETE') then
    if v_type = 'Invoice' then v_old_document := old.invoice_id; else v_old_document := old.sale_id; end if;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    if v_type = 'Invoice' then v_new_document := new.invoice_id; else v_new_document := new.sale_id; end if;
  end if;
  if tg_op = 'UPDATE' and (v_old_document, old.product_id, old.product_type, old.quantity, old.cost_price, old.line_total)
       is not distinct from (v_new_document, new.product_id, new.product_type, new.quantity, new.cost_price, new.line_total) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select * into d from public.report_sales_documents s where s.document_type = v_type and s.id = v_old_document;
    if found then
      perform public.report_stage_sales_line(
        -1, v_type, d.day, d.location_id, old.product_id, old.product_type, old.quantity, old.cost_price, old.line_total,
        d.subtotal, d.discount_amount
      );
    end if;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select * into d from public.report_sales_documents s where s.document_type = v_type and s.id = v_new_document;
    if found then
      perform public.report_stage_sales_line(
        1, v_type, d.day, d.location_id, new.product_id, new.product_type, new.quantity, new.cost_price, new.line_total,
        d.subtotal, d.discount_amount
      );
    end if;
  end if;
  return null;
end;
$$;
revoke execute on function public.report_sales_line_changed() from public;

create trigger invoice_items_report after insert or update or delete on public.invoice_items
for each row execute function public.report_sales_line_changed();
create trigger sale_items_report after insert or update or delete on public.sale_items
for each row execute function public.report_sales_line_changed();

-- A receipt on an invoice or sale: money in by method (a refund takes it off).
create function public.report_receipt_changed()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_txid bigint;
  r record;
  v_sign integer;
begin
  if tg_op = 'UPDATE' and (old.receipt_date, old.location_id, old.payment_method, old.amount, old.type, old.receiptable_type)
       is not distinct from (new.receipt_date, new.location_id, new.payment_method, new.amount, new.type, new.receiptable_type) then
    return null;
  end if;
  foreach v_sign in array array[-1, 1] loop
    if v_sign = -1 and tg_op = 'INSERT' or v_sign = 1 and tg_op = 'DELETE' then
      continue;
    end if;
    if v_sign = -1 then r := old; else r := new; end if;
    if r.receiptable_type in ('Invoice', 'Sale') then
      v_txid := public.report_pending_txid();
      insert into public.report_sales_methods as m (day, location_id, payment_method, txid, amount, receipts)
      values (r.receipt_date, coalesce(r.location_id, 0), r.payment_method, v_txid,
              v_sign * case when r.type = 'refund' then -r.amount else r.amount end, v_sign)
      on conflict (day, location_id, payment_method, txid) do update
         set amount = m.amount + excluded.amount, receipts = m.receipts + excluded.receipts;
    end if;
  end loop;
  return null;
end;
$$;
revoke execute on function public.report_receipt_changed() from public;

create trigger receipts_report after insert or update or delete on public.receipts
for each row execute function public.report_receipt_changed();

-- ---- Purchase orders -------------------------------------------------------------------------------

create function public.report_add_purchase_day(
  p_day date, p_location_id bigint, p_supplier_id bigint, p_orders integer, p_ordered numeric, p_received numeric,
  p_outstanding numeric, p_paid numeric, p_balance numeric, p_payable numeric
)
returns void
language sql
security invoker
set search_path = ''
as $$
  insert into public.report_purchases_days as s (day, location_id, supplier_id, txid, orders, ordered, received, outstanding, paid, balance, payable)
  values (p_day, p_location_id, p_supplier_id, public.report_pending_txid(), p_orders, p_ordered, p_received, p_outstanding, p_paid, p_balance, p_payable)
  on conflict (day, location_id, supplier_id, txid) do update
     set orders = s.orders + excluded.orders, ordered = s.ordered + excluded.ordered, received = s.received + excluded.received,
         outstanding = s.outstanding + excluded.outstanding, paid = s.paid + excluded.paid, balance = s.balance + excluded.balance,
         payable = s.payable + excluded.payable;
  insert into public.report_purchases_months as s (month, location_id, supplier_id, txid, orders, ordered, received, outstanding, paid, balance, payable)
  values (date_trunc('month', p_day::timestamp)::date, p_location_id, p_supplier_id, public.report_pending_txid(), p_orders, p_ordered,
          p_received, p_outstanding, p_paid, p_balance, p_payable)
  on conflict (month, location_id, supplier_id, txid) do update
     set orders = s.orders + excluded.orders, ordered = s.ordered + excluded.ordered, received = s.received + excluded.received,
         outstanding = s.outstanding + excluded.outstanding, paid = s.paid + excluded.paid, balance = s.balance + excluded.balance,
         payable = s.payable + excluded.payable;
$$;
revoke execute on function public.report_add_purchase_day(date, bigint, bigint, integer, numeric, numeric, numeric, numeric, numeric, numeric) from public;

-- One line of a purchase order that is not cancelled, added (p_sign 1) or taken away (-1).
create function public.report_stage_purchase_line(
  p_sign integer, p_day date, p_location_id bigint, p_supplier_id bigint, p_product_id bigint, p_quantity integer,
  p_received_quantity integer, p_unit_price numeric, p_discount_percent numeric, p_line_total numeric
)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_txid bigint := public.report_pending_txid();
begin
  perform public.report_add_purchase_day(
    p_day, p_location_id, p_supplier_id, 0, 0, p_sign * public.report_purchase_value(p_unit_price, p_received_quantity, p_discount_percent),
    p_sign * public.report_purchase_value(p_unit_price, p_quantity - p_received_quantity, p_discount_percent), 0, 0, 0
  );
  insert into public.report_purchase_products as t (day, location_id, product_id, txid, quantity, amount)
  values (p_day, p_location_id, p_product_id, v_txid, p_sign * p_quantity, p_sign * p_line_total)
  on conflict (day, location_id, product_id, txid) do update
     set quantity = t.quantity + excluded.quantity, amount = t.amount + excluded.amount;
  insert into public.report_purchase_product_bounds as b (location_id, product_id, txid, amount)
  values (p_location_id, p_product_id, v_txid, p_sign * p_line_total), (0, p_product_id, v_txid, p_sign * p_line_total)
  on conflict (location_id, product_id, txid) do update set amount = b.amount + excluded.amount;
end;
$$;
revoke execute on function public.report_stage_purchase_line(integer, date, bigint, bigint, bigint, integer, integer, numeric, numeric, numeric) from public;

create function public.report_stage_purchase(p_sign integer, p public.purchases, p_header boolean, p_lines boolean)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_owed boolean := p.status in ('ordered', 'received');
  line record;
begin
  if p_header then
    perform public.report_add_purchase_day(
      p.purchase_date, p.location_id, p.supplier_id, p_sign, p_sign * p.net_amount, 0, 0, p_sign * p.total_paid, p_sign * p.balance_due,
      case when v_owed then p_sign * p.balance_due else 0 end
    );
    if v_owed and p.balance_due <> 0 then
      perform public.report_add_party_balance(
        'supplier', p.supplier_id, coalesce(p.expected_delivery_date, p.purchase_date), p_sign, p_sign * p.net_amount,
        p_sign * p.total_paid, p_sign * p.balance_due
      );
    end if;
  end if;
  if p_lines then
    for line in select * from public.purchase_items x where x.purchase_id = p.id order by x.product_id, x.id loop
      perform public.report_stage_purchase_line(
        p_sign, p.purchase_date, p.location_id, p.supplier_id, line.product_id, line.quantity, line.received_quantity,
        line.unit_price, line.discount_percent, line.line_total
      );
    end loop;
  end if;
end;
$$;
revoke execute on function public.report_stage_purchase(integer, public.purchases, boolean, boolean) from public;

create function public.report_purchase_changed()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_old_counted boolean := tg_op in ('UPDATE', 'DELETE');
  v_new_counted boolean := tg_op in ('UPDATE', 'INSERT');
  v_header boolean := true;
  v_lines boolean := true;
begin
  if v_old_counted then
    v_old_counted := old.status <> 'cancelled';
  end if;
  if v_new_counted then
    v_new_counted := new.status <> 'cancelled';
  end if;
  if tg_op = 'UPDATE' then
    if not v_old_counted and not v_new_counted then
      return null;
    end if;
    v_lines := (v_old_counted, old.purchase_date, old.location_id, old.supplier_id)
      is distinct from (v_new_counted, new.purchase_date, new.location_id, new.supplier_id);
    v_header := v_lines or (old.status, old.expected_delivery_date, old.net_amount, old.total_paid, old.balance_due)
      is distinct from (new.status, new.expected_delivery_date, new.net_amount, new.total_paid, new.balance_due);
    if not v_header then
      return null;
    end if;
  end if;
  if v_old_counted then
    perform public.report_stage_purchase(-1, old, v_header, v_lines);
  end if;
  if v_new_counted then
    perform public.report_stage_purchase(1, new, v_header, v_lines);
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return null;
end;
$$;
revoke execute on function public.report_purchase_changed() from public;

create trigger purchases_report before delete on public.purchases
for each row execute function public.report_purchase_changed();
create trigger purchases_report_write after insert or update on public.purchases
for each row execute function public.report_purchase_changed();

create function public.report_purchase_line_changed()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  p public.purchases;
begin
  if tg_op = 'UPDATE' and (old.purchase_id, old.product_id, old.quantity, old.received_quantity, old.unit_price, old.discount_percent, old.line_total)
       is not distinct from (new.purchase_id, new.product_id, new.quantity, new.received_quantity, new.unit_price, new.discount_percent, new.line_total) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select * into p from public.purchases h where h.id = old.purchase_id and h.status <> 'cancelled';
    if found then
      perform public.report_stage_purchase_line(
        -1, p.purchase_date, p.location_id, p.supplier_id, old.product_id, old.quantity, old.received_quantity, old.unit_price,
        old.discount_percent, old.line_total
      );
    end if;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select * into p from public.purchases h where h.id = new.purchase_id and h.status <> 'cancelled';
    if found then
      perform public.report_stage_purchase_line(
        1, p.purchase_date, p.location_id, p.supplier_id, new.product_id, new.quantity, new.received_quantity, new.unit_price,
        new.discount_percent, new.line_total
      );
    end if;
  end if;
  return null;
end;
$$;
revoke execute on function public.report_purchase_line_changed() from public;

create trigger purchase_items_report after insert or update or delete on public.purchase_items
for each row execute function public.report_purchase_line_changed();

-- ---- Stock -----------------------------------------------------------------------------------------

-- A stock row of a product at a branch, added (p_sign 1) or taken away (-1), with the product as it is.
create function public.report_stage_stock(
  p_sign integer, p_location_id bigint, p_quantity integer, p_kind text, p_active boolean, p_cost_price numeric,
  p_selling_price numeric, p_low_stock_at integer
)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_txid bigint;
begin
  if p_kind = 'service' then
    return;
  end if;
  v_txid := public.report_pending_txid();
  insert into public.report_stock_totals as t (location_id, kind, bucket, txid, units, stocked, cost_value, retail_value, in_stock, low, out)
  values (
    p_location_id, p_kind, (v_txid % 16)::smallint, v_txid, p_sign * p_quantity, p_sign * (p_quantity > 0)::integer,
    p_sign * p_quantity * p_cost_price, p_sign * p_quantity * p_selling_price,
    p_sign * (p_active and p_quantity > p_low_stock_at)::integer,
    p_sign * (p_active and p_quantity > 0 and p_quantity <= p_low_stock_at)::integer,
    p_sign * (p_active and p_quantity = 0)::integer
  )
  on conflict (location_id, kind, bucket, txid) do update
     set units = t.units + excluded.units, stocked = t.stocked + excluded.stocked, cost_value = t.cost_value + excluded.cost_value,
         retail_value = t.retail_value + excluded.retail_value, in_stock = t.in_stock + excluded.in_stock, low = t.low + excluded.low,
         out = t.out + excluded.out;
end;
$$;
revoke execute on function public.report_stage_stock(integer, bigint, integer, text, boolean, numeric, numeric, integer) from public;

create function public.report_stage_product(p_sign integer, p public.products)
returns void
language plpgsql
security invoker
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
    p_sign * (p.active and p.total_stock > p.low_stock_at)::integer,
    p_sign * (p.active and p.total_stock > 0 and p.total_stock <= p.low_stock_at)::integer,
    p_sign * (p.active and p.total_stock = 0)::integer
  )
  on conflict (kind, bucket, txid) do update
     set products = t.products + excluded.products, units = t.units + excluded.units, stocked = t.stocked + excluded.stocked,
         cost_value = t.cost_value + excluded.cost_value, retail_value = t.retail_value + excluded.retail_value,
         in_stock = t.in_stock + excluded.in_stock, low = t.low + excluded.low, out = t.out + excluded.out;
end;
$$;
revoke execute on function public.report_stage_product(integer, public.products) from public;

create function public.report_stock_level_changed()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  p public.products;
begin
  if tg_op = 'UPDATE' and (old.product_id, old.location_id, old.quantity) is not distinct from (new.product_id, new.location_id, new.quantity) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    -- Gone with its product: the product's own delete took its stock away.
    select * into p from public.products x where x.id = old.product_id;
    if found then
      perform public.report_stage_stock(-1, old.location_id, old.quantity, p.kind, p.active, p.cost_price, p.selling_price, p.low_stock_at);
    end if;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select * into p from public.products x where x.id = new.product_id;
    perform public.report_stage_stock(1, new.location_id, new.quantity, p.kind, p.active, p.cost_price, p.selling_price, p.low_stock_at);
  end if;
  return null;
end;
$$;
revoke execute on function public.report_stock_level_changed() from public;

create trigger stock_levels_report after insert or update or delete on public.stock_levels
for each row execute function public.report_stock_level_changed();

-- A product changed: its own totals, and its stock rows at every branch when what they count by changed.
create function public.report_product_changed()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  s record;
begin
  if tg_op = 'UPDATE' and (old.kind, old.active, old.total_stock, old.cost_price, old.selling_price, old.low_stock_at)
       is not distinct from (new.kind, new.active, new.total_stock, new.cost_price, new.selling_price, new.low_stock_at) then
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
    for s in select l.location_id, l.quantity from public.stock_levels l where l.product_id = old.id order by l.location_id loop
      perform public.report_stage_stock(-1, s.location_id, s.quantity, old.kind, old.active, old.cost_price, old.selling_price, old.low_stock_at);
      if tg_op = 'UPDATE' then
        perform public.report_stage_stock(1, s.location_id, s.quantity, new.kind, new.active, new.cost_price, new.selling_price, new.low_stock_at);
      end if;
    end loop;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return null;
end;
$$;
revoke execute on function public.report_product_changed() from public;

-- Before a delete, while its stock rows are still there.
create trigger products_report before delete on public.products
for each row execute function public.report_product_changed();
create trigger products_report_write after insert or update of kind, active, total_stock, cost_price, selling_price, low_stock_at on public.products
for each row execute function public.report_product_changed();

-- ---- The fold at commit --------------------------------------------------------------------------

create function public.report_fold()
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

  with moved as (delete from public.report_sales_days s where s.txid = v_txid returning s.*)
  insert into public.report_sales_days as s (day, location_id, document_type, txid, documents, revenue, cost, tax, discount, paid, outstanding)
  select m.day, m.location_id, m.document_type, 0, m.documents, m.revenue, m.cost, m.tax, m.discount, m.paid, m.outstanding
    from moved m
   where (m.documents, m.revenue, m.cost, m.tax, m.discount, m.paid, m.outstanding) <> (0, 0, 0, 0, 0, 0, 0)
   order by m.day, m.location_id, m.document_type
  on conflict (day, location_id, document_type, txid) do update
     set documents = s.documents + excluded.documents, revenue = s.revenue + excluded.revenue, cost = s.cost + excluded.cost,
         tax = s.tax + excluded.tax, discount = s.discount + excluded.discount, paid = s.paid + excluded.paid,
         outstanding = s.outstanding + excluded.outstanding;

  with moved as (delete from public.report_sales_types s where s.txid = v_txid returning s.*)
  insert into public.report_sales_types as s (day, location_id, product_type, txid, lines, quantity, revenue, cost)
  select m.day, m.location_id, m.product_type, 0, m.lines, m.quantity, m.revenue, m.cost
    from moved m
   where (m.lines, m.quantity, m.revenue, m.cost) <> (0, 0, 0, 0)
   order by m.day, m.location_id, m.product_type
  on conflict (day, location_id, product_type, txid) do update
     set lines = s.lines + excluded.lines, quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue,
         cost = s.cost + excluded.cost;

  -- A product's profit bounds move by what the positive part of each of its day rows moved by, so
  -- they come from the day rows as folded (one statement: the day rows, then the all-time bounds,
  -- then the months, the same order in every transaction).
  with moved as (delete from public.report_sales_products s where s.txid = v_txid returning s.*),
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

  with moved as (delete from public.report_sales_methods s where s.txid = v_txid returning s.*)
  insert into public.report_sales_methods as s (day, location_id, payment_method, txid, amount, receipts)
  select m.day, m.location_id, m.payment_method, 0, m.amount, m.receipts
    from moved m
   where (m.amount, m.receipts) <> (0, 0)
   order by m.day, m.location_id, m.payment_method
  on conflict (day, location_id, payment_method, txid) do update
     set amount = s.amount + excluded.amount, receipts = s.receipts + excluded.receipts;

  with moved as (delete from public.report_purchases_days s where s.txid = v_txid returning s.*)
  insert into public.report_purchases_days as s (day, location_id, supplier_id, txid, orders, ordered, received, outstanding, paid, balance, payable)
  select m.day, m.location_id, m.supplier_id, 0, m.orders, m.ordered, m.received, m.outstanding, m.paid, m.balance, m.payable
    from moved m
   where (m.orders, m.ordered, m.received, m.outstanding, m.paid, m.balance, m.payable) <> (0, 0, 0, 0, 0, 0, 0)
   order by m.day, m.location_id, m.supplier_id
  on conflict (day, location_id, supplier_id, txid) do update
     set orders = s.orders + excluded.orders, ordered = s.ordered + excluded.ordered, received = s.received + excluded.received,
         outstanding = s.outstanding + excluded.outstanding, paid = s.paid + excluded.paid, balance = s.balance + excluded.balance,
         payable = s.payable + excluded.payable;

  with moved as (delete from public.report_purchases_months s where s.txid = v_txid returning s.*)
  insert into public.report_purchases_months as s (month, location_id, supplier_id, txid, orders, ordered, received, outstanding, paid, balance, payable)
  select m.month, m.location_id, m.supplier_id, 0, m.orders, m.ordered, m.received, m.outstanding, m.paid, m.balance, m.payable
    from moved m
   where (m.orders, m.ordered, m.received, m.outstanding, m.paid, m.balance, m.payable) <> (0, 0, 0, 0, 0, 0, 0)
   order by m.month, m.location_id, m.supplier_id
  on conflict (month, location_id, supplier_id, txid) do update
     set orders = s.orders + excluded.orders, ordered = s.ordered + excluded.ordered, received = s.received + excluded.received,
         outstanding = s.outstanding + excluded.outstanding, paid = s.paid + excluded.paid, balance = s.balance + excluded.balance,
         payable = s.payable + excluded.payable;

  with moved as (delete from public.report_purchase_products s where s.txid = v_txid returning s.*)
  insert into public.report_purchase_products as s (day, location_id, product_id, txid, quantity, amount)
  select m.day, m.location_id, m.product_id, 0, m.quantity, m.amount
    from moved m
   where (m.quantity, m.amount) <> (0, 0)
   order by m.day, m.location_id, m.product_id
  on conflict (day, location_id, product_id, txid) do update
     set quantity = s.quantity + excluded.quantity, amount = s.amount + excluded.amount;

  with moved as (delete from public.report_purchase_product_bounds s where s.txid = v_txid returning s.*)
  insert into public.report_purchase_product_bounds as s (location_id, product_id, txid, amount)
  select m.location_id, m.product_id, 0, m.amount
    from moved m
   where m.amount <> 0
   order by m.location_id, m.product_id
  on conflict (location_id, product_id, txid) do update set amount = s.amount + excluded.amount;

  with moved as (delete from public.report_party_balances s where s.txid = v_txid returning s.*)
  insert into public.report_party_balances as s (party_type, party_id, txid, documents, billed, paid, balance)
  select m.party_type, m.party_id, 0, m.documents, m.billed, m.paid, m.balance
    from moved m
   where (m.documents, m.billed, m.paid, m.balance) <> (0, 0, 0, 0)
   order by m.party_type, m.party_id
  on conflict (party_type, party_id, txid) do update
     set documents = s.documents + excluded.documents, billed = s.billed + excluded.billed, paid = s.paid + excluded.paid,
         balance = s.balance + excluded.balance;

  with moved as (delete from public.report_balances_due s where s.txid = v_txid returning s.*)
  insert into public.report_balances_due as s (party_type, due_date, txid, documents, balance)
  select m.party_type, m.due_date, 0, m.documents, m.balance
    from moved m
   where (m.documents, m.balance) <> (0, 0)
   order by m.party_type, m.due_date
  on conflict (party_type, due_date, txid) do update
     set documents = s.documents + excluded.documents, balance = s.balance + excluded.balance;

  with moved as (delete from public.report_stock_totals s where s.txid = v_txid returning s.*)
  insert into public.report_stock_totals as s (location_id, kind, bucket, txid, units, stocked, cost_value, retail_value, in_stock, low, out)
  select m.location_id, m.kind, m.bucket, 0, m.units, m.stocked, m.cost_value, m.retail_value, m.in_stock, m.low, m.out
    from moved m
   where (m.units, m.stocked, m.cost_value, m.retail_value, m.in_stock, m.low, m.out) <> (0, 0, 0, 0, 0, 0, 0)
   order by m.location_id, m.kind, m.bucket
  on conflict (location_id, kind, bucket, txid) do update
     set units = s.units + excluded.units, stocked = s.stocked + excluded.stocked, cost_value = s.cost_value + excluded.cost_value,
         retail_value = s.retail_value + excluded.retail_value, in_stock = s.in_stock + excluded.in_stock, low = s.low + excluded.low,
         out = s.out + excluded.out;

  with moved as (delete from public.report_product_totals s where s.txid = v_txid returning s.*)
  insert into public.report_product_totals as s (kind, bucket, txid, products, units, stocked, cost_value, retail_value, in_stock, low, out)
  select m.kind, m.bucket, 0, m.products, m.units, m.stocked, m.cost_value, m.retail_value, m.in_stock, m.low, m.out
    from moved m
   where (m.products, m.units, m.stocked, m.cost_value, m.retail_value, m.in_stock, m.low, m.out) <> (0, 0, 0, 0, 0, 0, 0, 0)
   order by m.kind, m.bucket
  on conflict (kind, bucket, txid) do update
     set products = s.products + excluded.products, units = s.units + excluded.units, stocked = s.stocked + excluded.stocked,
         cost_value = s.cost_value + excluded.cost_value, retail_value = s.retail_value + excluded.retail_value,
         in_stock = s.in_stock + excluded.in_stock, low = s.low + excluded.low, out = s.out + excluded.out;
  return null;
end;
$$;
revoke execute on function public.report_fold() from public;

create constraint trigger report_pending_fold after insert or update on public.report_pending
deferrable initially deferred for each row execute function public.report_fold();

-- ---- The figures as they are now -------------------------------------------------------------------

insert into public.report_sales_days (day, location_id, document_type, documents, revenue, cost, tax, discount, paid, outstanding)
select day, location_id, document_type, documents, revenue, cost, tax, discount, paid, outstanding from public.report_sales_days_recount;
insert into public.report_sales_types (day, location_id, product_type, lines, quantity, revenue, cost)
select day, location_id, product_type, lines, quantity, revenue, cost from public.report_sales_types_recount;
insert into public.report_sales_products (day, location_id, product_id, quantity, revenue, cost)
select day, location_id, product_id, quantity, revenue, cost from public.report_sales_products_recount;
insert into public.report_sales_product_bounds (location_id, product_id, revenue, profit_bound)
select x.location_id, x.product_id, sum(x.revenue), sum(greatest(x.revenue - x.cost, 0))
  from (select location_id, product_id, revenue, cost from public.report_sales_products
        union all select 0, product_id, revenue, cost from public.report_sales_products) x
 group by x.location_id, x.product_id;
insert into public.report_sales_product_months (month, location_id, product_id, quantity, revenue, cost, profit_bound)
select month, location_id, product_id, quantity, revenue, cost, profit_bound from public.report_sales_product_months_recount;
insert into public.report_sales_methods (day, location_id, payment_method, amount, receipts)
select day, location_id, payment_method, amount, receipts from public.report_sales_methods_recount;
insert into public.report_purchases_days (day, location_id, supplier_id, orders, ordered, received, outstanding, paid, balance, payable)
select day, location_id, supplier_id, orders, ordered, received, outstanding, paid, balance, payable from public.report_purchases_days_recount;
insert into public.report_purchases_months (month, location_id, supplier_id, orders, ordered, received, outstanding, paid, balance, payable)
select date_trunc('month', day::timestamp)::date, location_id, supplier_id, sum(orders), sum(ordered), sum(received), sum(outstanding),
       sum(paid), sum(balance), sum(payable)
  from public.report_purchases_days group by 1, 2, 3;
insert into public.report_purchase_products (day, location_id, product_id, quantity, amount)
select day, location_id, product_id, quantity, amount from public.report_purchase_products_recount;
insert into public.report_purchase_product_bounds (location_id, product_id, amount)
select x.location_id, x.product_id, sum(x.amount)
  from (select location_id, product_id, amount from public.report_purchase_products
        union all select 0, product_id, amount from public.report_purchase_products) x
 group by x.location_id, x.product_id;
insert into public.report_party_balances (party_type, party_id, documents, billed, paid, balance)
select party_type, party_id, documents, billed, paid, balance from public.report_party_balances_recount;
insert into public.report_balances_due (party_type, due_date, documents, balance)
select party_type, due_date, documents, balance from public.report_balances_due_recount;
insert into public.report_stock_totals (location_id, kind, bucket, units, stocked, cost_value, retail_value, in_stock, low, out)
select location_id, kind, 0, units, stocked, cost_value, retail_value, in_stock, low, out from public.report_stock_totals_recount;
insert into public.report_product_totals (kind, bucket, products, units, stocked, cost_value, retail_value, in_stock, low, out)
select kind, 0, products, units, stocked, cost_value, retail_value, in_stock, low, out from public.report_product_totals_recount;

-- Every summary against its count afresh: the keys whose figures differ (none, when all is well).
create function public.report_summary_drift()
returns table (summary text, key jsonb, kept jsonb, recounted jsonb)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  s record;
  v_keys text;
  v_values text;
  v_sums text;
  v_zero text;
begin
  for s in
    select * from (values
      ('report_sales_days', array['day', 'location_id', 'document_type'], array['documents', 'revenue', 'cost', 'tax', 'discount', 'paid', 'outstanding']),
      ('report_sales_types', array['day', 'location_id', 'product_type'], array['lines', 'quantity', 'revenue', 'cost']),
      ('report_sales_product_months', array['month', 'location_id', 'product_id'], array['quantity', 'revenue', 'cost', 'profit_bound']),
      ('report_sales_products', array['day', 'location_id', 'product_id'], array['quantity', 'revenue', 'cost']),
      ('report_sales_product_bounds', array['location_id', 'product_id'], array['revenue', 'profit_bound']),
      ('report_sales_methods', array['day', 'location_id', 'payment_method'], array['amount', 'receipts']),
      ('report_purchases_days', array['day', 'location_id', 'supplier_id'], array['orders', 'ordered', 'received', 'outstanding', 'paid', 'balance', 'payable']),
      ('report_purchases_months', array['month', 'location_id', 'supplier_id'], array['orders', 'ordered', 'received', 'outstanding', 'paid', 'balance', 'payable']),
      ('report_purchase_products', array['day', 'location_id', 'product_id'], array['quantity', 'amount']),
      ('report_purchase_product_bounds', array['location_id', 'product_id'], array['amount']),
      ('report_party_balances', array['party_type', 'party_id'], array['documents', 'billed', 'paid', 'balance']),
      ('report_balances_due', array['party_type', 'due_date'], array['documents', 'balance']),
      ('report_stock_totals', array['location_id', 'kind'], array['units', 'stocked', 'cost_value', 'retail_value', 'in_stock', 'low', 'out']),
      ('report_product_totals', array['kind'], array['products', 'units', 'stocked', 'cost_value', 'retail_value', 'in_stock', 'low', 'out'])
    ) t(name, keys, vals)
  loop
    select string_agg(format('%L, x.%I', k, k), ', ') into v_keys from unnest(s.keys) k;
    select string_agg(format('%L, x.%I', v, v), ', ') into v_values from unnest(s.vals) v;
    select string_agg(format('%L, sum(x.%I)', v, v), ', ') into v_sums from unnest(s.vals) v;
    select string_agg(format('%L, 0', v), ', ') into v_zero from unnest(s.vals) v;
    return query execute format(
      $sql$
      select %1$L::text, coalesce(k.key, r.key), k.vals, r.vals
        from (select jsonb_build_object(%2$s) as key, jsonb_build_object(%4$s) as vals
                from public.%1$I x group by %6$s) k
        full join (select jsonb_build_object(%2$s) as key, jsonb_build_object(%3$s) as vals from public.%7$I x) r on r.key = k.key
       where coalesce(k.vals, jsonb_build_object(%5$s)) <> coalesce(r.vals, jsonb_build_object(%5$s))
      $sql$,
      s.name, v_keys, v_values, v_sums, v_zero,
      (select string_agg(format('x.%I', k), ', ') from unnest(s.keys) k), s.name || '_recount'
    );
  end loop;
end;
$$;
revoke execute on function public.report_summary_drift() from public;

-- ---- Reading ----------------------------------------------------------------------------------------

-- Checks a report's date range: From not after To, at most 3 years.
create function public.report_check_dates(p_date_from date, p_date_to date)
returns void
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  if p_date_from > p_date_to then
    raise exception 'To date must be on or after From date' using errcode = 'WH422', hint = 'dateTo';
  end if;
  if p_date_from < (p_date_to - interval '3 years')::date then
    raise exception 'The date range can be at most 3 years' using errcode = 'WH422', hint = 'dateFrom';
  end if;
end;
$$;
revoke execute on function public.report_check_dates(date, date) from public;

-- Periods of a range: day, week (from Monday) or month; by day up to 62 days unless told.
create function public.report_group(p_date_from date, p_date_to date, p_group text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$ select coalesce(p_group, case when p_date_to - p_date_from + 1 <= 62 then 'day' else 'month' end) $$;
revoke execute on function public.report_group(date, date, text) from public;

create function public.report_periods(p_date_from date, p_date_to date, p_group text)
returns table (period date)
language sql
immutable
security invoker
set search_path = ''
as $$
  select g::date
    from generate_series(date_trunc(p_group, p_date_from::timestamp), date_trunc(p_group, p_date_to::timestamp), ('1 ' || p_group)::interval) g
$$;
revoke execute on function public.report_periods(date, date, text) from public;

-- The p_limit best products of a range by p_order: sold ('sale': revenue or profit) or bought
-- ('purchase': amount, answered as revenue). Adding up every product of a long range costs too much,
-- so the products are first cut to those whose bound (report_*_bounds over all time, or
-- report_sales_product_months over the months the range touches: never below their figure in the
-- range) reaches the p_limit-th best figure among a few with the highest bounds. Exact; when neither
-- leaves few enough, every product of the range is added up. Sales add up the range's whole months
-- from the month rows and its cut ends from the day rows.
create function public.report_top_products(
  p_source text, p_date_from date, p_date_to date, p_location_id bigint, p_order text, p_limit integer
)
returns table (product_id bigint, quantity bigint, revenue numeric, cost numeric)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_bound text := case p_order when 'profit' then 'profit_bound' when 'revenue' then 'revenue' else 'amount' end;
  v_value text := case p_order when 'profit' then 'sum(x.revenue) - sum(x.cost)' else 'sum(x.revenue)' end;
  v_location bigint := coalesce(p_location_id, 0);
  -- The whole months of the range: [v_whole_from, v_whole_to).
  v_whole_from date := (date_trunc('month', (p_date_from - 1)::timestamp) + interval '1 month')::date;
  v_whole_to date := date_trunc('month', (p_date_to + 1)::timestamp)::date;
  v_rows text;
  v_sums text;
  v_tries text[];
  v_try text;
  v_bounds text;
  v_months date[];
  v_seeds bigint[];
  v_threshold numeric;
  v_found integer;
  v_candidates bigint[];
begin
  if v_whole_from >= v_whole_to then
    v_whole_from := p_date_from;
    v_whole_to := p_date_from;
  end if;
  -- The rows of the range (of the products in $6 when %1$s is given); the parameters are the same in
  -- every statement: $1, $2 the range, $3 the branch or null, $4 the limit, $5 the branch or 0,
  -- $6 products, $7 months, $8, $9 the whole months, $10 the bar, $11 how many months.
  if p_source = 'sale' then
    v_rows := $sql$
      (select m.product_id, m.quantity, m.revenue, m.cost from public.report_sales_product_months m
        where m.location_id = $5 and m.month >= $8 and m.month < $9 %1$s
       union all
       select d.product_id, d.quantity, d.revenue, d.cost from public.report_sales_products d
        where d.day between $1 and $2 and not (d.day >= $8 and d.day < $9) and ($3::bigint is null or d.location_id = $3) %2$s) x$sql$;
  else
    v_rows := $sql$
      (select d.product_id, d.quantity, d.amount as revenue, 0::numeric as cost from public.report_purchase_products d
        where d.day between $1 and $2 and ($3::bigint is null or d.location_id = $3) %2$s) x$sql$;
  end if;
  v_sums := 'select x.product_id, sum(x.quantity)::bigint as quantity, sum(x.revenue) as revenue, sum(x.cost) as cost from '
            || format(v_rows, ' and m.product_id = any($6)', ' and d.product_id = any($6)')
            || format(' group by x.product_id order by %s desc, x.product_id limit $4', v_value);

  -- The bounds that fit the range best first: its months for up to two, all time for longer ones.
  v_tries := case
    when p_source <> 'sale' then case when p_date_to - p_date_from >= 62 then array['all'] else array[]::text[] end
    when p_date_to - p_date_from < 62 then array['months']
    when p_date_to - p_date_from < 366 then array['all', 'months']
    else array['all'] end;
  foreach v_try in array v_tries loop
    if v_try = 'months' then
      v_bounds := 'report_sales_product_months';
      v_months := array(select m.period from public.report_periods(p_date_from, p_date_to, 'month') m);
    else
      v_bounds := case p_source when 'sale' then 'report_sales_product_bounds' else 'report_purchase_product_bounds' end;
      v_months := null;
    end if;
    -- The highest bounds (of each month): the p_limit-th best figure among them is the bar.
    execute format(
      'select array_agg(distinct s.product_id)
         from unnest(coalesce($7, array[null::date])) m(month)
         cross join lateral (select b.product_id from public.%I b where b.location_id = $5 and b.txid = 0 %s
                              order by b.%I desc limit $4 * 3) s',
      v_bounds, case when v_months is null then '' else 'and b.month = m.month' end, v_bound
    ) into v_seeds using p_date_from, p_date_to, p_location_id, p_limit, v_location, null::bigint[], v_months;
    execute format('select min(t.value), count(*)::integer from (select %s as value from %s group by x.product_id order by 1 desc limit $4) t',
                   v_value, format(v_rows, ' and m.product_id = any($6)', ' and d.product_id = any($6)'))
       into v_threshold, v_found
      using p_date_from, p_date_to, p_location_id, p_limit, v_location, v_seeds, v_months, v_whole_from, v_whole_to;
    if v_found = p_limit and v_threshold > 0 then
      -- Bounds adding up to the bar: at least one of the k months reaches a k-th of it. Too many
      -- such products and this try gives up, having read only a bounded part of an index.
      execute format(
        'select array(select b.product_id from public.%I b where b.location_id = $5 and b.txid = 0 %s and b.%I >= $10 / $11 limit 10001)',
        v_bounds, case when v_months is null then '' else 'and b.month = any($7)' end, v_bound
      ) into v_candidates
        using p_date_from, p_date_to, p_location_id, p_limit, v_location, null::bigint[], v_months, v_whole_from, v_whole_to,
              v_threshold, greatest(cardinality(v_months), 1);
      if cardinality(v_candidates) <= 10000 and cardinality(v_months) > 1 then
        execute format(
          'select array(select c.product_id from public.%I c where c.location_id = $5 and c.txid = 0 and c.month = any($7)
                          and c.product_id = any($6) group by c.product_id having sum(c.%I) >= $10)',
          v_bounds, v_bound
        ) into v_candidates using p_date_from, p_date_to, p_location_id, p_limit, v_location, v_candidates, v_months, v_whole_from,
                                  v_whole_to, v_threshold;
      end if;
      if cardinality(v_candidates) <= 2000 then
        return query execute v_sums
          using p_date_from, p_date_to, p_location_id, p_limit, v_location, v_candidates, v_months, v_whole_from, v_whole_to;
        return;
      end if;
    end if;
  end loop;
  return query execute 'select x.product_id, sum(x.quantity)::bigint as quantity, sum(x.revenue) as revenue, sum(x.cost) as cost from '
                       || format(v_rows, '', '') || format(' group by x.product_id order by %s desc, x.product_id limit $4', v_value)
    using p_date_from, p_date_to, p_location_id, p_limit, v_location, null::bigint[], null::date[], v_whole_from, v_whole_to;
end;
$$;
revoke execute on function public.report_top_products(text, date, date, bigint, text, integer) from public;

-- The top products as the reports list them, with the product's name and kind.
create function public.report_top_products_json(
  p_source text, p_date_from date, p_date_to date, p_location_id bigint, p_order text, p_limit integer
)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(
           case when p_source = 'sale' then
             jsonb_build_object('product_id', t.product_id, 'product_name', p.name, 'product_type', p.kind, 'quantity', t.quantity,
                                'revenue', t.revenue, 'cost', t.cost, 'gross_profit', t.revenue - t.cost)
           else
             jsonb_build_object('product_id', t.product_id, 'product_name', p.name, 'product_type', p.kind, 'quantity', t.quantity,
                                'amount', t.revenue)
           end order by t.ord), '[]'::jsonb)
    from public.report_top_products(p_source, p_date_from, p_date_to, p_location_id, p_order, p_limit) with ordinality t(product_id, quantity, revenue, cost, ord)
    join public.products p on p.id = t.product_id
$$;
revoke execute on function public.report_top_products_json(text, date, date, bigint, text, integer) from public;

create function public.report_margin(p_revenue numeric, p_cost numeric)
returns numeric
language sql
immutable
security invoker
set search_path = ''
as $$ select case when p_revenue = 0 then null else round((p_revenue - p_cost) * 100 / p_revenue, 1) end $$;
revoke execute on function public.report_margin(numeric, numeric) from public;

-- GET /api/reports/sales
create function public.report_sales(p_date_from date, p_date_to date, p_group text, p_location_id bigint)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_to date := coalesce(p_date_to, current_date);
  v_from date := coalesce(p_date_from, date_trunc('month', coalesce(p_date_to, current_date)::timestamp)::date);
  v_group text;
  v_totals jsonb;
  v_series jsonb;
  v_types jsonb;
  v_locations jsonb;
  v_methods jsonb;
begin
  perform public.report_check_dates(v_from, v_to);
  v_group := public.report_group(v_from, v_to, p_group);

  select jsonb_build_object(
           'revenue', coalesce(sum(s.revenue), 0), 'cost', coalesce(sum(s.cost), 0),
           'gross_profit', coalesce(sum(s.revenue), 0) - coalesce(sum(s.cost), 0),
           'margin_percent', public.report_margin(coalesce(sum(s.revenue), 0), coalesce(sum(s.cost), 0)),
           'tax', coalesce(sum(s.tax), 0), 'discount', coalesce(sum(s.discount), 0), 'paid', coalesce(sum(s.paid), 0),
           'outstanding', coalesce(sum(s.outstanding), 0), 'count', coalesce(sum(s.documents), 0))
    into v_totals
    from public.report_sales_days s
   where s.day between v_from and v_to and (p_location_id is null or s.location_id = p_location_id);

  select jsonb_agg(jsonb_build_object(
           'period', p.period, 'revenue', coalesce(x.revenue, 0), 'cost', coalesce(x.cost, 0),
           'gross_profit', coalesce(x.revenue, 0) - coalesce(x.cost, 0), 'count', coalesce(x.documents, 0)) order by p.period)
    into v_series
    from public.report_periods(v_from, v_to, v_group) p
    left join (select date_trunc(v_group, s.day::timestamp)::date as period, sum(s.revenue) as revenue, sum(s.cost) as cost,
                      sum(s.documents) as documents
                 from public.report_sales_days s
                where s.day between v_from and v_to and (p_location_id is null or s.location_id = p_location_id)
                group by 1) x on x.period = p.period;

  select jsonb_agg(jsonb_build_object(
           'product_type', t.product_type, 'quantity', coalesce(x.quantity, 0), 'revenue', coalesce(x.revenue, 0),
           'cost', coalesce(x.cost, 0), 'gross_profit', coalesce(x.revenue, 0) - coalesce(x.cost, 0)) order by t.ord)
    into v_types
    from unnest(array['tire', 'battery', 'wiper', 'service', 'item']) with ordinality t(product_type, ord)
    left join (select s.product_type, sum(s.quantity) as quantity, sum(s.revenue) as revenue, sum(s.cost) as cost
                 from public.report_sales_types s
                where s.day between v_from and v_to and (p_location_id is null or s.location_id = p_location_id)
                group by s.product_type) x on x.product_type = t.product_type;

  select coalesce(jsonb_agg(jsonb_build_object(
           'location', jsonb_build_object('id', l.id, 'name', l.name), 'revenue', coalesce(x.revenue, 0), 'cost', coalesce(x.cost, 0),
           'gross_profit', coalesce(x.revenue, 0) - coalesce(x.cost, 0), 'count', coalesce(x.documents, 0)) order by lower(l.name), l.id), '[]'::jsonb)
    into v_locations
    from public.locations l
    left join (select s.location_id, sum(s.revenue) as revenue, sum(s.cost) as cost, sum(s.documents) as documents
                 from public.report_sales_days s
                where s.day between v_from and v_to
                group by s.location_id) x on x.location_id = l.id
   where p_location_id is null or l.id = p_location_id;

  select jsonb_agg(jsonb_build_object('payment_method', t.method, 'amount', coalesce(x.amount, 0), 'count', coalesce(x.receipts, 0)) order by t.ord)
    into v_methods
    from unnest(array['cash', 'credit_card', 'bank_transfer', 'cheque']) with ordinality t(method, ord)
    left join (select s.payment_method, sum(s.amount) as amount, sum(s.receipts) as receipts
                 from public.report_sales_methods s
                where s.day between v_from and v_to and (p_location_id is null or s.location_id = p_location_id)
                group by s.payment_method) x on x.payment_method = t.method;

  return jsonb_build_object(
    'filters', jsonb_build_object('dateFrom', v_from, 'dateTo', v_to, 'group', v_group, 'location_id', p_location_id),
    'totals', v_totals,
    'series', v_series,
    'by_product_type', v_types,
    'by_location', v_locations,
    'by_payment_method', v_methods,
    'top_by_revenue', public.report_top_products_json('sale', v_from, v_to, p_location_id, 'revenue', 10),
    'top_by_profit', public.report_top_products_json('sale', v_from, v_to, p_location_id, 'profit', 10)
  );
end;
$$;
revoke execute on function public.report_sales(date, date, text, bigint) from public;

-- GET /api/reports/purchases. Whole months of the range come from the monthly rows, the days of a
-- month cut by the range from the daily ones (series by day or week: all daily).
create function public.report_purchases(p_date_from date, p_date_to date, p_group text, p_location_id bigint, p_supplier_id bigint)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
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
       and (p_location_id is null or d.location_id = p_location_id) and (p_supplier_id is null or d.supplier_id = p_supplier_id))
  select
    (select jsonb_build_object(
              'ordered', coalesce(sum(r.ordered), 0), 'received', coalesce(sum(r.received), 0), 'outstanding', coalesce(sum(r.outstanding), 0),
              'paid', coalesce(sum(r.paid), 0), 'balance', coalesce(sum(r.balance), 0), 'count', coalesce(sum(r.orders), 0))
       from rows r),
    (select jsonb_agg(jsonb_build_object(
              'period', p.period, 'ordered', coalesce(x.ordered, 0), 'received', coalesce(x.received, 0), 'count', coalesce(x.orders, 0))
              order by p.period)
       from public.report_periods(v_from, v_to, v_group) p
       left join (select r.period, sum(r.ordered) as ordered, sum(r.received) as received, sum(r.orders) as orders
                    from rows r group by r.period) x on x.period = p.period),
    (select coalesce(jsonb_agg(jsonb_build_object(
              'supplier', jsonb_build_object('id', s.id, 'name', s.name), 'ordered', x.ordered, 'received', x.received,
              'outstanding', x.outstanding, 'paid', x.paid, 'balance', x.balance, 'count', x.orders)
              order by x.ordered desc, lower(s.name), s.id), '[]'::jsonb)
       from (select r.supplier_id, sum(r.ordered) as ordered, sum(r.received) as received, sum(r.outstanding) as outstanding,
                    sum(r.paid) as paid, sum(r.balance) as balance, sum(r.orders) as orders
               from rows r group by r.supplier_id having sum(r.orders) <> 0) x
       join public.suppliers s on s.id = x.supplier_id)
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

-- GET /api/reports/tire-sales: tire lines of sent invoices and completed sales, newest first, with
-- { data (a page), total }. The DOT is matched as a literal prefix, wildcards escaped, so its index
-- serves; with no DOT nor brand the total comes from the kept line counts.
create function public.report_tire_sales(
  p_dot text, p_tire_brand_id bigint, p_date_from date, p_date_to date, p_limit integer, p_offset integer
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_to date := coalesce(p_date_to, current_date);
  v_from date := coalesce(p_date_from, (coalesce(p_date_to, current_date) - interval '12 months')::date);
  v_dot text := nullif(btrim(coalesce(p_dot, '')), '');
  v_match text := '';
  v_brand text := '';
  v_lines text;
  v_page jsonb;
  v_total integer;
begin
  perform public.report_check_dates(v_from, v_to);
  if v_dot is not null then
    v_match := format(' and lower(x.dot) like %L', replace(replace(replace(lower(v_dot), '\', '\\'), '%', '\%'), '_', '\_') || '%');
  end if;
  if p_tire_brand_id is not null then
    v_brand := ' and exists (select 1 from public.tires t where t.product_id = x.product_id and t.tire_brand_id = $3)';
  end if;
  -- Each side newest first; with no DOT nor brand, only the first offset + limit of each side can be
  -- on the page, and the documents' date indexes give them without reading the rest.
  v_lines := format(
    $sql$
    (select x.id as line_id, 'Invoice' as document_type, i.id as document_id, i.issued_date as date
       from public.invoices i join public.invoice_items x on x.invoice_id = i.id
      where x.product_type = 'tire' and i.status = 'sent' and i.issued_date between $1 and $2 %1$s
      %2$s)
    union all
    (select x.id, 'Sale', s.id, s.sale_date
       from public.sales s join public.sale_items x on x.sale_id = s.id
      where x.product_type = 'tire' and s.status = 'completed' and s.sale_date between $1 and $2 %1$s
      %3$s)
    $sql$,
    v_match || v_brand,
    case when v_dot is null and p_tire_brand_id is null then 'order by i.issued_date desc, i.id desc, x.id limit $4 + $5' else '' end,
    case when v_dot is null and p_tire_brand_id is null then 'order by s.sale_date desc, s.id desc, x.id limit $4 + $5' else '' end);
  -- The page and, with a DOT or a brand, the count of every match in one pass over the matches.
  execute format(
    $sql$
    with page as (
      select l.*, %s as total
        from (%s) l
       order by l.date desc, l.document_type, l.document_id desc, l.line_id
       limit $4 offset $5)
    select (select max(p.total)::integer from page p),
           coalesce(jsonb_agg(jsonb_build_object(
             'dot', x.dot, 'brand', b.name, 'size', t.size, 'product_id', x.product_id, 'product_name', x.product_name,
             'quantity', x.quantity, 'date', l.date, 'document_type', l.document_type, 'document_id', l.document_id,
             'document_number', coalesce(i.number, s.number),
             'customer', jsonb_build_object('id', c.id, 'name', c.name, 'phone', c.phone))
             order by l.date desc, l.document_type, l.document_id desc, l.line_id), '[]'::jsonb)
      from page l
      left join public.invoice_items ix on l.document_type = 'Invoice' and ix.id = l.line_id
      left join public.sale_items sx on l.document_type = 'Sale' and sx.id = l.line_id
      cross join lateral (select coalesce(ix.dot, sx.dot) as dot, coalesce(ix.product_id, sx.product_id) as product_id,
                                 coalesce(ix.product_name, sx.product_name) as product_name, coalesce(ix.quantity, sx.quantity) as quantity) x
      left join public.invoices i on l.document_type = 'Invoice' and i.id = l.document_id
      left join public.sales s on l.document_type = 'Sale' and s.id = l.document_id
      join public.customers c on c.id = coalesce(i.customer_id, s.customer_id)
      left join public.tires t on t.product_id = x.product_id
      left join public.tire_brands b on b.id = t.tire_brand_id
    $sql$,
    case when v_dot is null and p_tire_brand_id is null then 'null::bigint' else 'count(*) over ()' end, v_lines
  ) into v_total, v_page using v_from, v_to, p_tire_brand_id, p_limit, p_offset;
  if v_dot is null and p_tire_brand_id is null then
    -- Every tire line of the range: counted by the summary rather than one by one.
    select coalesce(sum(t.lines), 0)::integer into v_total
      from public.report_sales_types t where t.product_type = 'tire' and t.day between v_from and v_to;
  elsif v_total is null then
    -- A page past the end.
    execute format('select count(*)::integer from (%s) l', v_lines) into v_total using v_from, v_to, p_tire_brand_id;
  end if;
  return jsonb_build_object('data', v_page, 'total', v_total,
                            'filters', jsonb_build_object('dot', v_dot, 'tire_brand_id', p_tire_brand_id, 'dateFrom', v_from, 'dateTo', v_to));
end;
$$;
revoke execute on function public.report_tire_sales(text, bigint, date, date, integer, integer) from public;

-- The latest date a customer's ('customer') or supplier's balance moved on: a posted document's date
-- or a payment's. From then on, balances as at a date are the documents' balances now.
create function public.report_latest_date(p_party text)
returns date
language sql
stable
security invoker
set search_path = ''
as $$
  select case p_party
    when 'customer' then greatest(
      (select max(i.issued_date) from public.invoices i where i.status = 'sent'),
      (select max(s.sale_date) from public.sales s where s.status = 'completed'),
      (select max(r.receipt_date) from public.receipts r where r.receiptable_type in ('Invoice', 'Sale')))
    else greatest(
      (select max(p.purchase_date) from public.purchases p where p.status in ('ordered', 'received')),
      (select max(r.receipt_date) from public.receipts r where r.receiptable_type = 'Purchase'))
  end
$$;
revoke execute on function public.report_latest_date(text) from public;

-- Documents of customers or suppliers (p_party_ids, or all when null) with a balance other than 0 as
-- at p_as_of: dated on or before it, less the payments dated on or before it. That is a document's
-- balance now plus what was paid on it after p_as_of, so the documents to look at are those open now
-- (found by index) and those settled now but paid after p_as_of (found from the receipts of those
-- days); on or after the latest date anything moved on, the first alone.
create function public.report_open_documents(p_party text, p_as_of date, p_party_ids bigint[])
returns table (
  document_type text, id bigint, party_id bigint, number text, date date, due_date date, net_amount numeric, paid numeric, balance numeric
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if p_as_of >= coalesce(public.report_latest_date(p_party), p_as_of) then
    if p_party = 'customer' then
      return query
      select 'Invoice'::text, i.id, i.customer_id, i.number, i.issued_date, coalesce(i.due_date, i.issued_date), i.net_amount, i.total_paid, i.balance_due
        from public.invoices i
       where i.status = 'sent' and i.balance_due <> 0 and (p_party_ids is null or i.customer_id = any(p_party_ids))
      union all
      select 'Sale', s.id, s.customer_id, s.number, s.sale_date, s.sale_date, s.net_amount, s.total_paid, s.balance_due
        from public.sales s
       where s.status = 'completed' and s.balance_due <> 0 and (p_party_ids is null or s.customer_id = any(p_party_ids));
    else
      return query
      select 'Purchase'::text, p.id, p.supplier_id, p.number, p.purchase_date, coalesce(p.expected_delivery_date, p.purchase_date),
             p.net_amount, p.total_paid, p.balance_due
        from public.purchases p
       where p.status in ('ordered', 'received') and p.balance_due <> 0 and (p_party_ids is null or p.supplier_id = any(p_party_ids));
    end if;
    return;
  end if;
  if p_party = 'customer' then
    return query
    with paid_since as (
           select r.receiptable_type as document_type, r.receiptable_id as id, sum(case when r.type = 'refund' then -r.amount else r.amount end) as amount
             from public.receipts r
            where r.receipt_date > p_as_of and r.receiptable_type in ('Invoice', 'Sale')
              and (p_party_ids is null or r.customer_id = any(p_party_ids))
            group by 1, 2),
         documents as (
           select 'Invoice'::text as document_type, i.id, i.customer_id as party_id, i.number, i.issued_date as date,
                  coalesce(i.due_date, i.issued_date) as due_date, i.net_amount, i.total_paid, i.balance_due
             from public.invoices i
            where i.status = 'sent' and i.balance_due <> 0 and i.issued_date <= p_as_of and (p_party_ids is null or i.customer_id = any(p_party_ids))
           union all
           select 'Invoice', i.id, i.customer_id, i.number, i.issued_date, coalesce(i.due_date, i.issued_date), i.net_amount, i.total_paid, i.balance_due
             from paid_since l join public.invoices i on i.id = l.id
            where l.document_type = 'Invoice' and i.status = 'sent' and i.balance_due = 0 and i.issued_date <= p_as_of
           union all
           select 'Sale', s.id, s.customer_id, s.number, s.sale_date, s.sale_date, s.net_amount, s.total_paid, s.balance_due
             from public.sales s
            where s.status = 'completed' and s.balance_due <> 0 and s.sale_date <= p_as_of and (p_party_ids is null or s.customer_id = any(p_party_ids))
           union all
           select 'Sale', s.id, s.customer_id, s.number, s.sale_date, s.sale_date, s.net_amount, s.total_paid, s.balance_due
             from paid_since l join public.sales s on s.id = l.id
            where l.document_type = 'Sale' and s.status = 'completed' and s.balance_due = 0 and s.sale_date <= p_as_of)
    select d.document_type, d.id, d.party_id, d.number, d.date, d.due_date, d.net_amount,
           d.total_paid - coalesce(l.amount, 0), d.balance_due + coalesce(l.amount, 0)
      from documents d
      left join paid_since l on l.document_type = d.document_type and l.id = d.id
     where d.balance_due + coalesce(l.amount, 0) <> 0;
  else
    return query
    with paid_since as (
           select r.receiptable_id as id, sum(case when r.type = 'refund' then -r.amount else r.amount end) as amount
             from public.receipts r
            where r.receipt_date > p_as_of and r.receiptable_type = 'Purchase'
              and (p_party_ids is null or r.supplier_id = any(p_party_ids))
            group by 1),
         documents as (
           select p.id, p.supplier_id as party_id, p.number, p.purchase_date as date, coalesce(p.expected_delivery_date, p.purchase_date) as due_date,
                  p.net_amount, p.total_paid, p.balance_due
             from public.purchases p
            where p.status in ('ordered', 'received') and p.balance_due <> 0 and p.purchase_date <= p_as_of
              and (p_party_ids is null or p.supplier_id = any(p_party_ids))
           union all
           select p.id, p.supplier_id, p.number, p.purchase_date, coalesce(p.expected_delivery_date, p.purchase_date), p.net_amount, p.total_paid, p.balance_due
             from paid_since l join public.purchases p on p.id = l.id
            where p.status in ('ordered', 'received') and p.balance_due = 0 and p.purchase_date <= p_as_of)
    select 'Purchase'::text, d.id, d.party_id, d.number, d.date, d.due_date, d.net_amount,
           d.total_paid - coalesce(l.amount, 0), d.balance_due + coalesce(l.amount, 0)
      from documents d
      left join paid_since l on l.id = d.id
     where d.balance_due + coalesce(l.amount, 0) <> 0;
  end if;
end;
$$;
revoke execute on function public.report_open_documents(text, date, bigint[]) from public;

-- A balance row's figures, by how late its documents are at p_as_of. A one-row table function
-- without a search_path of its own, so that the queries calling it once per open document inline
-- it; it uses built-ins only, which resolve in pg_catalog before any other schema.
create function public.report_ageing(p_as_of date, p_due_date date, p_balance numeric)
returns table (not_due numeric, days_1_30 numeric, days_31_60 numeric, days_61_90 numeric, days_over_90 numeric)
language sql
immutable
security invoker
as $$
  select case when p_as_of - p_due_date <= 0 then p_balance else 0 end,
         case when p_as_of - p_due_date between 1 and 30 then p_balance else 0 end,
         case when p_as_of - p_due_date between 31 and 60 then p_balance else 0 end,
         case when p_as_of - p_due_date between 61 and 90 then p_balance else 0 end,
         case when p_as_of - p_due_date > 90 then p_balance else 0 end
$$;
revoke execute on function public.report_ageing(date, date, numeric) from public;

-- GET /api/reports/customer-balance and supplier-balance: { as_of, data (a page), totals, total }.
-- With no search, on or after the latest date anything moved on, the parties come in balance order
-- from the kept balances and the totals' ageing from the balances kept per due date.
create function public.report_balances(p_party text, p_as_of date, p_search text, p_limit integer, p_offset integer)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_as_of date := coalesce(p_as_of, current_date);
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_id_key text := p_party || '_id';
  v_count_key text := p_party || 's';
  v_rows jsonb;
  v_totals jsonb;
  v_total integer;
begin
  if v_search is null and v_as_of >= coalesce(public.report_latest_date(p_party), v_as_of) then
    select count(*)::integer into v_total
      from public.report_party_balances b where b.party_type = p_party and b.txid = 0 and b.documents > 0;
    with page as (
      select b.party_id, b.billed, b.paid, b.balance
        from public.report_party_balances b
       where b.party_type = p_party and b.txid = 0 and b.documents > 0
       order by b.balance desc, b.party_id
       limit p_limit offset p_offset),
    ages as (
      select o.party_id, sum(a.not_due) as not_due, sum(a.days_1_30) as days_1_30, sum(a.days_31_60) as days_31_60,
             sum(a.days_61_90) as days_61_90, sum(a.days_over_90) as days_over_90
        from public.report_open_documents(p_party, v_as_of, (select coalesce(array_agg(page.party_id), '{}') from page)) o
        cross join lateral public.report_ageing(v_as_of, o.due_date, o.balance) a
       group by o.party_id)
    select coalesce(jsonb_agg(jsonb_build_object(
             v_id_key, pg.party_id, 'name', pt.name, 'phone', pt.phone, 'billed', pg.billed, 'paid', pg.paid, 'balance', pg.balance,
             'current', coalesce(a.not_due, 0), 'days_1_30', coalesce(a.days_1_30, 0), 'days_31_60', coalesce(a.days_31_60, 0),
             'days_61_90', coalesce(a.days_61_90, 0), 'days_over_90', coalesce(a.days_over_90, 0))
             order by pg.balance desc, pg.party_id), '[]'::jsonb)
      into v_rows
      from page pg
      join public.report_parties pt on pt.party_type = p_party and pt.id = pg.party_id
      left join ages a on a.party_id = pg.party_id;
    select jsonb_build_object('billed', coalesce(sum(b.billed), 0), 'paid', coalesce(sum(b.paid), 0), 'balance', coalesce(sum(b.balance), 0))
           || (select jsonb_build_object(
                 'current', coalesce(sum(a.not_due), 0), 'days_1_30', coalesce(sum(a.days_1_30), 0), 'days_31_60', coalesce(sum(a.days_31_60), 0),
                 'days_61_90', coalesce(sum(a.days_61_90), 0), 'days_over_90', coalesce(sum(a.days_over_90), 0))
                 from public.report_balances_due d
                 cross join lateral public.report_ageing(v_as_of, d.due_date, d.balance) a
                where d.party_type = p_party and d.txid = 0)
           || jsonb_build_object(v_count_key, v_total)
      into v_totals
      from public.report_party_balances b
     where b.party_type = p_party and b.txid = 0 and b.documents > 0;
  else
    with parties as (
      select pt.id, pt.name, pt.phone
        from public.report_parties pt
       where pt.party_type = p_party
         and (v_search is null or strpos(lower(pt.name), v_search) > 0 or strpos(lower(pt.phone), v_search) > 0)),
    owed as (
      select o.party_id, sum(o.net_amount) as billed, sum(o.paid) as paid, sum(o.balance) as balance, sum(a.not_due) as not_due,
             sum(a.days_1_30) as days_1_30, sum(a.days_31_60) as days_31_60, sum(a.days_61_90) as days_61_90,
             sum(a.days_over_90) as days_over_90
        from public.report_open_documents(p_party, v_as_of, case when v_search is null then null else (select coalesce(array_agg(parties.id), '{}') from parties) end) o
        cross join lateral public.report_ageing(v_as_of, o.due_date, o.balance) a
       group by o.party_id),
    listed as (
      select pt.id, pt.name, pt.phone, w.* from owed w join parties pt on pt.id = w.party_id)
    select (select count(*)::integer from listed),
           (select coalesce(jsonb_agg(jsonb_build_object(
                     v_id_key, l.id, 'name', l.name, 'phone', l.phone, 'billed', l.billed, 'paid', l.paid, 'balance', l.balance,
                     'current', l.not_due, 'days_1_30', l.days_1_30, 'days_31_60', l.days_31_60, 'days_61_90', l.days_61_90,
                     'days_over_90', l.days_over_90) order by l.balance desc, l.id), '[]'::jsonb)
              from (select * from listed order by balance desc, id limit p_limit offset p_offset) l),
           (select jsonb_build_object(
                     'billed', coalesce(sum(l.billed), 0), 'paid', coalesce(sum(l.paid), 0), 'balance', coalesce(sum(l.balance), 0),
                     'current', coalesce(sum(l.not_due), 0), 'days_1_30', coalesce(sum(l.days_1_30), 0),
                     'days_31_60', coalesce(sum(l.days_31_60), 0), 'days_61_90', coalesce(sum(l.days_61_90), 0),
                     'days_over_90', coalesce(sum(l.days_over_90), 0), v_count_key, count(*))
              from listed l)
      into v_total, v_rows, v_totals;
  end if;
  return jsonb_build_object('as_of', v_as_of, 'data', v_rows, 'totals', v_totals, 'total', v_total);
end;
$$;
revoke execute on function public.report_balances(text, date, text, integer, integer) from public;

-- GET /api/reports/customer-balance/{id} and supplier-balance/{id}: the party's open documents at
-- p_as_of, oldest first; null when there is no such party.
create function public.report_statement(p_party text, p_party_id bigint, p_as_of date)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_as_of date := coalesce(p_as_of, current_date);
  v_party jsonb;
  v_documents jsonb;
  v_totals jsonb;
begin
  select case when p_party = 'customer'
              then jsonb_build_object('id', pt.id, 'name', pt.name, 'phone', pt.phone, 'email', pt.email, 'address', pt.address)
              else jsonb_build_object('id', pt.id, 'name', pt.name, 'phone', pt.phone, 'email', pt.email, 'address', pt.address,
                                      'contact_person', pt.contact_person) end
    into v_party
    from public.report_parties pt where pt.party_type = p_party and pt.id = p_party_id;
  if v_party is null then
    return null;
  end if;
  with documents as (
    select o.*, a.* from public.report_open_documents(p_party, v_as_of, array[p_party_id]) o
    cross join lateral public.report_ageing(v_as_of, o.due_date, o.balance) a)
  select coalesce(jsonb_agg(jsonb_build_object(
           'type', d.document_type, 'id', d.id, 'number', d.number, 'date', d.date, 'due_date', d.due_date, 'net_amount', d.net_amount,
           'paid', d.paid, 'balance', d.balance, 'days_overdue', greatest(v_as_of - d.due_date, 0)) order by d.date, d.due_date, d.id), '[]'::jsonb),
         jsonb_build_object(
           'billed', coalesce(sum(d.net_amount), 0), 'paid', coalesce(sum(d.paid), 0), 'balance', coalesce(sum(d.balance), 0),
           'current', coalesce(sum(d.not_due), 0), 'days_1_30', coalesce(sum(d.days_1_30), 0), 'days_31_60', coalesce(sum(d.days_31_60), 0),
           'days_61_90', coalesce(sum(d.days_61_90), 0), 'days_over_90', coalesce(sum(d.days_over_90), 0))
    into v_documents, v_totals
    from documents d;
  return jsonb_build_object('as_of', v_as_of, p_party, v_party, 'documents', v_documents, 'totals', v_totals);
end;
$$;
revoke execute on function public.report_statement(text, bigint, date) from public;

-- GET /api/reports/inventory-summary. Stock rows at or below their product's low-stock level (the
-- bell's rule, at each branch) come lowest first; the count is kept with the stock totals.
create function public.report_inventory_summary(p_location_id bigint)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_summary jsonb;
  v_totals jsonb;
  v_low jsonb;
  v_low_total integer;
begin
  with types(kind, label, ord) as (values ('tire', 'Tires', 1), ('battery', 'Batteries', 2), ('wiper', 'Wipers', 3)),
       stock as (
         select t.location_id, t.kind, sum(t.units) as units, sum(t.stocked) as stocked, sum(t.cost_value) as cost_value,
                sum(t.retail_value) as retail_value
           from public.report_stock_totals t
          where p_location_id is null or t.location_id = p_location_id
          group by t.location_id, t.kind)
  select coalesce(jsonb_agg(jsonb_build_object(
           'product_type', ty.label, 'location', jsonb_build_object('id', l.id, 'name', l.name),
           'total_quantity', coalesce(s.units, 0), 'unique_products', coalesce(s.stocked, 0),
           'cost_value', coalesce(s.cost_value, 0), 'retail_value', coalesce(s.retail_value, 0)) order by lower(l.name), l.id, ty.ord), '[]'::jsonb)
    into v_summary
    from public.locations l
    cross join types ty
    left join stock s on s.location_id = l.id and s.kind = ty.kind
   where p_location_id is null or l.id = p_location_id;

  with types(kind, label, ord) as (values ('tire', 'Tires', 1), ('battery', 'Batteries', 2), ('wiper', 'Wipers', 3)),
       stock as (
         select t.kind, sum(t.units) as units, sum(t.stocked) as stocked, sum(t.cost_value) as cost_value, sum(t.retail_value) as retail_value
           from public.report_stock_totals t where t.location_id = p_location_id group by t.kind
         union all
         select t.kind, sum(t.units), sum(t.stocked), sum(t.cost_value), sum(t.retail_value)
           from public.report_product_totals t where p_location_id is null group by t.kind)
  select jsonb_agg(jsonb_build_object(
           'product_type', ty.label, 'total_quantity', coalesce(s.units, 0), 'unique_products', coalesce(s.stocked, 0),
           'cost_value', coalesce(s.cost_value, 0), 'retail_value', coalesce(s.retail_value, 0)) order by ty.ord)
    into v_totals
    from types ty left join stock s on s.kind = ty.kind;

  select coalesce(sum(t.low + t.out), 0)::integer into v_low_total
    from public.report_stock_totals t where p_location_id is null or t.location_id = p_location_id;

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
           where p.active and p.kind <> 'service' and s.quantity <= p.low_stock_at
             and (p_location_id is null or s.location_id = p_location_id)
           order by s.quantity, s.product_id, s.location_id
           limit 100) x
    join public.locations l on l.id = x.location_id
    left join public.tires t on t.product_id = x.product_id
    left join public.wipers w on w.product_id = x.product_id;

  return jsonb_build_object('summary', v_summary, 'totals', v_totals, 'low_stock_items', v_low, 'low_stock_total', v_low_total);
end;
$$;
revoke execute on function public.report_inventory_summary(bigint) from public;

-- GET /api/dashboard, for every branch or one. Activity made together (a sale and its payment, a
-- shop's opening data) comes latest-dated first.
create function public.report_dashboard(p_location_id bigint)
returns jsonb
language plpgsql
stable
security invoker
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

  if p_location_id is null then
    select coalesce(sum(t.products), 0)::integer as products, coalesce(sum(t.units), 0)::bigint as units,
           coalesce(sum(t.in_stock), 0)::integer as in_stock, coalesce(sum(t.low), 0)::integer as low, coalesce(sum(t.out), 0)::integer as out
      into v_stock
      from public.report_product_totals t;
  else
    select (select coalesce(sum(t.products), 0)::integer from public.report_product_totals t) as products,
           coalesce(sum(t.units), 0)::bigint as units, coalesce(sum(t.in_stock), 0)::integer as in_stock,
           coalesce(sum(t.low), 0)::integer as low, coalesce(sum(t.out), 0)::integer as out
      into v_stock
      from public.report_stock_totals t where t.location_id = p_location_id;
  end if;

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
            (select 'Invoice' as type, i.id, i.number, i.issued_date as date, c.name as party, i.net_amount as amount, i.status, i.created_at
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
    'monthly_sales', v_monthly,
    'recent_activity', v_activity,
    'inventory_status', jsonb_build_object('in_stock', v_stock.in_stock, 'low', v_stock.low, 'out', v_stock.out),
    'top_products', public.report_top_products_json('sale', v_today - 29, v_today, p_location_id, 'revenue', 5),
    'low_stock_count', v_stock.low + v_stock.out,
    'location_id', p_location_id
  );
end;
$$;
revoke execute on function public.report_dashboard(bigint) from public;
