-- What each open document added to its party's balance, kept by day: a past date's balances are
-- today's kept balances less what moved after that date, instead of every open document and every
-- later payment read afresh on each request.
--
-- A document's moves are the steps of its open share as dates pass: on its date it opens (one
-- document, what is billed, paid and owed), each payment, refund, credit note or supplier return
-- changes what is paid or owed on its own date, and the day it is settled takes it all out again.
-- Summed up to a date they give what the document stood at then; summed over all dates, what
-- `report_party_balances` and `report_balances_due` keep for today. They are rewritten whole, from
-- the document and its receipts and returns, whenever one of those changes, so a payment entered
-- late with an earlier date lands on its own day.

-- The backfill reads every document of the year, longer than the app's statement timeout.
set local statement_timeout = 0;

create table public.report_balance_moves (
  document_type text not null check (document_type in ('Invoice', 'Sale', 'Purchase')),
  document_id bigint not null,
  day date not null,
  party_type text not null check (party_type in ('customer', 'supplier')),
  party_id bigint not null,
  due_date date not null,
  documents integer not null,
  billed numeric(16,2) not null,
  paid numeric(16,2) not null,
  balance numeric(16,2) not null,
  primary key (document_type, document_id, day)
);
create index report_balance_moves_day_idx on public.report_balance_moves (party_type, day)
  include (party_id, due_date, documents, billed, paid, balance);
alter table public.report_balance_moves enable row level security;

-- A document's moves as it stands now (none unless it is sent, completed, ordered or received).
-- A customer's document counts as billed what is not credited back; a supplier's its whole net.
create function public.report_balance_moves_of(p_document_type text, p_id bigint)
returns table (day date, party_type text, party_id bigint, due_date date, documents integer, billed numeric, paid numeric, balance numeric)
language plpgsql
stable
set search_path = ''
as $$
begin
  -- PL/pgSQL keeps the plan of this statement for the session; as an SQL function it was planned
  -- again on every call, seven times the cost of a payment's rewrite.
  return query
  with doc as (
    select 'customer'::text as party_type, i.customer_id as party_id, i.issued_date as date,
           coalesce(i.due_date, i.issued_date) as due_date, i.net_amount as net, true as credit_unbills
      from public.invoices i
     where p_document_type = 'Invoice' and i.id = p_id and i.status = 'sent'
    union all
    select 'customer', s.customer_id, s.sale_date, s.sale_date, s.net_amount, true
      from public.sales s
     where p_document_type = 'Sale' and s.id = p_id and s.status = 'completed'
    union all
    select 'supplier', p.supplier_id, p.purchase_date, coalesce(p.expected_delivery_date, p.purchase_date), p.net_amount, false
      from public.purchases p
     where p_document_type = 'Purchase' and p.id = p_id and p.status in ('ordered', 'received')),
  events (day, paid, credited) as (
    select d.date, 0::numeric, 0::numeric from doc d
    union all
    select greatest(r.receipt_date, d.date), case when r.type = 'refund' then -r.amount else r.amount end, 0
      from doc d join public.receipts r on r.receiptable_type = p_document_type and r.receiptable_id = p_id
    union all
    select greatest(cn.issued_date, d.date), 0, cn.net_amount
      from doc d join public.credit_notes cn on cn.document_type = p_document_type and cn.document_id = p_id
     where cn.status = 'issued'
    union all
    select greatest(sr.issued_date, d.date), 0, sr.net_amount
      from doc d join public.supplier_returns sr on p_document_type = 'Purchase' and sr.document_id = p_id
     where sr.status = 'issued'),
  stood as (
    select e.day, sum(sum(e.paid)) over (order by e.day) as paid, sum(sum(e.credited)) over (order by e.day) as credited
      from events e
     group by e.day),
  shares as (
    select s.day, d.party_type, d.party_id, d.due_date, o.open::integer as documents,
           case when o.open then d.net - case when d.credit_unbills then s.credited else 0 end else 0 end as billed,
           case when o.open then s.paid else 0 end as paid,
           case when o.open then d.net - s.credited - s.paid else 0 end as balance
      from stood s
      cross join doc d
      cross join lateral (select d.net - s.credited - s.paid <> 0 as open) o),
  moves as (
    select h.day, h.party_type, h.party_id, h.due_date,
           h.documents - lag(h.documents, 1, 0) over w as documents, h.billed - lag(h.billed, 1, 0::numeric) over w as billed,
           h.paid - lag(h.paid, 1, 0::numeric) over w as paid, h.balance - lag(h.balance, 1, 0::numeric) over w as balance
      from shares h
    window w as (order by h.day))
  select m.day, m.party_type, m.party_id, m.due_date, m.documents, m.billed, m.paid, m.balance
    from moves m
   where (m.documents, m.billed, m.paid, m.balance) <> (0, 0, 0, 0);
