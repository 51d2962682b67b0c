-- A line's counted_at is the moment it was written, under the count's lock, rather than when its request
-- began: of two people counting one product at once, the one written last has the later time and stands.
create or replace function public.count_stock(p_id bigint, p_lines jsonb, p_user_id bigint)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count public.stock_counts;
  v_index integer;
  v_name text;
  v_before integer;
  v_after integer;
begin
  select * into v_count from public.stock_counts c where c.id = p_id for no key update;
  if not found then
    raise exception 'Stock count not found' using errcode = 'P0002';
  end if;
  if v_count.status <> 'open' then
    raise exception 'Count % is %: its lines cannot change.', v_count.number, v_count.status using errcode = 'P0001';
  end if;

  select x.ord - 1, coalesce(p.name, 'Product ' || x.product_id) into v_index, v_name
    from rows from (jsonb_to_recordset(p_lines) as (product_id bigint, counted integer)) with ordinality as x(product_id, counted, ord)
    left join public.stock_count_lines l on l.stock_count_id = p_id and l.product_id = x.product_id
    left join public.products p on p.id = x.product_id
   where l.product_id is null
   order by x.ord
   limit 1;
  if v_index is not null then
    raise exception '% is not in count %.', v_name, v_count.number using errcode = 'WH422', hint = 'lines.' || v_index || '.product_id';
  end if;

  insert into public.stock_levels (product_id, location_id)
  select x.product_id, v_count.location_id
    from jsonb_to_recordset(p_lines) as x(product_id bigint, counted integer)
   where x.counted is not null
   order by x.product_id
  on conflict do nothing;

  select count(*) filter (where l.counted is not null) into v_before
    from public.stock_count_lines l
   where l.stock_count_id = p_id and l.product_id in (select x.product_id from jsonb_to_recordset(p_lines) as x(product_id bigint));

  with named as (
    select x.product_id, x.counted from jsonb_to_recordset(p_lines) as x(product_id bigint, counted integer)
  ), shelf as (
    select s.product_id, s.quantity
      from public.stock_levels s
     where s.location_id = v_count.location_id and s.product_id in (select n.product_id from named n where n.counted is not null)
     order by s.product_id
       for share
  )
  update public.stock_count_lines l
     set counted = n.counted,
         expected = case when n.counted is null then null else s.quantity end,
         counted_at = case when n.counted is null then null else clock_timestamp() end,
         counted_by = case when n.counted is null then null else p_user_id end
    from named n
    left join shelf s on s.product_id = n.product_id
   where l.stock_count_id = p_id and l.product_id = n.product_id;

  select count(*) filter (where l.counted is not null) into v_after
    from public.stock_count_lines l
   where l.stock_count_id = p_id and l.product_id in (select x.product_id from jsonb_to_recordset(p_lines) as x(product_id bigint));

  update public.stock_counts c set counted_lines = c.counted_lines + v_after - v_before where c.id = p_id;
  return v_after;
end;
$$;
