import { Hono } from 'hono';
import { requireStaffCondition } from '../../auth/permissions.ts';
import type { Db } from '../../db/port.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { parse, parseId, readBody } from '../../http/validate.ts';
import { describe } from '../../http/openapi.ts';
import { lockVersion, versioned } from '../../http/versions.ts';
import { one, page } from '../../schemas/answers.ts';
import {
  PURCHASE_STATUSES,
  purchaseInput,
  purchaseListRow,
  purchasePaymentInput,
  purchaseRow,
  purchaseUpdateInput,
  receiptRow,
  receiveInput,
  OPEN_STATUS,
} from '../../schemas/documents.ts';
import { documentListQuery, documentRule, listDocuments, lockDocument, lockForDelete, receiptColumns, receiptFrom, requireParty, runTransition, showDocument, transition, writeLines, type DocumentKind } from './shared.ts';

// A scalar subquery with a limit, so a page looks at its own orders' lines (an EXISTS here is
// planned as a hash of every received line).
const partlyReceived = `d.status = 'ordered'
  and coalesce((select true from public.purchase_items x where x.purchase_id = d.id and x.received_quantity > 0 limit 1), false)`;

export const purchaseKind: DocumentKind = {
  type: 'Purchase',
  noun: 'purchase order',
  table: 'purchases',
  linesTable: 'purchase_items',
  keyColumn: 'purchase_id',
  party: { key: 'supplier', table: 'suppliers', column: 'supplier_id' },
  linesKey: 'purchase_items',
  receiptsKey: 'payments',
  searchColumns: ['d.reference_number'],
  receivesGoods: true,
  dateColumn: 'purchase_date',
  notFound: 'Purchase order not found',
  columns: `d.purchase_date, d.expected_delivery_date, d.actual_delivery_date, d.reference_number, d.status,
            (${partlyReceived}) as is_partly_received`,
  lineFields: `'purchaseable', json_build_object('name', x.product_name), 'received_quantity', x.received_quantity,
               'cost_price_at_purchase', x.unit_price, 'total_price', x.line_total, 'notes', x.description`,
  statusCondition: (status) => `d.status = '${status}'`,
  openStatus: OPEN_STATUS.purchase,
  listQuery: documentListQuery(PURCHASE_STATUSES),
};

interface PurchaseItem {
  id?: number;
  product_id: number;
  quantity: number;
  cost_price?: number;
  notes: string | null;
}

const cents = (value: number | string) => Math.round(Number(value) * 100);

/**
 * The order's lines at their cost: a line without one takes the product's cost price. `atCostPrice`
 * says whether staff may write them: receiving at another cost moves the product's average cost, so
 * staff order at the product's cost price, and keep a line priced otherwise (by an administrator, or
 * before the product's cost moved) as it is or with fewer, never more. An unknown product or line
 * passes here: writeLines refuses it, and runs before the refusal so that a wrong line is a 422 first.
 */
async function pricedLines(db: Db, orderId: string | null, items: PurchaseItem[]) {
  const products = await db.query<{ id: number; cost_price: number }>(
    "select id, cost_price from public.products where id = any(string_to_array($1, ',')::bigint[])",
    [items.map((item) => item.product_id).join(',')],
  );
  const costs = new Map(products.map((product) => [Number(product.id), cents(product.cost_price)]));
  const saved = orderId === null ? [] : await db.query<{ id: number; product_id: number; quantity: number; unit_price: number }>(
    'select id, product_id, quantity, unit_price from public.purchase_items where purchase_id = $1',
    [orderId],
  );
  const before = new Map(saved.map((line) => [Number(line.id), line]));
  const lines = items.map((item) => ({
    id: item.id,
    product_id: item.product_id,
    quantity: item.quantity,
    unit_price: item.cost_price ?? (costs.get(item.product_id) ?? 0) / 100,
    description: item.notes,
  }));
  const atCostPrice = lines.every((line) => {
    const cost = costs.get(line.product_id);
    if (cost === undefined || cost === cents(line.unit_price)) return true;
    if (line.id === undefined) return false;
    const kept = before.get(line.id);
    return !kept || (Number(kept.product_id) === line.product_id && cents(kept.unit_price) === cents(line.unit_price) && line.quantity <= kept.quantity);
  });
  return { lines, atCostPrice };
}

