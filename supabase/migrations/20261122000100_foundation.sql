-- Users, sign-in sessions, branches, customers and suppliers.

create table public.users (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  email text not null check (length(email) between 3 and 255),
  role text not null default 'staff' check (role in ('admin', 'staff')),
  password_hash text not null,
  is_active boolean not null default true,
  failed_logins integer not null default 0 check (failed_logins >= 0),
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on public.users (lower(email));

create table public.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id bigint not null references public.users (id) on delete cascade,
  remember boolean not null default false,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_id_idx on public.sessions (user_id);

create table public.locations (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  address text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.customers (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  email text,
  phone text not null check (length(phone) between 1 and 50),
  address text not null check (length(address) between 1 and 500),
  company_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index customers_name_idx on public.customers (lower(name));

create table public.suppliers (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  contact_person text,
  email text,
  phone text not null check (length(phone) between 1 and 50),
  address text not null check (length(address) between 1 and 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index suppliers_name_idx on public.suppliers (lower(name));

-- Nothing is reachable except through the API: no table has a public policy.
alter table public.users enable row level security;
alter table public.sessions enable row level security;
alter table public.locations enable row level security;
alter table public.customers enable row level security;
alter table public.suppliers enable row level security;

-- Records a failed sign-in: counts it (afresh once an earlier lock has run out) and locks the
-- account for p_lock_for when the count reaches p_lock_after.
create function public.record_failed_login(p_user_id bigint, p_lock_after integer, p_lock_for interval)
returns table (failed_logins integer, locked_until timestamptz)
language sql
security invoker
set search_path = ''
as $$
  update public.users u
     set failed_logins = case when u.locked_until <= now() then 1 else u.failed_logins + 1 end,
         locked_until = case
           when (case when u.locked_until <= now() then 1 else u.failed_logins + 1 end) >= p_lock_after
           then now() + p_lock_for
         end
   where u.id = p_user_id
  returning u.failed_logins, u.locked_until;
$$;
revoke execute on function public.record_failed_login(bigint, integer, interval) from public;
