-- Stock counts: a branch's shelves counted against its book while the shop keeps trading.
-- Starting a count keeps each product's shelf quantity at that moment (its snapshot). A line counted later
-- keeps the shelf quantity at the moment it was counted (expected): the snapshot plus what was sold,
-- received or transferred since. Its variance is counted - expected, so those moves are never taken for a
-- variance. Posting writes one count correction per variance onto the shelf as it then stands. A product
-- is in at most one open count per branch: the key of stock_count_open.

create table public.stock_counts (
  id bigint generated always as identity primary key,
  number text not null unique,
  location_id bigint not null references public.locations(id),
  status text not null default 'open' check (status in ('open', 'posted', 'cancelled')),
  scope_kind text check (scope_kind in ('tire', 'battery', 'wiper', 'item')),
  tire_brand_id bigint references public.tire_brands(id) on delete set null,
  battery_brand_id bigint references public.battery_brands(id) on delete set null,
  scope_label text not null,
  lines integer not null default 0,
  counted_lines integer not null default 0,
  notes text,
  started_by bigint references public.users(id) on delete set null,
  started_at timestamptz not null default now(),
  posted_by bigint references public.users(id) on delete set null,
  posted_at timestamptz,
  uncounted text check (uncounted in ('zero', 'skip')),
  corrections integer,
  variance_units integer,
  variance_value numeric(14,2),
  cancelled_by bigint references public.users(id) on delete set null,
  cancelled_at timestamptz,
  constraint stock_counts_one_scope check (num_nonnulls(scope_kind, tire_brand_id, battery_brand_id) <= 1),
  constraint stock_counts_counted_within_lines check (counted_lines between 0 and lines),
  constraint stock_counts_posted check ((status = 'posted') = (posted_at is not null)),
  constraint stock_counts_cancelled check ((status = 'cancelled') = (cancelled_at is not null))
);
create index stock_counts_started_idx on public.stock_counts (started_at desc, id desc);
create index stock_counts_location_idx on public.stock_counts (location_id, started_at desc, id desc);
create index stock_counts_open_idx on public.stock_counts (status, started_at desc, id desc);
alter table public.stock_counts enable row level security;

-- A count's lines are written only with their count, in the function that starts it, and leave with their
-- product (a trigger): no foreign keys, whose check per line would lock the product row of each of 80,000 lines.
create table public.stock_count_lines (
  stock_count_id bigint not null,
  product_id bigint not null,
  location_id bigint not null,
  snapshot integer not null,
  counted integer check (counted >= 0),
  expected integer,
  variance integer generated always as (counted - expected) stored,
  counted_at timestamptz,
  counted_by bigint references public.users(id) on delete set null,
  unit_cost numeric(12,2),
  primary key (stock_count_id, product_id),
  constraint stock_count_lines_counted_has_expected check ((counted is null) = (expected is null) and (counted is null) = (counted_at is null))
);
create index stock_count_lines_product_idx on public.stock_count_lines (product_id);
alter table public.stock_count_lines enable row level security;

-- The products of a branch in its open counts: one row each, so a product is in one open count at a time. A
-- count's rows go when it is posted or cancelled.
create table public.stock_count_open (
  location_id bigint not null,
  product_id bigint not null,
  stock_count_id bigint not null,
  primary key (location_id, product_id)
);
alter table public.stock_count_open enable row level security;

create function public.products_leave_counts()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  delete from public.stock_count_open o using public.locations l where o.location_id = l.id and o.product_id = old.id;
  with gone as (delete from public.stock_count_lines l where l.product_id = old.id returning l.stock_count_id, l.counted)
  update public.stock_counts c
     set lines = c.lines - 1, counted_lines = c.counted_lines - (g.counted is not null)::int
    from gone g
   where c.id = g.stock_count_id;
  return old;
end;
$$;
revoke execute on function public.products_leave_counts() from public;
create trigger products_leave_counts before delete on public.products for each row execute function public.products_leave_counts();

