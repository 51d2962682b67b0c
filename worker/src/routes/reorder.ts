import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/port.ts';
import { HttpError } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import { describe } from '../http/openapi.ts';
import { parse, readBody } from '../http/validate.ts';
import { one } from '../schemas/answers.ts';
import { fieldErrors } from '../schemas/common.ts';
import { parseCsv } from '../schemas/csv.ts';
import {
  reorderImportResult,
  reorderLevelInput,
  reorderOrderInput,
  reorderOrdersMade,
  reorderQuery,
  reorderSuggestions,
} from '../schemas/reorder.ts';
import { scannedBarcode } from '../schemas/barcodes.ts';
import { purchaseKind } from './documents/kinds.ts';
import { documentRule, insertDocument, writeLines } from './documents/shared.ts';

const tag = 'Reorder';
const NO_SUPPLIER = 'No supplier';
const NO_LOCATION = 'The selected location does not exist';
const MAX_IMPORT_ROWS = 5000;

interface Suggestion {
  product_id: number;
  product_type: string;
  product_name: string;
  supplier_id: number | null;
  supplier_name: string | null;
  cost_price: number;
  on_hand: number;
  on_order: number;
  in_transit: number;
  reorder_point: number;
  order_up_to: number;
  to_order: number;
}

const cents = (value: number) => Math.round(Number(value) * 100);

async function branchName(db: Db, locationId: number, lock = false): Promise<string> {
  // The branch row is the lock two requests for its orders queue on (no key update: sales there go on).
  const [row] = await db.query<{ name: string }>(`select name from public.locations where id = $1${lock ? ' for no key update' : ''}`, [locationId]);
  if (!row) throw new HttpError(422, NO_LOCATION, { location_id: [NO_LOCATION] });
  return row.name;
}

function suggestionsOf(db: Db, locationId: number) {
  return db.query<Suggestion>(
    `select product_id, product_type, product_name, supplier_id, supplier_name, cost_price, on_hand, on_order, in_transit,
            reorder_point, order_up_to, to_order
       from public.reorder_suggestions($1)`,
    [locationId],
  );
}

function grouped(rows: Suggestion[]) {
  const groups = new Map<string, { supplier: { id: number; name: string } | null; items: Omit<Suggestion, 'supplier_id' | 'supplier_name'>[]; cents: number }>();
  for (const { supplier_id, supplier_name, ...item } of rows) {
    const key = supplier_id === null ? '' : String(supplier_id);
    let group = groups.get(key);
    if (!group) {
      group = { supplier: supplier_id === null ? null : { id: Number(supplier_id), name: supplier_name ?? '' }, items: [], cents: 0 };
      groups.set(key, group);
    }
    group.items.push(item);
    group.cents += cents(item.cost_price) * item.to_order;
  }
  return [...groups.values()].map(({ cents: total, ...group }) => ({ ...group, total_cost: total / 100 }));
}

/** What to order for a branch, and the draft purchase orders made of it. */
export const reorderRoutes = new Hono<AppEnv>();

reorderRoutes.get(
  '/reorder-suggestions',
  describe({
    tag,
    summary: 'Reorder suggestions for a branch',
    description:
      'Each product at or below its reorder point at the branch, with what to order: its order-up-to level less what is on the shelf, ' +
      'on the branch\'s open (pending or ordered) purchase orders not yet received, and on its way there; only where that is above 0. ' +
      `Grouped by supplier: the product's preferred supplier, a tire's own, else the supplier of its latest purchase order; "${NO_SUPPLIER}" (null) last.`,
    query: reorderQuery,
    ok: one(reorderSuggestions),
  }),
  async (c) => {
    const { location_id } = parse(reorderQuery, c.req.query());
    const db = c.get('db');
    const name = await branchName(db, location_id);
    const rows = await suggestionsOf(db, location_id);
    return c.json({ data: { location: { id: location_id, name }, groups: grouped(rows), products: rows.length } });
  },
);

