import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type SignedIn } from '../support/api.ts';
import { catalogueFixture, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let admin: SignedIn;
let staff: SignedIn;
let f: CatalogueFixture;
let otherSupplierId: number;
const today = new Date().toISOString().slice(0, 10);

const asAdmin = (method: string, path: string, body?: unknown) => call(h, method, path, { token: admin.token, body });
const asStaff = (method: string, path: string, body?: unknown) => call(h, method, path, { token: staff.token, body });

interface Line { product_id: number; product_name: string; on_hand: number; on_order: number; in_transit: number; reorder_point: number; order_up_to: number; to_order: number }
interface Group { supplier: { id: number; name: string } | null; items: Line[]; total_cost: number }

beforeAll(async () => {
  h = await createHarness();
  admin = await signIn(h);
  staff = await signIn(h, { role: 'staff' });
  f = await catalogueFixture(h);
  otherSupplierId = (await asAdmin('POST', '/api/suppliers', { name: `Other supplier ${f.tag}`, phone: '555 0199', address: '9 Far Rd' })).body.data.id;
});
afterAll(async () => {
  // workerd's test files share one database: no branch of this file suggests anything after it.
  await h.withDb((db) => db.query('update public.stock_levels set reorder_point = null, order_up_to = null where location_id = any($1::bigint[])', [`{${f.downtownId},${f.northsideId}}`]));
  await h.close();
});

/** A shop supply with `stock` at downtown, at cost 4.25, ordered from `supplier` (or from no one). */
async function newItem(stock: number, supplier: number | null = f.supplierId) {
  const answer = await asAdmin('POST', '/api/inventories', {
    name: `Valve caps ${uniqueTag()}`, category: 'parts', current_stock: stock, min_stock: 2, unit_price: 9, cost_price: 4.25,
    location_id: f.downtownId, preferred_supplier_id: supplier,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as { id: number; name: string; preferred_supplier: { id: number; name: string } | null };
}
const setLevel = (product: number, location: number, reorder_point: number | null, order_up_to: number | null, as = asStaff) =>
  as('PUT', `/api/products/${product}/reorder-levels`, { location_id: location, reorder_point, order_up_to });
async function suggestions(location = f.downtownId) {
  const answer = await asStaff('GET', `/api/reorder-suggestions?location_id=${location}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.groups as Group[];
}
const lineOf = (groups: Group[], product: number) => groups.flatMap((group) => group.items.map((item) => ({ ...item, supplier: group.supplier }))).find((item) => item.product_id === product);

describe('reorder points', () => {
  it('are set per branch on the stock tab, cleared with nulls, and refused when they do not make sense', async () => {
    const item = await newItem(5);
    expect((await setLevel(item.id, f.downtownId, 4, 20)).status).toBe(200);
    const stock = (await asStaff('GET', `/api/products/${item.id}/stock`)).body.data as { location_id: number; reorder_point: number | null; order_up_to: number | null; in_transit: number }[];
    expect(stock.find((row) => row.location_id === f.downtownId)).toMatchObject({ reorder_point: 4, order_up_to: 20, in_transit: 0 });
    expect(stock.find((row) => row.location_id === f.northsideId)).toMatchObject({ reorder_point: null, order_up_to: null });

    const below = await setLevel(item.id, f.downtownId, 8, 5);
    expect(below.status).toBe(422);
    expect(below.body.errors.order_up_to).toEqual(['Order up to cannot be less than the reorder point']);
    expect((await setLevel(item.id, f.downtownId, 3, null)).body.errors.order_up_to).toEqual(['Order up to is required with a reorder point']);
    expect((await setLevel(item.id, 999999, 3, 9)).body.errors.location_id).toEqual(['The selected location does not exist']);
    const fitting = (await asAdmin('POST', '/api/services', { name: `Fitting ${uniqueTag()}`, selling_price: 20 })).body.data.id;
    expect((await setLevel(fitting, f.downtownId, 1, 2)).status).toBe(409);

    expect((await setLevel(item.id, f.downtownId, null, null)).status).toBe(200);
    const cleared = (await asStaff('GET', `/api/products/${item.id}/stock`)).body.data as { location_id: number; reorder_point: number | null }[];
    expect(cleared.find((row) => row.location_id === f.downtownId)!.reorder_point).toBeNull();

    const trail = (await asAdmin('GET', `/api/activity?record_type=product&record_id=${item.id}`)).body.data as { changes: Record<string, unknown> | null }[];
    expect(trail.some((event) => event.changes && Object.keys(event.changes).some((key) => key.startsWith('reorder_point at')))).toBe(true);
  });

  it('ring the bell and fill the low-stock lists where set, and the kept counts agree with a count afresh', async () => {
    const item = await newItem(6);
    const bell = async () => (await asStaff('GET', '/api/notifications')).body.data as { total: number; items: { id: number }[] };
    const lowSupplies = async () => ((await asStaff('GET', `/api/inventories?lowStock=1&search=${encodeURIComponent(item.name)}`)).body.data as { id: number }[]).map((row) => row.id);
    const before = (await bell()).total;
    expect(await lowSupplies()).not.toContain(item.id);

    await setLevel(item.id, f.downtownId, 6, 12);
    expect((await bell()).total).toBe(before + 1);
    expect(await lowSupplies()).toContain(item.id);
    const report = (await asStaff('GET', `/api/reports/inventory-summary?location_id=${f.downtownId}`)).body as { low_stock_items: { id: number; threshold: number }[] };
    expect(report.low_stock_items.find((row) => row.id === item.id)?.threshold).toBe(6);

    // A sale of one would not ring at the product's own level of 2; a count back above the point stops it.
    const counted = await asAdmin('POST', `/api/products/${item.id}/stock-adjustments`, { location_id: f.downtownId, delta: 1, reason: 'count_correction' });
    expect(counted.status).toBe(201);
    expect((await bell()).total).toBe(before);
    expect(await lowSupplies()).not.toContain(item.id);

    const drift = await h.withDb((db) => db.query('select * from public.report_summary_drift()'));
    expect(drift).toEqual([]);
    const [kept] = await h.withDb((db) =>
      db.query<{ kept: number; counted: number }>(
        `select (select coalesce(sum(alerts), 0)::int from public.product_totals) as kept,
                (select count(*)::int from public.products p
                  where p.active and p.kind <> 'service'
                    and case when exists (select 1 from public.stock_levels s where s.product_id = p.id and s.reorder_point is not null)
                             then exists (select 1 from public.stock_levels s where s.product_id = p.id and s.quantity <= s.reorder_point)
                             else p.total_stock <= p.low_stock_at end) as counted`,
      ),
    );
    expect(kept.kept).toBe(kept.counted);
  });

  it('are read from a CSV by barcode or product id and branch, with each refused row and its reasons', async () => {
    const item = await newItem(3);
    const barcode = '4006381333931';
    await h.withDb((db) => db.query('update public.products set barcode = $2 where id = $1', [item.id, barcode]));
    const other = await newItem(3);
    const csv = [
      'barcode,product_id,branch,reorder_point,order_up_to',
      `${barcode},,${f.names.downtown},4,16`,
      `,${other.id},${f.names.northside},2,10`,
      `,${other.id},Nowhere,2,10`,
      `0000000000000,,${f.names.downtown},2,10`,
      `,${other.id},${f.names.downtown},9,3`,
    ].join('\n');
    const answer = await call(h, 'POST', '/api/reorder-levels/import', { token: staff.token, rawBody: csv, headers: { 'content-type': 'text/csv' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.updated).toBe(2);
    expect(answer.body.refused).toEqual([
      { row: 4, errors: ['Branch "Nowhere" not found'] },
      { row: 5, errors: ['No product has the barcode "0000000000000"'] },
      { row: 6, errors: ['Order up to cannot be less than the reorder point'] },
    ]);
    const levels = await h.withDb((db) =>
      db.query<{ product_id: number; location_id: number; reorder_point: number }>(
        'select product_id, location_id, reorder_point from public.stock_levels where product_id = any($1::bigint[]) and reorder_point is not null order by product_id',
        [`{${item.id},${other.id}}`],
      ),
    );
    expect(levels.map((row) => [Number(row.product_id), Number(row.location_id), row.reorder_point])).toEqual([
      [item.id, f.downtownId, 4],
      [other.id, f.northsideId, 2],
    ]);
    const missing = await call(h, 'POST', '/api/reorder-levels/import', { token: staff.token, rawBody: 'branch,reorder_point\nx,1', headers: { 'content-type': 'text/csv' } });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('The file is missing the columns: barcode, order_up_to.');
  });
});

describe('reorder suggestions', () => {
  it('order up to the level less what is on the shelf, on order and on the way, by supplier, and only for the branch', async () => {
    const item = await newItem(3);
    await setLevel(item.id, f.downtownId, 5, 20);
    let line = lineOf(await suggestions(), item.id)!;
    expect(line).toMatchObject({ on_hand: 3, on_order: 0, in_transit: 0, reorder_point: 5, order_up_to: 20, to_order: 17, supplier: { id: f.supplierId } });

    await h.withDb((db) => db.query(`select public.move_stock($1, $2, 4, 'in_transit', 'test', null)`, [item.id, f.downtownId]));
    // Another branch's order is not this branch's.
    const elsewhere = await asAdmin('POST', '/api/purchases', {
      supplier_id: f.supplierId, location_id: f.northsideId, purchase_date: today, status: 'ordered', items: [{ product_id: item.id, quantity: 6 }],
    });
    expect(elsewhere.status).toBe(201);
    const order = await asAdmin('POST', '/api/purchases', {
      supplier_id: otherSupplierId, location_id: f.downtownId, purchase_date: today, status: 'ordered', items: [{ product_id: item.id, quantity: 5 }],
    });
    await asAdmin('POST', `/api/purchases/${order.body.data.id}/receive`, { items: [{ purchase_item_id: order.body.data.purchase_items[0].id, quantity: 2 }] });
    line = lineOf(await suggestions(), item.id)!;
    // On hand 3 + 2 received; on order 5 - 2; in transit 4: 20 - (5 + 3 + 4).
    expect(line).toMatchObject({ on_hand: 5, on_order: 3, in_transit: 4, to_order: 8 });

    // A cancelled order is not on order.
    const cancelled = await asAdmin('POST', '/api/purchases', {
      supplier_id: f.supplierId, location_id: f.downtownId, purchase_date: today, status: 'cancelled', items: [{ product_id: item.id, quantity: 7 }],
    });
    expect(cancelled.status).toBe(201);
    expect(lineOf(await suggestions(), item.id)!.to_order).toBe(8);

    // Nothing is suggested once what is coming reaches the level.
    await h.withDb((db) => db.query(`select public.move_stock($1, $2, 8, 'in_transit', 'test', null)`, [item.id, f.downtownId]));
    expect(lineOf(await suggestions(), item.id)).toBeUndefined();
    // Nor above the reorder point, nor at a branch without one.
    const stocked = await newItem(9);
    await setLevel(stocked.id, f.downtownId, 8, 20);
    expect(lineOf(await suggestions(), stocked.id)).toBeUndefined();
    expect(lineOf(await suggestions(f.northsideId), item.id)).toBeUndefined();
  });

  it('take the preferred supplier, else that of the latest purchase order line, else list the product under no supplier', async () => {
    const lastOrdered = await newItem(0, null);
    const never = await newItem(0, null);
    for (const [supplier, date] of [[otherSupplierId, '2026-01-10'], [f.supplierId, '2026-01-05']] as const) {
      const made = await asAdmin('POST', '/api/purchases', {
        supplier_id: supplier, location_id: f.northsideId, purchase_date: date, status: 'received', items: [{ product_id: lastOrdered.id, quantity: 1 }],
      });
      expect(made.status).toBe(201);
    }
    await setLevel(lastOrdered.id, f.downtownId, 2, 6);
    await setLevel(never.id, f.downtownId, 2, 6);
    const groups = await suggestions();
    expect(lineOf(groups, lastOrdered.id)!.supplier).toEqual({ id: otherSupplierId, name: `Other supplier ${f.tag}` });
    expect(lineOf(groups, never.id)!.supplier).toBeNull();
    expect(groups.at(-1)!.supplier).toBeNull();
    expect(groups.filter((group) => group.supplier === null)).toHaveLength(1);
  });

  it('make one pending order per supplier at cost price, skip products with no supplier, and suggest nothing after', async () => {
    const a = await newItem(1);
    const b = await newItem(0);
    const c = await newItem(2, otherSupplierId);
    const orphan = await newItem(0, null);
    for (const product of [a, b, c, orphan]) await setLevel(product.id, f.northsideId, 2, 10);
    // Stock for these is at downtown: northside holds none of them.
    const made = await asStaff('POST', '/api/reorder-suggestions/purchase-orders', { location_id: f.northsideId });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { orders, skipped } = made.body.data as { orders: { id: number; number: string; supplier: { id: number }; lines: number; net_amount: number }[]; skipped: { product_id: number; reason: string }[] };
    expect(skipped.map((row) => row.product_id)).toContain(orphan.id);
    expect(skipped.find((row) => row.product_id === orphan.id)!.reason).toBe('This product has no supplier');
    const mine = new Set([a.id, b.id, c.id]);
    const ordered: Record<number, { quantity: number; cost: number; supplier: number }> = {};
    for (const order of orders) {
      const full = (await asStaff('GET', `/api/purchases/${order.id}`)).body.data;
      expect(full).toMatchObject({ status: 'pending', location_id: f.northsideId, supplier_id: order.supplier.id });
      expect(full.number).toMatch(/^PO-/);
      expect(full.net_amount).toBe(order.net_amount);
      for (const item of full.purchase_items) if (mine.has(item.product_id)) ordered[item.product_id] = { quantity: item.quantity, cost: item.cost_price_at_purchase, supplier: full.supplier_id };
    }
    expect(new Set(orders.map((order) => order.supplier.id)).size).toBe(orders.length);
    expect(ordered).toEqual({
      [a.id]: { quantity: 10, cost: 4.25, supplier: f.supplierId },
      [b.id]: { quantity: 10, cost: 4.25, supplier: f.supplierId },
      [c.id]: { quantity: 10, cost: 4.25, supplier: otherSupplierId },
    });
    const audit = (await asAdmin('GET', `/api/activity?record_type=purchase&record_id=${orders[0].id}`)).body.data as { action: string }[];
    expect(audit.map((event) => event.action)).toContain('created');

    const after = await suggestions(f.northsideId);
    expect([a.id, b.id, c.id].map((id) => lineOf(after, id))).toEqual([undefined, undefined, undefined]);
    expect(lineOf(after, orphan.id)).toBeDefined();
    const again = await asStaff('POST', '/api/reorder-suggestions/purchase-orders', { location_id: f.northsideId });
    expect(again.status).toBe(201);
    expect(again.body.data.orders).toEqual([]);
  });

  it('order only the chosen suppliers when asked', async () => {
    const a = await newItem(0);
    const c = await newItem(0, otherSupplierId);
    for (const product of [a, c]) await setLevel(product.id, f.downtownId, 1, 4);
    const made = await asStaff('POST', '/api/reorder-suggestions/purchase-orders', { location_id: f.downtownId, supplier_ids: [otherSupplierId] });
    expect(made.status).toBe(201);
    expect(made.body.data.orders.map((order: { supplier: { id: number } }) => order.supplier.id)).toEqual([otherSupplierId]);
    const left = await suggestions();
    expect(lineOf(left, a.id)).toBeDefined();
    expect(lineOf(left, c.id)).toBeUndefined();
  });

  it('refuse an unknown branch', async () => {
    expect((await asStaff('GET', '/api/reorder-suggestions?location_id=999999')).status).toBe(422);
    expect((await asStaff('GET', '/api/reorder-suggestions')).status).toBe(422);
    expect((await asStaff('POST', '/api/reorder-suggestions/purchase-orders', { location_id: 999999 })).status).toBe(422);
  });
});

describe('reorder at once', () => {
  it('five requests for one branch order each product once', async (ctx) => {
    ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
    const branch = (await asAdmin('POST', '/api/locations', { name: `Race branch ${uniqueTag()}`, address: '5 Race Rd' })).body.data.id as number;
    const products = [await newItem(0), await newItem(0), await newItem(0, otherSupplierId)];
    for (const product of products) await setLevel(product.id, branch, 3, 12);
    const answers = await Promise.all(Array.from({ length: 5 }, () => asStaff('POST', '/api/reorder-suggestions/purchase-orders', { location_id: branch })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.flatMap((answer) => answer.body.data.orders)).toHaveLength(2);
    const lines = await h.withDb((db) =>
      db.query<{ product_id: number; quantity: number }>(
        `select i.product_id, i.quantity from public.purchase_items i join public.purchases d on d.id = i.purchase_id where d.location_id = $1 order by i.product_id`,
        [branch],
      ),
    );
    expect(lines.map((line) => [Number(line.product_id), line.quantity])).toEqual(products.map((product) => [product.id, 12]));
    await h.withDb((db) => db.query('update public.stock_levels set reorder_point = null, order_up_to = null where location_id = $1', [branch]));
  });
});
