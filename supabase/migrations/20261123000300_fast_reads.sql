-- What catalogue reads need, kept on the products row when it changes instead of recomputed on
-- every read: the total stock (kept by move_stock), the name lists show (the label, kept when a tire,
-- a wiper, a brand or a pattern changes), a search text with a trigram index, and the level at
-- which a product counts as running low.
--
-- Lock order, everywhere: a product's row, then its stock rows (by location); several products in
-- id order.

create extension if not exists pg_trgm;

alter table public.products
  add column total_stock integer not null default 0,
  add column low_stock_at integer not null default 9,
  add column search_text text not null default '';

-- 'michelin primacy 4 205 / 55 r 16 3625 france michelinprimacy4205/55r163625france' without the
-- slash: the words as written, then all of it without spaces or punctuation, so a search for
-- "205/55R16" or "20555 r16" finds it.
create function public.product_search_text(p_name text, p_extra text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select lower(concat_ws(' ', p_name, p_extra)) || ' ' || regexp_replace(lower(concat_ws(' ', p_name, p_extra)), '[^a-z0-9]', '', 'g')
$$;
revoke execute on function public.product_search_text(text, text) from public;

-- A tire is also found by its DOT and where it was made.
create function public.products_set_search_text()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.search_text := public.product_search_text(
    new.name,
    (select concat_ws(' ', t.dot, t.made_in) from public.tires t where t.product_id = new.id)
  );
  return new;
end;
$$;
revoke execute on function public.products_set_search_text() from public;

create trigger products_search_text
before insert or update of name on public.products
for each row execute function public.products_set_search_text();

-- Names a tire or wiper by its details (the product_labels view), which sets its search text too.
create function public.refresh_product_names()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if tg_table_name = 'tire_brands' then
    update public.products p set name = pl.label
      from public.product_labels pl, public.tires t
     where t.tire_brand_id = new.id and p.id = t.product_id and pl.product_id = p.id;
  elsif tg_table_name = 'patterns' then
    update public.products p set name = pl.label
      from public.product_labels pl, public.tires t
     where t.pattern_id = new.id and p.id = t.product_id and pl.product_id = p.id;
  else
    update public.products p set name = pl.label
      from public.product_labels pl
     where p.id = new.product_id and pl.product_id = p.id;
  end if;
  return null;
end;
$$;
revoke execute on function public.refresh_product_names() from public;

create trigger tire_brands_product_names after update of name on public.tire_brands
for each row when (old.name is distinct from new.name) execute function public.refresh_product_names();
create trigger patterns_product_names after update of name on public.patterns
for each row when (old.name is distinct from new.name) execute function public.refresh_product_names();
create trigger tires_product_names after insert or update on public.tires
for each row execute function public.refresh_product_names();
create trigger wipers_product_names after insert or update on public.wipers
for each row execute function public.refresh_product_names();

-- Shop supplies run low at their own minimum; everything else below 10.
create function public.inventory_items_set_low_stock_at()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.products p set low_stock_at = new.min_stock where p.id = new.product_id and p.low_stock_at <> new.min_stock;
  return null;
end;
$$;
revoke execute on function public.inventory_items_set_low_stock_at() from public;

create trigger inventory_items_low_stock_at after insert or update of min_stock on public.inventory_items
for each row execute function public.inventory_items_set_low_stock_at();

-- Today's rows.
update public.products p set name = pl.label from public.product_labels pl where pl.product_id = p.id and p.kind in ('tire', 'wiper');
update public.products p set search_text = public.product_search_text(p.name, (select concat_ws(' ', t.dot, t.made_in) from public.tires t where t.product_id = p.id));
update public.products p set total_stock = s.total
  from (select product_id, sum(quantity)::integer as total from public.stock_levels group by product_id) s
 where s.product_id = p.id;
update public.products p set low_stock_at = i.min_stock from public.inventory_items i where i.product_id = p.id;

create index products_search_text_idx on public.products using gin (search_text gin_trgm_ops);
create index products_kind_name_idx on public.products (kind, lower(name), id);
create index products_low_stock_idx on public.products (total_stock, lower(name), id)
  where active and kind <> 'service' and total_stock <= low_stock_at;
create index tires_sort_idx on public.tires (tire_brand_id, pattern_id, size, product_id);
create index customers_name_trgm_idx on public.customers using gin (lower(name) gin_trgm_ops);

drop function public.move_stock(bigint, bigint, integer, text, text, bigint, text, bigint, numeric);

-- Moves stock at one branch by p_delta, records why (and, for goods received, their unit cost),
-- and keeps the product's total. Refuses (SQLSTATE P0001, with the quantity there) to go below
-- zero; services have no stock. Locks the product's row before its stock row.
create function public.move_stock(
  p_product_id bigint, p_location_id bigint, p_delta integer, p_reason text, p_note text,
  p_user_id bigint, p_document_type text default null, p_document_id bigint default null, p_unit_cost numeric default null
)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_kind text;
  v_quantity integer;
  v_location text;
begin
  select p.kind into v_kind from public.products p where p.id = p_product_id for update;
  if v_kind is null then
    raise exception 'Product not found' using errcode = 'P0002';
  end if;
  if v_kind = 'service' then
    raise exception 'Services have no stock.' using errcode = 'P0001';
  end if;
  select l.name into v_location from public.locations l where l.id = p_location_id;
  if v_location is null then
    raise exception 'Location not found' using errcode = 'P0002';
  end if;

  insert into public.stock_levels (product_id, location_id) values (p_product_id, p_location_id)
  on conflict do nothing;
  update public.stock_levels s
     set quantity = s.quantity + p_delta
   where s.product_id = p_product_id and s.location_id = p_location_id and s.quantity + p_delta >= 0
  returning s.quantity into v_quantity;
  if v_quantity is null then
    select s.quantity into v_quantity from public.stock_levels s
     where s.product_id = p_product_id and s.location_id = p_location_id;
    raise exception 'Not enough stock at %: only % available.', v_location, v_quantity using errcode = 'P0001';
  end if;

  insert into public.stock_moves (product_id, location_id, delta, reason, note, user_id, document_type, document_id, unit_cost)
  values (p_product_id, p_location_id, p_delta, p_reason, p_note, p_user_id, p_document_type, p_document_id, p_unit_cost);
  update public.products p set total_stock = p.total_stock + p_delta where p.id = p_product_id;
  return v_quantity;
end;
$$;
revoke execute on function public.move_stock(bigint, bigint, integer, text, text, bigint, text, bigint, numeric) from public;

-- As before, with the product's row locked before its two stock rows.
create or replace function public.transfer_stock(
  p_product_id bigint, p_from_location_id bigint, p_to_location_id bigint, p_quantity integer,
  p_note text, p_user_id bigint
)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if p_quantity <= 0 then
    raise exception 'The quantity must be at least 1.' using errcode = 'P0001';
  end if;
  if p_from_location_id = p_to_location_id then
    raise exception 'Choose two different branches.' using errcode = 'P0001';
  end if;
  perform 1 from public.products p where p.id = p_product_id for update;
  insert into public.stock_levels (product_id, location_id)
  values (p_product_id, p_from_location_id), (p_product_id, p_to_location_id)
  on conflict do nothing;
  perform 1 from public.stock_levels s
   where s.product_id = p_product_id and s.location_id in (p_from_location_id, p_to_location_id)
   order by s.location_id
   for update;
  perform public.move_stock(p_product_id, p_from_location_id, -p_quantity, 'transfer_out', p_note, p_user_id);
  perform public.move_stock(p_product_id, p_to_location_id, p_quantity, 'transfer_in', p_note, p_user_id);
end;
$$;

-- The tire list's stat cards over the whole catalogue: how many products of each kind, their stock
-- value at selling price, and how many are low (1 to 9) or out of stock. Each transaction adds its
-- changes to one of 16 buckets at commit, after every other lock it takes, so concurrent writers
-- seldom wait on each other and never deadlock over them; a read adds the buckets up.
create table public.product_totals (
  bucket smallint not null,
  kind text not null check (kind in ('tire', 'battery', 'wiper', 'service', 'item')),
  products integer not null default 0,
  stock_value numeric(16, 2) not null default 0,
  low_stock integer not null default 0,
  out_of_stock integer not null default 0,
  primary key (bucket, kind)
);
alter table public.product_totals enable row level security;

insert into public.product_totals (bucket, kind)
select b, k from generate_series(0, 15) b, unnest(array['tire', 'battery', 'wiper', 'service', 'item']) k;
update public.product_totals t
   set products = s.products, stock_value = s.stock_value, low_stock = s.low_stock, out_of_stock = s.out_of_stock
  from (select p.kind, count(*)::integer as products, coalesce(sum(p.selling_price * p.total_stock), 0) as stock_value,
               (count(*) filter (where p.total_stock between 1 and 9))::integer as low_stock,
               (count(*) filter (where p.total_stock = 0))::integer as out_of_stock
          from public.products p group by p.kind) s
 where t.bucket = 0 and t.kind = s.kind;

create function public.product_totals_apply()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_bucket smallint := (txid_current() % 16)::smallint;
begin
  -- The bucket's rows in one order, so two transactions on the same bucket wait rather than deadlock.
  perform 1 from public.product_totals t where t.bucket = v_bucket order by t.kind for update;
  if tg_op in ('UPDATE', 'DELETE') then
    update public.product_totals t
       set products = t.products - 1,
           stock_value = t.stock_value - old.selling_price * old.total_stock,
           low_stock = t.low_stock - (old.total_stock between 1 and 9)::integer,
           out_of_stock = t.out_of_stock - (old.total_stock = 0)::integer
     where t.bucket = v_bucket and t.kind = old.kind;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    update public.product_totals t
       set products = t.products + 1,
           stock_value = t.stock_value + new.selling_price * new.total_stock,
           low_stock = t.low_stock + (new.total_stock between 1 and 9)::integer,
           out_of_stock = t.out_of_stock + (new.total_stock = 0)::integer
     where t.bucket = v_bucket and t.kind = new.kind;
  end if;
  return null;
end;
$$;
revoke execute on function public.product_totals_apply() from public;

create constraint trigger products_totals_insert after insert on public.products
deferrable initially deferred for each row execute function public.product_totals_apply();
create constraint trigger products_totals_delete after delete on public.products
deferrable initially deferred for each row execute function public.product_totals_apply();
create constraint trigger products_totals_update after update of kind, total_stock, selling_price on public.products
deferrable initially deferred for each row
when (old.kind is distinct from new.kind or old.total_stock is distinct from new.total_stock or old.selling_price is distinct from new.selling_price)
execute function public.product_totals_apply();
