-- Credit notes: a customer's return against a sent invoice or a completed sale. What comes back is
-- worth what was paid for it; it lowers what is owed on the document, and what was paid beyond that
-- is refunded or kept as store credit (a payment method on later invoices and sales).

alter table public.settings add column credit_note_prefix text not null default 'CN';

alter table public.document_series drop constraint document_series_series_check;
alter table public.document_series add constraint document_series_series_check
  check (series in ('invoice', 'sale', 'receipt', 'purchase', 'quote', 'credit_note'));

create or replace function public.next_document_number(p_series text, p_date date)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_year integer := extract(year from p_date)::integer;
  v_prefix text;
  v_value integer;
begin
  select case p_series
           when 'invoice' then s.invoice_prefix
           when 'sale' then s.sale_prefix
           when 'receipt' then s.receipt_prefix
           when 'purchase' then s.purchase_prefix
           when 'quote' then s.quote_prefix
           when 'credit_note' then s.credit_note_prefix
         end
    into v_prefix
    from public.settings s;
  insert into public.document_series (series, year) values (p_series, v_year) on conflict do nothing;
  update public.document_series ds
     set next_value = ds.next_value + 1
   where ds.series = p_series and ds.year = v_year
  returning ds.next_value - 1 into v_value;
  return coalesce(v_prefix, upper(p_series)) || '-' || v_year || '-' || lpad(v_value::text, greatest(5, length(v_value::text)), '0');
end;
$$;

-- Store credit is paid and given like any other method.
alter table public.receipts drop constraint receipts_payment_method_check;
alter table public.receipts add constraint receipts_payment_method_check
  check (payment_method in ('cash', 'credit_card', 'bank_transfer', 'cheque', 'store_credit'));
alter table public.sales drop constraint sales_payment_method_check;
alter table public.sales add constraint sales_payment_method_check
  check (payment_method in ('cash', 'credit_card', 'bank_transfer', 'cheque', 'store_credit'));

-- What credit notes took off a document: it is owed net − credited − paid, and never paid beyond net − credited.
alter table public.invoices add column credited_amount numeric(12,2) not null default 0;
alter table public.sales add column credited_amount numeric(12,2) not null default 0;
alter table public.purchases add column credited_amount numeric(12,2) not null default 0;
alter table public.quotes add column credited_amount numeric(12,2) not null default 0;
alter table public.invoices drop constraint invoices_paid_within_net;
alter table public.invoices add constraint invoices_paid_within_net
  check (total_paid >= 0 and total_paid <= net_amount - credited_amount and credited_amount between 0 and net_amount);
alter table public.sales drop constraint sales_paid_within_net;
alter table public.sales add constraint sales_paid_within_net
  check (total_paid >= 0 and total_paid <= net_amount - credited_amount and credited_amount between 0 and net_amount);
alter table public.purchases drop constraint purchases_paid_within_net;
alter table public.purchases add constraint purchases_paid_within_net
  check (total_paid >= 0 and total_paid <= net_amount - credited_amount and credited_amount between 0 and net_amount);

create table public.credit_notes (
  id bigint generated always as identity primary key,
  number text not null unique,
  customer_id bigint not null references public.customers(id),
  location_id bigint not null references public.locations(id),
  issued_date date not null,
  document_type text not null check (document_type in ('Invoice', 'Sale')),
  document_id bigint not null,
  reason text not null,
  status text not null default 'issued' check (status in ('issued', 'cancelled')),
  settle text check (settle in ('refund', 'credit')),
  payment_status text not null default 'pending' check (payment_status = 'pending'),
  subtotal numeric(12,2) not null default 0,
  discount_amount numeric(12,2) not null default 0 check (discount_amount = 0),
  tax_amount numeric(12,2) not null default 0,
  tax_rate numeric not null default 0,
  net_amount numeric(12,2) not null default 0,
  credited_amount numeric(12,2) not null default 0,
  total_paid numeric(12,2) not null default 0 check (total_paid = 0),
  balance_due numeric(12,2) not null default 0,
  refunded_amount numeric(12,2) not null default 0 check (refunded_amount >= 0),
  store_credit_amount numeric(12,2) not null default 0 check (store_credit_amount >= 0),
  notes text,
  created_by bigint references public.users(id) on delete set null,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  changed_by bigint,
  changed_at timestamptz
);
create index credit_notes_issued_date_idx on public.credit_notes (issued_date desc, id desc);
create index credit_notes_customer_id_idx on public.credit_notes (customer_id, issued_date desc);
create index credit_notes_location_id_idx on public.credit_notes (location_id, issued_date desc);
create index credit_notes_document_idx on public.credit_notes (document_type, document_id);
alter table public.credit_notes enable row level security;

create table public.credit_note_items (
  id bigint generated always as identity primary key,
  credit_note_id bigint not null references public.credit_notes(id) on delete cascade,
  position integer not null,
  -- The invoice's or sale's line it returns.
  line_id bigint not null,
  product_id bigint not null references public.products(id),
  product_type text not null,
  product_name text not null,
  description text,
  dot text,
  quantity integer not null check (quantity >= 1),
  unit_price numeric(12,2) not null,
  discount_percent numeric(5,2) not null default 0,
  cost_price numeric(12,2) not null default 0,
  restock boolean not null,
  -- The returned units' share of the document's net: before tax, its tax, and both.
  line_total numeric(12,2) not null,
  tax_amount numeric(12,2) not null,
  amount numeric(12,2) not null
);
create index credit_note_items_credit_note_id_idx on public.credit_note_items (credit_note_id, position);
create index credit_note_items_line_idx on public.credit_note_items (line_id);
alter table public.credit_note_items enable row level security;

