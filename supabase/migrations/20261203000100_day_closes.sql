-- Day closes: each branch's drawer counted at the end of its business day, and the day locked behind it.
-- A close covers the branch's receipts since its last close (the day itself for a first close). Closing
-- locks the branch's row; every write of a receipt or a document date at that branch shares that lock, so
-- a receipt written while the close is saved is either in its figures or refused.

alter table public.document_series drop constraint document_series_series_check;
alter table public.document_series add constraint document_series_series_check
  check (series in ('invoice', 'sale', 'receipt', 'purchase', 'quote', 'credit_note', 'supplier_return', 'dc'));

create table public.day_closes (
  id bigint generated always as identity primary key,
  number text not null unique,
  location_id bigint not null references public.locations(id),
  business_date date not null,
  period_from date not null,
  status text not null default 'closed' check (status in ('closed', 'reopened')),
  opening_float numeric(12,2) not null default 0,
  expected_cash numeric(12,2) not null,
  counted_cash numeric(12,2) not null check (counted_cash >= 0),
  cash_over_short numeric(12,2) not null,
  expected_total numeric(12,2) not null,
  counted_total numeric(12,2) not null,
  over_short numeric(12,2) not null,
  deposit numeric(12,2) not null default 0 check (deposit >= 0),
  closing_float numeric(12,2) not null,
  cash_by_denomination jsonb,
  receipts integer not null default 0,
  notes text,
  closed_by bigint references public.users(id) on delete set null,
  closed_at timestamptz not null default now(),
  reopened_by bigint references public.users(id) on delete set null,
  reopened_at timestamptz,
  reopen_reason text,
  constraint day_closes_deposit_within_cash check (deposit <= counted_cash),
  constraint day_closes_float_is_what_stays check (closing_float = counted_cash - deposit),
  constraint day_closes_period check (period_from <= business_date),
  constraint day_closes_reopened_has_reason check ((status = 'reopened') = (reopened_at is not null and reopen_reason is not null))
);
create unique index day_closes_one_per_day on public.day_closes (location_id, business_date) where status = 'closed';
create index day_closes_location_date_idx on public.day_closes (location_id, business_date desc, id desc);
create index day_closes_date_idx on public.day_closes (business_date desc, id desc);
alter table public.day_closes enable row level security;

create table public.day_close_methods (
  day_close_id bigint not null references public.day_closes(id) on delete cascade,
  payment_method text not null check (payment_method in ('cash', 'credit_card', 'bank_transfer', 'cheque')),
  position integer not null,
  income numeric(12,2) not null default 0,
  refunds numeric(12,2) not null default 0,
  expenses numeric(12,2) not null default 0,
  supplier_refunds numeric(12,2) not null default 0,
  receipts integer not null default 0,
  expected numeric(12,2) not null,
  counted numeric(12,2) not null check (counted >= 0),
  over_short numeric(12,2) not null,
  primary key (day_close_id, payment_method)
);
alter table public.day_close_methods enable row level security;

create index receipts_location_date_idx on public.receipts (location_id, receipt_date);

-- Money in and out of a branch by payment method between two days, store credit aside (it is no money).
create function public.day_close_figures(p_location_id bigint, p_from date, p_to date)
returns table (payment_method text, ord integer, income numeric, refunds numeric, expenses numeric, supplier_refunds numeric,
  receipts integer, net numeric)
language sql
stable
set search_path = ''
as $$
  select m.method, m.ord::integer,
         coalesce(sum(r.amount) filter (where r.type = 'income'), 0),
         coalesce(sum(r.amount) filter (where r.type = 'refund' and r.receiptable_type <> 'Purchase'), 0),
         coalesce(sum(r.amount) filter (where r.type = 'expense'), 0),
         coalesce(sum(r.amount) filter (where r.type = 'refund' and r.receiptable_type = 'Purchase'), 0),
         count(r.id)::integer,
         coalesce(sum(case when r.type = 'income' or (r.type = 'refund' and r.receiptable_type = 'Purchase') then r.amount
                           else -r.amount end), 0)
    from unnest(array['cash', 'credit_card', 'bank_transfer', 'cheque']) with ordinality as m(method, ord)
    left join public.receipts r
      on r.payment_method = m.method and r.location_id = p_location_id and r.receipt_date between p_from and p_to
   group by m.method, m.ord
   order by m.ord
