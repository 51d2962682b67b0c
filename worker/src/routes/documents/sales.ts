import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { parseId, readBody } from '../../http/validate.ts';
import { describe } from '../../http/openapi.ts';
import { lockVersion, versioned } from '../../http/versions.ts';
import { one, page } from '../../schemas/answers.ts';
import { SALE_STATUSES, completedSaleInput, pendingSaleInput, saleInput, saleListRow, saleRow, OPEN_STATUS } from '../../schemas/documents.ts';
import { documentListQuery, documentRule, runTransition, listDocuments, lockDocument, lockForDelete, requireParty, showDocument, transition, writeLines, type DocumentKind } from './shared.ts';

export const saleKind: DocumentKind = {
  type: 'Sale',
  noun: 'sale',
  table: 'sales',
  linesTable: 'sale_items',
  keyColumn: 'sale_id',
  party: { key: 'customer', table: 'customers', column: 'customer_id' },
  linesKey: 'items',
  receiptsKey: 'receipts',
  dateColumn: 'sale_date',
  notFound: 'Sale not found',
  columns: 'd.sale_date, d.status, d.payment_method',
  lineFields: `'selling_price', x.unit_price, 'discount', x.discount_percent, 'total_price', x.line_total`,
  statusCondition: (status) => `d.status = '${status}'`,
  openStatus: OPEN_STATUS.sale,
  listQuery: documentListQuery(SALE_STATUSES),
};

const linesOf = (items: { product_id: number; quantity: number; selling_price: number; discount: number }[]) =>
  items.map((item) => ({ product_id: item.product_id, quantity: item.quantity, unit_price: item.selling_price, discount: item.discount }));

export const saleRoutes = new Hono<AppEnv>();
const tag = 'Sales';
const sale = one(saleRow);
/** PUT: every field of a pending sale, or only the payment method and notes of a completed one. */
const saleUpdateInput = z.union([pendingSaleInput, completedSaleInput]);

saleRoutes.get(
  '/',
  describe({ tag, summary: 'List sales', query: saleKind.listQuery, ok: page(saleListRow) }),
  async (c) => c.json(await listDocuments(c, saleKind)),
);

/** A counter sale is created, posted and paid in one step: `status: completed` and `amount_paid`. */
saleRoutes.post(
  '/',
  describe({
    tag,
    summary: 'Add a sale',
    description:
      'Pending; with `status: completed` completed at once (its goods leave the branch: 409 when the branch is short of stock), or cancelled at once. `amount_paid` above 0 records an income receipt with it.',
    body: saleInput,
    created: sale,
    errors: [409],
  }),
  idempotent,
  async (c) => {
    const input = await readBody(c, saleInput);
    const db = c.get('db');
    const user = c.get('user');
    await requireParty(db, saleKind, input.customer_id, input.location_id);
    if (input.status === 'cancelled' && input.amount_paid > 0) {
      throw new HttpError(422, 'A cancelled sale cannot take payments', { amount_paid: ['A cancelled sale cannot take payments'] });
    }
    const id = await documentRule(
      () =>
        db.transaction(async (tx) => {
          const [row] = await tx.query<{ id: number }>(
            `insert into public.sales (number, customer_id, location_id, sale_date, payment_method, notes, created_by)
             values (public.next_document_number('sale', $3), $1, $2, $3, $4, $5, $6) returning id`,
            [input.customer_id, input.location_id, input.sale_date, input.payment_method, input.notes, user.id],
          );
          await writeLines(tx, saleKind, row.id, linesOf(input.items), input);
          if (input.status === 'completed') await runTransition(tx, saleKind, 'post', row.id, user.id);
          if (input.status === 'cancelled') await runTransition(tx, saleKind, 'cancel', row.id, user.id);
          if (input.amount_paid > 0) {
            await tx.query(
              `select public.create_receipt('income', 'Sale', $1, $2, $3, $4, null, null, null, null, null, $5)`,
              [row.id, input.amount_paid, input.sale_date, input.payment_method, user.id],
            );
          }
          return row.id;
        }),
      { amount: 'amount_paid' },
    );
    return versioned(c, await showDocument(db, saleKind, id), 201);
  },
);

