-- The recall list's matches kept on write: every tire line of a sent invoice or a completed sale,
-- with its document's date, DOT and product. A recall searches by DOT (its start), by DOT weeks and
-- by brand; those are indexed here with the date, so counting and ordering the matches reads this
-- table's indexes alone instead of looking up each line's document.

-- The backfill reads every tire line sold, which on a chain's year takes longer than the app's statement timeout.
set local statement_timeout = 0;

create table public.report_tire_lines (
  document_type text not null check (document_type in ('Invoice', 'Sale')),
  line_id bigint not null,
  document_id bigint not null,
  day date not null,
  dot text,
  product_id bigint,
  primary key (document_type, line_id)
);
alter table public.report_tire_lines enable row level security;
create index report_tire_lines_dot_idx on public.report_tire_lines (lower(dot) text_pattern_ops, day) include (dot, document_type, document_id, line_id);
create index report_tire_lines_dot_week_idx on public.report_tire_lines (public.dot_week(dot), day) include (dot, document_type, document_id, line_id);
create index report_tire_lines_product_idx on public.report_tire_lines (product_id, day) include (document_type, document_id, line_id);
create index report_tire_lines_document_idx on public.report_tire_lines (document_type, document_id);

create view public.report_tire_lines_recount with (security_invoker = true) as
select 'Invoice'::text as document_type, x.id as line_id, i.id as document_id, i.issued_date as day, x.dot, x.product_id
  from public.invoices i join public.invoice_items x on x.invoice_id = i.id
 where x.product_type = 'tire' and i.status = 'sent'
union all
select 'Sale', x.id, s.id, s.sale_date, x.dot, x.product_id
  from public.sales s join public.sale_items x on x.sale_id = s.id
 where x.product_type = 'tire' and s.status = 'completed';

insert into public.report_tire_lines (document_type, line_id, document_id, day, dot, product_id)
select document_type, line_id, document_id, day, dot, product_id from public.report_tire_lines_recount;
analyze public.report_tire_lines;

