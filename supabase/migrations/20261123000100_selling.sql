-- Selling: the shop profile, document numbers, invoices, sales, receipts and idempotent creates.
--
-- Errors raised here, which the API turns into answers: P0001 a business rule (409), P0002 a
-- missing row (404), WH422 bad input (422, the field named in HINT).

create table public.settings (
  id boolean primary key default true check (id),
  shop_name text not null default 'Wheelhouse' check (length(shop_name) between 1 and 255),
  address text,
  phone text,
  email text,
  tax_number text,
  tax_rate numeric(5, 2) not null default 0 check (tax_rate between 0 and 100),
  payment_terms_days integer not null default 30 check (payment_terms_days between 0 and 365),
  invoice_prefix text not null default 'INV',
  sale_prefix text not null default 'S',
  receipt_prefix text not null default 'RC',
  purchase_prefix text not null default 'PO',
  print_footer text,
  updated_at timestamptz not null default now()
);
insert into public.settings (id) values (true);

-- The next number of each series in each year: taken with UPDATE ... RETURNING in the transaction
-- that issues the document, so numbers are unique and gapless.
create table public.document_series (
  series text not null check (series in ('invoice', 'sale', 'receipt', 'purchase')),
  year integer not null,
  next_value integer not null default 1 check (next_value >= 1),
  primary key (series, year)
);

create table public.invoices (
  id bigint generated always as identity primary key,
  number text unique,
  customer_id bigint not null references public.customers (id),
  location_id bigint not null references public.locations (id),
  issued_date date not null,
  due_date date,
  status text not null default 'draft' check (status in ('draft', 'sent', 'cancelled')),
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
  sent_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint invoices_number_when_sent check (status <> 'sent' or number is not null),
  constraint invoices_discount_within_subtotal check (discount_amount <= subtotal),
  constraint invoices_paid_within_net check (total_paid >= 0 and total_paid <= net_amount)
);
create index invoices_issued_date_idx on public.invoices (issued_date desc, id desc);
create index invoices_customer_id_idx on public.invoices (customer_id, issued_date desc);
create index invoices_location_id_idx on public.invoices (location_id, issued_date desc);
create index invoices_open_idx on public.invoices (due_date) where status = 'sent' and payment_status <> 'paid';

create table public.sales (
  id bigint generated always as identity primary key,
  number text not null unique,
  customer_id bigint not null references public.customers (id),
  location_id bigint not null references public.locations (id),
  sale_date date not null,
  payment_method text not null default 'cash' check (payment_method in ('cash', 'credit_card', 'bank_transfer', 'cheque')),
  status text not null default 'pending' check (status in ('pending', 'completed', 'cancelled')),
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
  completed_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint sales_discount_within_subtotal check (discount_amount <= subtotal),
  constraint sales_paid_within_net check (total_paid >= 0 and total_paid <= net_amount)
);
create index sales_sale_date_idx on public.sales (sale_date desc, id desc);
create index sales_customer_id_idx on public.sales (customer_id, sale_date desc);
create index sales_location_id_idx on public.sales (location_id, sale_date desc);
create index sales_open_idx on public.sales (sale_date) where status <> 'cancelled' and payment_status <> 'paid';

-- Lines keep what was sold: the product's kind, name, DOT and cost at the time, and the price.
create table public.invoice_items (
  id bigint generated always as identity primary key,
  invoice_id bigint not null references public.invoices (id) on delete cascade,
  position integer not null,
  product_id bigint not null references public.products (id),
  product_type text not null,
  product_name text not null,
  description text,
  dot text,
  quantity integer not null check (quantity >= 1),
  unit_price numeric(12, 2) not null check (unit_price >= 0),
  discount_percent numeric(5, 2) not null default 0 check (discount_percent between 0 and 100),
  cost_price numeric(12, 2) not null default 0,
  line_total numeric(12, 2) not null
);
create index invoice_items_invoice_id_idx on public.invoice_items (invoice_id, position);
create index invoice_items_product_id_idx on public.invoice_items (product_id);

