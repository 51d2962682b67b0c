import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let token: string;
let f: CatalogueFixture;
beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
  f = await catalogueFixture(h);
});
afterAll(() => h.close());

const send = (method: string, path: string, body?: unknown) => call(h, method, path, { token, body });
const year = new Date().getFullYear();
const today = new Date().toISOString().slice(0, 10);

async function newTire(quantity: number, cost: number) {
  const answer = await send('POST', '/api/tires', tireBody(f, { quantity, cost_price: cost, size: `215 / 60 R 16 ${uniqueTag()}` }));
  expect(answer.status).toBe(201);
  return answer.body.data as { id: number };
}
async function costAndStock(productId: number) {
  const [row] = await h.withDb((db) =>
    db.query<{ cost: number; stock: number }>('select cost_price::float8 as cost, total_stock as stock from public.products where id = $1', [productId]),
  );
  return row;
}
async function receivedOrder(productId: number, quantity: number, cost: number, overrides: Record<string, unknown> = {}) {
  const answer = await send('POST', '/api/purchases', {
    supplier_id: f.supplierId, location_id: f.downtownId, purchase_date: today, status: 'received',
    items: [{ product_id: productId, quantity, cost_price: cost }], ...overrides,
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}
const returnOf = (order: { id: number; purchase_items: { id: number }[] }, quantity: number, overrides: Record<string, unknown> = {}) =>
  send('POST', '/api/supplier-returns', { purchase_id: order.id, issued_date: today, reason: 'Faulty batch', items: [{ line_id: order.purchase_items[0].id, quantity }], ...overrides });

describe('supplier returns', () => {
  it('sends received goods back: stock leaves, the order owes less, the average cost is that of what stays', async () => {
    const tire = await newTire(4, 60);
    const order = await receivedOrder(tire.id, 4, 90);
    expect(await costAndStock(tire.id)).toEqual({ cost: 75, stock: 8 });
    const answer = await returnOf(order, 2);
    expect(answer.status).toBe(201);
    expect(answer.body.data.number).toMatch(new RegExp(`^SR-${year}-\\d{5}$`));
    expect(answer.body.data).toMatchObject({ net_amount: 180, refunded_amount: 0, supplier_id: f.supplierId, document: { type: 'Purchase', id: order.id } });
    // 8 at 75 less 2 at 90 leaves 6 at 70.
    expect(await costAndStock(tire.id)).toEqual({ cost: 70, stock: 6 });
    const after = (await send('GET', `/api/purchases/${order.id}`)).body.data;
    expect(after).toMatchObject({ credited_amount: 180, balance_due: 180 });
    expect(after.purchase_items[0]).toMatchObject({ received_quantity: 4, returned: 2 });
    const over = await returnOf(order, 3);
    expect(over.status).toBe(422);
    expect(over.body.errors['items.0.quantity']).toEqual(['2 of this line can go back to the supplier.']);
  });

  it('leaves the cost as it was when everything goes back, and takes back what was paid beyond what is owed as a refund', async () => {
    const tire = await newTire(0, 60);
    const order = await receivedOrder(tire.id, 3, 50);
    expect((await send('POST', `/api/purchases/${order.id}/payments`, { amount: 150, payment_method: 'bank_transfer' })).status).toBe(201);
    const before = await costAndStock(tire.id);
    const answer = await returnOf(order, 3, { payment_method: 'cheque' });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ net_amount: 150, refunded_amount: 150 });
    expect(await costAndStock(tire.id)).toEqual({ cost: before.cost, stock: 0 });
    const after = (await send('GET', `/api/purchases/${order.id}`)).body.data;
    expect(after).toMatchObject({ credited_amount: 150, total_paid: 0, balance_due: 0 });
    const refund = after.payments.find((receipt: { type: string }) => receipt.type === 'refund');
    expect(refund).toMatchObject({ amount: 150, payment_method: 'cheque' });
    expect((await send('DELETE', `/api/receipts/${refund.id}`)).status).toBe(409);
  });

  it('refuses what was not received, a cancelled order, and goods no longer on the shelf', async () => {
    const tire = await newTire(0, 60);
    const pending = (await send('POST', '/api/purchases', {
      supplier_id: f.supplierId, location_id: f.downtownId, purchase_date: today, items: [{ product_id: tire.id, quantity: 2, cost_price: 60 }],
    })).body.data;
    expect((await returnOf(pending, 1)).body.errors['items.0.quantity']).toEqual(['None of this line can go back to the supplier.']);
    await send('POST', `/api/purchases/${pending.id}/cancel`);
    expect((await returnOf(pending, 1)).status).toBe(409);
    const order = await receivedOrder(tire.id, 2, 60);
    await send('POST', `/api/products/${tire.id}/stock-adjustments`, { location_id: f.downtownId, delta: -2, reason: 'damage' });
    const short = await returnOf(order, 1);
    expect(short.status).toBe(409);
    const drift = await h.withDb((db) => db.query('select * from public.report_summary_drift()'));
    expect(drift).toEqual([]);
  });
});
