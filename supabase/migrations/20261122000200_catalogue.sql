-- The catalogue: lookups, one products table with per-kind details, and stock per branch.

create table public.tire_brands (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  country text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.tire_types (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  section text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.made_ins (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.battery_brands (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.tags (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  section text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.patterns (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  description text,
  category text not null check (category in ('automotive', 'industrial', 'commercial')),
  price numeric(12, 2) not null default 0 check (price >= 0),
  is_active boolean not null default true,
  tire_brand_id bigint references public.tire_brands (id),
  tire_type_id bigint references public.tire_types (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index patterns_tire_brand_id_idx on public.patterns (tire_brand_id);
create index patterns_tire_type_id_idx on public.patterns (tire_type_id);

create table public.pattern_tags (
  pattern_id bigint not null references public.patterns (id) on delete cascade,
  tag_id bigint not null references public.tags (id),
  primary key (pattern_id, tag_id)
);
create index pattern_tags_tag_id_idx on public.pattern_tags (tag_id);

-- Everything sold. `name` is what pickers and documents show.
create table public.products (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('tire', 'battery', 'wiper', 'service', 'item')),
  name text not null check (length(name) between 1 and 255),
  cost_price numeric(12, 2) not null default 0 check (cost_price >= 0),
  selling_price numeric(12, 2) not null default 0 check (selling_price >= 0),
  active boolean not null default true,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index products_kind_idx on public.products (kind);

create table public.tires (
  product_id bigint primary key references public.products (id) on delete cascade,
  tire_brand_id bigint not null references public.tire_brands (id),
  pattern_id bigint references public.patterns (id),
  supplier_id bigint references public.suppliers (id),
  tire_type_id bigint not null references public.tire_types (id),
  location_id bigint references public.locations (id),
  size text not null check (length(size) between 1 and 50),
  dot text not null check (length(dot) between 1 and 20),
  date_of_production date,
  made_in text not null,
  date_received date not null,
  construction_type text not null default 'radial' check (construction_type in ('radial', 'bias-ply')),
  run_flat boolean not null default false,
  fuel_rating text check (fuel_rating in ('A', 'B', 'C', 'D', 'E')),
  water_rating text check (water_rating in ('A', 'B', 'C', 'D', 'E'))
);
create index tires_tire_brand_id_idx on public.tires (tire_brand_id);
create index tires_pattern_id_idx on public.tires (pattern_id);
create index tires_supplier_id_idx on public.tires (supplier_id);
create index tires_tire_type_id_idx on public.tires (tire_type_id);
create index tires_location_id_idx on public.tires (location_id);

create table public.batteries (
  product_id bigint primary key references public.products (id) on delete cascade,
  battery_brand_id bigint not null references public.battery_brands (id),
  made_in_id bigint not null references public.made_ins (id),
  location_id bigint references public.locations (id),
  date_received date,
  battery_shape text not null check (battery_shape in ('thin', 'thick')),
  ampere integer not null check (ampere > 0),
  reversed boolean not null default false,
  battery_type text not null check (battery_type in ('gel', 'acid', 'lithium'))
);
create index batteries_battery_brand_id_idx on public.batteries (battery_brand_id);
create index batteries_made_in_id_idx on public.batteries (made_in_id);
create index batteries_location_id_idx on public.batteries (location_id);

create table public.wipers (
  product_id bigint primary key references public.products (id) on delete cascade,
  size integer not null check (size between 8 and 40),
  type text not null,
  frame_material text not null,
  compatibility_year integer not null check (compatibility_year >= 1900),
  compatible_cars text not null,
  made_in_id bigint not null references public.made_ins (id)
);
create index wipers_made_in_id_idx on public.wipers (made_in_id);

create table public.inventory_items (
  product_id bigint primary key references public.products (id) on delete cascade,
  category text not null check (category in ('batteries', 'oils', 'parts', 'accessories')),
  min_stock integer not null default 10 check (min_stock >= 0)
);

-- Stock per product per branch. Every change is a stock_moves row written in the same
-- transaction, so the sum of a product's moves at a branch is always its level there.
create table public.stock_levels (
  product_id bigint not null references public.products (id) on delete cascade,
  location_id bigint not null references public.locations (id),
  quantity integer not null default 0 check (quantity >= 0),
  primary key (product_id, location_id)
);
create index stock_levels_location_id_idx on public.stock_levels (location_id);

create table public.stock_moves (
  id bigint generated always as identity primary key,
  product_id bigint not null references public.products (id) on delete cascade,
  location_id bigint not null references public.locations (id),
  delta integer not null check (delta <> 0),
  reason text not null check (reason in (
    'opening', 'count_correction', 'damage', 'return', 'other', 'transfer_in', 'transfer_out',
    'sale', 'purchase', 'cancellation'
  )),
  note text,
  document_type text,
  document_id bigint,
  user_id bigint references public.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index stock_moves_product_id_idx on public.stock_moves (product_id, created_at desc);
create index stock_moves_location_id_idx on public.stock_moves (location_id);
create index stock_moves_user_id_idx on public.stock_moves (user_id);

alter table public.tire_brands enable row level security;
alter table public.tire_types enable row level security;
alter table public.made_ins enable row level security;
alter table public.battery_brands enable row level security;
alter table public.tags enable row level security;
alter table public.patterns enable row level security;
alter table public.pattern_tags enable row level security;
alter table public.products enable row level security;
alter table public.tires enable row level security;
alter table public.batteries enable row level security;
alter table public.wipers enable row level security;
alter table public.inventory_items enable row level security;
alter table public.stock_levels enable row level security;
alter table public.stock_moves enable row level security;

-- Moves stock at one branch by p_delta and records why. Refuses (SQLSTATE P0001, with the
-- quantity there) to go below zero; services have no stock.
create function public.move_stock(
  p_product_id bigint, p_location_id bigint, p_delta integer, p_reason text, p_note text,
  p_user_id bigint, p_document_type text default null, p_document_id bigint default null
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
  select p.kind into v_kind from public.products p where p.id = p_product_id;
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

  insert into public.stock_moves (product_id, location_id, delta, reason, note, user_id, document_type, document_id)
  values (p_product_id, p_location_id, p_delta, p_reason, p_note, p_user_id, p_document_type, p_document_id);
  return v_quantity;
end;
$$;
revoke execute on function public.move_stock(bigint, bigint, integer, text, text, bigint, text, bigint) from public;

-- Moves p_quantity of a product from one branch to another, both moves in one transaction;
-- the two levels are locked in location order so concurrent transfers cannot deadlock.
create function public.transfer_stock(
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
revoke execute on function public.transfer_stock(bigint, bigint, bigint, integer, text, bigint) from public;

-- What pickers, lists and documents call a product; tires and wipers are named by their details,
-- so renaming a brand or pattern renames its tires everywhere.
create view public.product_labels with (security_invoker = true) as
select p.id as product_id,
       case p.kind
         when 'tire' then concat_ws(' ', b.name, pt.name, t.size)
         when 'wiper' then concat_ws(' ', w.size || '"', w.type, 'wiper', '(' || w.frame_material || ')')
         else p.name
       end as label
  from public.products p
  left join public.tires t on t.product_id = p.id
  left join public.tire_brands b on b.id = t.tire_brand_id
  left join public.patterns pt on pt.id = t.pattern_id
  left join public.wipers w on w.product_id = p.id;
