import { Hono } from 'hono';
import { z } from 'zod';
import { requireStaffCondition } from '../../auth/permissions.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { listQuery, optionalFilter, toPage, pageLimit, queryText } from '../../http/paging.ts';
import { Where } from '../../http/where.ts';
import { parse, parseId, readBody } from '../../http/validate.ts';
import { describe } from '../../http/openapi.ts';
import { one, page } from '../../schemas/answers.ts';
import { optionalDate, requiredId } from '../../schemas/common.ts';
import { PAYMENT_METHODS, RECEIPTABLE_TYPES, RECEIPT_TYPES, receiptInput, receiptRow, receiptSummaryRow } from '../../schemas/documents.ts';
import { documentRule, receiptColumns, receiptFrom } from './shared.ts';

const NOT_FOUND = 'Receipt not found';
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) => optionalFilter(z.enum(values, { error: message }));

const receiptsQuery = listQuery.extend({
  type: optionalChoice(RECEIPT_TYPES, 'Type must be income, expense or refund'),
  payment_method: optionalChoice(PAYMENT_METHODS, 'Payment method must be cash, credit_card, bank_transfer, cheque or store_credit'),
  paymentMethod: optionalChoice(PAYMENT_METHODS, 'Payment method must be cash, credit_card, bank_transfer, cheque or store_credit'),
  searchTerm: queryText('Search').optional(),
  dateFrom: optionalDate('From date'),
  dateTo: optionalDate('To date'),
  side: optionalChoice(['sale', 'purchase'] as const, 'Side must be sale or purchase'),
  receiptable_type: optionalChoice(RECEIPTABLE_TYPES, 'Related type must be Invoice, Sale or Purchase'),
  receiptable_id: optionalFilter(requiredId('Related document must be a valid choice')),
});

export const receiptRoutes = new Hono<AppEnv>();
const tag = 'Receipts';

/** A page of receipts, and the count and sums of everything that matches. */
receiptRoutes.get(
  '/',
  describe({
    tag,
    summary: 'List receipts',
    description: 'A page of receipts, and the count and sums of everything that matches.',
    query: receiptsQuery,
    ok: page(receiptRow, { summary: receiptSummaryRow }),
  }),
  async (c) => {
    const query = parse(receiptsQuery, c.req.query());
    const search = query.search || query.searchTerm;
    const where = new Where()
      .addIf(query.type, 'r.type = ?')
      .addIf(query.payment_method ?? query.paymentMethod, 'r.payment_method = ?')
      .addIf(query.dateFrom, 'r.receipt_date >= ?')
      .addIf(query.dateTo, 'r.receipt_date <= ?')
      .addIf(query.receiptable_type, 'r.receiptable_type = ?')
      .addIf(query.receiptable_id, 'r.receiptable_id = ?');
    if (query.side === 'sale') where.add(`r.receiptable_type in ('Invoice', 'Sale')`);
    if (query.side === 'purchase') where.add(`r.receiptable_type = 'Purchase'`);
    if (search) {
      where.addOn(
        search,
        (p) => `(strpos(lower(r.number), lower(${p})) > 0 or strpos(lower(coalesce(r.reference_number, '')), lower(${p})) > 0
                 or strpos(lower(coalesce(r.document_number, '')), lower(${p})) > 0)`,
      );
    }
    const db = c.get('db');
    const limit = pageLimit(query, where.params);
    // Filters on what receipt_totals is kept by are answered from it; dates, search and one document are counted.
    const kept = !query.dateFrom && !query.dateTo && !search && !query.receiptable_id;
    const [rows, [summary]] = await Promise.all([
      db.query(
        `select ${receiptColumns} ${receiptFrom} ${where.sql} order by r.receipt_date desc, r.id desc ${limit.sql}`,
        limit.params,
      ),
      db.query<{ count: number; income: number; expense: number; refund: number; net: number }>(
        `select ${kept ? 'coalesce(sum(r.receipts), 0)' : 'count(*)'}::int as count,
                coalesce(sum(r.amount) filter (where r.type = 'income'), 0) as income,
                coalesce(sum(r.amount) filter (where r.type = 'expense'), 0) as expense,
                coalesce(sum(r.amount) filter (where r.type = 'refund'), 0) as refund,
                coalesce(sum(case when r.type = 'income' then r.amount else -r.amount end), 0) as net
           from public.${kept ? 'receipt_totals' : 'receipts'} r ${where.sql}`,
        where.params,
      ),
    ]);
    return c.json({ ...toPage(rows, summary.count, query), summary });
  },
);

receiptRoutes.post(
  '/',
  describe({
    tag,
    summary: 'Record a receipt',
    description:
      'Income (or a refund) on an invoice or sale, an expense (or a refund) on a purchase order. 409 when the document is cancelled, a draft, already paid in full, or (for a refund) has nothing paid. Staff get 403 for a refund.',
    body: receiptInput,
    created: one(receiptRow),
    errors: [409],
  }),
  idempotent,
  async (c) => {
    const input = await readBody(c, receiptInput);
    const db = c.get('db');
    const user = c.get('user');
    // Money back with nothing coming back. A refund that settles a return of goods will be the return's, under its own rule.
    requireStaffCondition(user, 'not a refund', input.type !== 'refund');
    const [row] = await documentRule(() =>
      db.query<{ id: number }>('select public.create_receipt($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) as id', [
        input.type,
        input.receiptable_type,
        input.receiptable_id,
        input.amount,
        input.receipt_date,
        input.payment_method,
        input.reference_number,
        input.bank_name,
        input.cheque_number,
        input.transaction_id,
        input.notes,
        user.id,
      ]),
    );
    const [receipt] = await db.query(`select ${receiptColumns} ${receiptFrom} where r.id = $1`, [row.id]);
    return c.json({ data: receipt }, 201);
  },
);

receiptRoutes.get('/:id', describe({ tag, summary: 'One receipt', ok: one(receiptRow) }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const [receipt] = await c.get('db').query(`select ${receiptColumns} ${receiptFrom} where r.id = $1`, [id]);
  if (!receipt) throw new HttpError(404, NOT_FOUND);
  return c.json({ data: receipt });
});

receiptRoutes.delete(
  '/:id',
  describe({
    tag,
    summary: 'Delete a receipt',
    description: 'Its document gets the balance back. 409 when the document is cancelled, or for a payment while a refund of it remains.',
    noContent: true,
    errors: [409],
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    await documentRule(() => c.get('db').query('select public.delete_receipt($1)', [id]));
    return c.body(null, 204);
  },
);