-- The open count of a branch that already holds a product of a scope, and that product.
create function public.open_count_of(p_location_id bigint, p_kind text, p_tire_brand_id bigint, p_battery_brand_id bigint,
  out number text, out product text)
language sql
stable
set search_path = ''
as $$
  select c.number, p.name
    from public.stock_count_open o
    join public.stock_counts c on c.id = o.stock_count_id
    join public.products p on p.id = o.product_id
   where o.location_id = p_location_id
     and (p_kind is null or p.kind = p_kind)
     and (p_tire_brand_id is null or exists (select 1 from public.tires t where t.product_id = p.id and t.tire_brand_id = p_tire_brand_id))
     and (p_battery_brand_id is null or exists (select 1 from public.batteries b where b.product_id = p.id and b.battery_brand_id = p_battery_brand_id))
   order by c.id, p.name
   limit 1
$$;
revoke execute on function public.open_count_of(bigint, text, bigint, bigint) from public;

-- Starts a count of a branch's products (all, one kind, or one tire or battery brand), keeping each one's
-- shelf quantity now.
create function public.start_stock_count(p_location_id bigint, p_kind text, p_tire_brand_id bigint, p_battery_brand_id bigint,
  p_notes text, p_user_id bigint)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_location text;
  v_label text;
  v_id bigint;
  v_number text;
  v_lines integer;
  v_other text;
  v_product text;
begin
  select l.name into v_location from public.locations l where l.id = p_location_id;
  if not found then
    raise exception 'The selected location does not exist' using errcode = 'WH422', hint = 'location_id';
  end if;
  if num_nonnulls(p_kind, p_tire_brand_id, p_battery_brand_id) > 1 then
    raise exception 'Count one product type or one brand, not both' using errcode = 'WH422', hint = 'scope';
  end if;
  if p_tire_brand_id is not null then
    select 'Tires: ' || b.name into v_label from public.tire_brands b where b.id = p_tire_brand_id;
    if not found then
      raise exception 'The selected tire brand does not exist' using errcode = 'WH422', hint = 'scope.tire_brand_id';
    end if;
  elsif p_battery_brand_id is not null then
    select 'Batteries: ' || b.name into v_label from public.battery_brands b where b.id = p_battery_brand_id;
    if not found then
      raise exception 'The selected battery brand does not exist' using errcode = 'WH422', hint = 'scope.battery_brand_id';
    end if;
  else
    v_label := case p_kind when 'tire' then 'Tires' when 'battery' then 'Batteries' when 'wiper' then 'Wiper blades'
                           when 'item' then 'Other items' else 'All products' end;
  end if;

  v_number := public.next_document_number('sc', current_date);
  insert into public.stock_counts (number, location_id, scope_kind, tire_brand_id, battery_brand_id, scope_label, notes, started_by)
  values (v_number, p_location_id, p_kind, p_tire_brand_id, p_battery_brand_id, v_label, p_notes, p_user_id)
  returning id into v_id;

  -- Goods of the scope that are active or still on the branch's shelf, with that shelf now. A product already in
  -- an open count at the branch breaks the key of the open products, also when that count is being saved now.
  begin
    insert into public.stock_count_lines (stock_count_id, product_id, location_id, snapshot)
    select v_id, p.id, p_location_id, coalesce(s.quantity, 0)
      from public.products p
      left join public.stock_levels s on s.product_id = p.id and s.location_id = p_location_id
     where p.kind <> 'service'
       and (p.active or s.quantity > 0)
       and (p_kind is null or p.kind = p_kind)
       and (p_tire_brand_id is null or p.id in (select t.product_id from public.tires t where t.tire_brand_id = p_tire_brand_id))
       and (p_battery_brand_id is null or p.id in (select b.product_id from public.batteries b where b.battery_brand_id = p_battery_brand_id))
     order by p.id;
    get diagnostics v_lines = row_count;
    insert into public.stock_count_open (location_id, product_id, stock_count_id)
    select p_location_id, l.product_id, v_id from public.stock_count_lines l where l.stock_count_id = v_id order by l.product_id;
  exception when unique_violation then
    select o.number, o.product into v_other, v_product from public.open_count_of(p_location_id, p_kind, p_tire_brand_id, p_battery_brand_id) o;
    raise exception '% is already being counted at % in count %: post or cancel that count first.', v_product, v_location, v_other
      using errcode = 'P0001';
  end;
  if v_lines = 0 then
    raise exception 'There is nothing to count in % at %.', lower(v_label), v_location using errcode = 'WH422', hint = 'scope';
  end if;
  update public.stock_counts c set lines = v_lines where c.id = v_id;

  perform public.audit_record('started', 'stock_count', v_id, v_number,
    jsonb_build_object('scope', jsonb_build_object('old', null, 'new', v_label),
                       'lines', jsonb_build_object('old', null, 'new', v_lines)),
    p_location_id);
  return v_id;