saleRoutes.get('/:id', describe({ tag, summary: 'One sale, with its receipts', ok: sale, etag: true }), async (c) => {
  const id = parseId(c.req.param('id'), saleKind.notFound);
  return versioned(c, await showDocument(c.get('db'), saleKind, id));
});

/** A pending sale is edited freely (never below what was paid); a completed one only its payment method and notes. */
saleRoutes.put(
  '/:id',
  describe({
    tag,
    summary: 'Change a sale',
    description:
      'A pending sale takes every field (as when added, without `status` and `amount_paid`); a completed one only `payment_method` and `notes`; a cancelled one is refused (409).',
    body: saleUpdateInput,
    ok: sale,
    errors: [409],
    ifMatch: true,
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), saleKind.notFound);
    const db = c.get('db');
    await documentRule(() =>
      db.transaction(async (tx) => {
        await lockVersion(c, tx, { table: saleKind.table, id, notFound: saleKind.notFound });
        const { status } = await lockDocument(tx, saleKind, id);
        if (status === 'cancelled') throw new HttpError(409, 'A cancelled sale cannot be edited.');
        if (status === 'completed') {
          const input = await readBody(c, completedSaleInput);
          await tx.query('update public.sales set payment_method = $2, notes = $3, updated_at = now() where id = $1', [id, input.payment_method, input.notes]);
          return;
        }
        const input = await readBody(c, pendingSaleInput);
        await requireParty(tx, saleKind, input.customer_id, input.location_id);
        await tx.query(
          `update public.sales set customer_id = $2, location_id = $3, sale_date = $4, payment_method = $5, notes = $6, updated_at = now()
            where id = $1`,
          [id, input.customer_id, input.location_id, input.sale_date, input.payment_method, input.notes],
        );
        await writeLines(tx, saleKind, id, linesOf(input.items), input);
      }),
    );
    return versioned(c, await showDocument(db, saleKind, id));
  },
);

saleRoutes.delete(
  '/:id',
  describe({
    tag,
    summary: 'Delete a sale',
    description: 'Refused (409) for a completed sale and for one with payments recorded.',
    noContent: true,
    errors: [409],
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), saleKind.notFound);
    await c.get('db').transaction(async (tx) => {
      const { status } = await lockForDelete(c, tx, saleKind, id);
      if (status === 'completed') throw new HttpError(409, 'A completed sale cannot be deleted. Cancel it instead.');
      const [{ receipts }] = await tx.query<{ receipts: number }>(
        `select count(*)::int as receipts from public.receipts where receiptable_type = 'Sale' and receiptable_id = $1`,
        [id],
      );
      if (receipts > 0) throw new HttpError(409, 'This sale has payments recorded. Refund and delete them, or cancel the sale instead.');
      await tx.query('delete from public.sales where id = $1', [id]);
    });
    return c.body(null, 204);
  },
);

saleRoutes.post(
  '/:id/complete',
  describe({
    tag,
    summary: 'Complete a sale',
    description: 'Its goods leave the branch. 409 when it is already completed or cancelled, or the branch is short of stock.',
    ok: sale,
    errors: [409],
  }),
  (c) => transition(c, saleKind, 'post', parseId(c.req.param('id'), saleKind.notFound)),
);
saleRoutes.post(
  '/:id/cancel',
  describe({
    tag,
    summary: 'Cancel a sale',
    description:
      "A completed sale's goods come back to the branch. 409 when it is already cancelled or has payments (refund them first); staff get 403 for one with payments.",
    ok: sale,
    errors: [409],
  }),
  (c) => transition(c, saleKind, 'cancel', parseId(c.req.param('id'), saleKind.notFound)),
);