end;
$$;
revoke execute on function public.report_balance_moves_of(text, bigint) from public;

create view public.report_balance_moves_recount with (security_invoker = true) as
select d.document_type, d.id as document_id, m.day, m.party_type, m.party_id, m.due_date, m.documents, m.billed, m.paid, m.balance
  from (select 'Invoice'::text as document_type, i.id from public.invoices i where i.status = 'sent'
        union all
        select 'Sale', s.id from public.sales s where s.status = 'completed'
        union all
        select 'Purchase', p.id from public.purchases p where p.status in ('ordered', 'received')) d
  cross join lateral public.report_balance_moves_of(d.document_type, d.id) m;

insert into public.report_balance_moves (document_type, document_id, day, party_type, party_id, due_date, documents, billed, paid, balance)
select document_type, document_id, day, party_type, party_id, due_date, documents, billed, paid, balance from public.report_balance_moves_recount;
analyze public.report_balance_moves;

-- A document's moves as kept: taken out, then written again as it now stands.
create function public.report_keep_balance_moves(p_document_type text, p_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
begin
  delete from public.report_balance_moves m where m.document_type = p_document_type and m.document_id = p_id;
  insert into public.report_balance_moves (document_type, document_id, day, party_type, party_id, due_date, documents, billed, paid, balance)
  select p_document_type, p_id, m.day, m.party_type, m.party_id, m.due_date, m.documents, m.billed, m.paid, m.balance
    from public.report_balance_moves_of(p_document_type, p_id) m;
end;
$$;
revoke execute on function public.report_keep_balance_moves(text, bigint) from public;

create function public.report_balance_document_changed()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform public.report_keep_balance_moves(
    case tg_table_name when 'invoices' then 'Invoice' when 'sales' then 'Sale' else 'Purchase' end,
    case when tg_op = 'DELETE' then old.id else new.id end);
  return null;
end;
$$;
revoke execute on function public.report_balance_document_changed() from public;

-- A receipt, a credit note or a supplier return rewrites the moves of the document it names (the
-- document's own totals may be written before it, as when a credit note is cancelled).
create function public.report_balance_part_changed()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_type_key text := case tg_table_name when 'receipts' then 'receiptable_type' when 'credit_notes' then 'document_type' end;
  v_id_key text := case tg_table_name when 'receipts' then 'receiptable_id' else 'document_id' end;
  v_named text[] := '{}';
  v_row jsonb;
  v_type text;
  v_id bigint;
begin
  foreach v_row in array array_remove(array[case when tg_op <> 'INSERT' then to_jsonb(old) end, case when tg_op <> 'DELETE' then to_jsonb(new) end], null) loop
    v_type := coalesce(v_row ->> v_type_key, 'Purchase');
    v_id := (v_row ->> v_id_key)::bigint;
    if v_type in ('Invoice', 'Sale', 'Purchase') and v_id is not null and not (v_type || v_id) = any(v_named) then
      perform public.report_keep_balance_moves(v_type, v_id);
      v_named := v_named || (v_type || v_id);
    end if;
  end loop;
  return null;
end;
$$;
revoke execute on function public.report_balance_part_changed() from public;

create trigger invoices_balance_moves after insert or delete on public.invoices
  for each row execute function public.report_balance_document_changed();
create trigger invoices_balance_moves_update after update on public.invoices
  for each row when ((old.status, old.customer_id, old.issued_date, old.due_date, old.net_amount, old.credited_amount, old.total_paid, old.balance_due)
                     is distinct from (new.status, new.customer_id, new.issued_date, new.due_date, new.net_amount, new.credited_amount, new.total_paid, new.balance_due))
  execute function public.report_balance_document_changed();
create trigger sales_balance_moves after insert or delete on public.sales
  for each row execute function public.report_balance_document_changed();
create trigger sales_balance_moves_update after update on public.sales
  for each row when ((old.status, old.customer_id, old.sale_date, old.net_amount, old.credited_amount, old.total_paid, old.balance_due)
                     is distinct from (new.status, new.customer_id, new.sale_date, new.net_amount, new.credited_amount, new.total_paid, new.balance_due))
  execute function public.report_balance_document_changed();
create trigger purchases_balance_moves after insert or delete on public.purchases
  for each row execute function public.report_balance_document_changed();
create trigger purchases_balance_moves_update after update on public.purchases
  for each row when ((old.status, old.supplier_id, old.purchase_date, old.expected_delivery_date, old.net_amount, old.total_paid, old.balance_due)
                     is distinct from (new.status, new.supplier_id, new.purchase_date, new.expected_delivery_date, new.net_amount, new.total_paid, new.balance_due))
  execute function public.report_balance_document_changed();
create trigger receipts_balance_moves after insert or delete or update on public.receipts
  for each row execute function public.report_balance_part_changed();
create trigger credit_notes_balance_moves after insert or delete or update of status, issued_date, net_amount, document_type, document_id on public.credit_notes
  for each row execute function public.report_balance_part_changed();
create trigger supplier_returns_balance_moves after insert or delete or update of status, issued_date, net_amount, document_id on public.supplier_returns
  for each row execute function public.report_balance_part_changed();

-- The balances at a past date: each party's kept balance of today less what moved after that date,
-- and the ageing of the whole by due date likewise; the ageing of a page's parties from their documents.
create or replace function public.report_balances(p_party text, p_as_of date, p_search text, p_limit integer, p_offset integer)
returns jsonb
language plpgsql
stable
set search_path = ''
set work_mem = '16MB'
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
  elsif v_search is null then
    with moved as (
      select m.party_id, sum(m.documents) as documents, sum(m.billed) as billed, sum(m.paid) as paid, sum(m.balance) as balance
        from public.report_balance_moves m
       where m.party_type = p_party and m.day > v_as_of
       group by m.party_id),
    listed as (
      select s.* from (
        select coalesce(b.party_id, m.party_id) as party_id, coalesce(b.documents, 0) - coalesce(m.documents, 0) as documents,
               coalesce(b.billed, 0) - coalesce(m.billed, 0) as billed, coalesce(b.paid, 0) - coalesce(m.paid, 0) as paid,
               coalesce(b.balance, 0) - coalesce(m.balance, 0) as balance
          from (select * from public.report_party_balances b where b.party_type = p_party and b.txid = 0) b
          full join moved m on m.party_id = b.party_id) s
       where s.documents > 0),
    page as (
      select l.* from listed l order by l.balance desc, l.party_id limit p_limit offset p_offset),
    ages as (
      select o.party_id, sum(a.not_due) as not_due, sum(a.days_1_30) as days_1_30, sum(a.days_31_60) as days_31_60,
             sum(a.days_61_90) as days_61_90, sum(a.days_over_90) as days_over_90
        from public.report_open_documents(p_party, v_as_of, (select coalesce(array_agg(page.party_id), '{}') from page)) o
        cross join lateral public.report_ageing(v_as_of, o.due_date, o.balance) a
       group by o.party_id),
    due as (
      select d.due_date, sum(d.balance) as balance
        from (select b.due_date, b.balance from public.report_balances_due b where b.party_type = p_party and b.txid = 0
              union all
              select m.due_date, -m.balance from public.report_balance_moves m where m.party_type = p_party and m.day > v_as_of) d
       group by d.due_date)
    select (select count(*)::integer from listed),
           (select coalesce(jsonb_agg(jsonb_build_object(
                     v_id_key, pg.party_id, 'name', pt.name, 'phone', pt.phone, 'billed', pg.billed, 'paid', pg.paid, 'balance', pg.balance,
                     'current', coalesce(a.not_due, 0), 'days_1_30', coalesce(a.days_1_30, 0), 'days_31_60', coalesce(a.days_31_60, 0),
                     'days_61_90', coalesce(a.days_61_90, 0), 'days_over_90', coalesce(a.days_over_90, 0))
                     order by pg.balance desc, pg.party_id), '[]'::jsonb)
              from page pg
              join public.report_parties pt on pt.party_type = p_party and pt.id = pg.party_id
              left join ages a on a.party_id = pg.party_id),
           (select jsonb_build_object('billed', coalesce(sum(l.billed), 0), 'paid', coalesce(sum(l.paid), 0), 'balance', coalesce(sum(l.balance), 0))
                   || (select jsonb_build_object(
                         'current', coalesce(sum(a.not_due), 0), 'days_1_30', coalesce(sum(a.days_1_30), 0),
                         'days_31_60', coalesce(sum(a.days_31_60), 0), 'days_61_90', coalesce(sum(a.days_61_90), 0),
                         'days_over_90', coalesce(sum(a.days_over_90), 0))
                         from due d cross join lateral public.report_ageing(v_as_of, d.due_date, d.balance) a)
                   || jsonb_build_object(v_count_key, count(*))
              from listed l)
      into v_total, v_rows, v_totals;
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
        from public.report_open_documents(p_party, v_as_of, (select coalesce(array_agg(parties.id), '{}') from parties)) o
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

-- The drift check compares the moves kept with the moves of every document counted afresh.
create or replace function public.report_summary_drift()
returns table(summary text, key jsonb, kept jsonb, recounted jsonb)
language plpgsql
stable
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
  return query
  select 'report_tire_lines'::text, jsonb_build_object('document_type', coalesce(k.document_type, r.document_type), 'line_id', coalesce(k.line_id, r.line_id)),
         case when k.line_id is not null then jsonb_build_object('document_id', k.document_id, 'day', k.day, 'dot', k.dot, 'product_id', k.product_id) end,
         case when r.line_id is not null then jsonb_build_object('document_id', r.document_id, 'day', r.day, 'dot', r.dot, 'product_id', r.product_id) end
    from public.report_tire_lines k
    full join public.report_tire_lines_recount r on r.document_type = k.document_type and r.line_id = k.line_id
   where (k.document_id, k.day, k.dot, k.product_id) is distinct from (r.document_id, r.day, r.dot, r.product_id);
  return query
  select 'report_balance_moves'::text,
         jsonb_build_object('document_type', coalesce(k.document_type, r.document_type), 'document_id', coalesce(k.document_id, r.document_id),
                            'day', coalesce(k.day, r.day)),
         to_jsonb(k) - 'document_type' - 'document_id' - 'day', to_jsonb(r) - 'document_type' - 'document_id' - 'day'
    from public.report_balance_moves k
    full join public.report_balance_moves_recount r on r.document_type = k.document_type and r.document_id = k.document_id and r.day = k.day
   where (k.party_type, k.party_id, k.due_date, k.documents, k.billed, k.paid, k.balance)
         is distinct from (r.party_type, r.party_id, r.due_date, r.documents, r.billed, r.paid, r.balance);
end;
$$;
