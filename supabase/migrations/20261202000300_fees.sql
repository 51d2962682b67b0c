-- Fees that follow what is sold: a disposal fee per tire, a core charge per battery. Each rule is sold
-- as a service of its own (its name, price and tax class), on a line of kind 'fee' under the product
-- line it follows, with that line's quantity.

create table public.fee_rules (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 100),
  -- The service the fee is sold as: its lines name it, and its tax class taxes them.
  product_id bigint not null unique references public.products (id),
  amount numeric(12,2) not null check (amount >= 0),
  -- Every tire, battery or wiper, or only the products marked with it.
  applies_to text not null check (applies_to in ('tire', 'battery', 'wiper', 'marked')),
  -- A core charge: credited back when the old part comes back.
  refundable boolean not null default false,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  changed_by bigint,
  changed_at timestamptz
);
create unique index fee_rules_name_key on public.fee_rules (lower(name));
alter table public.fee_rules enable row level security;
create trigger audit_fee_rules after insert or delete or update on public.fee_rules
  for each row execute function public.audit_row('fee_rule', 'name');
create trigger fee_rules_version before update on public.fee_rules
  for each row when (old.* is distinct from new.*) execute function public.bump_version();

create table public.product_fee_rules (
  fee_rule_id bigint not null references public.fee_rules (id) on delete cascade,
  product_id bigint not null references public.products (id) on delete cascade,
  primary key (fee_rule_id, product_id)
);
create index product_fee_rules_product_idx on public.product_fee_rules (product_id);
alter table public.product_fee_rules enable row level security;

-- How long after a sale an old battery's core is still credited.
alter table public.settings add column core_return_days integer not null default 30 check (core_return_days between 1 and 365);

-- A line is an item sold or a fee under one; an item line keeps the fees the customer was let off, with why.
do $$
declare
  v_table text;
begin
  foreach v_table in array array['invoice_items', 'sale_items', 'quote_items'] loop
    execute format(
      $sql$
      alter table public.%1$I
        add column line_kind text not null default 'item' check (line_kind in ('item', 'fee')),
        add column parent_line_id bigint references public.%1$I (id) on delete cascade,
        add column fee_rule_id bigint references public.fee_rules (id),
        add column waived_fees jsonb not null default '[]',
        add constraint %2$s check ((line_kind = 'fee') = (parent_line_id is not null and fee_rule_id is not null));
      create index %3$s on public.%1$I (parent_line_id) where parent_line_id is not null;
      $sql$, v_table, v_table || '_fee_has_parent', v_table || '_parent_idx');
  end loop;
end;
$$;

-- The fee lines a document's item lines call for. p_lines: [{key, product_id, product_type, quantity,
-- waived: [fee_rule_id...]}]; answers [{key, fee_rule_id, product_id, name, amount, quantity}], in the
-- order of the lines and then of the rules.
create or replace function public.document_fees(p_lines jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('key', l.key, 'fee_rule_id', r.id, 'product_id', r.product_id, 'name', r.name,
                                               'amount', r.amount, 'quantity', l.quantity, 'refundable', r.refundable)
                            order by l.ordinality, r.id), '[]'::jsonb)
    from jsonb_array_elements(p_lines) with ordinality as e(line, ordinality)
    cross join lateral (select e.line ->> 'key' as key, (e.line ->> 'product_id')::bigint as product_id, e.line ->> 'product_type' as product_type,
                               (e.line ->> 'quantity')::integer as quantity, coalesce(e.line -> 'waived', '[]'::jsonb) as waived, e.ordinality) l
    join public.fee_rules r on r.active
     and (r.applies_to = l.product_type
          or (r.applies_to = 'marked' and exists (select 1 from public.product_fee_rules m where m.fee_rule_id = r.id and m.product_id = l.product_id)))
   where not l.waived @> to_jsonb(r.id)
     and r.product_id <> l.product_id
$$;

