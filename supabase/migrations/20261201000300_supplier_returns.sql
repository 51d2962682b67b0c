-- Supplier returns: goods received on a purchase order go back to the supplier, who owes their cost.

alter table public.settings add column supplier_return_prefix text not null default 'SR';

alter table public.document_series drop constraint document_series_series_check;
alter table public.document_series add constraint document_series_series_check
  check (series in ('invoice', 'sale', 'receipt', 'purchase', 'quote', 'credit_note', 'supplier_return'));

create or replace function public.next_document_number(p_series text, p_date date)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_year integer := extract(year from p_date)::integer;
  v_prefix text;
  v_value integer;
begin
  select case p_series
           when 'invoice' then s.invoice_prefix
           when 'sale' then s.sale_prefix
           when 'receipt' then s.receipt_prefix
           when 'purchase' then s.purchase_prefix
           when 'quote' then s.quote_prefix
           when 'credit_note' then s.credit_note_prefix
           when 'supplier_return' then s.supplier_return_prefix
         end
    into v_prefix
    from public.settings s;
  insert into public.document_series (series, year) values (p_series, v_year) on conflict do nothing;
  update public.document_series ds
     set next_value = ds.next_value + 1
   where ds.series = p_series and ds.year = v_year
  returning ds.next_value - 1 into v_value;
  return coalesce(v_prefix, upper(p_series)) || '-' || v_year || '-' || lpad(v_value::text, greatest(5, length(v_value::text)), '0');
end;
$$;

alter table public.stock_moves drop constraint stock_moves_reason_check;
alter table public.stock_moves add constraint stock_moves_reason_check
  check (reason in ('opening', 'count_correction', 'damage', 'return', 'other', 'transfer_in', 'transfer_out', 'sale', 'purchase',
                    'cancellation', 'supplier_return'));

create table public.supplier_returns (
  id bigint generated always as identity primary key,
  number text not null unique,
  supplier_id bigint not null references public.suppliers(id),
  location_id bigint not null references public.locations(id),
  issued_date date not null,
  document_id bigint not null references public.purchases(id),
  reason text not null,
  status text not null default 'issued' check (status = 'issued'),
  payment_status text not null default 'pending' check (payment_status = 'pending'),
  subtotal numeric(12,2) not null default 0,
  discount_amount numeric(12,2) not null default 0 check (discount_amount = 0),
  tax_amount numeric(12,2) not null default 0,
  tax_rate numeric not null default 0,
  net_amount numeric(12,2) not null default 0,
  credited_amount numeric(12,2) not null default 0,
  total_paid numeric(12,2) not null default 0 check (total_paid = 0),
  balance_due numeric(12,2) not null default 0,
  refunded_amount numeric(12,2) not null default 0 check (refunded_amount >= 0),
  notes text,
  created_by bigint references public.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  changed_by bigint,
  changed_at timestamptz
);
create index supplier_returns_issued_date_idx on public.supplier_returns (issued_date desc, id desc);
create index supplier_returns_supplier_id_idx on public.supplier_returns (supplier_id, issued_date desc);
create index supplier_returns_location_id_idx on public.supplier_returns (location_id, issued_date desc);
create index supplier_returns_document_idx on public.supplier_returns (document_id);
alter table public.supplier_returns enable row level security;

create table public.supplier_return_items (
  id bigint generated always as identity primary key,
  supplier_return_id bigint not null references public.supplier_returns(id) on delete cascade,
  position integer not null,
  -- The purchase order's line it sends back.
  line_id bigint not null references public.purchase_items(id),
  product_id bigint not null references public.products(id),
  product_type text not null,
  product_name text not null,
  description text,
  dot text,
  quantity integer not null check (quantity >= 1),
  unit_price numeric(12,2) not null,
  discount_percent numeric(5,2) not null default 0,
  cost_price numeric(12,2) not null default 0,
  line_total numeric(12,2) not null,
  tax_amount numeric(12,2) not null,
  amount numeric(12,2) not null
);
create index supplier_return_items_supplier_return_id_idx on public.supplier_return_items (supplier_return_id, position);
create index supplier_return_items_line_idx on public.supplier_return_items (line_id);
alter table public.supplier_return_items enable row level security;

