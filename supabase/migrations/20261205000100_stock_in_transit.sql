-- Stock on the road and the number series of counts and transfers.
-- A branch's stock level keeps what is on the shelf (`quantity`, sellable) and what is on its way to the
-- branch (`in_transit`, never sellable). A stock move with reason 'in_transit' names the branch the goods
-- travel to and changes `in_transit`, not the shelf, so for each product and branch the moves add up to
-- quantity + in_transit.

alter table public.document_series drop constraint document_series_series_check;
alter table public.document_series add constraint document_series_series_check
  check (series in ('invoice', 'sale', 'receipt', 'purchase', 'quote', 'credit_note', 'supplier_return', 'dc', 'tr', 'sc'));

alter table public.stock_levels add column in_transit integer not null default 0;
alter table public.stock_levels add constraint stock_levels_in_transit_check check (in_transit >= 0);
create index stock_levels_in_transit_idx on public.stock_levels (location_id, product_id) where in_transit > 0;

alter table public.stock_moves drop constraint stock_moves_reason_check;
alter table public.stock_moves add constraint stock_moves_reason_check check (reason in (
  'opening', 'count_correction', 'damage', 'return', 'other', 'transfer_in', 'transfer_out', 'sale', 'purchase',
  'cancellation', 'supplier_return', 'in_transit'));

create or replace function public.move_stock(p_product_id bigint, p_location_id bigint, p_delta integer, p_reason text, p_note text, p_user_id bigint, p_document_type text default null, p_document_id bigint default null, p_unit_cost numeric default null)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_kind text;
  v_quantity integer;
  v_location text;
  v_in_transit boolean := p_reason = 'in_transit';
begin
  select p.kind into v_kind from public.products p where p.id = p_product_id for no key update;
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
  if v_in_transit then
    update public.stock_levels s
       set in_transit = s.in_transit + p_delta
     where s.product_id = p_product_id and s.location_id = p_location_id and s.in_transit + p_delta >= 0
    returning s.in_transit into v_quantity;
    if v_quantity is null then
      select s.in_transit into v_quantity from public.stock_levels s
       where s.product_id = p_product_id and s.location_id = p_location_id;
      raise exception 'Only % on the way to %.', v_quantity, v_location using errcode = 'P0001';
    end if;
  else
    update public.stock_levels s
       set quantity = s.quantity + p_delta
     where s.product_id = p_product_id and s.location_id = p_location_id and s.quantity + p_delta >= 0
    returning s.quantity into v_quantity;
    if v_quantity is null then
      select s.quantity into v_quantity from public.stock_levels s
       where s.product_id = p_product_id and s.location_id = p_location_id;
      raise exception 'Not enough stock at %: only % available.', v_location, v_quantity using errcode = 'P0001';
    end if;
  end if;

  insert into public.stock_moves (product_id, location_id, delta, reason, note, user_id, document_type, document_id, unit_cost)
  values (p_product_id, p_location_id, p_delta, p_reason, p_note, p_user_id, p_document_type, p_document_id, p_unit_cost);
  if not v_in_transit then
    update public.products p set total_stock = p.total_stock + p_delta where p.id = p_product_id;
  end if;
  return v_quantity;
end;
$$;
