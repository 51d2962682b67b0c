import type { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { parseId } from '../http/validate.ts';
import { describe } from '../http/openapi.ts';
import { customerSummary, supplierSummary, SUMMARY_ROWS } from '../schemas/party-summary.ts';

/** A party's latest documents of one kind, newest first, by the (party, date) index. */
const recent = (table: string, column: string, dateColumn: string, dueColumn: string) =>
  `select id, number, ${dateColumn} as date, ${dueColumn} as due_date, status, payment_status, net_amount, balance_due
     from public.${table} where ${column} = $1 order by ${dateColumn} desc, id desc limit ${SUMMARY_ROWS}`;

const PARTIES = {
  customer: {
    table: 'customers',
    column: 'customer_id',
    notFound: 'Customer not found',
    answer: customerSummary,
    /** What a customer was given back as store credit and has not spent. */
    figures: ', public.store_credit_of(p.id) as store_credit',
    documents: {
      invoices: recent('invoices', 'customer_id', 'issued_date', 'due_date'),
      sales: recent('sales', 'customer_id', 'sale_date', 'null::date'),
    },
  },
  supplier: {
    table: 'suppliers',
    column: 'supplier_id',
    notFound: 'Supplier not found',
    answer: supplierSummary,
    figures: '',
    documents: { purchases: recent('purchases', 'supplier_id', 'purchase_date', 'expected_delivery_date') },
  },
} as const;

/**
 * GET /{id}/summary on the customer or supplier routes: what the party owes (or is owed) today and
 * how much of it is overdue, as the balance report counts it, and its latest documents and payments.
 * One query per panel, each read by an index on the party.
 */
export function addPartySummary(routes: Hono<AppEnv>, party: keyof typeof PARTIES) {
  const { table, column, notFound, answer, figures: ownFigures, documents } = PARTIES[party];
  routes.get(
    '/:id/summary',
    describe({
      tag: party === 'customer' ? 'Customers' : 'Suppliers',
      summary: `A ${party}'s balance, what is overdue, and the latest documents and payments`,
      ok: answer,
    }),
    async (c) => {
      const id = parseId(c.req.param('id'), notFound);
      const db = c.get('db');
      const [[figures], receipts, ...lists] = await Promise.all([
        db.query(
          `select p.id, p.name, coalesce(sum(o.balance), 0) as balance,
                  coalesce(sum(o.balance) filter (where o.due_date < current_date), 0) as overdue, count(o.id)::int as open_documents${ownFigures}
             from public.${table} p
             left join public.report_open_documents($2, current_date, array[p.id]) o on true
            where p.id = $1
            group by p.id`,
          [id, party],
        ),
        db.query(
          `select id, number, receipt_date as date, type, amount, payment_method,
                  receiptable_type as document_type, receiptable_id as document_id, document_number
             from public.receipts where ${column} = $1 order by receipt_date desc, id desc limit ${SUMMARY_ROWS}`,
          [id],
        ),
        ...Object.values(documents).map((sql) => db.query(sql, [id])),
      ]);
      if (!figures) throw new HttpError(404, notFound);
      return c.json({ data: { ...figures, ...Object.fromEntries(Object.keys(documents).map((key, i) => [key, lists[i]])), receipts } });
    },
  );
  return routes;
}