export const purchaseRoutes = new Hono<AppEnv>();
const tag = 'Purchase orders';
const purchase = one(purchaseRow);

purchaseRoutes.get(
  '/',
  describe({ tag, summary: 'List purchase orders', query: purchaseKind.listQuery, ok: page(purchaseListRow) }),
  async (c) => c.json(await listDocuments(c, purchaseKind)),
);

/** A new order takes its number at once; created as `received`, all of it comes in at once. */
purchaseRoutes.post(
  '/',
  describe({
    tag,
    summary: 'Add a purchase order',
    description:
      'It takes its number at once. Created as `received`, everything comes in at once; as `cancelled`, it is cancelled at once. ' +
      "A line without `cost_price` takes the product's cost price; staff get 403 for a line at another cost.",
    body: purchaseInput,
    created: purchase,
  }),
  idempotent,
  async (c) => {
    const input = await readBody(c, purchaseInput);
    const db = c.get('db');
    const user = c.get('user');
    await requireParty(db, purchaseKind, input.supplier_id, input.location_id);
    const id = await documentRule(() =>
      db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `insert into public.purchases (number, supplier_id, location_id, purchase_date, expected_delivery_date, reference_number,
                                         status, notes, created_by)
           values (public.next_document_number('purchase', $3), $1, $2, $3, $4, $5, $6, $7, $8) returning id`,
          [
            input.supplier_id,
            input.location_id,
            input.purchase_date,
            input.expected_delivery_date,
            input.reference_number,
            input.status === 'pending' ? 'pending' : 'ordered',
            input.notes,
            user.id,
          ],
        );
        const { lines, atCostPrice } = await pricedLines(tx, null, input.items);
        await writeLines(tx, purchaseKind, row.id, lines, input);
        requireStaffCondition(user, 'lines at cost price', atCostPrice);
        if (input.status === 'received') await tx.query('select public.receive_purchase($1, null, $2, $3)', [row.id, input.purchase_date, user.id]);
        if (input.status === 'cancelled') await runTransition(tx, purchaseKind, 'cancel', row.id, user.id);
        return row.id;
      }),
    );
    return versioned(c, await showDocument(db, purchaseKind, id), 201);
  },
);

purchaseRoutes.get('/:id', describe({ tag, summary: 'One purchase order, with its payments', ok: purchase, etag: true }), async (c) => {
  const id = parseId(c.req.param('id'), purchaseKind.notFound);
  return versioned(c, await showDocument(c.get('db'), purchaseKind, id));
});

/** While pending or ordered; a line keeps what it received and never goes below it. */
purchaseRoutes.put(
  '/:id',
  describe({
    tag,
    summary: 'Change a purchase order',
    description:
      'While pending or ordered (a received or cancelled order is refused, 409); a line keeps what it received and never goes below it. `status` may move it between pending and ordered. ' +
      "A line without `cost_price` takes the product's cost price. Staff get 403 for a line at another cost, unless it is a line of the order kept at its cost with no more than its quantity.",
    body: purchaseUpdateInput,
    ok: purchase,
    errors: [409],
    ifMatch: true,
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), purchaseKind.notFound);
    const db = c.get('db');
    const input = await readBody(c, purchaseUpdateInput);
    await documentRule(() =>
      db.transaction(async (tx) => {
        await lockVersion(c, tx, { table: purchaseKind.table, id, notFound: purchaseKind.notFound });
        const { status } = await lockDocument(tx, purchaseKind, id);
        if (status === 'received') throw new HttpError(409, 'A received purchase order cannot be edited.');
        if (status === 'cancelled') throw new HttpError(409, 'A cancelled purchase order cannot be edited.');
        await requireParty(tx, purchaseKind, input.supplier_id, input.location_id);
        const { lines, atCostPrice } = await pricedLines(tx, id, input.items);
        await tx.query(
          `update public.purchases
              set supplier_id = $2, location_id = $3, purchase_date = $4, expected_delivery_date = $5, reference_number = $6,
                  notes = $7, status = coalesce($8, status), updated_at = now()
            where id = $1`,
          [id, input.supplier_id, input.location_id, input.purchase_date, input.expected_delivery_date, input.reference_number, input.notes, input.status ?? null],
        );
        await writeLines(tx, purchaseKind, id, lines, input);
        requireStaffCondition(c.get('user'), 'lines at cost price', atCostPrice);
      }),
    );
    return versioned(c, await showDocument(db, purchaseKind, id));
  },
);