create table public.sale_items (
  id bigint generated always as identity primary key,
  sale_id bigint not null references public.sales (id) on delete cascade,
  position integer not null,
  product_id bigint not null references public.products (id),
  product_type text not null,
  product_name text not null,
  description text,
  dot text,
  quantity integer not null check (quantity >= 1),
  unit_price numeric(12, 2) not null check (unit_price >= 0),
  discount_percent numeric(5, 2) not null default 0 check (discount_percent between 0 and 100),
  cost_price numeric(12, 2) not null default 0,
  line_total numeric(12, 2) not null
);
create index sale_items_sale_id_idx on public.sale_items (sale_id, position);
create index sale_items_product_id_idx on public.sale_items (product_id);

-- Money in (income), out (expense) and given back (refund), each paying one document.
create table public.receipts (
  id bigint generated always as identity primary key,
  number text not null unique,
  receipt_date date not null,
  type text not null check (type in ('income', 'expense', 'refund')),
  receiptable_type text not null check (receiptable_type in ('Invoice', 'Sale', 'Purchase')),
  receiptable_id bigint not null,
  document_number text,
  customer_id bigint references public.customers (id),
  supplier_id bigint references public.suppliers (id),
  location_id bigint references public.locations (id),
  amount numeric(12, 2) not null check (amount > 0),
  payment_method text not null check (payment_method in ('cash', 'credit_card', 'bank_transfer', 'cheque')),
  reference_number text,
  bank_name text,
  cheque_number text,
  transaction_id text,
  notes text,
  created_by bigint references public.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index receipts_document_idx on public.receipts (receiptable_type, receiptable_id);
create index receipts_receipt_date_idx on public.receipts (receipt_date desc, id desc);
create index receipts_customer_id_idx on public.receipts (customer_id);
create index receipts_supplier_id_idx on public.receipts (supplier_id);

-- The answer to a create sent with an Idempotency-Key, kept for 24 hours.
create table public.idempotency_keys (
  user_id bigint not null references public.users (id) on delete cascade,
  key text not null check (length(key) between 1 and 255),
  request_hash text not null,
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index idempotency_keys_created_at_idx on public.idempotency_keys (created_at);

alter table public.settings enable row level security;
alter table public.document_series enable row level security;
alter table public.invoices enable row level security;
alter table public.sales enable row level security;
alter table public.invoice_items enable row level security;
alter table public.sale_items enable row level security;
alter table public.receipts enable row level security;
alter table public.idempotency_keys enable row level security;

-- 'INV-2026-00001': the series' prefix from the settings, the year of p_date, the next value.
create function public.next_document_number(p_series text, p_date date)
returns text
language plpgsql
security invoker
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
revoke execute on function public.next_document_number(text, date) from public;

-- A document type's tables, its party's column, what it is called, and the status in which its
-- goods have moved. Purchase orders arrive with the purchasing migration.
create function public.document_tables(
  p_type text, out header_table text, out lines_table text, out key_column text, out party_column text,
  out noun text, out posted_status text
)
language plpgsql
immutable
security invoker
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
    else raise exception 'Unknown document type %', p_type;
  end case;
end;
$$;
revoke execute on function public.document_tables(text) from public;

-- The one place a document's figures are computed: subtotal from its lines, paid from its receipts
-- (income and expense minus refunds), and what follows from them. Run whenever either changes.
create function public.refresh_document_totals(p_type text, p_id bigint)
returns void
language plpgsql
security invoker
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
                      l.subtotal - d.discount_amount as taxed
                 from public.%I d, l, r where d.id = $1)
    update public.%I d
       set subtotal = n.subtotal,
           net_amount = n.net,
           tax_rate = case when n.taxed > 0 then round(d.tax_amount * 100 / n.taxed, 2) else 0 end,
           total_paid = n.paid,
           balance_due = n.net - n.paid,
           payment_status = case when n.paid <= 0 then 'pending' when n.paid >= n.net then 'paid' else 'partial' end,
           updated_at = now()
      from n
     where d.id = $1
    $sql$,
    t.lines_table, t.key_column, t.header_table, t.header_table
  ) using p_id, p_type;
