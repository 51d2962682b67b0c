-- Tax the server computes: the shop's rates, each product's tax class, customers exempt by
-- certificate, and one rule (tax_by_rate) that every selling document's tax comes from.

create table public.tax_rates (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 100),
  rate numeric(6,3) not null check (rate >= 0 and rate <= 100),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  changed_by bigint,
  changed_at timestamptz
);
create unique index tax_rates_name_key on public.tax_rates (lower(name));
create unique index tax_rates_one_default on public.tax_rates (is_default) where is_default;
alter table public.tax_rates enable row level security;
create trigger audit_tax_rates after insert or delete or update on public.tax_rates
  for each row execute function public.audit_row('tax_rate', 'name');
create trigger tax_rates_version before update on public.tax_rates
  for each row when (old.* is distinct from new.*) execute function public.bump_version();

-- The rate the settings held becomes the default rate.
insert into public.tax_rates (name, rate, is_default)
select 'Sales Tax', coalesce((select s.tax_rate from public.settings s), 0), true;
alter table public.settings drop column tax_rate;

-- A product is taxed at its own rate, at the shop's default rate (no rate chosen), or not at all.
alter table public.products
  add column tax_rate_id bigint references public.tax_rates (id),
  add column tax_exempt boolean not null default false;
create index products_tax_rate_idx on public.products (tax_rate_id) where tax_rate_id is not null;
drop trigger audit_products_update on public.products;
create trigger audit_products_update after update on public.products
  for each row when (row(old.kind, old.cost_price, old.selling_price, old.active, old.notes, old.tax_rate_id, old.tax_exempt)
                     is distinct from row(new.kind, new.cost_price, new.selling_price, new.active, new.notes, new.tax_rate_id, new.tax_exempt)
                     or (old.kind not in ('tire', 'wiper') and old.name is distinct from new.name))
  execute function public.audit_row('product', 'name');

-- A customer buys tax-free while their certificate holds.
alter table public.customers
  add column tax_exempt boolean not null default false,
  add column tax_exempt_certificate text check (length(tax_exempt_certificate) between 1 and 100),
  add column tax_exempt_until date,
  add constraint customers_exemption_has_certificate check (not tax_exempt or tax_exempt_certificate is not null);

-- Each line keeps the rate it was sold at (null: sold before rates, when a document's tax was typed).
alter table public.invoice_items add column tax_name text, add column tax_rate numeric(6,3);
alter table public.sale_items add column tax_name text, add column tax_rate numeric(6,3);
alter table public.quote_items add column tax_name text, add column tax_rate numeric(6,3);
alter table public.credit_note_items add column tax_name text, add column tax_rate numeric(6,3);

-- A document keeps its tax per rate and what the rule gave; tax_overridden when an administrator set
-- another figure (tax_amount), and the certificate of a customer buying tax-free.
alter table public.invoices
  add column taxes jsonb not null default '[]', add column tax_computed numeric(12,2) not null default 0,
  add column tax_overridden boolean not null default false, add column tax_exempt_certificate text;
alter table public.sales
  add column taxes jsonb not null default '[]', add column tax_computed numeric(12,2) not null default 0,
  add column tax_overridden boolean not null default false, add column tax_exempt_certificate text;
alter table public.quotes
  add column taxes jsonb not null default '[]', add column tax_computed numeric(12,2) not null default 0,
  add column tax_overridden boolean not null default false, add column tax_exempt_certificate text;

-- A line's total: its price times its quantity less its discount, to the cent.
create or replace function public.line_total(p_price numeric, p_quantity integer, p_discount_percent numeric)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select round(p_price * p_quantity * (1 - p_discount_percent / 100), 2)
$$;

-- THE tax rule. p_lines: [{name, rate, total}], each line's total after its own discount. Each line's
-- taxable amount is its total less its share of the document's discount (p_discount × total /
-- subtotal, unrounded); per rate, the taxable amounts times the rate are added up and rounded half-up
-- to the cent once. Answers [{name, rate, taxable, tax}], highest rate first.
create or replace function public.tax_by_rate(p_lines jsonb, p_discount numeric)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  with l as (select x.name, x.rate, x.total from jsonb_to_recordset(p_lines) as x(name text, rate numeric, total numeric)),
       s as (select sum(l.total) as subtotal from l),
       n as (select l.name, l.rate,
                    l.total - case when s.subtotal > 0 then coalesce(p_discount, 0) * l.total / s.subtotal else 0 end as taxable
               from l, s),
       g as (select n.name, n.rate, sum(n.taxable) as taxable, round(sum(n.taxable * n.rate / 100), 2) as tax
               from n group by n.name, n.rate)
  select coalesce(jsonb_agg(jsonb_build_object('name', g.name, 'rate', g.rate, 'taxable', round(g.taxable, 2), 'tax', g.tax)
                            order by g.rate desc, g.name), '[]'::jsonb)
    from g