reorderRoutes.post(
  '/reorder-suggestions/purchase-orders',
  describe({
    tag,
    summary: 'Order what is suggested',
    description:
      'One pending purchase order per supplier (or per supplier of `supplier_ids`) for the branch, of the suggested quantities at each product\'s cost price. ' +
      'Products with no supplier are not ordered and are listed in `skipped`. Requests for one branch wait for each other, so asking twice orders nothing twice.',
    body: reorderOrderInput,
    created: one(reorderOrdersMade),
  }),
  idempotent,
  async (c) => {
    const input = await readBody(c, reorderOrderInput);
    const db = c.get('db');
    const user = c.get('user');
    const chosen = input.supplier_ids ? new Set(input.supplier_ids.map(Number)) : null;
    const made = await documentRule(() =>
      db.transaction(async (tx) => {
        await branchName(tx, input.location_id, true);
        const rows = await suggestionsOf(tx, input.location_id);
        const [{ today }] = await tx.query<{ today: string }>('select current_date::text as today');
        const skipped = rows
          .filter((row) => row.supplier_id === null)
          .map((row) => ({ product_id: Number(row.product_id), product_name: row.product_name, to_order: row.to_order, reason: 'This product has no supplier' }));
        const orders: { id: number; supplier: { id: number; name: string } }[] = [];
        for (const group of grouped(rows)) {
          if (!group.supplier || (chosen && !chosen.has(group.supplier.id))) continue;
          const body = { supplier_id: group.supplier.id, location_id: input.location_id, purchase_date: today, notes: 'Reorder suggestion', status: 'pending' };
          const id = await insertDocument(tx, purchaseKind, body, user.id);
          const lines = group.items.map((item) => ({ product_id: Number(item.product_id), quantity: item.to_order }));
          await writeLines(tx, purchaseKind, id, lines, { discount_amount: 0, tax_amount: 0 });
          orders.push({ id: Number(id), supplier: group.supplier });
        }
        return { orders, skipped };
      }),
    );
    const details = made.orders.length
      ? await db.query<{ id: number; number: string; lines: number; net_amount: number }>(
          `select d.id, d.number, (select count(*)::int from public.purchase_items x where x.purchase_id = d.id) as lines, d.net_amount
             from public.purchases d where d.id = any(string_to_array($1, ',')::bigint[])`,
          [made.orders.map((order) => order.id).join(',')],
        )
      : [];
    const byId = new Map(details.map((row) => [Number(row.id), row]));
    const orders = made.orders.map((order) => {
      const row = byId.get(order.id)!;
      return { id: order.id, number: row.number, supplier: order.supplier, lines: row.lines, net_amount: row.net_amount };
    });
    return c.json({ data: { orders, skipped: made.skipped } }, 201);
  },
);

const REQUIRED_COLUMNS = ['branch', 'reorder_point', 'order_up_to'];

reorderRoutes.post(
  '/reorder-levels/import',
  describe({
    tag,
    summary: 'Import reorder points from CSV',
    description:
      'A CSV file with a header row: `barcode` (or `product_id`), `branch` (by name), `reorder_point` and `order_up_to` ' +
      `(both empty clears them), at most ${MAX_IMPORT_ROWS} rows. Each valid row is set; the others are refused with their reasons.`,
    csvBody: true,
    ok: reorderImportResult,
  }),
  async (c) => {
    const rows = parseCsv(await c.req.text());
    const header = (rows.shift() ?? []).map((column) => column.trim().toLowerCase());
    if (!rows.length && !header.length) throw new HttpError(422, 'The file is empty.', { file: ['The file is empty.'] });
    const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
    if (!header.includes('barcode') && !header.includes('product_id')) missing.unshift('barcode');
    if (missing.length) {
      const message = `The file is missing the columns: ${missing.join(', ')}.`;
      throw new HttpError(422, message, { file: [message] });
    }
    if (rows.length > MAX_IMPORT_ROWS) {
      const message = `The file has ${rows.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`;
      throw new HttpError(422, message, { file: [message] });
    }
    const db = c.get('db');
    const locations = new Map(
      (await db.query<{ id: number; name: string }>('select id, name from public.locations order by id desc')).map((row) => [row.name.trim().toLowerCase(), Number(row.id)]),
    );
    let updated = 0;
    const refused: { row: number; errors: string[] }[] = [];
    for (const [index, cells] of rows.entries()) {
      if (cells.every((cell) => !cell.trim())) continue;
      const value = (column: string) => (header.includes(column) ? (cells[header.indexOf(column)] ?? '').trim() : '');
      const errors: string[] = [];
      const branch = value('branch');
      const locationId = branch ? locations.get(branch.toLowerCase()) : undefined;
      if (!branch) errors.push('Branch is required');
      else if (locationId === undefined) errors.push(`Branch "${branch}" not found`);
      const productId = await productOf(db, value('barcode'), value('product_id'), errors);
      const parsed = reorderLevelInput.safeParse({ location_id: locationId ?? 1, reorder_point: value('reorder_point'), order_up_to: value('order_up_to') });
      if (!parsed.success) errors.push(...Object.values(fieldErrors(parsed.error)).flat());
      if (errors.length || !parsed.success || productId === null || locationId === undefined) {
        refused.push({ row: index + 2, errors });
        continue;
      }
      try {
        // Each row in its own savepoint: a refused row leaves the others.
        await documentRule(() =>
          db.transaction((tx) =>
            tx.query('select public.set_reorder_level($1, $2, $3, $4)', [productId, locationId, parsed.data.reorder_point, parsed.data.order_up_to]),
          ),
        );
        updated++;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        refused.push({ row: index + 2, errors: [error.message] });
      }
    }
    return c.json({ updated, refused });
  },
);

/** The product a CSV row names by barcode (either form) or id; null, with the reason, when none. */
async function productOf(db: Db, barcode: string, productId: string, errors: string[]): Promise<number | null> {
  if (barcode) {
    const forms = scannedBarcode(barcode);
    const [row] = forms
      ? await db.query<{ id: number }>("select id from public.products where barcode = any(string_to_array($1, ',')) limit 1", [forms.join(',')])
      : [];
    if (!row) errors.push(`No product has the barcode "${barcode}"`);
    return row ? Number(row.id) : null;
  }
  if (productId) {
    const [row] = /^[1-9][0-9]{0,17}$/.test(productId) ? await db.query<{ id: number }>('select id from public.products where id = $1', [productId]) : [];
    if (!row) errors.push(`No product has the id "${productId}"`);
    return row ? Number(row.id) : null;
  }
  errors.push('Barcode is required');
  return null;
}