-- A document's tire lines as kept: taken out, then put back as the document now stands.
create or replace function public.report_keep_tire_lines(p_document_type text, p_document_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
begin
  delete from public.report_tire_lines t where t.document_type = p_document_type and t.document_id = p_document_id;
  if p_document_type = 'Invoice' then
    insert into public.report_tire_lines (document_type, line_id, document_id, day, dot, product_id)
    select 'Invoice', x.id, i.id, i.issued_date, x.dot, x.product_id
      from public.invoices i join public.invoice_items x on x.invoice_id = i.id
     where i.id = p_document_id and i.status = 'sent' and x.product_type = 'tire'
     order by x.id;
  else
    insert into public.report_tire_lines (document_type, line_id, document_id, day, dot, product_id)
    select 'Sale', x.id, s.id, s.sale_date, x.dot, x.product_id
      from public.sales s join public.sale_items x on x.sale_id = s.id
     where s.id = p_document_id and s.status = 'completed' and x.product_type = 'tire'
     order by x.id;
  end if;
end;
$$;

create or replace function public.report_tire_document_changed()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_type text := case tg_table_name when 'invoices' then 'Invoice' else 'Sale' end;
begin
  if tg_op = 'DELETE' then
    delete from public.report_tire_lines t where t.document_type = v_type and t.document_id = old.id;
    return null;
  end if;
  -- Invoices and sales name their date and status differently.
  if tg_op = 'UPDATE' and v_type = 'Invoice' then
    if (old.status = 'sent', old.issued_date) is not distinct from (new.status = 'sent', new.issued_date) then
      return null;
    end if;
  elsif tg_op = 'UPDATE' then
    if (old.status = 'completed', old.sale_date) is not distinct from (new.status = 'completed', new.sale_date) then
      return null;
    end if;
  end if;
  perform public.report_keep_tire_lines(v_type, new.id);
  return null;
end;
$$;

create or replace function public.report_tire_line_changed()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_type text := case tg_table_name when 'invoice_items' then 'Invoice' else 'Sale' end;
begin
  if tg_op = 'UPDATE' and (old.id, old.product_type, old.dot, old.product_id) is not distinct from (new.id, new.product_type, new.dot, new.product_id)
     and (case when v_type = 'Invoice' then to_jsonb(old) ->> 'invoice_id' else to_jsonb(old) ->> 'sale_id' end)
         is not distinct from (case when v_type = 'Invoice' then to_jsonb(new) ->> 'invoice_id' else to_jsonb(new) ->> 'sale_id' end) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    delete from public.report_tire_lines t where t.document_type = v_type and t.line_id = old.id;
  end if;
  if tg_op in ('UPDATE', 'INSERT') and new.product_type = 'tire' then
    if v_type = 'Invoice' then
      insert into public.report_tire_lines (document_type, line_id, document_id, day, dot, product_id)
      select 'Invoice', new.id, i.id, i.issued_date, new.dot, new.product_id
        from public.invoices i where i.id = (to_jsonb(new) ->> 'invoice_id')::bigint and i.status = 'sent';
    else
      insert into public.report_tire_lines (document_type, line_id, document_id, day, dot, product_id)
      select 'Sale', new.id, s.id, s.sale_date, new.dot, new.product_id
        from public.sales s where s.id = (to_jsonb(new) ->> 'sale_id')::bigint and s.status = 'completed';
    end if;
  end if;
  return null;
end;
$$;

create trigger invoices_tire_lines after insert or delete or update of status, issued_date on public.invoices
  for each row execute function public.report_tire_document_changed();
create trigger sales_tire_lines after insert or delete or update of status, sale_date on public.sales
  for each row execute function public.report_tire_document_changed();
create trigger invoice_items_tire_lines after insert or delete or update on public.invoice_items
  for each row execute function public.report_tire_line_changed();
create trigger sale_items_tire_lines after insert or delete or update on public.sale_items
  for each row execute function public.report_tire_line_changed();

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
  if v_filtered then
    -- The tire lines of counted documents, kept on write with their date: what a recall searches
    -- (DOT, DOT weeks, brand) is indexed there, so the matches never touch the documents.
    v_lines := format(
      $sql$
      select x.line_id, x.document_type, x.document_id, x.day as date
        from public.report_tire_lines x
       where x.day between $1 and $2 %s
      $sql$,
      v_match || v_weeks || v_brand);
  else
    v_lines := format(
      $sql$
      (select x.id as line_id, 'Invoice' as document_type, i.id as document_id, i.issued_date as date
         from public.invoices i join public.invoice_items x on x.invoice_id = i.id
        where x.product_type = 'tire' and i.status = 'sent' and i.issued_date between $1 and $2
        order by i.issued_date desc, i.id desc, x.id limit $4 + $5)
      union all
      (select x.id, 'Sale', s.id, s.sale_date
         from public.sales s join public.sale_items x on x.sale_id = s.id
        where x.product_type = 'tire' and s.status = 'completed' and s.sale_date between $1 and $2
        order by s.sale_date desc, s.id desc, x.id limit $4 + $5)
      $sql$);
  end if;
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
                                            'contact_recorded', regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g') <> ''),
             'vehicle', case when v.id is not null then jsonb_build_object('id', v.id, 'plate', v.plate, 'make', v.make, 'model', v.model, 'year', v.year) end)
             order by l.date desc, l.document_type, l.document_id desc, l.line_id), '[]'::jsonb)
      from page l
      left join public.invoice_items ix on l.document_type = 'Invoice' and ix.id = l.line_id
      left join public.sale_items sx on l.document_type = 'Sale' and sx.id = l.line_id
      cross join lateral (select coalesce(ix.dot, sx.dot) as dot, coalesce(ix.product_id, sx.product_id) as product_id,
                                 coalesce(ix.product_name, sx.product_name) as product_name, coalesce(ix.quantity, sx.quantity) as quantity) x
      left join public.invoices i on l.document_type = 'Invoice' and i.id = l.document_id
      left join public.sales s on l.document_type = 'Sale' and s.id = l.document_id
      join public.customers c on c.id = coalesce(i.customer_id, s.customer_id)
      left join public.vehicles v on v.id = coalesce(i.vehicle_id, s.vehicle_id)
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

create or replace function public.report_summary_drift()
 RETURNS TABLE(summary text, key jsonb, kept jsonb, recounted jsonb)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
end;
$function$;