$$;

-- The certificate of a customer buying tax-free on a day, or null.
create or replace function public.customer_exemption(p_customer_id bigint, p_date date)
returns text
language sql
stable
set search_path = ''
as $$
  select c.tax_exempt_certificate from public.customers c
   where c.id = p_customer_id and c.tax_exempt and (c.tax_exempt_until is null or c.tax_exempt_until >= p_date)
$$;

-- The rate a product is sold at: its own, else the default; 'Exempt' at 0 when it or the customer is.
create or replace function public.product_tax(p_product_id bigint, p_exempt boolean, out tax_name text, out tax_rate numeric)
language sql
stable
set search_path = ''
as $$
  select case when p_exempt or p.tax_exempt then 'Exempt' else coalesce(r.name, 'No Tax') end,
         case when p_exempt or p.tax_exempt then 0 else coalesce(r.rate, 0) end
    from public.products p
    left join public.tax_rates r on r.id = coalesce(p.tax_rate_id, (select d.id from public.tax_rates d where d.is_default))
   where p.id = p_product_id
$$;

-- Sets a document's tax from its lines by the rule, or to p_tax when one is given (an override,
-- kept apart from what the rule gave). Answers what the rule gave.
create or replace function public.apply_document_tax(p_type text, p_id bigint, p_tax numeric)
returns numeric
language plpgsql
set search_path = ''
as $$
declare
  t record := public.document_tables(p_type);
  v_taxes jsonb;
  v_computed numeric;
begin
  execute format(
    $sql$
    select public.tax_by_rate(
             coalesce((select jsonb_agg(jsonb_build_object('name', x.tax_name, 'rate', x.tax_rate, 'total', x.line_total))
                         from public.%I x where x.%I = d.id), '[]'::jsonb),
             d.discount_amount)
      from public.%I d where d.id = $1
    $sql$, t.lines_table, t.key_column, t.header_table) into v_taxes using p_id;
  select coalesce(sum((e ->> 'tax')::numeric), 0) into v_computed from jsonb_array_elements(v_taxes) e;
  execute format(
    'update public.%I d set taxes = $2, tax_computed = $3, tax_overridden = ($4 is not null and $4 <> $3), tax_amount = coalesce($4, $3) where d.id = $1',
    t.header_table) using p_id, v_taxes, v_computed, p_tax;
  return v_computed;
end;
$$;

-- Documents written before rates keep their figures: what the rule gives at the default rate is kept
-- beside them, and where the two differ the document's tax is an override.
do $$
declare
  v_table text;
  v_lines text;
  v_key text;
begin
  foreach v_table in array array['invoices', 'sales', 'quotes'] loop
    v_lines := case v_table when 'invoices' then 'invoice_items' when 'sales' then 'sale_items' else 'quote_items' end;
    v_key := case v_table when 'invoices' then 'invoice_id' when 'sales' then 'sale_id' else 'quote_id' end;
    execute format(
      $sql$
      with r as (select name, rate from public.tax_rates where is_default),
      c as (select d.id, public.tax_by_rate(jsonb_agg(jsonb_build_object('name', r.name, 'rate', r.rate, 'total', x.line_total)), d.discount_amount) as taxes
              from public.%I d join public.%I x on x.%I = d.id cross join r
             group by d.id, d.discount_amount),
      s as (select c.id, c.taxes, (select coalesce(sum((e ->> 'tax')::numeric), 0) from jsonb_array_elements(c.taxes) e) as computed from c)
      update public.%I d set taxes = s.taxes, tax_computed = s.computed, tax_overridden = d.tax_amount <> s.computed
        from s where s.id = d.id
      $sql$, v_table, v_lines, v_key, v_table);
  end loop;