alter table public.receipts add column supplier_return_id bigint references public.supplier_returns(id);
create index receipts_supplier_return_idx on public.receipts (supplier_return_id) where supplier_return_id is not null;

create trigger supplier_returns_version before update on public.supplier_returns
  for each row when (old.* is distinct from new.*) execute function public.bump_version();
create trigger audit_supplier_returns after insert or delete on public.supplier_returns
  for each row execute function public.audit_document('supplier_return');

alter table public.document_counts drop constraint document_counts_type_check;
alter table public.document_counts add constraint document_counts_type_check
  check (type in ('Invoice', 'Sale', 'Purchase', 'Quote', 'CreditNote', 'SupplierReturn'));

create or replace function public.document_counts_apply()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_bucket smallint := (txid_current() % 16)::smallint;
  v_type text := case tg_table_name when 'invoices' then 'Invoice' when 'sales' then 'Sale' when 'quotes' then 'Quote'
    when 'credit_notes' then 'CreditNote' when 'supplier_returns' then 'SupplierReturn' else 'Purchase' end;
begin
  perform 1 from public.product_totals t where t.bucket = v_bucket order by t.kind for update;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into public.document_counts as dc (bucket, type, location_id, status, payment_status, documents)
    values (v_bucket, v_type, old.location_id, old.status, old.payment_status, -1)
    on conflict (type, bucket, location_id, status, payment_status) do update set documents = dc.documents - 1;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into public.document_counts as dc (bucket, type, location_id, status, payment_status, documents)
    values (v_bucket, v_type, new.location_id, new.status, new.payment_status, 1)
    on conflict (type, bucket, location_id, status, payment_status) do update set documents = dc.documents + 1;
  end if;
  return null;
end;
$$;

create constraint trigger supplier_returns_counts_insert after insert on public.supplier_returns
  deferrable initially deferred for each row execute function public.document_counts_apply();

create or replace function public.document_tables(p_type text, out header_table text, out lines_table text, out key_column text,
  out party_column text, out noun text, out posted_status text)
returns record
language plpgsql
immutable
set search_path = ''
as $$
begin
  case p_type
    when 'Invoice' then
      header_table := 'invoices'; lines_table := 'invoice_items'; key_column := 'invoice_id'; party_column := 'customer_id';
      noun := 'invoice'; posted_status := 'sent';
    when 'Sale' then
      header_table := 'sales'; lines_table := 'sale_items'; key_column := 'sale_id'; party_column := 'customer_id';
      noun := 'sale'; posted_status := 'completed';
    when 'Purchase' then
      header_table := 'purchases'; lines_table := 'purchase_items'; key_column := 'purchase_id'; party_column := 'supplier_id';
      noun := 'purchase order'; posted_status := 'received';
    when 'Quote' then
      header_table := 'quotes'; lines_table := 'quote_items'; key_column := 'quote_id'; party_column := 'customer_id';
      noun := 'quote'; posted_status := 'sent';
    when 'CreditNote' then
      header_table := 'credit_notes'; lines_table := 'credit_note_items'; key_column := 'credit_note_id'; party_column := 'customer_id';
      noun := 'credit note'; posted_status := 'issued';
    when 'SupplierReturn' then
      header_table := 'supplier_returns'; lines_table := 'supplier_return_items'; key_column := 'supplier_return_id';
      party_column := 'supplier_id'; noun := 'supplier return'; posted_status := 'issued';
    else raise exception 'Unknown document type %', p_type;
  end case;
end;
$$;

