-- Quotes: what a customer was promised, numbered when made, never moving stock, and turned into a
-- draft invoice or a pending sale at the quoted prices.

alter table public.settings
  add column quote_prefix text not null default 'Q',
  add column quote_valid_days integer not null default 14,
  add constraint settings_quote_valid_days_check check (quote_valid_days between 1 and 365);

create table public.quotes (
  id bigint generated always as identity primary key,
  number text not null unique,
  customer_id bigint not null references public.customers(id),
  location_id bigint not null references public.locations(id),
  issued_date date not null,
  valid_until date not null,
  status text not null default 'draft' check (status in ('draft', 'sent', 'accepted', 'declined', 'converted')),
  payment_status text not null default 'pending' check (payment_status = 'pending'),
  subtotal numeric(12,2) not null default 0,
  discount_amount numeric(12,2) not null default 0 check (discount_amount >= 0),
  tax_amount numeric(12,2) not null default 0 check (tax_amount >= 0),
  tax_rate numeric not null default 0,
  net_amount numeric(12,2) not null default 0,
  total_paid numeric(12,2) not null default 0 check (total_paid = 0),
  balance_due numeric(12,2) not null default 0,
  notes text,
  converted_type text check (converted_type in ('Invoice', 'Sale')),
  converted_id bigint,
  created_by bigint references public.users(id) on delete set null,
  sent_at timestamptz,
  converted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  changed_by bigint,
  changed_at timestamptz,
  constraint quotes_discount_within_subtotal check (discount_amount <= subtotal),
  constraint quotes_valid_after_issue check (valid_until >= issued_date),
  constraint quotes_converted_names_document check ((status = 'converted') = (converted_id is not null))
);
create index quotes_issued_date_idx on public.quotes (issued_date desc, id desc);
create index quotes_customer_id_idx on public.quotes (customer_id, issued_date desc);
create index quotes_location_id_idx on public.quotes (location_id, issued_date desc);
alter table public.quotes enable row level security;

create table public.quote_items (
  id bigint generated always as identity primary key,
  quote_id bigint not null references public.quotes(id) on delete cascade,
  position integer not null,
  product_id bigint not null references public.products(id),
  product_type text not null,
  product_name text not null,
  description text,
  dot text,
  quantity integer not null check (quantity >= 1),
  unit_price numeric(12,2) not null check (unit_price >= 0),
  discount_percent numeric(5,2) not null default 0 check (discount_percent between 0 and 100),
  cost_price numeric(12,2) not null default 0,
  line_total numeric(12,2) not null
);
create index quote_items_quote_id_idx on public.quote_items (quote_id, position);
create index quote_items_product_id_idx on public.quote_items (product_id);
alter table public.quote_items enable row level security;

alter table public.invoices add column quote_id bigint references public.quotes(id);
alter table public.sales add column quote_id bigint references public.quotes(id);
create unique index invoices_quote_id_idx on public.invoices (quote_id) where quote_id is not null;
create unique index sales_quote_id_idx on public.sales (quote_id) where quote_id is not null;

-- A quote left without a validity is good for the shop's days from its issue date.
create function public.quotes_set_valid_until()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.valid_until is null then
    new.valid_until := new.issued_date + (select s.quote_valid_days from public.settings s);
  end if;
  return new;
end;
$$;

create trigger quotes_valid_until before insert or update of valid_until, issued_date on public.quotes
  for each row execute function public.quotes_set_valid_until();
create trigger quotes_version before update on public.quotes
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger audit_quotes after insert or delete on public.quotes
  for each row execute function public.audit_document('quote');
create trigger audit_quotes_update after update on public.quotes
  for each row when (old.status is distinct from new.status or old.customer_id is distinct from new.customer_id
    or old.location_id is distinct from new.location_id or old.issued_date is distinct from new.issued_date
    or old.valid_until is distinct from new.valid_until or old.notes is distinct from new.notes
    or old.discount_amount is distinct from new.discount_amount or old.tax_amount is distinct from new.tax_amount
    or old.net_amount is distinct from new.net_amount)
  execute function public.audit_document('quote');
create trigger audit_quote_items after insert or update or delete on public.quote_items
  for each row execute function public.audit_document_line('quote', 'quote_id', 'quotes');

alter table public.document_counts drop constraint document_counts_type_check;
alter table public.document_counts add constraint document_counts_type_check check (type in ('Invoice', 'Sale', 'Purchase', 'Quote'));

create or replace function public.document_counts_apply()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_bucket smallint := (txid_current() % 16)::smallint;
  v_type text := case tg_table_name when 'invoices' then 'Invoice' when 'sales' then 'Sale' when 'quotes' then 'Quote' else 'Purchase' end;
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

create constraint trigger quotes_counts_insert after insert on public.quotes
  deferrable initially deferred for each row execute function public.document_counts_apply();
create constraint trigger quotes_counts_delete after delete on public.quotes
  deferrable initially deferred for each row execute function public.document_counts_apply();
create constraint trigger quotes_counts_update after update of location_id, status, payment_status on public.quotes
  deferrable initially deferred for each row
  when (old.location_id is distinct from new.location_id or old.status is distinct from new.status or old.payment_status is distinct from new.payment_status)
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
    else raise exception 'Unknown document type %', p_type;
  end case;