-- Brings a document's fee lines in line with its item lines: each item line has one fee line per rule
-- it calls for and was not let off, with its quantity; then the lines are numbered each fee under its item.
create or replace function public.apply_document_fees(p_type text, p_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  t record := public.document_tables(p_type);
  v_wanted jsonb;
  v_exempt boolean;
  v_date_column text := case p_type when 'Sale' then 'sale_date' else 'issued_date' end;
begin
  execute format(
    $sql$
    select public.document_fees(coalesce(jsonb_agg(jsonb_build_object('key', x.id::text, 'product_id', x.product_id,
             'product_type', x.product_type, 'quantity', x.quantity,
             'waived', (select coalesce(jsonb_agg(w -> 'fee_rule_id'), '[]'::jsonb) from jsonb_array_elements(x.waived_fees) w))
             order by x.position, x.id), '[]'::jsonb))
      from public.%I x where x.%I = $1 and x.line_kind = 'item'
    $sql$, t.lines_table, t.key_column) into v_wanted using p_id;
  execute format('select public.customer_exemption(d.customer_id, d.%I) is not null from public.%I d where d.id = $1', v_date_column, t.header_table)
    into v_exempt using p_id;

  execute format(
    $sql$
    with w as (select (f ->> 'key')::bigint as parent, (f ->> 'fee_rule_id')::bigint as rule, (f ->> 'quantity')::integer as quantity
                 from jsonb_array_elements($2) f)
    delete from public.%I x
     where x.%I = $1 and x.line_kind = 'fee'
       and not exists (select 1 from w where w.parent = x.parent_line_id and w.rule = x.fee_rule_id)
    $sql$, t.lines_table, t.key_column) using p_id, v_wanted;
  execute format(
    $sql$
    with w as (select (f ->> 'key')::bigint as parent, (f ->> 'fee_rule_id')::bigint as rule, (f ->> 'quantity')::integer as quantity
                 from jsonb_array_elements($2) f)
    update public.%I x set quantity = w.quantity, line_total = public.line_total(x.unit_price, w.quantity, x.discount_percent)
      from w
     where x.%I = $1 and x.line_kind = 'fee' and x.parent_line_id = w.parent and x.fee_rule_id = w.rule and x.quantity <> w.quantity
    $sql$, t.lines_table, t.key_column) using p_id, v_wanted;
  execute format(
    $sql$
    with w as (select (f ->> 'key')::bigint as parent, (f ->> 'fee_rule_id')::bigint as rule, (f ->> 'quantity')::integer as quantity,
                      (f ->> 'amount')::numeric as amount
                 from jsonb_array_elements($2) f)
    insert into public.%I (%I, position, product_id, product_type, product_name, quantity, unit_price, discount_percent, cost_price,
                           line_total, tax_name, tax_rate, line_kind, parent_line_id, fee_rule_id)
    select $1, 0, p.id, p.kind, p.name, w.quantity, w.amount, 0, 0, public.line_total(w.amount, w.quantity, 0),
           tx.tax_name, tx.tax_rate, 'fee', w.parent, w.rule
      from w
      join public.products p on p.id = (select r.product_id from public.fee_rules r where r.id = w.rule)
      cross join lateral public.product_tax(p.id, $3) tx
     where not exists (select 1 from public.%I x where x.%I = $1 and x.parent_line_id = w.parent and x.fee_rule_id = w.rule)
    $sql$, t.lines_table, t.key_column, t.lines_table, t.key_column) using p_id, v_wanted, v_exempt;
  -- Each fee right under its item, in the items' order.
  execute format(
    $sql$
    with n as (
      select x.id, row_number() over (order by coalesce(p.position, x.position), coalesce(p.id, x.id), x.line_kind <> 'item', x.fee_rule_id) - 1 as position
        from public.%I x left join public.%I p on p.id = x.parent_line_id
       where x.%I = $1)
    update public.%I x set position = n.position from n where n.id = x.id and x.position <> n.position
    $sql$, t.lines_table, t.lines_table, t.key_column, t.lines_table) using p_id;
  -- Who let a customer off a fee, and why, is in the document's trail.
  execute format(
    $sql$
    select public.audit_record('updated', lower($2), d.id, d.number,
             (select jsonb_object_agg(r.name || ' not charged on ' || x.product_name, jsonb_build_object('old', null, 'new', w ->> 'reason'))
                from public.%I x cross join jsonb_array_elements(x.waived_fees) w join public.fee_rules r on r.id = (w ->> 'fee_rule_id')::bigint
               where x.%I = d.id),
             d.location_id)
      from public.%I d
     where d.id = $1 and exists (select 1 from public.%I x where x.%I = d.id and x.waived_fees <> '[]'::jsonb)
    $sql$, t.lines_table, t.key_column, t.header_table, t.lines_table, t.key_column) using p_id, p_type;
end;
$$;

-- The fees collected: the fee lines of sent invoices and completed sales, less what credit notes took back.
create or replace view public.report_fee_lines as
select 'Invoice'::text as document_type, d.id as document_id, d.issued_date as day, d.location_id, x.fee_rule_id, x.quantity, x.line_total as amount
  from public.invoice_items x join public.invoices d on d.id = x.invoice_id
 where x.line_kind = 'fee' and d.status = 'sent'
union all
select 'Sale', d.id, d.sale_date, d.location_id, x.fee_rule_id, x.quantity, x.line_total
  from public.sale_items x join public.sales d on d.id = x.sale_id
 where x.line_kind = 'fee' and d.status = 'completed'
union all
select 'CreditNote', cn.id, cn.issued_date, cn.location_id, coalesce(ii.fee_rule_id, si.fee_rule_id), -ci.quantity, -ci.line_total
  from public.credit_note_items ci
  join public.credit_notes cn on cn.id = ci.credit_note_id and cn.status = 'issued'
  left join public.invoice_items ii on cn.document_type = 'Invoice' and ii.id = ci.line_id
  left join public.sale_items si on cn.document_type = 'Sale' and si.id = ci.line_id
 where coalesce(ii.line_kind, si.line_kind) = 'fee';

-- A quote becomes an invoice or a sale with its lines as they were quoted: prices, rates, fees (each under
-- its item, found by its quoted position) and tax.
CREATE OR REPLACE FUNCTION public.convert_document(p_type text, p_id bigint, p_to text, p_user_id bigint)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
    insert into public.%1$I (%2$I, position, product_id, product_type, product_name, description, dot, quantity, unit_price,
                             discount_percent, cost_price, line_total, tax_name, tax_rate, line_kind, waived_fees)
    select $1, x.position, x.product_id, x.product_type, x.product_name, x.description, coalesce(tr.dot, x.dot), x.quantity,
           x.unit_price, x.discount_percent, p.cost_price, x.line_total, x.tax_name, x.tax_rate, x.line_kind, x.waived_fees
      from public.quote_items x
      join public.products p on p.id = x.product_id
      left join public.tires tr on tr.product_id = x.product_id
     where x.quote_id = $2 and x.line_kind = 'item'
     order by x.position
    $sql$, t.lines_table, t.key_column) using v_id, p_id;
  execute format(
    $sql$
    insert into public.%1$I (%2$I, position, product_id, product_type, product_name, description, dot, quantity, unit_price,
                             discount_percent, cost_price, line_total, tax_name, tax_rate, line_kind, parent_line_id, fee_rule_id)
    select $1, x.position, x.product_id, x.product_type, x.product_name, x.description, x.dot, x.quantity,
           x.unit_price, x.discount_percent, 0, x.line_total, x.tax_name, x.tax_rate, 'fee', n.id, x.fee_rule_id
      from public.quote_items x
      join public.quote_items qp on qp.id = x.parent_line_id
      join public.%1$I n on n.%2$I = $1 and n.position = qp.position and n.line_kind = 'item'
     where x.quote_id = $2 and x.line_kind = 'fee'
     order by x.position
    $sql$, t.lines_table, t.key_column) using v_id, p_id;
  execute format(
    'update public.%I d set subtotal = $2, discount_amount = $3, tax_amount = $4, taxes = $5, tax_computed = $6, tax_overridden = $7,
            tax_exempt_certificate = $8 where d.id = $1', t.header_table)
    using v_id, q.subtotal, q.discount_amount, q.tax_amount, q.taxes, q.tax_computed, q.tax_overridden, q.tax_exempt_certificate;
  perform public.refresh_document_totals(v_type, v_id);
  update public.quotes x
     set status = 'converted', converted_type = v_type, converted_id = v_id, converted_at = now(), updated_at = now()
   where x.id = p_id;
  return v_id;
end;
$function$;