-- A refund that settles a supplier return goes with it, as a credit note's does.
create or replace function public.delete_receipt(p_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_receipt public.receipts;
  v_status text;
  t record;
begin
  select * into v_receipt from public.receipts r where r.id = p_id;
  if not found then
    raise exception 'Receipt not found' using errcode = 'P0002';
  end if;
  if v_receipt.credit_note_id is not null then
    raise exception 'This refund settles credit note %: cancel the credit note instead.',
      (select cn.number from public.credit_notes cn where cn.id = v_receipt.credit_note_id) using errcode = 'P0001';
  end if;
  if v_receipt.supplier_return_id is not null then
    raise exception 'This refund settles supplier return %, so it cannot be deleted.',
      (select sr.number from public.supplier_returns sr where sr.id = v_receipt.supplier_return_id) using errcode = 'P0001';
  end if;
  t := public.document_tables(v_receipt.receiptable_type);
  execute format('select d.status from public.%I d where d.id = $1 for update', t.header_table)
    into v_status using v_receipt.receiptable_id;
  if v_status = 'cancelled' then
    raise exception 'Receipts of a cancelled document cannot be deleted.' using errcode = 'P0001';
  end if;
  if v_receipt.payment_method = 'store_credit' and v_receipt.type = 'refund' then
    perform 1 from public.customers c where c.id = v_receipt.customer_id for update;
    if public.store_credit_of(v_receipt.customer_id) < v_receipt.amount then
      raise exception 'The customer has already spent this store credit.' using errcode = 'P0001';
    end if;
  end if;
  delete from public.receipts r where r.id = p_id;
  if not found then
    raise exception 'Receipt not found' using errcode = 'P0002';
  end if;
  begin
    perform public.refresh_document_totals(v_receipt.receiptable_type, v_receipt.receiptable_id);
  exception when check_violation then
    raise exception 'This payment has been partly refunded. Delete the refund first.' using errcode = 'P0001';
  end;
end;
$$;

-- A purchase order's lines count what went back to the supplier as returned.
create or replace function public.returnable_lines(p_type text, p_id bigint)
 RETURNS TABLE(line_id bigint, line_position integer, product_id bigint, product_type text, product_name text, description text, dot text, quantity integer, unit_price numeric, discount_percent numeric, cost_price numeric, returned integer, value numeric, tax numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  t record := public.document_tables(p_type);
begin
  return query execute format(
    $sql$
    with d as (select h.subtotal, h.net_amount, h.tax_amount from public.%I h where h.id = $1),
    l as (
      select x.id, x.position, x.product_id, x.product_type, x.product_name, x.description, x.dot, x.quantity, x.unit_price,
             x.discount_percent, x.cost_price, x.line_total,
             row_number() over (order by x.position desc, x.id desc) = 1 as last,
             case when d.subtotal > 0 then round(d.net_amount * x.line_total / d.subtotal, 2) else 0 end as value,
             case when d.subtotal > 0 then round(d.tax_amount * x.line_total / d.subtotal, 2) else 0 end as tax
        from public.%I x, d
       where x.%I = $1),
    s as (select sum(l.value) filter (where not l.last) as value, sum(l.tax) filter (where not l.last) as tax from l)
    select l.id, l.position, l.product_id, l.product_type, l.product_name, l.description, l.dot, l.quantity, l.unit_price,
           l.discount_percent, l.cost_price,
           coalesce(case when $2 = 'Purchase'
             then (select sum(si.quantity) from public.supplier_return_items si where si.line_id = l.id)
             else (select sum(ci.quantity) from public.credit_note_items ci
                     join public.credit_notes cn on cn.id = ci.credit_note_id
                    where ci.line_id = l.id and cn.document_type = $2 and cn.document_id = $1 and cn.status = 'issued') end, 0)::integer,
           case when l.last then d.net_amount - coalesce(s.value, 0) else l.value end,
           case when l.last then d.tax_amount - coalesce(s.tax, 0) else l.tax end
      from l, d, s
     order by l.position, l.id
    $sql$,
    t.header_table, t.lines_table, t.key_column
  ) using p_id, p_type;
end;
$function$;

-- The supplier's balance bills what the order owes after returns, as the customers' does.
create or replace function public.report_stage_purchase(p_sign integer, p purchases, p_header boolean, p_lines boolean)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_owed boolean := p.status in ('ordered', 'received');
  line record;
begin
  if p_header then
    perform public.report_add_purchase_day(
      p.purchase_date, p.location_id, p.supplier_id, p_sign, p_sign * p.net_amount, 0, 0, p_sign * p.total_paid, p_sign * p.balance_due,
      case when v_owed then p_sign * p.balance_due else 0 end
    );
    if v_owed and p.balance_due <> 0 then
      perform public.report_add_party_balance(
        'supplier', p.supplier_id, coalesce(p.expected_delivery_date, p.purchase_date), p_sign, p_sign * (p.net_amount - p.credited_amount),
        p_sign * p.total_paid, p_sign * p.balance_due
      );
    end if;
  end if;
  if p_lines then
    for line in select * from public.purchase_items x where x.purchase_id = p.id order by x.product_id, x.id loop
      perform public.report_stage_purchase_line(
        p_sign, p.purchase_date, p.location_id, p.supplier_id, line.product_id, line.quantity, line.received_quantity,
        line.unit_price, line.discount_percent, line.line_total
      );
    end loop;
  end if;
end;
$function$;

create or replace function public.report_purchase_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_old_counted boolean := tg_op in ('UPDATE', 'DELETE');
  v_new_counted boolean := tg_op in ('UPDATE', 'INSERT');
  v_header boolean := true;
  v_lines boolean := true;
begin
  if v_old_counted then
    v_old_counted := old.status <> 'cancelled';
  end if;
  if v_new_counted then
    v_new_counted := new.status <> 'cancelled';
  end if;
  if tg_op = 'UPDATE' then
    if not v_old_counted and not v_new_counted then
      return null;
    end if;
    v_lines := (v_old_counted, old.purchase_date, old.location_id, old.supplier_id)
      is distinct from (v_new_counted, new.purchase_date, new.location_id, new.supplier_id);
    v_header := v_lines or (old.status, old.expected_delivery_date, old.net_amount, old.credited_amount, old.total_paid, old.balance_due)
      is distinct from (new.status, new.expected_delivery_date, new.net_amount, new.credited_amount, new.total_paid, new.balance_due);
    if not v_header then
      return null;
    end if;
  end if;
  if v_old_counted then
    perform public.report_stage_purchase(-1, old, v_header, v_lines);
  end if;
  if v_new_counted then
    perform public.report_stage_purchase(1, new, v_header, v_lines);
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return null;
end;
$function$;

-- Goods back to the supplier from a purchase order: no line beyond what it received less what went
-- back before (the order's row is locked first); each unit worth its line's share of the order's net,
-- as a credit note's; the stock leaves the order's branch; the average cost is that of what stays
-- (unchanged when nothing stays, never below 0); the order owes less, and what was paid beyond that
-- comes back as a refund receipt.
create function public.create_supplier_return(p_purchase_id bigint, p_date date, p_reason text, p_items jsonb, p_payment_method text,
  p_notes text, p_user_id bigint)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_order public.purchases;
  v_lines jsonb;
  v_bad record;
  v_id bigint;
  v_total record;
  v_excess numeric;
  v_receipt_id bigint;
  line record;
  v_on_hand integer;
begin
  select * into v_order from public.purchases p where p.id = p_purchase_id for update;
  if not found then
    raise exception 'The selected purchase order does not exist' using errcode = 'WH422', hint = 'purchase_id';
  end if;
  if v_order.status = 'cancelled' then
    raise exception 'A cancelled purchase order has nothing to return.' using errcode = 'P0001';
  end if;

  select coalesce(jsonb_agg(to_jsonb(q) order by q.index), '[]'::jsonb) into v_lines
    from (select (r.ord - 1)::integer as index, r.line_id, r.quantity, false as restock, l.line_position as position, l.product_id,
                 l.product_type, l.product_name, l.description, l.dot, l.quantity as sold, l.unit_price, l.discount_percent, l.cost_price,
                 l.returned, l.value, l.tax, x.received_quantity as received
            from rows from (jsonb_to_recordset(p_items) as (line_id bigint, quantity integer)) with ordinality as r(line_id, quantity, ord)
            left join public.returnable_lines('Purchase', p_purchase_id) l on l.line_id = r.line_id
            left join public.purchase_items x on x.id = l.line_id) q;

  select * into v_bad
    from (select x.*, (v_lines -> x.index ->> 'received')::integer as received, sum(x.quantity) over (partition by x.line_id) as asked
            from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x) x
   where x.product_id is null or x.asked > x.received - x.returned
   order by x.index limit 1;
  if v_bad.index is not null and v_bad.product_id is null then
    raise exception 'This line is not on this purchase order.' using errcode = 'WH422', hint = format('items.%s.line_id', v_bad.index);
  end if;
  if v_bad.index is not null then
    raise exception '% of this line can go back to the supplier.', case when v_bad.received - v_bad.returned <= 0 then 'None'
      else (v_bad.received - v_bad.returned)::text end using errcode = 'WH422', hint = format('items.%s.quantity', v_bad.index);
  end if;

  insert into public.supplier_returns (number, supplier_id, location_id, issued_date, document_id, reason, notes, created_by)
  values (public.next_document_number('supplier_return', p_date), v_order.supplier_id, v_order.location_id, p_date, p_purchase_id,
          p_reason, p_notes, p_user_id)
  returning id into v_id;

  insert into public.supplier_return_items (supplier_return_id, position, line_id, product_id, product_type, product_name, description,
    dot, quantity, unit_price, discount_percent, cost_price, line_total, tax_amount, amount)
  select v_id, x.index, x.line_id, x.product_id, x.product_type, x.product_name, x.description, x.dot, x.quantity, x.unit_price,
         x.discount_percent, x.unit_price,
         (round(x.value * (x.returned + x.quantity) / x.sold, 2) - round(x.value * x.returned / x.sold, 2))
           - (round(x.tax * (x.returned + x.quantity) / x.sold, 2) - round(x.tax * x.returned / x.sold, 2)),
         round(x.tax * (x.returned + x.quantity) / x.sold, 2) - round(x.tax * x.returned / x.sold, 2),
         round(x.value * (x.returned + x.quantity) / x.sold, 2) - round(x.value * x.returned / x.sold, 2)
    from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x
   order by x.index;

  perform 1 from public.products p
   where p.id in (select x.product_id from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x) order by p.id for no key update;
  for line in
    select x.product_id, sum(x.quantity)::integer as quantity, sum(x.quantity * x.unit_price) as cost
      from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x group by x.product_id order by x.product_id
  loop
    select coalesce(sum(s.quantity), 0)::integer into v_on_hand from public.stock_levels s where s.product_id = line.product_id;
    if v_on_hand > line.quantity then
      update public.products p
         set cost_price = greatest(round((v_on_hand * p.cost_price - line.cost) / (v_on_hand - line.quantity), 2), 0), updated_at = now()
       where p.id = line.product_id;
    end if;
    perform public.move_stock(line.product_id, v_order.location_id, -line.quantity, 'supplier_return', null, p_user_id, 'SupplierReturn', v_id,
      line.cost / line.quantity);
  end loop;

  select coalesce(sum(x.line_total), 0) as subtotal, coalesce(sum(x.tax_amount), 0) as tax, coalesce(sum(x.amount), 0) as amount
    into v_total from public.supplier_return_items x where x.supplier_return_id = v_id;
  v_excess := greatest(v_order.total_paid - (v_order.net_amount - v_order.credited_amount - v_total.amount), 0);
  if v_excess > 0 then
    v_receipt_id := public.create_receipt('refund', 'Purchase', p_purchase_id, v_excess, p_date, coalesce(p_payment_method, 'bank_transfer'),
      null, null, null, null, null, p_user_id);
    update public.receipts r set supplier_return_id = v_id where r.id = v_receipt_id;
  end if;
  update public.supplier_returns sr
     set subtotal = v_total.subtotal, tax_amount = v_total.tax, net_amount = v_total.amount, refunded_amount = v_excess,
         tax_rate = case when v_total.subtotal > 0 then round(v_total.tax * 100 / v_total.subtotal, 2) else 0 end
   where sr.id = v_id;
  update public.purchases p set credited_amount = p.credited_amount + v_total.amount where p.id = p_purchase_id;
  perform public.refresh_document_totals('Purchase', p_purchase_id);
  return v_id;
end;
$$;
