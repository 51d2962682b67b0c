-- A balance as at a past date counts a credit note, or a return to a supplier, by its own date: one
-- issued after that date had not yet lowered what was owed (as a payment made after it had not yet
-- been made). So the latest date at which the documents stand as they are today is that of a credit
-- note or a supplier return too.

create or replace function public.report_latest_date(p_party text)
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case p_party
    when 'customer' then greatest(
      (select max(i.issued_date) from public.invoices i where i.status = 'sent'),
      (select max(s.sale_date) from public.sales s where s.status = 'completed'),
      (select max(r.receipt_date) from public.receipts r where r.receiptable_type in ('Invoice', 'Sale')),
      (select max(cn.issued_date) from public.credit_notes cn where cn.status = 'issued'))
    else greatest(
      (select max(p.purchase_date) from public.purchases p where p.status in ('ordered', 'received')),
      (select max(r.receipt_date) from public.receipts r where r.receiptable_type = 'Purchase'),
      (select max(sr.issued_date) from public.supplier_returns sr where sr.status = 'issued'))
  end
$function$;

create or replace function public.report_open_documents(p_party text, p_as_of date, p_party_ids bigint[])
 RETURNS TABLE(document_type text, id bigint, party_id bigint, number text, date date, due_date date, net_amount numeric, paid numeric, balance numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if p_as_of >= coalesce(public.report_latest_date(p_party), p_as_of) then
    if p_party = 'customer' then
      return query
      select 'Invoice'::text, i.id, i.customer_id, i.number, i.issued_date, coalesce(i.due_date, i.issued_date), i.net_amount - i.credited_amount, i.total_paid, i.balance_due
        from public.invoices i
       where i.status = 'sent' and i.balance_due <> 0 and (p_party_ids is null or i.customer_id = any(p_party_ids))
      union all
      select 'Sale', s.id, s.customer_id, s.number, s.sale_date, s.sale_date, s.net_amount - s.credited_amount, s.total_paid, s.balance_due
        from public.sales s
       where s.status = 'completed' and s.balance_due <> 0 and (p_party_ids is null or s.customer_id = any(p_party_ids));
    else
      return query
      select 'Purchase'::text, p.id, p.supplier_id, p.number, p.purchase_date, coalesce(p.expected_delivery_date, p.purchase_date),
             p.net_amount, p.total_paid, p.balance_due
        from public.purchases p
       where p.status in ('ordered', 'received') and p.balance_due <> 0 and (p_party_ids is null or p.supplier_id = any(p_party_ids));
    end if;
    return;
  end if;
  if p_party = 'customer' then
    return query
    with since as (
           select x.document_type, x.id, sum(x.paid) as paid, sum(x.credited) as credited
             from (select r.receiptable_type as document_type, r.receiptable_id as id,
                          case when r.type = 'refund' then -r.amount else r.amount end as paid, 0::numeric as credited
                     from public.receipts r
                    where r.receipt_date > p_as_of and r.receiptable_type in ('Invoice', 'Sale')
                      and (p_party_ids is null or r.customer_id = any(p_party_ids))
                   union all
                   select cn.document_type, cn.document_id, 0, cn.net_amount
                     from public.credit_notes cn
                    where cn.issued_date > p_as_of and cn.status = 'issued'
                      and (p_party_ids is null or cn.customer_id = any(p_party_ids))) x
            group by 1, 2),
         documents as (
           select 'Invoice'::text as document_type, i.id, i.customer_id as party_id, i.number, i.issued_date as date,
                  coalesce(i.due_date, i.issued_date) as due_date, i.net_amount - i.credited_amount as net_amount, i.total_paid, i.balance_due
             from public.invoices i
            where i.status = 'sent' and i.balance_due <> 0 and i.issued_date <= p_as_of and (p_party_ids is null or i.customer_id = any(p_party_ids))
           union all
           select 'Invoice', i.id, i.customer_id, i.number, i.issued_date, coalesce(i.due_date, i.issued_date), i.net_amount - i.credited_amount, i.total_paid, i.balance_due
             from since l join public.invoices i on i.id = l.id
            where l.document_type = 'Invoice' and i.status = 'sent' and i.balance_due = 0 and i.issued_date <= p_as_of
           union all
           select 'Sale', s.id, s.customer_id, s.number, s.sale_date, s.sale_date, s.net_amount - s.credited_amount, s.total_paid, s.balance_due
             from public.sales s
            where s.status = 'completed' and s.balance_due <> 0 and s.sale_date <= p_as_of and (p_party_ids is null or s.customer_id = any(p_party_ids))
           union all
           select 'Sale', s.id, s.customer_id, s.number, s.sale_date, s.sale_date, s.net_amount - s.credited_amount, s.total_paid, s.balance_due
             from since l join public.sales s on s.id = l.id
            where l.document_type = 'Sale' and s.status = 'completed' and s.balance_due = 0 and s.sale_date <= p_as_of)
    select d.document_type, d.id, d.party_id, d.number, d.date, d.due_date, d.net_amount + coalesce(l.credited, 0),
           d.total_paid - coalesce(l.paid, 0), d.balance_due + coalesce(l.paid, 0) + coalesce(l.credited, 0)
      from documents d
      left join since l on l.document_type = d.document_type and l.id = d.id
     where d.balance_due + coalesce(l.paid, 0) + coalesce(l.credited, 0) <> 0;
  else
    return query
    with since as (
           select x.id, sum(x.paid) as paid, sum(x.credited) as credited
             from (select r.receiptable_id as id, case when r.type = 'refund' then -r.amount else r.amount end as paid, 0::numeric as credited
                     from public.receipts r
                    where r.receipt_date > p_as_of and r.receiptable_type = 'Purchase'
                      and (p_party_ids is null or r.supplier_id = any(p_party_ids))
                   union all
                   select sr.document_id, 0, sr.net_amount
                     from public.supplier_returns sr
                    where sr.issued_date > p_as_of and sr.status = 'issued'
                      and (p_party_ids is null or sr.supplier_id = any(p_party_ids))) x
            group by 1),
         documents as (
           select p.id, p.supplier_id as party_id, p.number, p.purchase_date as date, coalesce(p.expected_delivery_date, p.purchase_date) as due_date,
                  p.net_amount, p.total_paid, p.balance_due
             from public.purchases p
            where p.status in ('ordered', 'received') and p.balance_due <> 0 and p.purchase_date <= p_as_of
              and (p_party_ids is null or p.supplier_id = any(p_party_ids))
           union all
           select p.id, p.supplier_id, p.number, p.purchase_date, coalesce(p.expected_delivery_date, p.purchase_date), p.net_amount, p.total_paid, p.balance_due
             from since l join public.purchases p on p.id = l.id
            where p.status in ('ordered', 'received') and p.balance_due = 0 and p.purchase_date <= p_as_of)
    select 'Purchase'::text, d.id, d.party_id, d.number, d.date, d.due_date, d.net_amount,
           d.total_paid - coalesce(l.paid, 0), d.balance_due + coalesce(l.paid, 0) + coalesce(l.credited, 0)
      from documents d
      left join since l on l.id = d.id
     where d.balance_due + coalesce(l.paid, 0) + coalesce(l.credited, 0) <> 0;
  end if;
end;
$function$;