$$;
revoke execute on function public.day_close_figures(bigint, date, date) from public;

-- The close a new close of that day would follow, and what it would expect.
create function public.day_close_preview(p_location_id bigint, p_date date)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_last public.day_closes;
  v_today public.day_closes;
  v_from date;
  v_float numeric;
  v_methods jsonb;
begin
  select * into v_last from public.day_closes c
   where c.location_id = p_location_id and c.status = 'closed' and c.business_date < p_date
   order by c.business_date desc limit 1;
  select * into v_today from public.day_closes c
   where c.location_id = p_location_id and c.status = 'closed' and c.business_date = p_date;
  v_from := coalesce(v_last.business_date + 1, p_date);
  v_float := coalesce(v_last.closing_float, 0);
  select jsonb_agg(jsonb_build_object('payment_method', f.payment_method, 'income', f.income, 'refunds', f.refunds,
           'expenses', f.expenses, 'supplier_refunds', f.supplier_refunds, 'receipts', f.receipts, 'net', f.net,
           'expected', f.net + case when f.payment_method = 'cash' then v_float else 0 end) order by f.ord)
    into v_methods
    from public.day_close_figures(p_location_id, v_from, p_date) f;
  return jsonb_build_object(
    'location_id', p_location_id,
    'date', p_date,
    'period_from', v_from,
    'opening_float', v_float,
    'previous_close', case when v_last.id is null then null
      else jsonb_build_object('id', v_last.id, 'number', v_last.number, 'date', v_last.business_date) end,
    'closed_through', (select max(c.business_date) from public.day_closes c where c.location_id = p_location_id and c.status = 'closed'),
    'close', case when v_today.id is null then null else jsonb_build_object('id', v_today.id, 'number', v_today.number) end,
    'methods', v_methods,
    'expected_cash', (select (m ->> 'expected')::numeric from jsonb_array_elements(v_methods) m where m ->> 'payment_method' = 'cash'),
    'expected_total', (select sum((m ->> 'expected')::numeric) from jsonb_array_elements(v_methods) m)
  );
end;
$$;
revoke execute on function public.day_close_preview(bigint, date) from public;

-- Refuses a write of money or of a document's date at a branch on or before its last closed day. It shares
-- the branch's row with every other such write, and waits for a close being saved at that branch.
create function public.refuse_closed_day(p_location_id bigint, p_date date)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_name text;
  v_through date;
begin
  if p_location_id is null or p_date is null then
    return;
  end if;
  select l.name into v_name from public.locations l where l.id = p_location_id for share;
  select max(c.business_date) into v_through from public.day_closes c where c.location_id = p_location_id and c.status = 'closed';
  if v_through is not null and p_date <= v_through then
    raise exception 'The day % is closed at %.', to_char(p_date, 'YYYY-MM-DD'), v_name using errcode = 'P0001';
  end if;
end;
$$;
revoke execute on function public.refuse_closed_day(bigint, date) from public;

create function public.receipts_refuse_closed_day()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (old.receipt_date, old.location_id, old.amount, old.payment_method, old.type, old.receiptable_type)
       is not distinct from (new.receipt_date, new.location_id, new.amount, new.payment_method, new.type, new.receiptable_type) then
    return new;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform public.refuse_closed_day(old.location_id, old.receipt_date);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform public.refuse_closed_day(new.location_id, new.receipt_date);
    return new;
  end if;
  return old;
end;
$$;
revoke execute on function public.receipts_refuse_closed_day() from public;

create trigger receipts_closed_day before insert or update or delete on public.receipts
  for each row execute function public.receipts_refuse_closed_day();

-- A document cannot be dated into a closed day, nor moved out of one.
create function public.documents_refuse_closed_day()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_new date := (to_jsonb(new) ->> tg_argv[0])::date;
  v_old date;