alter table public.receipts add column credit_note_id bigint references public.credit_notes(id);
create index receipts_credit_note_idx on public.receipts (credit_note_id) where credit_note_id is not null;
create index receipts_store_credit_idx on public.receipts (customer_id) where payment_method = 'store_credit';

create trigger credit_notes_version before update on public.credit_notes
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger audit_credit_notes after insert or delete on public.credit_notes
  for each row execute function public.audit_document('credit_note');
create trigger audit_credit_notes_update after update on public.credit_notes
  for each row when (old.status is distinct from new.status or old.notes is distinct from new.notes)
  execute function public.audit_document('credit_note');

alter table public.document_counts drop constraint document_counts_type_check;
alter table public.document_counts add constraint document_counts_type_check
  check (type in ('Invoice', 'Sale', 'Purchase', 'Quote', 'CreditNote'));

create or replace function public.document_counts_apply()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_bucket smallint := (txid_current() % 16)::smallint;
  v_type text := case tg_table_name when 'invoices' then 'Invoice' when 'sales' then 'Sale' when 'quotes' then 'Quote'
    when 'credit_notes' then 'CreditNote' else 'Purchase' end;
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

create constraint trigger credit_notes_counts_insert after insert on public.credit_notes
  deferrable initially deferred for each row execute function public.document_counts_apply();
create constraint trigger credit_notes_counts_update after update of location_id, status on public.credit_notes
  deferrable initially deferred for each row
  when (old.location_id is distinct from new.location_id or old.status is distinct from new.status)
  execute function public.document_counts_apply();

create or replace function public.document_tables(p_type text, out header_table text, out lines_table text, out key_column text,
  out party_column text, out noun text, out posted_status text)
returns record
language plpgsql
immutable
set search_path = ''
as $$
begin
  case p_type
    when 'Invoice' then
      header_table := 'invoices'; lines_table := 'invoice_items'; key_column := 'invoice_id'; party_column := 'customer_id';
      noun := 'invoice'; posted_status := 'sent';
    when 'Sale' then
      header_table := 'sales'; lines_table := 'sale_items'; key_column := 'sale_id'; party_column := 'customer_id';
      noun := 'sale'; posted_status := 'completed';
    when 'Purchase' then
      header_table := 'purchases'; lines_table := 'purchase_items'; key_column := 'purchase_id'; party_column := 'supplier_id';
      noun := 'purchase order'; posted_status := 'received';
    when 'Quote' then
      header_table := 'quotes'; lines_table := 'quote_items'; key_column := 'quote_id'; party_column := 'customer_id';
      noun := 'quote'; posted_status := 'sent';
    when 'CreditNote' then
      header_table := 'credit_notes'; lines_table := 'credit_note_items'; key_column := 'credit_note_id'; party_column := 'customer_id';
      noun := 'credit note'; posted_status := 'issued';
    else raise exception 'Unknown document type %', p_type;
  end case;
end;
$$;

-- A document's figures from its lines, receipts and credit notes: owed is net − credited, and it is
-- paid once what was paid covers that (a partial credit never marks an unpaid document paid).
create or replace function public.refresh_document_totals(p_type text, p_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  t record := public.document_tables(p_type);
begin
  execute format(
    $sql$
    with l as (select coalesce(sum(x.line_total), 0) as subtotal from public.%I x where x.%I = $1),
         r as (select coalesce(sum(case when x.type = 'refund' then -x.amount else x.amount end), 0) as paid
                 from public.receipts x where x.receiptable_type = $2 and x.receiptable_id = $1),
         n as (select l.subtotal, l.subtotal - d.discount_amount + d.tax_amount as net, r.paid,
                      l.subtotal - d.discount_amount + d.tax_amount - d.credited_amount as owed,
                      l.subtotal - d.discount_amount as taxed, d.credited_amount
                 from public.%I d, l, r where d.id = $1)
    update public.%I d
       set subtotal = n.subtotal,
           net_amount = n.net,
           tax_rate = case when n.taxed > 0 then round(d.tax_amount * 100 / n.taxed, 2) else 0 end,
           total_paid = n.paid,
           balance_due = n.owed - n.paid,
           payment_status = case when n.paid <= 0 and not (n.credited_amount > 0 and n.owed <= 0) then 'pending'
                                 when n.paid >= n.owed then 'paid' else 'partial' end,
           updated_at = now()
      from n
     where d.id = $1
    $sql$,
    t.lines_table, t.key_column, t.header_table, t.header_table
  ) using p_id, p_type;
end;
$$;

-- Each line of a sent invoice or completed sale with what it sold, what has come back, and its share of
-- the document's net and tax: shares by line total, rounded to the cent, the last line taking what
-- rounding left so that the lines add up to the document exactly.
create function public.returnable_lines(p_type text, p_id bigint)
returns table (line_id bigint, line_position integer, product_id bigint, product_type text, product_name text, description text, dot text,
  quantity integer, unit_price numeric, discount_percent numeric, cost_price numeric, returned integer, value numeric, tax numeric)
language plpgsql
stable
set search_path = ''
as $$
declare
  t record := public.document_tables(p_type);
begin
  return query execute format(
    $sql$
    with d as (select h.subtotal, h.net_amount, h.tax_amount from public.%I h where h.id = $1),
    l as (
      select x.id, x.position, x.product_id, x.product_type, x.product_name, x.description, x.dot, x.quantity, x.unit_price,
             x.discount_percent, x.cost_price, x.line_total,
             row_number() over (order by x.position desc, x.id desc) = 1 as last,
             case when d.subtotal > 0 then round(d.net_amount * x.line_total / d.subtotal, 2) else 0 end as value,
             case when d.subtotal > 0 then round(d.tax_amount * x.line_total / d.subtotal, 2) else 0 end as tax
        from public.%I x, d
       where x.%I = $1),
    s as (select sum(l.value) filter (where not l.last) as value, sum(l.tax) filter (where not l.last) as tax from l)
    select l.id, l.position, l.product_id, l.product_type, l.product_name, l.description, l.dot, l.quantity, l.unit_price,
           l.discount_percent, l.cost_price,
           coalesce((select sum(ci.quantity) from public.credit_note_items ci
                       join public.credit_notes cn on cn.id = ci.credit_note_id
                      where ci.line_id = l.id and cn.document_type = $2 and cn.document_id = $1 and cn.status = 'issued'), 0)::integer,
           case when l.last then d.net_amount - coalesce(s.value, 0) else l.value end,
           case when l.last then d.tax_amount - coalesce(s.tax, 0) else l.tax end
      from l, d, s
     order by l.position, l.id
    $sql$,
    t.header_table, t.lines_table, t.key_column
  ) using p_id, p_type;
end;
$$;

-- The store credit a customer holds: what was given as store credit less what was paid with it.
create function public.store_credit_of(p_customer_id bigint)
returns numeric
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(case when r.type = 'refund' then r.amount else -r.amount end), 0)
    from public.receipts r
   where r.customer_id = p_customer_id and r.payment_method = 'store_credit'
