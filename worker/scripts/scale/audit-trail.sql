-- A year of the audit trail for the scale data set, as the app would have written it: each product
-- created, each document created and then sent, completed, received or cancelled, each payment, and
-- the sign-ins of a working year. Events of one record are kept apart by transaction ids of their own
-- (far above any real one), as if each action had been its own transaction.
create temp table seed_events on commit drop as
select occurred_at, user_id, location_id, action, record_type, record_id, record_label, related_type, related_id, related_label
  from (
    select p.created_at as occurred_at, null::bigint as user_id, null::bigint as location_id, 'created' as action, 'product' as record_type,
           p.id as record_id, p.name as record_label, null::text as related_type, null::bigint as related_id, null::text as related_label
      from public.products p
    union all
    select d.created_at, d.created_by, d.location_id, 'created', 'invoice', d.id, d.number, null, null, null from public.invoices d
    union all
    select d.sent_at, d.created_by, d.location_id, 'sent', 'invoice', d.id, d.number, null, null, null from public.invoices d where d.sent_at is not null
    union all
    select d.cancelled_at, d.created_by, d.location_id, 'cancelled', 'invoice', d.id, d.number, null, null, null from public.invoices d where d.cancelled_at is not null
    union all
    select d.created_at, d.created_by, d.location_id, 'created', 'sale', d.id, d.number, null, null, null from public.sales d
    union all
    select d.completed_at, d.created_by, d.location_id, 'completed', 'sale', d.id, d.number, null, null, null from public.sales d where d.completed_at is not null
    union all
    select d.cancelled_at, d.created_by, d.location_id, 'cancelled', 'sale', d.id, d.number, null, null, null from public.sales d where d.cancelled_at is not null
    union all
    select d.created_at, d.created_by, d.location_id, 'created', 'purchase', d.id, d.number, null, null, null from public.purchases d
    union all
    select d.received_at, d.created_by, d.location_id, 'received', 'purchase', d.id, d.number, null, null, null from public.purchases d where d.received_at is not null
    union all
    select r.created_at, r.created_by, r.location_id, case when r.type = 'refund' then 'refunded' else 'paid' end, 'receipt', r.id, r.number,
           lower(r.receiptable_type), r.receiptable_id, r.document_number
      from public.receipts r
    union all
    select day + time '08:05' + (l.id % 3) * interval '7 minutes', u.id, l.id, 'signed in', 'user', u.id, u.name, null, null, null
      from generate_series(current_date - 364, current_date, interval '1 day') day
      cross join public.locations l cross join public.users u
  ) e;

insert into public.audit_events
  (occurred_at, user_id, location_id, action, record_type, record_id, record_label, related_type, related_id, related_label, txid)
select occurred_at, user_id, location_id, action, record_type, record_id, record_label, related_type, related_id, related_label,
       (1000000000000 + row_number() over (order by occurred_at))::text::xid8
  from seed_events
 order by occurred_at;