begin
  if tg_op = 'UPDATE' then
    v_old := (to_jsonb(old) ->> tg_argv[0])::date;
    if (v_old, old.location_id) is not distinct from (v_new, new.location_id) then
      return new;
    end if;
    perform public.refuse_closed_day(old.location_id, v_old);
  end if;
  perform public.refuse_closed_day(new.location_id, v_new);
  return new;
end;
$$;
revoke execute on function public.documents_refuse_closed_day() from public;

create trigger invoices_closed_day before insert or update of issued_date, location_id on public.invoices
  for each row execute function public.documents_refuse_closed_day('issued_date');
create trigger sales_closed_day before insert or update of sale_date, location_id on public.sales
  for each row execute function public.documents_refuse_closed_day('sale_date');
create trigger purchases_closed_day before insert or update of purchase_date, location_id on public.purchases
  for each row execute function public.documents_refuse_closed_day('purchase_date');
create trigger quotes_closed_day before insert or update of issued_date, location_id on public.quotes
  for each row execute function public.documents_refuse_closed_day('issued_date');
create trigger credit_notes_closed_day before insert or update of issued_date, location_id on public.credit_notes
  for each row execute function public.documents_refuse_closed_day('issued_date');
create trigger supplier_returns_closed_day before insert or update of issued_date, location_id on public.supplier_returns
  for each row execute function public.documents_refuse_closed_day('issued_date');

-- Closes a branch's day with what was counted (`p_counted`: an amount per payment method; cash may come
-- from `p_denominations`, a count per face value). Locks the branch, so the receipts it sums are final.
create function public.close_day(p_location_id bigint, p_date date, p_counted jsonb, p_denominations jsonb, p_deposit numeric,
  p_notes text, p_user_id bigint)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_name text;
  v_through date;
  v_last public.day_closes;
  v_from date;
  v_float numeric;
  v_counted jsonb := coalesce(p_counted, '{}'::jsonb);
  v_notes_cash numeric;
  v_cash numeric;
  v_deposit numeric := coalesce(p_deposit, 0);
  v_id bigint;
  v_close public.day_closes;