$$;

-- A receipt, as before, and: store credit pays only a customer's document, never beyond what the
-- customer holds (the customer's row is locked while it is spent).
create or replace function public.create_receipt(p_type text, p_receiptable_type text, p_receiptable_id bigint, p_amount numeric,
  p_receipt_date date, p_payment_method text, p_reference_number text, p_bank_name text, p_cheque_number text, p_transaction_id text,
  p_notes text, p_user_id bigint)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  t record := public.document_tables(p_receiptable_type);
  v_status text;
  v_number text;
  v_party_id bigint;
  v_location_id bigint;
  v_paid numeric;
  v_balance numeric;
  v_held numeric;
  v_id bigint;
begin
  execute format(
    'select d.status, d.number, d.%I, d.location_id, d.total_paid, d.balance_due from public.%I d where d.id = $1 for update',
    t.party_column, t.header_table
  ) into v_status, v_number, v_party_id, v_location_id, v_paid, v_balance using p_receiptable_id;
  if v_status is null then
    raise exception 'The selected document does not exist' using errcode = 'WH422', hint = 'receiptable_id';
  end if;
  if p_type = 'expense' and p_receiptable_type <> 'Purchase' then
    raise exception 'An expense must relate to a purchase order.' using errcode = 'WH422', hint = 'type';
  end if;
  if p_type = 'income' and p_receiptable_type = 'Purchase' then
    raise exception 'A payment to a supplier is an expense.' using errcode = 'WH422', hint = 'type';
  end if;
  if p_payment_method = 'store_credit' and t.party_column <> 'customer_id' then
    raise exception 'Store credit is a customer''s: it cannot pay a supplier.' using errcode = 'WH422', hint = 'payment_method';
  end if;
  if v_status = 'cancelled' then
    raise exception 'This % has been cancelled.', t.noun using errcode = 'P0001';
  end if;
  if v_status = 'draft' then
    raise exception 'A draft invoice cannot take payments. Send it first.' using errcode = 'P0001';
  end if;
  if p_amount <= 0 then
    raise exception 'Amount must be more than 0' using errcode = 'WH422', hint = 'amount';
  end if;
  if p_type in ('income', 'expense') then
    if v_balance <= 0 then
      raise exception 'This % is already paid in full.', t.noun using errcode = 'P0001';
    end if;
    if p_amount > v_balance then
      raise exception 'The amount cannot be more than the balance due (%).', public.format_money(v_balance)
        using errcode = 'WH422', hint = 'amount';
    end if;
    if p_payment_method = 'store_credit' then
      perform 1 from public.customers c where c.id = v_party_id for update;
      v_held := public.store_credit_of(v_party_id);
      if p_amount > v_held then
        raise exception 'The customer holds % of store credit.', public.format_money(v_held) using errcode = 'WH422', hint = 'amount';
      end if;
    end if;
  else
    if v_paid <= 0 then
      raise exception 'Nothing has been paid on this %, so there is nothing to refund.', t.noun using errcode = 'P0001';
    end if;
    if p_amount > v_paid then
      raise exception 'A refund cannot be more than what was paid (%).', public.format_money(v_paid)
        using errcode = 'WH422', hint = 'amount';
    end if;
  end if;

  insert into public.receipts (
    number, receipt_date, type, receiptable_type, receiptable_id, document_number, customer_id, supplier_id, location_id,
    amount, payment_method, reference_number, bank_name, cheque_number, transaction_id, notes, created_by
  ) values (
    public.next_document_number('receipt', p_receipt_date), p_receipt_date, p_type, p_receiptable_type, p_receiptable_id,
    v_number, case when t.party_column = 'customer_id' then v_party_id end, case when t.party_column = 'supplier_id' then v_party_id end,
    v_location_id, p_amount, p_payment_method, p_reference_number, p_bank_name, p_cheque_number, p_transaction_id, p_notes, p_user_id
  ) returning id into v_id;
  perform public.refresh_document_totals(p_receiptable_type, p_receiptable_id);
  return v_id;
end;
$$;

-- A refund that settles a credit note goes with the credit note; store credit given is not taken back once spent.
create or replace function public.delete_receipt(p_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_receipt public.receipts;
  v_status text;
  t record;
begin
  select * into v_receipt from public.receipts r where r.id = p_id;
  if not found then
    raise exception 'Receipt not found' using errcode = 'P0002';
  end if;
  if v_receipt.credit_note_id is not null then
    raise exception 'This refund settles credit note %: cancel the credit note instead.',
      (select cn.number from public.credit_notes cn where cn.id = v_receipt.credit_note_id) using errcode = 'P0001';
  end if;
  t := public.document_tables(v_receipt.receiptable_type);
  execute format('select d.status from public.%I d where d.id = $1 for update', t.header_table)
    into v_status using v_receipt.receiptable_id;
  if v_status = 'cancelled' then
    raise exception 'Receipts of a cancelled document cannot be deleted.' using errcode = 'P0001';
  end if;
  if v_receipt.payment_method = 'store_credit' and v_receipt.type = 'refund' then
    perform 1 from public.customers c where c.id = v_receipt.customer_id for update;
    if public.store_credit_of(v_receipt.customer_id) < v_receipt.amount then
      raise exception 'The customer has already spent this store credit.' using errcode = 'P0001';
    end if;
  end if;
  delete from public.receipts r where r.id = p_id;
  if not found then
    raise exception 'Receipt not found' using errcode = 'P0002';
  end if;
  begin
    perform public.refresh_document_totals(v_receipt.receiptable_type, v_receipt.receiptable_id);
  exception when check_violation then
    raise exception 'This payment has been partly refunded. Delete the refund first.' using errcode = 'P0001';
  end;
end;
$$;

-- ---- The sales figures net of returns, in the period a credit note is issued, at its branch -----------

alter table public.report_sales_days drop constraint report_sales_days_document_type_check;
alter table public.report_sales_days add constraint report_sales_days_document_type_check
  check (document_type in ('Invoice', 'Sale', 'CreditNote'));

-- A credit note takes its revenue and tax off, and the cost of what went back on the shelf (a damaged
-- part stays a cost of the sale); it is no document sold.
create or replace view public.report_sales_documents with (security_invoker = true) as
select 'Invoice'::text as document_type, i.id, i.number, i.issued_date as day, coalesce(i.due_date, i.issued_date) as due_date,
       i.location_id, i.customer_id, i.subtotal, i.discount_amount, i.tax_amount, i.net_amount, i.total_paid, i.balance_due
  from public.invoices i
 where i.status = 'sent'
union all
select 'Sale', s.id, s.number, s.sale_date, s.sale_date, s.location_id, s.customer_id, s.subtotal, s.discount_amount, s.tax_amount,
       s.net_amount, s.total_paid, s.balance_due
  from public.sales s
 where s.status = 'completed'
union all
select 'CreditNote', c.id, c.number, c.issued_date, c.issued_date, c.location_id, c.customer_id, (-c.subtotal)::numeric(12,2),
       0::numeric(12,2), (-c.tax_amount)::numeric(12,2), (-c.net_amount)::numeric(12,2), 0::numeric(12,2), 0::numeric(12,2)
  from public.credit_notes c
 where c.status = 'issued';

create or replace view public.report_sales_lines with (security_invoker = true) as
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
 where s.status = 'completed'
union all
select 'CreditNote', c.id, c.issued_date, c.location_id, x.product_id, x.product_type, -x.quantity,
       -x.quantity * case when x.restock then x.cost_price else 0 end, -x.line_total
  from public.credit_notes c
  join public.credit_note_items x on x.credit_note_id = c.id
 where c.status = 'issued';

create or replace view public.report_sales_days_recount with (security_invoker = true) as
select d.day, d.location_id, d.document_type, (count(*) filter (where d.document_type <> 'CreditNote'))::integer as documents,
       sum(d.subtotal - d.discount_amount) as revenue, coalesce(sum(c.cost), 0) as cost, sum(d.tax_amount) as tax,
       sum(d.discount_amount) as discount, sum(d.total_paid) as paid, sum(d.balance_due) as outstanding
  from public.report_sales_documents d
  left join (select l.document_type, l.document_id, sum(l.cost) as cost from public.report_sales_lines l group by 1, 2) c
    on c.document_type = d.document_type and c.document_id = d.id
 group by d.day, d.location_id, d.document_type;

create or replace view public.report_sales_types_recount with (security_invoker = true) as
select l.day, l.location_id, l.product_type, (count(*) filter (where l.document_type <> 'CreditNote'))::integer as lines,
       sum(l.quantity)::bigint as quantity, sum(l.revenue) as revenue, sum(l.cost) as cost
  from public.report_sales_lines l
 group by l.day, l.location_id, l.product_type;

-- Stages a credit note into the kept sales figures: 1 when it is issued, −1 when it is cancelled.
create function public.report_stage_credit_note(p_sign integer, p_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_note public.credit_notes;
  line record;
begin
  select * into v_note from public.credit_notes c where c.id = p_id;
  perform public.report_add_sales_day(v_note.issued_date, v_note.location_id, 'CreditNote', 0, -p_sign * v_note.subtotal, 0,
    -p_sign * v_note.tax_amount, 0, 0, 0);
  for line in
    select x.product_id, x.product_type, x.quantity, case when x.restock then x.cost_price else 0 end as cost_price, x.line_total
      from public.credit_note_items x where x.credit_note_id = p_id order by x.product_id, x.id
  loop
    perform public.report_stage_sales_line(-p_sign, 'CreditNote', v_note.issued_date, v_note.location_id, line.product_id,
      line.product_type, line.quantity, line.cost_price, line.line_total, line.line_total, 0);
  end loop;
end;
$$;

-- A line asked back, with what its document's line sold and is worth.
create type public.credit_note_return as (
  index integer, line_id bigint, quantity integer, restock boolean, position integer, product_id bigint, product_type text,
  product_name text, description text, dot text, sold integer, unit_price numeric, discount_percent numeric, cost_price numeric,
  returned integer, value numeric, tax numeric
);

-- A return. The document's row is locked first, so returns of one document are taken one at a time
-- and never add up to more than a line sold.
create function public.create_credit_note(p_type text, p_document_id bigint, p_location_id bigint, p_date date, p_reason text,
  p_items jsonb, p_settle text, p_payment_method text, p_notes text, p_user_id bigint)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  t record;
  v_status text;
  v_customer_id bigint;
  v_number text;
  v_paid numeric;
  v_owed numeric;
  v_id bigint;
  v_bad record;
  v_total record;
  v_excess numeric;
  v_receipt_id bigint;
  line record;
  v_on_hand integer;
  v_lines jsonb;
begin
  if p_type not in ('Invoice', 'Sale') then
    raise exception 'A return is against an invoice or a sale.' using errcode = 'WH422', hint = 'invoice_id';
  end if;
  t := public.document_tables(p_type);
  execute format('select d.status, d.customer_id, d.number, d.total_paid, d.net_amount - d.credited_amount from public.%I d where d.id = $1 for update',
    t.header_table) into v_status, v_customer_id, v_number, v_paid, v_owed using p_document_id;
  if v_status is null then
    raise exception 'The selected % does not exist', t.noun using errcode = 'WH422', hint = lower(p_type) || '_id';
  end if;
  if v_status <> t.posted_status then
    raise exception 'A % % has nothing to return.', v_status, t.noun using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.locations l where l.id = p_location_id) then
    raise exception 'The selected location does not exist' using errcode = 'WH422', hint = 'location_id';
  end if;

  -- Each asked line, with the line it names (none when it is not this document's).
  select coalesce(jsonb_agg(to_jsonb(q) order by q.index), '[]'::jsonb) into v_lines
    from (select (r.ord - 1)::integer as index, r.line_id, r.quantity, coalesce(r.restock, false) as restock, l.line_position as position, l.product_id,
                 l.product_type, l.product_name, l.description, l.dot, l.quantity as sold, l.unit_price, l.discount_percent, l.cost_price,
                 l.returned, l.value, l.tax
            from rows from (jsonb_to_recordset(p_items) as (line_id bigint, quantity integer, restock boolean)) with ordinality as r(line_id, quantity, restock, ord)
            left join public.returnable_lines(p_type, p_document_id) l on l.line_id = r.line_id) q;

  select * into v_bad
    from (select x.*, sum(x.quantity) over (partition by x.line_id) as asked
            from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x) x
   where x.product_id is null or x.asked > x.sold - x.returned or (x.restock and x.product_type = 'service')
   order by x.index limit 1;
  if v_bad.index is not null and v_bad.product_id is null then
    raise exception 'This line is not on this %.', t.noun using errcode = 'WH422', hint = format('items.%s.line_id', v_bad.index);
  end if;
  if v_bad.index is not null and v_bad.asked > v_bad.sold - v_bad.returned then
    raise exception '% of this line can still be returned.', case when v_bad.sold - v_bad.returned = 0 then 'None' else (v_bad.sold - v_bad.returned)::text end
      using errcode = 'WH422', hint = format('items.%s.quantity', v_bad.index);
  end if;
  if v_bad.index is not null then
    raise exception 'A service has no stock to put back.' using errcode = 'WH422', hint = format('items.%s.restock', v_bad.index);
  end if;

  insert into public.credit_notes (number, customer_id, location_id, issued_date, document_type, document_id, reason, notes, created_by)
  values (public.next_document_number('credit_note', p_date), v_customer_id, p_location_id, p_date, p_type, p_document_id, p_reason,
          p_notes, p_user_id)
  returning id into v_id;

  -- A unit is worth its share of the line's value: what the returns so far are worth, rounded, up to now with these.
  insert into public.credit_note_items (credit_note_id, position, line_id, product_id, product_type, product_name, description, dot,
    quantity, unit_price, discount_percent, cost_price, restock, line_total, tax_amount, amount)
  select v_id, x.index, x.line_id, x.product_id, x.product_type, x.product_name, x.description, x.dot, x.quantity, x.unit_price,
         x.discount_percent, x.cost_price, x.restock,
         (round(x.value * (x.returned + x.quantity) / x.sold, 2) - round(x.value * x.returned / x.sold, 2))
           - (round(x.tax * (x.returned + x.quantity) / x.sold, 2) - round(x.tax * x.returned / x.sold, 2)),
         round(x.tax * (x.returned + x.quantity) / x.sold, 2) - round(x.tax * x.returned / x.sold, 2),
         round(x.value * (x.returned + x.quantity) / x.sold, 2) - round(x.value * x.returned / x.sold, 2)
    from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x
   order by x.index;

  -- Restocked goods come back at the line's cost, which the product's average cost takes in.
  perform 1 from public.products p
   where p.id in (select x.product_id from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x where x.restock) order by p.id for no key update;
  for line in
    select x.product_id, sum(x.quantity)::integer as quantity, sum(x.quantity * x.cost_price) as cost
      from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x where x.restock group by x.product_id order by x.product_id
  loop
    select coalesce(sum(s.quantity), 0)::integer into v_on_hand from public.stock_levels s where s.product_id = line.product_id;
    update public.products p
       set cost_price = round((v_on_hand * p.cost_price + line.cost) / (v_on_hand + line.quantity), 2), updated_at = now()
     where p.id = line.product_id;
    perform public.move_stock(line.product_id, p_location_id, line.quantity, 'return', null, p_user_id, 'CreditNote', v_id, line.cost / line.quantity);
  end loop;

  select coalesce(sum(x.line_total), 0) as subtotal, coalesce(sum(x.tax_amount), 0) as tax, coalesce(sum(x.amount), 0) as amount
    into v_total from public.credit_note_items x where x.credit_note_id = v_id;

  -- What was paid beyond what is now owed goes back: refunded, or kept as store credit.
  v_excess := greatest(v_paid - (v_owed - v_total.amount), 0);
  if v_excess > 0 and p_settle is null then
    raise exception 'The customer paid % more than is now owed: give it back as a refund or as store credit.', public.format_money(v_excess)
      using errcode = 'WH422', hint = 'settle';
  end if;
  if v_excess > 0 then
    v_receipt_id := public.create_receipt('refund', p_type, p_document_id, v_excess, p_date,
      case when p_settle = 'credit' then 'store_credit' else coalesce(p_payment_method, 'cash') end, null, null, null, null, null, p_user_id);
    update public.receipts r set credit_note_id = v_id where r.id = v_receipt_id;
  end if;

  update public.credit_notes cn
     set subtotal = v_total.subtotal, tax_amount = v_total.tax, net_amount = v_total.amount,
         tax_rate = case when v_total.subtotal > 0 then round(v_total.tax * 100 / v_total.subtotal, 2) else 0 end,
         settle = case when v_excess > 0 then p_settle end,
         refunded_amount = case when v_excess > 0 and p_settle = 'refund' then v_excess else 0 end,
         store_credit_amount = case when v_excess > 0 and p_settle = 'credit' then v_excess else 0 end
   where cn.id = v_id;
  execute format('update public.%I d set credited_amount = d.credited_amount + $2 where d.id = $1', t.header_table)
    using p_document_id, v_total.amount;
  perform public.refresh_document_totals(p_type, p_document_id);
  perform public.report_stage_credit_note(1, v_id);
  return v_id;
end;
$$;

-- Cancelling a credit note that gave no cash back: its goods leave the branch again, its store credit
-- is taken back if the customer still holds it (a store-credit payment on the document), and the
-- document is owed as before.
create function public.cancel_credit_note(p_id bigint, p_user_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_note public.credit_notes;
  t record;
  v_receipt public.receipts;
  line record;
begin
  select * into v_note from public.credit_notes cn where cn.id = p_id;
  if not found then
    raise exception 'Credit note not found' using errcode = 'P0002';
  end if;
  t := public.document_tables(v_note.document_type);
  execute format('select 1 from public.%I d where d.id = $1 for update', t.header_table) using v_note.document_id;
  select * into v_note from public.credit_notes cn where cn.id = p_id for update;
  if v_note.status = 'cancelled' then
    raise exception 'This credit note has already been cancelled.' using errcode = 'P0001';
  end if;
  if v_note.refunded_amount > 0 then
    raise exception 'This credit note was refunded, so it cannot be cancelled.' using errcode = 'P0001';
  end if;
  select * into v_receipt from public.receipts r where r.credit_note_id = p_id;
  if found then
    perform 1 from public.customers c where c.id = v_note.customer_id for update;
    if public.store_credit_of(v_note.customer_id) < v_receipt.amount then
      raise exception 'The customer has already spent the store credit of this credit note.' using errcode = 'P0001';
    end if;
  end if;

  for line in
    select x.product_id, sum(x.quantity)::integer as quantity
      from public.credit_note_items x where x.credit_note_id = p_id and x.restock group by x.product_id order by x.product_id
  loop
    perform public.move_stock(line.product_id, v_note.location_id, -line.quantity, 'cancellation', null, p_user_id, 'CreditNote', p_id);
  end loop;
  execute format('update public.%I d set credited_amount = d.credited_amount - $2 where d.id = $1', t.header_table)
    using v_note.document_id, v_note.net_amount;
  perform public.refresh_document_totals(v_note.document_type, v_note.document_id);
  -- The store credit given is taken back by a receipt of its own: receipts are never undone by deleting them.
  if v_receipt.id is not null then
    v_receipt.id := public.create_receipt('income', v_note.document_type, v_note.document_id, v_receipt.amount,
      greatest(current_date, v_note.issued_date), 'store_credit',
      null, null, null, null, null, p_user_id);
    update public.receipts r set credit_note_id = p_id where r.id = v_receipt.id;
  end if;
  perform public.refresh_document_totals(v_note.document_type, v_note.document_id);
  perform public.report_stage_credit_note(-1, p_id);
  update public.credit_notes cn set status = 'cancelled', cancelled_at = now(), updated_at = now() where cn.id = p_id;
end;
$$;

-- Cancelling: a credit note has its own rules; a document with returns stays (its returns would come back twice).
create or replace function public.cancel_document(p_type text, p_id bigint, p_user_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  t record := public.document_tables(p_type);
  v_status text;
  v_location_id bigint;
  v_paid numeric;
begin
  if p_type = 'CreditNote' then
    perform public.cancel_credit_note(p_id, p_user_id);
    return;
  end if;
  execute format('select d.status, d.location_id, d.total_paid from public.%I d where d.id = $1 for update', t.header_table)
    into v_status, v_location_id, v_paid using p_id;
  if v_status is null then
    raise exception '% not found', p_type using errcode = 'P0002';
  end if;
  if v_status = 'cancelled' then
    raise exception 'This % has already been cancelled.', t.noun using errcode = 'P0001';
  end if;
  if v_paid > 0 then
    raise exception 'This % has payments on it. Refund them before cancelling it.', t.noun using errcode = 'P0001';
  end if;
  if exists (select 1 from public.credit_notes cn where cn.document_type = p_type and cn.document_id = p_id and cn.status = 'issued') then
    raise exception 'This % has returns on it. Cancel its credit notes before cancelling it.', t.noun using errcode = 'P0001';
  end if;
  if p_type = 'Purchase' and (v_status = 'received' or exists (
    select 1 from public.purchase_items x where x.purchase_id = p_id and x.received_quantity > 0
  )) then
    raise exception 'Goods have already been received on this purchase order, so it cannot be cancelled.' using errcode = 'P0001';
  end if;
  if v_status = t.posted_status then
    perform public.move_document_stock(p_type, p_id, v_location_id, 1, 'cancellation', p_user_id);
  end if;
  execute format('update public.%I d set status = ''cancelled'', cancelled_at = now(), updated_at = now() where d.id = $1', t.header_table)
    using p_id;
end;
$$;

-- ---- Balances and statements bill what is owed after returns: net − credited ----------------------

create or replace view public.report_open_balances with (security_invoker = true) as
select 'customer'::text as party_type, i.customer_id as party_id, coalesce(i.due_date, i.issued_date) as due_date,
       (i.net_amount - i.credited_amount)::numeric(12,2) as net_amount, i.total_paid, i.balance_due
  from public.invoices i
 where i.status = 'sent' and i.balance_due <> 0
union all
select 'customer', s.customer_id, s.sale_date, (s.net_amount - s.credited_amount)::numeric(12,2), s.total_paid, s.balance_due
  from public.sales s
 where s.status = 'completed' and s.balance_due <> 0
union all
select 'supplier', p.supplier_id, coalesce(p.expected_delivery_date, p.purchase_date), (p.net_amount - p.credited_amount)::numeric(12,2),
       p.total_paid, p.balance_due
  from public.purchases p
 where p.status in ('ordered', 'received') and p.balance_due <> 0;

create or replace function public.report_sales_document_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
    v_header := v_lines or (v_old_due, old.customer_id, old.tax_amount, old.net_amount, old.credited_amount, old.total_paid, old.balance_due)
      is distinct from (v_new_due, new.customer_id, new.tax_amount, new.net_amount, new.credited_amount, new.total_paid, new.balance_due);
    if not v_header then
      return null;
    end if;
  end if;
  if v_old_counted then
    perform public.report_stage_sales_document(
      -1, v_type, old.id, v_old_day, v_old_due, old.location_id, old.customer_id, old.subtotal, old.discount_amount,
      old.tax_amount, old.net_amount - old.credited_amount, old.total_paid, old.balance_due, v_header, v_lines
    );
  end if;
  if v_new_counted then
    perform public.report_stage_sales_document(
      1, v_type, new.id, v_new_day, v_new_due, new.location_id, new.customer_id, new.subtotal, new.discount_amount,
      new.tax_amount, new.net_amount - new.credited_amount, new.total_paid, new.balance_due, v_header, v_lines
    );
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return null;
end;
$function$;

create or replace function public.report_open_documents(p_party text, p_as_of date, p_party_ids bigint[])
 RETURNS TABLE(document_type text, id bigint, party_id bigint, number text, date date, due_date date, net_amount numeric, paid numeric, balance numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if p_as_of >= coalesce(public.report_latest_date(p_party), p_as_of) then
    if p_party = 'customer' then
      return query
      select 'Invoice'::text, i.id, i.customer_id, i.number, i.issued_date, coalesce(i.due_date, i.issued_date), i.net_amount - i.credited_amount, i.total_paid, i.balance_due
        from public.invoices i
       where i.status = 'sent' and i.balance_due <> 0 and (p_party_ids is null or i.customer_id = any(p_party_ids))
      union all
      select 'Sale', s.id, s.customer_id, s.number, s.sale_date, s.sale_date, s.net_amount - s.credited_amount, s.total_paid, s.balance_due
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
                  coalesce(i.due_date, i.issued_date) as due_date, i.net_amount - i.credited_amount as net_amount, i.total_paid, i.balance_due
             from public.invoices i
            where i.status = 'sent' and i.balance_due <> 0 and i.issued_date <= p_as_of and (p_party_ids is null or i.customer_id = any(p_party_ids))
           union all
           select 'Invoice', i.id, i.customer_id, i.number, i.issued_date, coalesce(i.due_date, i.issued_date), i.net_amount - i.credited_amount, i.total_paid, i.balance_due
             from paid_since l join public.invoices i on i.id = l.id
            where l.document_type = 'Invoice' and i.status = 'sent' and i.balance_due = 0 and i.issued_date <= p_as_of
           union all
           select 'Sale', s.id, s.customer_id, s.number, s.sale_date, s.sale_date, s.net_amount - s.credited_amount, s.total_paid, s.balance_due
             from public.sales s
            where s.status = 'completed' and s.balance_due <> 0 and s.sale_date <= p_as_of and (p_party_ids is null or s.customer_id = any(p_party_ids))
           union all
           select 'Sale', s.id, s.customer_id, s.number, s.sale_date, s.sale_date, s.net_amount - s.credited_amount, s.total_paid, s.balance_due
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
$function$;

-- A returned line is still a line sold (the recall list counts them): its quantity, revenue and cost go, not the line.
create or replace function public.report_stage_sales_line(p_sign integer, p_document_type text, p_day date, p_location_id bigint, p_product_id bigint, p_product_type text, p_quantity integer, p_cost_price numeric, p_line_total numeric, p_subtotal numeric, p_discount numeric)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_txid bigint := public.report_pending_txid();
  v_cost numeric := p_sign * p_quantity * p_cost_price;
  v_revenue numeric := p_sign * public.report_line_revenue(p_line_total, p_subtotal, p_discount);
  v_quantity integer := p_sign * p_quantity;
begin
  perform public.report_add_sales_day(p_day, p_location_id, p_document_type, 0, 0, v_cost, 0, 0, 0, 0);
  insert into public.report_sales_types as t (day, location_id, product_type, txid, lines, quantity, revenue, cost)
  values (p_day, p_location_id, p_product_type, v_txid, case when p_document_type = 'CreditNote' then 0 else p_sign end, v_quantity, v_revenue, v_cost)
  on conflict (day, location_id, product_type, txid) do update
     set lines = t.lines + excluded.lines, quantity = t.quantity + excluded.quantity, revenue = t.revenue + excluded.revenue,
         cost = t.cost + excluded.cost;
  insert into public.report_sales_products as t (day, location_id, product_id, txid, quantity, revenue, cost)
  values (p_day, p_location_id, p_product_id, v_txid, v_quantity, v_revenue, v_cost)
  on conflict (day, location_id, product_id, txid) do update
     set quantity = t.quantity + excluded.quantity, revenue = t.revenue + excluded.revenue, cost = t.cost + excluded.cost;
end;
$function$;

-- The recall list: each tire line sold with its DOT, and how many of it came back.
create or replace function public.report_tire_sales(p_dot text, p_tire_brand_id bigint, p_date_from date, p_date_to date, p_limit integer, p_offset integer, p_dot_from text DEFAULT NULL::text, p_dot_to text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_to date := coalesce(p_date_to, current_date);
  v_from date := coalesce(p_date_from, (coalesce(p_date_to, current_date) - interval '12 months')::date);
  v_dot text := nullif(btrim(coalesce(p_dot, '')), '');
  v_week_from integer := public.dot_week(p_dot_from);
  v_week_to integer := public.dot_week(p_dot_to);
  v_match text := '';
  v_weeks text := '';
  v_brand text := '';
  v_filtered boolean;
  v_lines text;
  v_page jsonb;
  v_total integer;
begin
  perform public.report_check_dates(v_from, v_to);
  if v_dot is not null then
    v_match := format(' and lower(x.dot) like %L', replace(replace(replace(lower(v_dot), '\', '\\'), '%', '\%'), '_', '\_') || '%');
  end if;
  if v_week_from is not null or v_week_to is not null then
    v_weeks := ' and public.dot_week(x.dot) between coalesce($6, 0) and coalesce($7, 2147483647)';
  end if;
  if p_tire_brand_id is not null then
    v_brand := ' and exists (select 1 from public.tires t where t.product_id = x.product_id and t.tire_brand_id = $3)';
  end if;
  v_filtered := v_dot is not null or v_weeks <> '' or p_tire_brand_id is not null;
  -- Each side newest first; with no filter but the dates, only the first offset + limit of each side
  -- can be on the page, and the documents' date indexes give them without reading the rest.
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
    v_match || v_weeks || v_brand,
    case when not v_filtered then 'order by i.issued_date desc, i.id desc, x.id limit $4 + $5' else '' end,
    case when not v_filtered then 'order by s.sale_date desc, s.id desc, x.id limit $4 + $5' else '' end);
  -- The page and, when filtered, the count of every match in one pass over the matches.
  execute format(
    $sql$
    with page as (
      select l.*, %s as total
        from (%s) l
       order by l.date desc, l.document_type, l.document_id desc, l.line_id
       limit $4 offset $5)
    select (select max(p.total)::integer from page p),
           coalesce(jsonb_agg(jsonb_build_object(
             'dot', x.dot, 'brand', b.name, 'pattern', pa.name, 'size', t.size, 'product_id', x.product_id, 'product_name', x.product_name,
             'quantity', x.quantity, 'date', l.date, 'document_type', l.document_type, 'document_id', l.document_id,
             'document_number', coalesce(i.number, s.number),
             'returned', (select coalesce(sum(ci.quantity), 0)::integer from public.credit_note_items ci
                            join public.credit_notes cn on cn.id = ci.credit_note_id
                           where ci.line_id = l.line_id and cn.document_type = l.document_type and cn.status = 'issued'),
             'customer', jsonb_build_object('id', c.id, 'name', c.name, 'phone', c.phone,
                                            'contact_recorded', regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g') <> ''))
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
      left join public.patterns pa on pa.id = t.pattern_id
    $sql$,
    case when not v_filtered then 'null::bigint' else 'count(*) over ()' end, v_lines
  ) into v_total, v_page using v_from, v_to, p_tire_brand_id, p_limit, p_offset, v_week_from, v_week_to;
  if not v_filtered then
    -- Every tire line of the range: counted by the summary rather than one by one.
    select coalesce(sum(t.lines), 0)::integer into v_total
      from public.report_sales_types t where t.product_type = 'tire' and t.day between v_from and v_to;
  elsif v_total is null then
    -- A page past the end.
    execute format('select count(*)::integer from (%s) l', v_lines) into v_total using v_from, v_to, p_tire_brand_id, p_limit, p_offset, v_week_from, v_week_to;
  end if;
  return jsonb_build_object('data', v_page, 'total', v_total,
                            'filters', jsonb_build_object('dot', v_dot, 'dot_from', nullif(btrim(coalesce(p_dot_from, '')), ''),
                                                          'dot_to', nullif(btrim(coalesce(p_dot_to, '')), ''),
                                                          'tire_brand_id', p_tire_brand_id, 'dateFrom', v_from, 'dateTo', v_to));
end;
$function$;

-- The sales report's payments by method include store credit given and spent.
create or replace function public.report_sales(p_date_from date, p_date_to date, p_group text, p_location_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
    from unnest(array['cash', 'credit_card', 'bank_transfer', 'cheque', 'store_credit']) with ordinality t(method, ord)
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
$function$;

-- A customer's statement says the store credit they hold.
create or replace function public.report_statement(p_party text, p_party_id bigint, p_as_of date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_as_of date := coalesce(p_as_of, current_date);
  v_party jsonb;
  v_documents jsonb;
  v_totals jsonb;
begin
  select case when p_party = 'customer'
              then jsonb_build_object('id', pt.id, 'name', pt.name, 'phone', pt.phone, 'email', pt.email, 'address', pt.address,
                                      'store_credit', public.store_credit_of(pt.id))
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
$function$;
