-- The tire recall list by a range of DOT date codes, naming each tire's pattern and whether its buyer
-- can be reached; and the indexes a customer's or supplier's page reads its latest payments by.

-- A DOT code's date, the week and year its last four digits give ('2319': week 23 of 2019), as
-- 201923, so that codes compare in time order; null when the code ends in no such week.
create function public.dot_week(p_dot text)
returns integer
language sql
immutable
parallel safe
security invoker
set search_path = ''
as $$
  select case when m[1]::integer between 1 and 53 then (2000 + m[2]::integer) * 100 + m[1]::integer end
    from (select regexp_match(p_dot, '([0-9]{2})([0-9]{2})[[:space:]]*$') as m) d
$$;
revoke execute on function public.dot_week(text) from public;

create index invoice_items_tire_dot_week_idx on public.invoice_items (public.dot_week(dot)) include (invoice_id, product_id, id)
  where product_type = 'tire';
create index sale_items_tire_dot_week_idx on public.sale_items (public.dot_week(dot)) include (sale_id, product_id, id)
  where product_type = 'tire';

-- A party's latest payments, newest first, straight from the index.
create index receipts_customer_date_idx on public.receipts (customer_id, receipt_date desc, id desc);
create index receipts_supplier_date_idx on public.receipts (supplier_id, receipt_date desc, id desc);
drop index public.receipts_customer_id_idx;
drop index public.receipts_supplier_id_idx;

drop function public.report_tire_sales(text, bigint, date, date, integer, integer);

-- GET /api/reports/tire-sales: tire lines of sent invoices and completed sales, newest first, with
-- { data (a page), total }. The DOT is matched as a literal prefix, wildcards escaped, so its index
-- serves; a DOT range (`p_dot_from`, `p_dot_to`: week and year codes such as '2319') by the
-- lines' DOT week index. With no DOT, range nor brand the total comes from the kept line counts.
-- Each line names its tire (brand, pattern, size) and its buyer, and whether the buyer left a phone
-- number to be reached on (a walk-in customer has none).
create function public.report_tire_sales(
  p_dot text, p_tire_brand_id bigint, p_date_from date, p_date_to date, p_limit integer, p_offset integer,
  p_dot_from text default null, p_dot_to text default null
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
$$;
revoke execute on function public.report_tire_sales(text, bigint, date, date, integer, integer, text, text) from public;