begin
  select l.name into v_name from public.locations l where l.id = p_location_id for no key update;
  if not found then
    raise exception 'The selected location does not exist' using errcode = 'WH422', hint = 'location_id';
  end if;
  if p_date > current_date then
    raise exception 'A day cannot be closed before it has begun.' using errcode = 'WH422', hint = 'date';
  end if;
  if exists (select 1 from public.day_closes c where c.location_id = p_location_id and c.business_date = p_date and c.status = 'closed') then
    raise exception 'The day % is already closed at %.', to_char(p_date, 'YYYY-MM-DD'), v_name using errcode = 'P0001';
  end if;
  select max(c.business_date) into v_through from public.day_closes c where c.location_id = p_location_id and c.status = 'closed';
  if v_through > p_date then
    raise exception 'The day % is closed at %, so an earlier day cannot be closed.', to_char(v_through, 'YYYY-MM-DD'), v_name
      using errcode = 'P0001';
  end if;

  if p_denominations is not null then
    select coalesce(sum(round(d.key::numeric * (d.value)::numeric, 2)), 0) into v_notes_cash from jsonb_each_text(p_denominations) d;
    if v_counted ->> 'cash' is null then
      v_counted := v_counted || jsonb_build_object('cash', v_notes_cash);
    elsif (v_counted ->> 'cash')::numeric <> v_notes_cash then
      raise exception 'The cash counted does not match the notes and coins (%).', public.format_money(v_notes_cash)
        using errcode = 'WH422', hint = 'counted.cash';
    end if;
  end if;
  v_cash := coalesce((v_counted ->> 'cash')::numeric, 0);
  if v_deposit > v_cash then
    raise exception 'The deposit cannot be more than the cash counted (%).', public.format_money(v_cash)
      using errcode = 'WH422', hint = 'deposit';
  end if;

  select * into v_last from public.day_closes c
   where c.location_id = p_location_id and c.status = 'closed' order by c.business_date desc limit 1;
  v_from := coalesce(v_last.business_date + 1, p_date);
  v_float := coalesce(v_last.closing_float, 0);

  insert into public.day_closes (number, location_id, business_date, period_from, opening_float, expected_cash, counted_cash,
    cash_over_short, expected_total, counted_total, over_short, deposit, closing_float, cash_by_denomination, notes, closed_by)
  values (public.next_document_number('dc', p_date), p_location_id, p_date, v_from, v_float, 0, v_cash, 0, 0, 0, 0, v_deposit,
    v_cash - v_deposit, p_denominations, p_notes, p_user_id)
  returning id into v_id;

  insert into public.day_close_methods (day_close_id, payment_method, position, income, refunds, expenses, supplier_refunds, receipts,
    expected, counted, over_short)
  select v_id, f.payment_method, f.ord, f.income, f.refunds, f.expenses, f.supplier_refunds, f.receipts,
         f.net + case when f.payment_method = 'cash' then v_float else 0 end,
         coalesce((v_counted ->> f.payment_method)::numeric, 0),
         coalesce((v_counted ->> f.payment_method)::numeric, 0) - f.net - case when f.payment_method = 'cash' then v_float else 0 end
    from public.day_close_figures(p_location_id, v_from, p_date) f;

  update public.day_closes c
     set expected_cash = m.expected_cash, cash_over_short = m.cash_over_short, expected_total = m.expected_total,
         counted_total = m.counted_total, over_short = m.over_short, receipts = m.receipts
    from (select sum(x.expected) filter (where x.payment_method = 'cash') as expected_cash,
                 sum(x.over_short) filter (where x.payment_method = 'cash') as cash_over_short,
                 sum(x.expected) as expected_total, sum(x.counted) as counted_total, sum(x.over_short) as over_short,
                 sum(x.receipts) as receipts
            from public.day_close_methods x where x.day_close_id = v_id) m
   where c.id = v_id
  returning c.* into v_close;

  perform public.audit_record('closed', 'day_close', v_id, v_close.number,
    jsonb_build_object('expected_total', jsonb_build_object('old', null, 'new', v_close.expected_total),
                       'counted_total', jsonb_build_object('old', null, 'new', v_close.counted_total),
                       'over_short', jsonb_build_object('old', null, 'new', v_close.over_short),
                       'deposit', jsonb_build_object('old', null, 'new', v_close.deposit)),
    p_location_id);
  return v_id;
end;
$$;
revoke execute on function public.close_day(bigint, date, jsonb, jsonb, numeric, text, bigint) from public;

-- Opens a branch's most recent close again, so its day takes corrections and is closed anew.
create function public.reopen_day_close(p_id bigint, p_reason text, p_user_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_close public.day_closes;
  v_latest text;
begin
  select * into v_close from public.day_closes c where c.id = p_id;
  if not found then
    raise exception 'Day close not found' using errcode = 'P0002';
  end if;
  perform 1 from public.locations l where l.id = v_close.location_id for no key update;
  select * into v_close from public.day_closes c where c.id = p_id for update;
  if v_close.status = 'reopened' then
    raise exception 'This close has already been reopened.' using errcode = 'P0001';
  end if;
  select c.number into v_latest from public.day_closes c
   where c.location_id = v_close.location_id and c.status = 'closed' and c.business_date > v_close.business_date
   order by c.business_date desc limit 1;
  if v_latest is not null then
    raise exception 'Only the most recent close of the branch can be reopened (%).', v_latest using errcode = 'P0001';
  end if;
  if nullif(btrim(coalesce(p_reason, '')), '') is null then
    raise exception 'Reason is required' using errcode = 'WH422', hint = 'reason';
  end if;
  update public.day_closes c
     set status = 'reopened', reopened_at = now(), reopened_by = p_user_id, reopen_reason = p_reason
   where c.id = p_id;
  perform public.audit_record('reopened', 'day_close', p_id, v_close.number,
    jsonb_build_object('reason', jsonb_build_object('old', null, 'new', p_reason)), v_close.location_id);
end;
$$;
revoke execute on function public.reopen_day_close(bigint, text, bigint) from public;