end;
$$;

-- A returned line keeps the rate it was sold at.
create or replace function public.credit_note_items_copy_tax()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_type text;
begin
  select cn.document_type into v_type from public.credit_notes cn where cn.id = new.credit_note_id;
  if v_type = 'Invoice' then
    select x.tax_name, x.tax_rate into new.tax_name, new.tax_rate from public.invoice_items x where x.id = new.line_id;
  else
    select x.tax_name, x.tax_rate into new.tax_name, new.tax_rate from public.sale_items x where x.id = new.line_id;
  end if;
  return new;
end;
$$;
create trigger credit_note_items_tax before insert on public.credit_note_items
  for each row execute function public.credit_note_items_copy_tax();

-- A line's share of what its document is worth: its share of the net before tax (by its total), and
-- its share of the tax by what its rate makes of it, so a tax-free line carries none. Each share is
-- rounded to the cent and the last line takes the rounding, so all shares add up to the document.
create or replace function public.returnable_lines(p_type text, p_id bigint)
 RETURNS TABLE(line_id bigint, line_position integer, product_id bigint, product_type text, product_name text, description text, dot text, quantity integer, unit_price numeric, discount_percent numeric, cost_price numeric, returned integer, value numeric, tax numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  t record := public.document_tables(p_type);
begin
  return query execute format(
    $sql$
    with d as (select h.subtotal, h.net_amount - h.tax_amount as base, h.tax_amount from public.%I h where h.id = $1),
    r as (select x.*, x.line_total * coalesce((to_jsonb(x) ->> 'tax_rate')::numeric, 1) as rated from public.%I x where x.%I = $1),
    -- Lines carry tax by what their rates make of them; where no rate makes any (a tax set by hand on
    -- untaxed lines), by their totals.
    w as (
      select r.*, case when sum(r.rated) over () > 0 then r.rated else r.line_total end as weight from r),
    v as (select w.*, sum(w.weight) over () as weights from w),
    l as (
      select w.id, w.position, w.product_id, w.product_type, w.product_name, w.description, w.dot, w.quantity, w.unit_price,
             w.discount_percent, w.cost_price,
             row_number() over (order by w.position desc, w.id desc) = 1 as last,
             row_number() over (order by w.weight > 0 desc, w.position desc, w.id desc) = 1 as last_taxed,
             case when d.subtotal > 0 then round(d.base * w.line_total / d.subtotal, 2) else 0 end as base,
             case when w.weights > 0 then round(d.tax_amount * w.weight / w.weights, 2) else 0 end as tax
        from v w, d),
    s as (select sum(l.base) filter (where not l.last) as base, sum(l.tax) filter (where not l.last_taxed) as tax from l)
    select l.id, l.position, l.product_id, l.product_type, l.product_name, l.description, l.dot, l.quantity, l.unit_price,
           l.discount_percent, l.cost_price,
           coalesce(case when $2 = 'Purchase'
             then (select sum(si.quantity) from public.supplier_return_items si where si.line_id = l.id)
             else (select sum(ci.quantity) from public.credit_note_items ci
                     join public.credit_notes cn on cn.id = ci.credit_note_id
                    where ci.line_id = l.id and cn.document_type = $2 and cn.document_id = $1 and cn.status = 'issued') end, 0)::integer,
           case when l.last then d.base - coalesce(s.base, 0) else l.base end
             + case when l.last_taxed then d.tax_amount - coalesce(s.tax, 0) else l.tax end,
           case when l.last_taxed then d.tax_amount - coalesce(s.tax, 0) else l.tax end
      from l, d, s
     order by l.position, l.id
    $sql$,
    t.header_table, t.lines_table, t.key_column
  ) using p_id, p_type;
end;
$function$;
