-- Battery cores: a core charge (a refundable fee) comes back as a credit note line when the old
-- battery does, within the days in Settings, and the core joins its branch's cores on hand: a stock
-- that is never sold, that goes back to a supplier for credit.

create table public.core_moves (
  id bigint generated always as identity primary key,
  location_id bigint not null references public.locations (id),
  fee_rule_id bigint not null references public.fee_rules (id),
  quantity integer not null check (quantity <> 0),
  -- A core that came back on a credit note, went out with it cancelled, or was sent to a supplier.
  reason text not null check (reason in ('returned', 'return_cancelled', 'sent_back')),
  credit_note_id bigint references public.credit_notes (id),
  supplier_id bigint references public.suppliers (id),
  -- What the supplier credits for the cores sent back.
  credit_amount numeric(12,2) check (credit_amount >= 0),
  moved_on date not null default current_date,
  notes text,
  created_by bigint references public.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index core_moves_location_idx on public.core_moves (location_id, fee_rule_id);
create index core_moves_credit_note_idx on public.core_moves (credit_note_id) where credit_note_id is not null;
alter table public.core_moves enable row level security;

-- The cores each branch holds, kept on write.
create table public.core_stock (
  location_id bigint not null references public.locations (id),
  fee_rule_id bigint not null references public.fee_rules (id),
  quantity integer not null default 0,
  primary key (location_id, fee_rule_id),
  constraint core_stock_not_negative check (quantity >= 0)
);
alter table public.core_stock enable row level security;

create or replace function public.core_moves_apply()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- The row at 0 first (a proposed row below 0 would fail its check), then the move, under its lock.
  insert into public.core_stock (location_id, fee_rule_id, quantity) values (new.location_id, new.fee_rule_id, 0)
  on conflict (location_id, fee_rule_id) do nothing;
  update public.core_stock s set quantity = s.quantity + new.quantity
   where s.location_id = new.location_id and s.fee_rule_id = new.fee_rule_id;
  return null;
exception when check_violation then
  raise exception 'Only % of these cores are on hand at this branch.',
    (select coalesce(max(s.quantity), 0) from public.core_stock s where s.location_id = new.location_id and s.fee_rule_id = new.fee_rule_id)
    using errcode = 'P0001';
end;
$$;
create trigger core_moves_stock after insert on public.core_moves
  for each row execute function public.core_moves_apply();

-- A credit note line that returns a core charge is a core return: within the days in Settings of its
-- document's date, and the core comes into the credit note's branch.
create or replace function public.credit_note_items_core()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  cn public.credit_notes;
  v_rule_id bigint;
  v_refundable boolean;
  v_sold_on date;
  v_deadline date;
begin
  select * into cn from public.credit_notes where id = new.credit_note_id;
  if cn.document_type = 'Invoice' then
    select r.id, r.refundable, d.issued_date into v_rule_id, v_refundable, v_sold_on
      from public.invoice_items x join public.invoices d on d.id = x.invoice_id join public.fee_rules r on r.id = x.fee_rule_id
     where x.id = new.line_id and x.line_kind = 'fee';
  else
    select r.id, r.refundable, d.sale_date into v_rule_id, v_refundable, v_sold_on
      from public.sale_items x join public.sales d on d.id = x.sale_id join public.fee_rules r on r.id = x.fee_rule_id
     where x.id = new.line_id and x.line_kind = 'fee';
  end if;
  if v_rule_id is null or not v_refundable then
    return new;
  end if;
  v_deadline := v_sold_on + (select s.core_return_days from public.settings s);
  if cn.issued_date > v_deadline then
    raise exception 'The core could be returned until %: its charge is no longer credited.', to_char(v_deadline, 'YYYY-MM-DD') using errcode = 'P0001';
  end if;
  new.line_kind := 'core_return';
  insert into public.core_moves (location_id, fee_rule_id, quantity, reason, credit_note_id, moved_on, created_by)
  values (cn.location_id, v_rule_id, new.quantity, 'returned', cn.id, cn.issued_date, cn.created_by);
  return new;
end;
$$;
alter table public.credit_note_items add column line_kind text not null default 'item' check (line_kind in ('item', 'fee', 'core_return'));
create trigger credit_note_items_core before insert on public.credit_note_items
  for each row execute function public.credit_note_items_core();

-- A cancelled credit note gives its cores back, while the branch still has them.
create or replace function public.credit_notes_cancel_cores()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  insert into public.core_moves (location_id, fee_rule_id, quantity, reason, credit_note_id, created_by)
  select m.location_id, m.fee_rule_id, -sum(m.quantity), 'return_cancelled', new.id, nullif(current_setting('wheelhouse.user_id', true), '')::bigint
    from public.core_moves m where m.credit_note_id = new.id
   group by m.location_id, m.fee_rule_id
  having sum(m.quantity) <> 0;
  return null;
end;
$$;
create trigger credit_notes_cancel_cores after update of status on public.credit_notes
  for each row when (old.status = 'issued' and new.status = 'cancelled') execute function public.credit_notes_cancel_cores();

-- Core charges sold and not yet credited: each refundable fee line of a sent invoice or a completed
-- sale, what came back of it, and until when it may.
create or replace view public.report_core_charges as
select 'Invoice'::text as document_type, d.id as document_id, d.number, d.issued_date as sold_on, d.location_id, d.customer_id,
       x.id as line_id, x.fee_rule_id, x.quantity, x.unit_price,
       coalesce((select sum(ci.quantity) from public.credit_note_items ci join public.credit_notes cn on cn.id = ci.credit_note_id
                  where ci.line_id = x.id and cn.document_type = 'Invoice' and cn.status = 'issued'), 0)::integer as returned
  from public.invoice_items x
  join public.invoices d on d.id = x.invoice_id and d.status = 'sent'
  join public.fee_rules r on r.id = x.fee_rule_id and r.refundable
 where x.line_kind = 'fee'
union all
select 'Sale', d.id, d.number, d.sale_date, d.location_id, d.customer_id, x.id, x.fee_rule_id, x.quantity, x.unit_price,
       coalesce((select sum(ci.quantity) from public.credit_note_items ci join public.credit_notes cn on cn.id = ci.credit_note_id
                  where ci.line_id = x.id and cn.document_type = 'Sale' and cn.status = 'issued'), 0)::integer
  from public.sale_items x
  join public.sales d on d.id = x.sale_id and d.status = 'completed'
  join public.fee_rules r on r.id = x.fee_rule_id and r.refundable
 where x.line_kind = 'fee';

-- The trail leaves out a document's tax per rate: it follows the lines and the tax, which it shows.
CREATE OR REPLACE FUNCTION public.audit_changes(p_old jsonb, p_new jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_object_agg(
           case when n.key in ('customer_id', 'supplier_id', 'location_id', 'home_location_id', 'tire_brand_id', 'battery_brand_id',
                               'tire_type_id', 'pattern_id', 'made_in_id')
                then left(n.key, -3) else n.key end,
           case when n.key in ('customer_id', 'supplier_id', 'location_id', 'home_location_id', 'tire_brand_id', 'battery_brand_id',
                               'tire_type_id', 'pattern_id', 'made_in_id')
                then jsonb_build_object('old', public.audit_reference_name(n.key, (o.value #>> '{}')::bigint),
                                        'new', public.audit_reference_name(n.key, (n.value #>> '{}')::bigint))
                else jsonb_build_object('old', o.value, 'new', n.value) end
         ), '{}'::jsonb)
    from jsonb_each(p_new) n
    join jsonb_each(p_old) o on o.key = n.key
   where n.value is distinct from o.value
     and n.key not in ('id', 'product_id', 'created_at', 'updated_at', 'total_stock', 'low_stock_at', 'search_text', 'number',
                       'status', 'payment_status', 'subtotal', 'total_paid', 'balance_due', 'sent_at', 'cancelled_at',
                       'completed_at', 'received_at', 'created_by', 'password_hash', 'failed_logins', 'locked_until',
                       'last_login_at', 'must_change_password', 'version', 'changed_by', 'changed_at',
                       -- a document's tax per rate follows its lines, which the trail shows
                       'taxes')
$function$;