end;
$$;

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

-- The status a quote shows: a draft or sent quote past its validity has expired.
create function public.quote_shown_status(p_status text, p_valid_until date)
returns text
language sql
stable
set search_path = ''
as $$
  select case when p_status in ('draft', 'sent') and p_valid_until < current_date then 'expired' else p_status end
$$;

-- Locks a quote and refuses what its status does not allow: the row, for the caller's change.
create function public.lock_quote(p_id bigint, p_allowed text[], p_doing text)
returns public.quotes
language plpgsql
set search_path = ''
as $$
declare
  v_quote public.quotes;
begin
  select * into v_quote from public.quotes q where q.id = p_id for update;
  if not found then
    raise exception 'Quote not found' using errcode = 'P0002';
  end if;
  if v_quote.status = 'converted' then
    raise exception 'This quote has already been converted.' using errcode = 'P0001';
  end if;
  if v_quote.status = 'declined' then
    raise exception 'This quote was declined.' using errcode = 'P0001';
  end if;
  if public.quote_shown_status(v_quote.status, v_quote.valid_until) = 'expired' then
    raise exception 'This quote expired on %.', to_char(v_quote.valid_until, 'YYYY-MM-DD') using errcode = 'P0001';
  end if;
  if not v_quote.status = any(p_allowed) then
    raise exception 'A % quote cannot be %.', v_quote.status, p_doing using errcode = 'P0001';
  end if;
  return v_quote;
end;
$$;

create function public.send_document(p_type text, p_id bigint, p_user_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_type <> 'Quote' then
    raise exception 'Only a quote is sent this way.';
  end if;
  perform public.lock_quote(p_id, array['draft'], 'sent');
  update public.quotes q set status = 'sent', sent_at = now(), updated_at = now() where q.id = p_id;
end;
$$;

create function public.accept_document(p_type text, p_id bigint, p_user_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_type <> 'Quote' then
    raise exception 'Only a quote is accepted.';
  end if;
  perform public.lock_quote(p_id, array['sent'], 'accepted');
  update public.quotes q set status = 'accepted', updated_at = now() where q.id = p_id;
end;
$$;

create function public.decline_document(p_type text, p_id bigint, p_user_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_type <> 'Quote' then
    raise exception 'Only a quote is declined.';
  end if;
  perform public.lock_quote(p_id, array['draft', 'sent', 'accepted'], 'declined');
  update public.quotes q set status = 'declined', updated_at = now() where q.id = p_id;
end;
$$;

-- A quote becomes a draft invoice or a pending sale dated today, with the quote's customer, branch,
-- lines at the quoted prices, discount, tax and notes; the product's cost and DOT are today's.
create function public.convert_document(p_type text, p_id bigint, p_to text, p_user_id bigint)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  q public.quotes;
  v_type text := case p_to when 'invoice' then 'Invoice' when 'sale' then 'Sale' end;
  t record;
  v_id bigint;
begin
  if p_type <> 'Quote' then
    raise exception 'Only a quote is converted.';
  end if;
  q := public.lock_quote(p_id, array['draft', 'sent', 'accepted'], 'converted');
  if v_type is null then
    raise exception 'A quote becomes an invoice or a sale.' using errcode = 'WH422', hint = 'to';
  end if;
  t := public.document_tables(v_type);
  if v_type = 'Invoice' then
    insert into public.invoices (customer_id, location_id, issued_date, due_date, notes, created_by, quote_id)
    select q.customer_id, q.location_id, current_date, current_date + s.payment_terms_days, q.notes, p_user_id, q.id
      from public.settings s
    returning id into v_id;
  else
    insert into public.sales (number, customer_id, location_id, sale_date, notes, created_by, quote_id)
    values (public.next_document_number('sale', current_date), q.customer_id, q.location_id, current_date, q.notes, p_user_id, q.id)
    returning id into v_id;
  end if;
  execute format(
    $sql$
    insert into public.%I (%I, position, product_id, product_type, product_name, description, dot, quantity, unit_price,
                           discount_percent, cost_price, line_total)
    select $1, x.position, x.product_id, x.product_type, x.product_name, x.description, coalesce(tr.dot, x.dot), x.quantity,
           x.unit_price, x.discount_percent, p.cost_price, x.line_total
      from public.quote_items x
      join public.products p on p.id = x.product_id
      left join public.tires tr on tr.product_id = x.product_id
     where x.quote_id = $2
     order by x.position
    $sql$, t.lines_table, t.key_column) using v_id, p_id;
  execute format(
    'update public.%I d set subtotal = $2, discount_amount = $3, tax_amount = $4 where d.id = $1', t.header_table)
    using v_id, q.subtotal, q.discount_amount, q.tax_amount;
  perform public.refresh_document_totals(v_type, v_id);
  update public.quotes x
     set status = 'converted', converted_type = v_type, converted_id = v_id, converted_at = now(), updated_at = now()
   where x.id = p_id;
  return v_id;
end;
$$;

alter table public.document_series drop constraint document_series_series_check;
alter table public.document_series add constraint document_series_series_check
  check (series in ('invoice', 'sale', 'receipt', 'purchase', 'quote'));
