-- Customers' vehicles: each quote, invoice and sale may name one of its customer's vehicles and the
-- mileage it came in with, so a vehicle's page shows every visit and the recall list whom to call.
-- A customer deleted (one with no documents) takes their vehicles along.

create table public.vehicles (
  id bigint generated always as identity primary key,
  customer_id bigint not null references public.customers(id) on delete cascade,
  plate text not null check (length(plate) between 1 and 20),
  vin text check (vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
  make text check (length(make) <= 100),
  model text check (length(model) <= 100),
  year integer check (year between 1900 and 2999),
  tire_sizes text check (length(tire_sizes) <= 255),
  notes text check (length(notes) <= 2000),
  version integer not null default 1,
  changed_by bigint,
  changed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index vehicles_customer_idx on public.vehicles (customer_id, lower(plate), id);
create index vehicles_plate_trgm_idx on public.vehicles using gin (lower(plate) gin_trgm_ops);
create index vehicles_vin_trgm_idx on public.vehicles using gin (lower(vin) gin_trgm_ops);
alter table public.vehicles enable row level security;

create trigger vehicles_version before update on public.vehicles
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger audit_vehicles after insert or update or delete on public.vehicles
  for each row execute function public.audit_row('vehicle', 'plate');

alter table public.quotes add column vehicle_id bigint references public.vehicles(id), add column mileage integer check (mileage >= 0);
alter table public.invoices add column vehicle_id bigint references public.vehicles(id), add column mileage integer check (mileage >= 0);
alter table public.sales add column vehicle_id bigint references public.vehicles(id), add column mileage integer check (mileage >= 0);
create index quotes_vehicle_idx on public.quotes (vehicle_id, issued_date) where vehicle_id is not null;
create index invoices_vehicle_idx on public.invoices (vehicle_id, issued_date) where vehicle_id is not null;
create index sales_vehicle_idx on public.sales (vehicle_id, sale_date) where vehicle_id is not null;

-- A document's vehicle and mileage are edits like its other fields.
create trigger audit_quotes_vehicle after update on public.quotes
  for each row when (row(old.vehicle_id, old.mileage) is distinct from row(new.vehicle_id, new.mileage))
  execute function public.audit_document('quote');
create trigger audit_invoices_vehicle after update on public.invoices
  for each row when (row(old.vehicle_id, old.mileage) is distinct from row(new.vehicle_id, new.mileage))
  execute function public.audit_document('invoice');
create trigger audit_sales_vehicle after update on public.sales
  for each row when (row(old.vehicle_id, old.mileage) is distinct from row(new.vehicle_id, new.mileage))
  execute function public.audit_document('sale');

-- A quote converted into an invoice or a sale gives it its vehicle and mileage.
create function public.quotes_carry_vehicle()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.converted_type = 'Invoice' then
    update public.invoices d set vehicle_id = new.vehicle_id, mileage = new.mileage where d.id = new.converted_id;
  elsif new.converted_type = 'Sale' then
    update public.sales d set vehicle_id = new.vehicle_id, mileage = new.mileage where d.id = new.converted_id;
  end if;
  return null;
end;
$$;
revoke execute on function public.quotes_carry_vehicle() from public;

create trigger quotes_carry_vehicle after update of converted_id on public.quotes
  for each row when (new.converted_id is not null and old.converted_id is null and new.vehicle_id is not null)
  execute function public.quotes_carry_vehicle();

-- GET /api/reports/tire-sales as before, each line naming the vehicle it was fitted to (null when none was recorded).
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