end;
$$;
revoke execute on function public.refresh_document_totals(text, bigint) from public;

-- Moves a document's goods out of (p_sign -1) or back into (+1) a branch through move_stock, one
-- move per product, locking each product's row and then its stock row, in product order. Services
-- have no stock.
create function public.move_document_stock(
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
    perform 1 from public.products p where p.id = line.product_id for update;
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
revoke execute on function public.move_document_stock(text, bigint, bigint, integer, text, bigint) from public;

-- Posts a document: a draft invoice is sent and takes the next invoice number, a pending sale is
-- completed; either way its goods leave the branch.
create function public.post_document(p_type text, p_id bigint, p_user_id bigint)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  t record := public.document_tables(p_type);
  v_status text;
  v_location_id bigint;
begin
  if p_type not in ('Invoice', 'Sale') then
    raise exception 'A % is received, not posted.', t.noun;
  end if;
  execute format('select d.status, d.location_id from public.%I d where d.id = $1 for update', t.header_table)
    into v_status, v_location_id using p_id;
  if v_status is null then
    raise exception '% not found', p_type using errcode = 'P0002';
  end if;
  if v_status = t.posted_status then
    raise exception 'This % has already been %.', t.noun, t.posted_status using errcode = 'P0001';
  end if;
  if v_status = 'cancelled' then
    raise exception 'This % has been cancelled.', t.noun using errcode = 'P0001';
  end if;
  perform public.move_document_stock(p_type, p_id, v_location_id, -1, 'sale', p_user_id);
  if p_type = 'Invoice' then
    update public.invoices i
       set status = 'sent', number = public.next_document_number('invoice', i.issued_date), sent_at = now(), updated_at = now()
     where i.id = p_id;
  else
    update public.sales s set status = 'completed', completed_at = now(), updated_at = now() where s.id = p_id;
  end if;
end;
$$;
revoke execute on function public.post_document(text, bigint, bigint) from public;

-- Cancels a document; a posted one's goods come back to the branch. Money paid must be refunded first.
create function public.cancel_document(p_type text, p_id bigint, p_user_id bigint)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  t record := public.document_tables(p_type);
  v_status text;
  v_location_id bigint;
  v_paid numeric;
begin
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
revoke execute on function public.cancel_document(text, bigint, bigint) from public;

create function public.format_money(p_amount numeric)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$ select '$' || to_char(p_amount, 'FM999,999,999,990.00') $$;
revoke execute on function public.format_money(numeric) from public;

-- Records money against a document: income (and refunds) on invoices and sales, expenses (and
-- refunds) on purchase orders. Locks the document, checks its state and what may still be paid or
-- given back, numbers the receipt and refreshes the document's figures. Returns the receipt's id.
create function public.create_receipt(
  p_type text, p_receiptable_type text, p_receiptable_id bigint, p_amount numeric, p_receipt_date date,
  p_payment_method text, p_reference_number text, p_bank_name text, p_cheque_number text,
  p_transaction_id text, p_notes text, p_user_id bigint
)
returns bigint
language plpgsql
security invoker
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
revoke execute on function public.create_receipt(text, text, bigint, numeric, date, text, text, text, text, text, text, bigint) from public;

-- Deletes a receipt and gives its document the balance back. A receipt of a cancelled document
-- stays, and a payment cannot go while a refund of it remains.
create function public.delete_receipt(p_id bigint)
returns void
language plpgsql
security invoker
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
  t := public.document_tables(v_receipt.receiptable_type);
  execute format('select d.status from public.%I d where d.id = $1 for update', t.header_table)
    into v_status using v_receipt.receiptable_id;
  if v_status = 'cancelled' then
    raise exception 'Receipts of a cancelled document cannot be deleted.' using errcode = 'P0001';
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
revoke execute on function public.delete_receipt(bigint) from public;