purchaseRoutes.delete(
  '/:id',
  describe({
    tag,
    summary: 'Delete a purchase order',
    description: 'Refused (409) once goods have come in or payments are recorded: cancel it instead.',
    noContent: true,
    errors: [409],
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), purchaseKind.notFound);
    await c.get('db').transaction(async (tx) => {
      await lockForDelete(c, tx, purchaseKind, id);
      const [used] = await tx.query<{ received: boolean; paid: boolean }>(
        `select exists (select 1 from public.purchase_items where purchase_id = $1 and received_quantity > 0) as received,
                exists (select 1 from public.receipts where receiptable_type = 'Purchase' and receiptable_id = $1) as paid`,
        [id],
      );
      if (used.received || used.paid) {
        throw new HttpError(409, 'This purchase order has goods received or payments recorded, so it cannot be deleted. Cancel it instead.');
      }
      await tx.query('delete from public.purchases where id = $1', [id]);
    });
    return c.body(null, 204);
  },
);

/** No body: everything outstanding; `items`: what came of each line (a delivery that came short). */
purchaseRoutes.post(
  '/:id/receive',
  describe({
    tag,
    summary: 'Receive goods',
    description:
      'The body may be left out: everything outstanding comes in. `items` gives what came of each line (a delivery that came short). 409 when the order is already received or cancelled.',
    body: receiveInput,
    bodyOptional: true,
    ok: purchase,
    errors: [409],
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), purchaseKind.notFound);
    const input = (await c.req.text()).trim() ? await readBody(c, receiveInput) : parse(receiveInput, {});
    await documentRule(() =>
      c.get('db').query('select public.receive_purchase($1, $2::text::jsonb, $3, $4)', [
        id,
        input.items ? JSON.stringify(input.items) : null,
        input.actual_delivery_date ?? null,
        c.get('user').id,
      ]),
    );
    return versioned(c, await showDocument(c.get('db'), purchaseKind, id));
  },
);

purchaseRoutes.post(
  '/:id/cancel',
  describe({
    tag,
    summary: 'Cancel a purchase order',
    description: '409 when it is already cancelled, goods have come in, or it has payments (refund them first); staff get 403 for one with payments.',
    ok: purchase,
    errors: [409],
  }),
  (c) => transition(c, purchaseKind, 'cancel', parseId(c.req.param('id'), purchaseKind.notFound)),
);

/** Pays the supplier: an expense receipt on the order, at most what it still owes. */
purchaseRoutes.post(
  '/:id/payments',
  describe({
    tag,
    summary: 'Pay the supplier',
    description: 'An expense receipt on the order, at most what it still owes. 409 when the order is cancelled or already paid in full.',
    body: purchasePaymentInput,
    created: one(receiptRow),
    errors: [409],
  }),
  idempotent,
  async (c) => {
    const id = parseId(c.req.param('id'), purchaseKind.notFound);
    const input = await readBody(c, purchasePaymentInput);
    const db = c.get('db');
    const user = c.get('user');
    const [row] = await documentRule(async () => {
      const [order] = await db.query('select 1 from public.purchases where id = $1', [id]);
      if (!order) throw new HttpError(404, purchaseKind.notFound);
      return db.query<{ id: number }>(
        `select public.create_receipt('expense', 'Purchase', $1, $2, coalesce($3::date, current_date), $4, $5, $6, $7, $8, $9, $10) as id`,
        [id, input.amount, input.receipt_date, input.payment_method, input.reference_number, input.bank_name, input.cheque_number, input.transaction_id, input.notes, user.id],
      );
    });
    const [receipt] = await db.query(`select ${receiptColumns} ${receiptFrom} where r.id = $1`, [row.id]);
    return c.json({ data: receipt }, 201);
  },
);
