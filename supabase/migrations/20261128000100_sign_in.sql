-- Sign-in under attack: each attempt is claimed in one statement before its password is checked, so
-- attempts sent at once cannot pass the account's lock together; failed sign-ins are counted per
-- client address; failures for unknown e-mails become one audit event a minute per address.

-- One row per client address: its failed sign-ins in the minute from window_start, how long it is
-- refused, and the tally of failures for unknown e-mails not yet written to the audit trail
-- (address '' when the runtime could not tell it).
create table public.sign_in_addresses (
  address text primary key check (length(address) <= 100),
  window_start timestamptz not null default now(),
  failures integer not null default 0 check (failures >= 0),
  blocked_until timestamptz,
  unknown_since timestamptz,
  unknown_failures integer not null default 0 check (unknown_failures >= 0),
  unknown_email text
);
create index sign_in_addresses_window_idx on public.sign_in_addresses (window_start);
create index sign_in_addresses_unknown_idx on public.sign_in_addresses (unknown_since) where unknown_failures > 0;
alter table public.sign_in_addresses enable row level security;

-- Writes each address's tally of failures for unknown e-mails as one event once its minute is over,
-- and forgets addresses quiet for a day.
create function public.sign_in_write_tallies()
returns void
language sql
security invoker
set search_path = ''
as $$
  with due as (
    select a.address, a.unknown_since, a.unknown_failures, a.unknown_email
      from public.sign_in_addresses a
     where a.unknown_failures > 0 and a.unknown_since <= now() - interval '1 minute'
       for update skip locked
  ), cleared as (
    update public.sign_in_addresses a set unknown_failures = 0, unknown_since = null, unknown_email = null
      from due where a.address = due.address
  ), forgotten as (
    delete from public.sign_in_addresses a
     where a.window_start < now() - interval '1 day' and a.unknown_failures = 0
       and (a.blocked_until is null or a.blocked_until < now())
  )
  insert into public.audit_events (occurred_at, action, record_type, record_label, changes)
  select due.unknown_since, 'sign-in failed', 'user', due.unknown_email,
         jsonb_build_object('attempts', jsonb_build_object('old', null, 'new', due.unknown_failures),
                            'address', jsonb_build_object('old', null, 'new', nullif(due.address, '')))
    from due;
$$;
revoke execute on function public.sign_in_write_tallies() from public;

-- Claims a sign-in attempt for an address and an e-mail, before the password is checked:
-- - address_wait_seconds: set when the address is refused (more than p_address_limit failures in a
--   minute refuse it for p_address_block); nothing else is done then;
-- - user_id: the account of that e-mail, null when there is none (the failure is tallied);
-- - attempt: this attempt's number among the account's failures (counted now, forgotten when the
--   password is right); reaching p_lock_after locks the account for p_lock_for;
-- - locked_seconds: set when the account is locked, and the attempt is not claimed.
create function public.sign_in_claim(
  p_address text, p_email text, p_address_limit integer, p_address_block interval, p_lock_after integer, p_lock_for interval
)
returns table (address_wait_seconds integer, user_id bigint, attempt integer, locked_seconds integer)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_failures integer;
  v_blocked_until timestamptz;
  v_user_id bigint;
  v_attempt integer;
  v_locked_until timestamptz;
begin
  perform public.sign_in_write_tallies();
  if p_address is not null then
    insert into public.sign_in_addresses as a (address, failures) values (p_address, 1)
    on conflict (address) do update set
      window_start = case when a.window_start <= now() - interval '1 minute' or a.blocked_until is not null then now() else a.window_start end,
      failures = case when a.window_start <= now() - interval '1 minute' or a.blocked_until is not null then 1 else a.failures + 1 end,
      blocked_until = null
    where a.blocked_until is null or a.blocked_until <= now()
    returning a.failures into v_failures;
    if v_failures is null then
      select a.blocked_until into v_blocked_until from public.sign_in_addresses a where a.address = p_address;
    elsif v_failures > p_address_limit then
      update public.sign_in_addresses a set blocked_until = now() + p_address_block where a.address = p_address
      returning a.blocked_until into v_blocked_until;
    end if;
    if v_blocked_until is not null then
      return query select greatest(1, ceil(extract(epoch from v_blocked_until - now())))::integer, null::bigint, null::integer, null::integer;
      return;
    end if;
  end if;

  select u.id into v_user_id from public.users u where lower(u.email) = lower(p_email);
  if v_user_id is null then
    insert into public.sign_in_addresses as a (address, unknown_since, unknown_failures, unknown_email)
    values (coalesce(p_address, ''), now(), 1, left(p_email, 255))
    on conflict (address) do update set
      unknown_since = coalesce(a.unknown_since, now()),
      unknown_failures = a.unknown_failures + 1,
      unknown_email = excluded.unknown_email;
    return query select null::integer, null::bigint, null::integer, null::integer;
    return;
  end if;

  update public.users u
     set failed_logins = case when u.locked_until <= now() then 1 else u.failed_logins + 1 end,
         locked_until = case
           when (case when u.locked_until <= now() then 1 else u.failed_logins + 1 end) >= p_lock_after then now() + p_lock_for
         end
   where u.id = v_user_id and (u.locked_until is null or u.locked_until <= now())
  returning u.failed_logins into v_attempt;
  if v_attempt is null then
    select u.locked_until into v_locked_until from public.users u where u.id = v_user_id;
    return query select null::integer, v_user_id, null::integer, greatest(1, ceil(extract(epoch from v_locked_until - now())))::integer;
    return;
  end if;
  return query select null::integer, v_user_id, v_attempt, null::integer;
end;
$$;
revoke execute on function public.sign_in_claim(text, text, integer, interval, integer, interval) from public;

-- Counting now happens in sign_in_claim.
drop function public.record_failed_login(bigint, integer, interval);
