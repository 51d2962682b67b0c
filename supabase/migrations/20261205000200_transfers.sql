-- Transfers with a journey: goods leave one branch, spend time on the road, and arrive at another.
-- A transfer is a draft until it is shipped: shipping takes its goods off the source branch's shelf and
-- puts them in transit to the destination (stock_levels.in_transit there); receiving takes them out of
-- transit and puts what arrived on the destination's shelf. What did not arrive is either sent back
-- (it goes straight back onto the source branch's shelf) or written off with a reason. Each product's
-- moves at each branch still add up to its shelf plus what is on its way there.

create table public.transfers (
  id bigint generated always as identity primary key,
  number text not null unique,
  from_location_id bigint not null references public.locations(id),
  to_location_id bigint not null references public.locations(id),
  transfer_date date not null,
  status text not null default 'draft' check (status in ('draft', 'shipped', 'received', 'cancelled')),
  notes text,
  line_count integer not null default 0,
  total_quantity integer not null default 0,
  received_quantity integer,
  created_by bigint references public.users(id) on delete set null,
  shipped_by bigint references public.users(id) on delete set null,
  shipped_at timestamptz,
  received_by bigint references public.users(id) on delete set null,
  received_at timestamptz,
  cancelled_by bigint references public.users(id) on delete set null,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  changed_by bigint,
  changed_at timestamptz,
  constraint transfers_two_branches check (from_location_id <> to_location_id)
);
create index transfers_date_idx on public.transfers (transfer_date desc, id desc);
create index transfers_from_location_idx on public.transfers (from_location_id, transfer_date desc);
create index transfers_to_location_idx on public.transfers (to_location_id, transfer_date desc);
create index transfers_status_idx on public.transfers (status, transfer_date desc);
alter table public.transfers enable row level security;

create trigger transfers_version before update on public.transfers
  for each row when (old.* is distinct from new.*) execute function public.bump_version();

create table public.transfer_items (
  id bigint generated always as identity primary key,
  transfer_id bigint not null references public.transfers(id) on delete cascade,
  position integer not null,
  product_id bigint not null references public.products(id),
  product_name text not null,
  quantity integer not null check (quantity > 0),
  received_quantity integer,
  shortfall text check (shortfall in ('send_back', 'write_off')),
  shortfall_reason text,
  constraint transfer_items_received_within_quantity check (received_quantity between 0 and quantity),
  constraint transfer_items_shortfall_named check ((shortfall is not null) = (received_quantity is not null and received_quantity < quantity)),
  constraint transfer_items_write_off_reason check (shortfall is distinct from 'write_off' or coalesce(btrim(shortfall_reason), '') <> ''),
  constraint transfer_items_one_line_per_product unique (transfer_id, product_id)
);
create index transfer_items_product_idx on public.transfer_items (product_id);
alter table public.transfer_items enable row level security;

-- Ships a draft: every line leaves the source branch's shelf and goes in transit to the destination.
create or replace function public.ship_transfer(p_id bigint, p_user_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_transfer public.transfers;
  v_from text;
  v_to text;
  v_note text;
  v_shelf integer;
  v_lines jsonb := '{}'::jsonb;
  line record;
begin
  select * into v_transfer from public.transfers t where t.id = p_id for update;
  if not found then
    raise exception 'Transfer not found' using errcode = 'P0002';
  end if;
  if v_transfer.status <> 'draft' then
    raise exception 'Transfer % has already been %.', v_transfer.number, v_transfer.status using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.transfer_items x where x.transfer_id = p_id) then
    raise exception 'Add at least one product before shipping.' using errcode = 'WH422', hint = 'items';
  end if;
  select l.name into v_from from public.locations l where l.id = v_transfer.from_location_id;
  select l.name into v_to from public.locations l where l.id = v_transfer.to_location_id;
  v_note := v_transfer.number || ': ' || v_from || ' to ' || v_to;

  for line in
    select x.product_id, x.product_name, x.quantity from public.transfer_items x where x.transfer_id = p_id order by x.product_id
  loop
    perform 1 from public.products p where p.id = line.product_id for no key update;
    select s.quantity into v_shelf from public.stock_levels s
     where s.product_id = line.product_id and s.location_id = v_transfer.from_location_id;
    if coalesce(v_shelf, 0) < line.quantity then
      raise exception 'Not enough % at %: only % on the shelf, % to ship.', line.product_name, v_from, coalesce(v_shelf, 0), line.quantity
        using errcode = 'P0001';
    end if;
    perform public.move_stock(line.product_id, v_transfer.from_location_id, -line.quantity, 'transfer_out', v_note, p_user_id, 'Transfer', p_id);
    perform public.move_stock(line.product_id, v_transfer.to_location_id, line.quantity, 'in_transit', v_note, p_user_id, 'Transfer', p_id);
    v_lines := v_lines || jsonb_build_object(line.product_name, jsonb_build_object('old', null, 'new', line.quantity));
  end loop;

  update public.transfers t
     set status = 'shipped', shipped_by = p_user_id, shipped_at = now(), updated_at = now()
   where t.id = p_id;
  perform public.audit_record('shipped', 'transfer', p_id, v_transfer.number, v_lines, v_transfer.from_location_id,
    'location', v_transfer.to_location_id, v_to);
end;
$$;
revoke execute on function public.ship_transfer(bigint, bigint) from public;

-- Receives a shipped transfer. p_lines: [{"id", "received_quantity", "shortfall", "reason"}] per line
-- (a line left out arrived in full). A line short is sent back or written off with a reason.
create or replace function public.receive_transfer(p_id bigint, p_lines jsonb, p_user_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_transfer public.transfers;
  v_from text;
  v_to text;
  v_note text;
  v_given jsonb;
  v_received integer;
  v_shortfall text;
  v_reason text;
  v_total integer := 0;
  v_changes jsonb := '{}'::jsonb;
  line record;
begin
  select * into v_transfer from public.transfers t where t.id = p_id for update;
  if not found then
    raise exception 'Transfer not found' using errcode = 'P0002';
  end if;
  if v_transfer.status = 'received' then
    raise exception 'Transfer % has already been received.', v_transfer.number using errcode = 'P0001';
  end if;
  if v_transfer.status <> 'shipped' then
    raise exception 'Transfer % has not been shipped.', v_transfer.number using errcode = 'P0001';
  end if;
  if exists (
    select 1 from jsonb_array_elements(coalesce(p_lines, '[]'::jsonb)) g
     where not exists (select 1 from public.transfer_items x where x.transfer_id = p_id and x.id = (g ->> 'id')::bigint)
  ) then
    raise exception 'A line is not on this transfer.' using errcode = 'WH422', hint = 'items';
  end if;
  select l.name into v_from from public.locations l where l.id = v_transfer.from_location_id;
  select l.name into v_to from public.locations l where l.id = v_transfer.to_location_id;
  v_note := v_transfer.number || ': ' || v_from || ' to ' || v_to;

  for line in
    select x.id, x.product_id, x.product_name, x.quantity from public.transfer_items x where x.transfer_id = p_id order by x.product_id
  loop
    select g into v_given from jsonb_array_elements(coalesce(p_lines, '[]'::jsonb)) g where (g ->> 'id')::bigint = line.id limit 1;
    v_received := coalesce((v_given ->> 'received_quantity')::integer, line.quantity);
    v_shortfall := null;
    v_reason := nullif(btrim(coalesce(v_given ->> 'reason', '')), '');
    if v_received < 0 or v_received > line.quantity then
      raise exception 'The quantity received of % must be between 0 and %.', line.product_name, line.quantity using errcode = 'WH422', hint = 'items';
    end if;
    if v_received < line.quantity then
      v_shortfall := v_given ->> 'shortfall';
      if v_shortfall is null or v_shortfall not in ('send_back', 'write_off') then
        raise exception '% is short by %: choose to send it back or write it off.', line.product_name, line.quantity - v_received
          using errcode = 'WH422', hint = 'items';
      end if;
      if v_shortfall = 'write_off' and v_reason is null then
        raise exception 'Give a reason for writing off % of %.', line.quantity - v_received, line.product_name using errcode = 'WH422', hint = 'items';
      end if;
    else
      v_reason := null;
    end if;

    perform 1 from public.products p where p.id = line.product_id for no key update;
    perform public.move_stock(line.product_id, v_transfer.to_location_id, -line.quantity, 'in_transit',
      v_note || case when v_shortfall = 'write_off' then '; ' || (line.quantity - v_received) || ' written off: ' || v_reason
                     when v_shortfall = 'send_back' then '; ' || (line.quantity - v_received) || ' sent back to ' || v_from
                     else '' end,
      p_user_id, 'Transfer', p_id);
    if v_received > 0 then
      perform public.move_stock(line.product_id, v_transfer.to_location_id, v_received, 'transfer_in', v_note, p_user_id, 'Transfer', p_id);
    end if;
    if v_shortfall = 'send_back' then
      perform public.move_stock(line.product_id, v_transfer.from_location_id, line.quantity - v_received, 'transfer_in',
        v_note || '; sent back, did not arrive', p_user_id, 'Transfer', p_id);
    end if;

    update public.transfer_items x
       set received_quantity = v_received, shortfall = v_shortfall, shortfall_reason = case when v_shortfall is null then null else v_reason end
     where x.id = line.id;
    v_total := v_total + v_received;
    v_changes := v_changes || jsonb_build_object(line.product_name, jsonb_build_object('old', line.quantity,
      'new', case when v_shortfall is null then v_received::text
                  else v_received || ' (' || (line.quantity - v_received) || ' ' ||
                       case when v_shortfall = 'send_back' then 'sent back' else 'written off: ' || v_reason end || ')' end));
  end loop;

  update public.transfers t
     set status = 'received', received_by = p_user_id, received_at = now(), received_quantity = v_total, updated_at = now()
   where t.id = p_id;
  perform public.audit_record('received', 'transfer', p_id, v_transfer.number, v_changes, v_transfer.to_location_id,
    'location', v_transfer.from_location_id, v_from);
end;
$$;
revoke execute on function public.receive_transfer(bigint, jsonb, bigint) from public;

create or replace function public.cancel_transfer(p_id bigint, p_user_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_transfer public.transfers;
begin
  select * into v_transfer from public.transfers t where t.id = p_id for update;
  if not found then
    raise exception 'Transfer not found' using errcode = 'P0002';
  end if;
  if v_transfer.status <> 'draft' then
    raise exception 'Transfer % has already been %: only a draft can be cancelled.', v_transfer.number, v_transfer.status using errcode = 'P0001';
  end if;
  update public.transfers t
     set status = 'cancelled', cancelled_by = p_user_id, cancelled_at = now(), updated_at = now()
   where t.id = p_id;
  perform public.audit_record('cancelled', 'transfer', p_id, v_transfer.number, null, v_transfer.from_location_id);
end;
$$;
revoke execute on function public.cancel_transfer(bigint, bigint) from public;

-- The trail of a draft: created, changed (from, to, date, notes, lines) and deleted. Shipping, receiving and
-- cancelling write their own events above.
create or replace function public.audit_transfer()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  r public.transfers := case when tg_op = 'DELETE' then old else new end;
  v_changes jsonb := '{}'::jsonb;
  v_name text;
begin
  if tg_op = 'UPDATE' then
    if old.from_location_id is distinct from new.from_location_id then
      v_changes := v_changes || jsonb_build_object('from', jsonb_build_object(
        'old', public.audit_reference_name('location_id', old.from_location_id), 'new', public.audit_reference_name('location_id', new.from_location_id)));
    end if;
    if old.to_location_id is distinct from new.to_location_id then
      v_changes := v_changes || jsonb_build_object('to', jsonb_build_object(
        'old', public.audit_reference_name('location_id', old.to_location_id), 'new', public.audit_reference_name('location_id', new.to_location_id)));
    end if;
    if old.transfer_date is distinct from new.transfer_date then
      v_changes := v_changes || jsonb_build_object('date', jsonb_build_object('old', old.transfer_date, 'new', new.transfer_date));
    end if;
    if old.notes is distinct from new.notes then
      v_changes := v_changes || jsonb_build_object('notes', jsonb_build_object('old', old.notes, 'new', new.notes));
    end if;
    if v_changes = '{}'::jsonb then
      return null;
    end if;
  elsif tg_op = 'INSERT' then
    v_changes := jsonb_build_object(
      'from', jsonb_build_object('old', null, 'new', public.audit_reference_name('location_id', r.from_location_id)),
      'to', jsonb_build_object('old', null, 'new', public.audit_reference_name('location_id', r.to_location_id)),
      'date', jsonb_build_object('old', null, 'new', r.transfer_date),
      'notes', jsonb_build_object('old', null, 'new', r.notes));
  end if;
  v_name := public.audit_reference_name('location_id', r.to_location_id);
  perform public.audit_record(case tg_op when 'INSERT' then 'created' when 'DELETE' then 'deleted' else 'updated' end,
    'transfer', r.id, r.number, v_changes, r.from_location_id, 'location', r.to_location_id, v_name);
  return null;
end;
$$;
revoke execute on function public.audit_transfer() from public;

create trigger audit_transfers after insert or delete on public.transfers
  for each row execute function public.audit_transfer();
create trigger audit_transfers_update after update on public.transfers
  for each row when (old.status = new.status) execute function public.audit_transfer();

create or replace function public.audit_transfer_line()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_transfer public.transfers;
  v_changes jsonb := '{}'::jsonb;
begin
  select * into v_transfer from public.transfers t where t.id = case when tg_op = 'DELETE' then old.transfer_id else new.transfer_id end;
  if not found then
    return null;
  end if;
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.product_id <> new.product_id) then
    v_changes := v_changes || jsonb_build_object(old.product_name, jsonb_build_object('old', old.quantity, 'new', null));
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.product_id <> new.product_id) then
    v_changes := public.audit_merge_changes(v_changes, jsonb_build_object(new.product_name, jsonb_build_object('old', null, 'new', new.quantity)));
  elsif tg_op = 'UPDATE' then
    v_changes := v_changes || jsonb_build_object(new.product_name, jsonb_build_object('old', old.quantity, 'new', new.quantity));
  end if;
  perform public.audit_record('updated', 'transfer', v_transfer.id, v_transfer.number, v_changes, v_transfer.from_location_id);
  return null;
end;
$$;
revoke execute on function public.audit_transfer_line() from public;

create trigger audit_transfer_items after insert or delete on public.transfer_items
  for each row execute function public.audit_transfer_line();
create trigger audit_transfer_items_update after update on public.transfer_items
  for each row when (old.quantity is distinct from new.quantity or old.product_id is distinct from new.product_id)
  execute function public.audit_transfer_line();