end;
$$;
revoke execute on function public.start_stock_count(bigint, text, bigint, bigint, text, bigint) from public;

-- Saves counted quantities (`p_lines`: [{product_id, counted}], counted null to clear a line). Each line keeps
-- the shelf quantity of the moment it is counted, read under the stock row's lock, so what moved since the
-- snapshot is no variance. Only the lines named change, so several people can count at once.
create function public.count_stock(p_id bigint, p_lines jsonb, p_user_id bigint)
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
         counted_at = case when n.counted is null then null else now() end,
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
revoke execute on function public.count_stock(bigint, jsonb, bigint) from public;

-- Posts a count: one count correction per variance, onto the shelf as it stands now. Lines not counted are
-- refused unless `p_uncounted` says what they are: 'zero' (counted as none on the shelf now) or 'skip'
-- (left as they are). Locks the products, then their stock rows, in product order, as move_stock does.
create function public.post_stock_count(p_id bigint, p_uncounted text, p_user_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_count public.stock_counts;
  v_location text;
  v_uncounted integer;
  v_product text;
  v_shelf integer;
  v_counted integer;
  v_corrections integer;
  v_units integer;
  v_value numeric;
begin
  select * into v_count from public.stock_counts c where c.id = p_id for update;
  if not found then
    raise exception 'Stock count not found' using errcode = 'P0002';
  end if;
  if v_count.status = 'posted' then
    raise exception 'Count % is already posted.', v_count.number using errcode = 'P0001';
  elsif v_count.status = 'cancelled' then
    raise exception 'Count % is cancelled.', v_count.number using errcode = 'P0001';
  end if;
  if p_uncounted is not null and p_uncounted not in ('zero', 'skip') then
    raise exception 'Uncounted must be zero or skip' using errcode = 'WH422', hint = 'uncounted';
  end if;
  v_uncounted := v_count.lines - v_count.counted_lines;
  if v_uncounted > 0 and p_uncounted is null then
    raise exception '% of % products are not counted yet: count them, or post them as none on the shelf or as they are.',
      v_uncounted, v_count.lines using errcode = 'P0001';
  end if;
  select l.name into v_location from public.locations l where l.id = v_count.location_id;

  perform 1
     from public.products p
     join public.stock_count_lines l on l.product_id = p.id
    where l.stock_count_id = p_id
      and (l.variance <> 0 or (l.counted is null and p_uncounted = 'zero'))
    order by p.id
      for no key update of p;

  perform 1
     from public.stock_levels s
     join public.stock_count_lines l on l.product_id = s.product_id
    where l.stock_count_id = p_id and s.location_id = v_count.location_id
      and (l.variance <> 0 or (l.counted is null and p_uncounted = 'zero'))
    order by s.product_id
      for no key update of s;

  -- A product without stock at the branch has none to correct.
  if p_uncounted = 'zero' and v_uncounted > 0 then
    update public.stock_count_lines l
       set counted = 0, counted_at = now(),
           expected = coalesce((select s.quantity from public.stock_levels s
                                 where s.product_id = l.product_id and s.location_id = v_count.location_id), 0)
     where l.stock_count_id = p_id and l.counted is null;
  end if;

  select p.name, s.quantity, l.counted into v_product, v_shelf, v_counted
    from public.stock_count_lines l
    join public.stock_levels s on s.product_id = l.product_id and s.location_id = v_count.location_id
    join public.products p on p.id = l.product_id
   where l.stock_count_id = p_id and l.variance <> 0 and s.quantity + l.variance < 0
   order by p.name
   limit 1;
  if v_product is not null then
    raise exception '% at %: more left the shelf after it was counted than the count found (% counted, % left now); count it again.',
      v_product, v_location, v_counted, v_shelf
      using errcode = 'P0001';
  end if;

  update public.stock_levels s
     set quantity = s.quantity + l.variance
    from public.stock_count_lines l
   where l.stock_count_id = p_id and l.variance <> 0
     and s.product_id = l.product_id and s.location_id = v_count.location_id;

  insert into public.stock_moves (product_id, location_id, delta, reason, note, user_id, document_type, document_id, unit_cost)
  select l.product_id, v_count.location_id, l.variance, 'count_correction', 'Count ' || v_count.number, p_user_id, 'StockCount', p_id, p.cost_price
    from public.stock_count_lines l
    join public.products p on p.id = l.product_id
   where l.stock_count_id = p_id and l.variance <> 0
   order by l.product_id;

  update public.products p
     set total_stock = p.total_stock + l.variance
    from public.stock_count_lines l
   where l.stock_count_id = p_id and l.variance <> 0 and p.id = l.product_id;


  update public.stock_count_lines l
     set unit_cost = p.cost_price
    from public.products p
   where l.stock_count_id = p_id and l.variance <> 0 and p.id = l.product_id;
  delete from public.stock_count_open o where o.location_id = v_count.location_id and o.stock_count_id = p_id;

  select count(*) filter (where l.variance <> 0), coalesce(sum(l.variance), 0), coalesce(sum(round(l.variance * l.unit_cost, 2)), 0)
    into v_corrections, v_units, v_value
    from public.stock_count_lines l
   where l.stock_count_id = p_id and l.variance <> 0;

  update public.stock_counts c
     set status = 'posted', posted_at = now(), posted_by = p_user_id, uncounted = case when v_uncounted > 0 then p_uncounted end,
         corrections = v_corrections, variance_units = v_units, variance_value = v_value
   where c.id = p_id;

  perform public.audit_record('posted', 'stock_count', p_id, v_count.number,
    jsonb_build_object('corrections', jsonb_build_object('old', null, 'new', v_corrections),
                       'variance_units', jsonb_build_object('old', null, 'new', v_units),
                       'variance_value', jsonb_build_object('old', null, 'new', v_value)),
    v_count.location_id);
end;
$$;
revoke execute on function public.post_stock_count(bigint, text, bigint) from public;

-- Cancels an open count: nothing moves, and its products can be counted again.
create function public.cancel_stock_count(p_id bigint, p_user_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_count public.stock_counts;
begin
  select * into v_count from public.stock_counts c where c.id = p_id for update;
  if not found then
    raise exception 'Stock count not found' using errcode = 'P0002';
  end if;
  if v_count.status = 'posted' then
    raise exception 'Count % is posted: it cannot be cancelled.', v_count.number using errcode = 'P0001';
  elsif v_count.status = 'cancelled' then
    raise exception 'Count % is already cancelled.', v_count.number using errcode = 'P0001';
  end if;
  delete from public.stock_count_open o where o.location_id = v_count.location_id and o.stock_count_id = p_id;
  update public.stock_counts c set status = 'cancelled', cancelled_at = now(), cancelled_by = p_user_id where c.id = p_id;
  perform public.audit_record('cancelled', 'stock_count', p_id, v_count.number, null, v_count.location_id);
end;
$$;
revoke execute on function public.cancel_stock_count(bigint, bigint) from public;
