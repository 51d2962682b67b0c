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

const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(h, method, path, { token, body, headers });
const year = new Date().getFullYear();
const today = new Date().toISOString().slice(0, 10);

/** A tire of this file's own, with `quantity` in stock at Downtown at a cost of 60. */
async function newTire(quantity: number) {
  const answer = await send('POST', '/api/tires', tireBody(f, { quantity, size: `235 / 35 R 19 ${uniqueTag()}` }));
  expect(answer.status).toBe(201);
  return answer.body.data as { id: number; name: string };
}
const stockAt = async (productId: number, locationId = f.downtownId) =>
  ((await send('GET', `/api/products/${productId}/stock`)).body.data as { location_id: number; quantity: number }[]).find((row) => row.location_id === locationId)
    ?.quantity ?? 0;
const costOf = async (productId: number) =>
  Number((await h.withDb((db) => db.query<{ cost: number }>('select cost_price as cost from public.products where id = $1', [productId])))[0].cost);
async function expectMovesToAddUp(productId: number) {
  const rows = await h.withDb((db) =>
    db.query<{ level: number; moves: number }>(
      `select sl.quantity as level,
              (select coalesce(sum(m.delta), 0)::int from public.stock_moves m where m.product_id = sl.product_id and m.location_id = sl.location_id) as moves
         from public.stock_levels sl where sl.product_id = $1`,
      [productId],
    ),
  );
  for (const row of rows) expect(row.moves).toBe(row.level);
}
const orderBody = (items: unknown[], overrides: Record<string, unknown> = {}) => ({
  supplier_id: f.supplierId,
  location_id: f.downtownId,
  purchase_date: today,
  expected_delivery_date: today,
  items,
  ...overrides,
});
const newOrder = async (items: unknown[], overrides: Record<string, unknown> = {}) => {
  const answer = await send('POST', '/api/purchases', orderBody(items, overrides));
  expect(answer.status).toBe(201);
  return answer.body.data;
};

describe('purchase orders', () => {
  it('creates an order with its number and server totals, and keeps what was bought', async () => {
    const tire = await newTire(0);
    const valve = (await send('POST', '/api/inventories', { name: `Valve ${uniqueTag()}`, category: 'parts', min_stock: 5, cost_price: 0.35, unit_price: 1.5, location_id: f.downtownId })).body.data;
    const order = await newOrder(
      [
        { product_id: tire.id, quantity: 4, cost_price: 61.25, notes: 'Rush' },
        { product_id: valve.id, quantity: 100, cost_price: 0.33 },
      ],
      { discount_amount: 5, tax_amount: 22.55, reference_number: `SUP-${f.tag}`, total_amount: 1 },
    );
    expect(order).toMatchObject({
      number: expect.stringMatching(new RegExp(`^PO-${year}-\\d{5}$`)),
      status: 'pending',
      payment_status: 'pending',
      is_partly_received: false,
      subtotal: 278,
      total_amount: 278,
      discount_amount: 5,
      tax_amount: 22.55,
      net_amount: 295.55,
      total_paid: 0,
      balance_due: 295.55,
      reference_number: `SUP-${f.tag}`,
      supplier: { id: f.supplierId, name: f.names.supplier, phone: '555 0100', address: '1 Road' },
      location: { id: f.downtownId, name: f.names.downtown },
      payments: [],
      actual_delivery_date: null,
    });
    expect(order.purchase_items).toEqual([
      expect.objectContaining({ product_id: tire.id, product_type: 'tire', purchaseable: { name: tire.name }, quantity: 4, received_quantity: 0, cost_price_at_purchase: 61.25, total_price: 245, notes: 'Rush' }),
      expect.objectContaining({ product_id: valve.id, product_type: 'item', quantity: 100, cost_price_at_purchase: 0.33, total_price: 33, notes: null }),
    ]);
    expect(await stockAt(tire.id)).toBe(0);
  });

  it('validates orders', async () => {
    const empty = await send('POST', '/api/purchases', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      supplier_id: ['Supplier is required'],
      location_id: ['Location is required'],
      purchase_date: ['Purchase date is required'],
      items: ['Please add at least one item'],
    });
    const service = (await send('POST', '/api/services', { name: `Fitting ${uniqueTag()}`, selling_price: 10, active: true })).body.data;
    const refused = await send('POST', '/api/purchases', orderBody([{ product_id: service.id, quantity: 1, cost_price: 1 }]));
    expect(refused.body.errors).toEqual({ 'items.0.product_id': ['Services cannot be purchased'] });
    const tire = await newTire(0);
    const bad = await send('POST', '/api/purchases', orderBody([{ product_id: tire.id, quantity: 0, cost_price: -1 }], { status: 'lost', supplier_id: 99999999 }));
    expect(bad.body.errors).toMatchObject({ 'items.0.quantity': ['Quantity must be at least 1'], 'items.0.cost_price': ['Cost price must be at least 0'], status: [expect.any(String)] });
    const nobody = await send('POST', '/api/purchases', orderBody([{ product_id: tire.id, quantity: 1, cost_price: 1 }], { supplier_id: 99999999 }));
    expect(nobody.body.errors).toEqual({ supplier_id: ['The selected supplier does not exist'] });
    expect((await send('GET', '/api/purchases/99999999')).body).toEqual({ message: 'Purchase order not found' });
  });

  it('receives part of an order, then the rest: stock, received quantities and the weighted average cost', async () => {
    const tire = await newTire(12);
    const other = await newTire(0);
    const order = await newOrder(
      [
        { product_id: tire.id, quantity: 10, cost_price: 75.55 },
        { product_id: other.id, quantity: 3, cost_price: 50 },
      ],
      { status: 'ordered' },
    );
    const [first, second] = order.purchase_items;

    const tooMany = await send('POST', `/api/purchases/${order.id}/receive`, { items: [{ purchase_item_id: first.id, quantity: 11 }] });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ 'items.0.quantity': ['Only 10 of this line are still to be received.'] });
    const stranger = await send('POST', `/api/purchases/${order.id}/receive`, { items: [{ purchase_item_id: 99999999, quantity: 1 }] });
    expect(stranger.body.errors).toEqual({ 'items.0.purchase_item_id': ['This line is not on this purchase order.'] });
    const nothing = await send('POST', `/api/purchases/${order.id}/receive`, { items: [{ purchase_item_id: first.id, quantity: 0 }] });
    expect(nothing.body.errors).toEqual({ items: ['Enter a quantity to receive for at least one line.'] });

    const part = await send('POST', `/api/purchases/${order.id}/receive`, { items: [{ purchase_item_id: first.id, quantity: 8 }], actual_delivery_date: '2026-11-20' });
    expect(part.status).toBe(200);
    expect(part.body.data).toMatchObject({ status: 'ordered', is_partly_received: true, actual_delivery_date: '2026-11-20' });
    expect(part.body.data.purchase_items.map((line: { received_quantity: number }) => line.received_quantity)).toEqual([8, 0]);
    expect(await stockAt(tire.id)).toBe(20);
    // (12 × 60.00 + 8 × 75.55) / 20 = 66.22
    expect(await costOf(tire.id)).toBe(66.22);
    const moves = (await send('GET', `/api/products/${tire.id}/stock-moves`)).body.data;
    expect(moves[0]).toMatchObject({ delta: 8, reason: 'purchase', document_type: 'Purchase', document_id: order.id });
    const [{ unit_cost }] = await h.withDb((db) =>
      db.query<{ unit_cost: number }>(`select unit_cost from public.stock_moves where product_id = $1 and reason = 'purchase'`, [tire.id]),
    );
    expect(Number(unit_cost)).toBe(75.55);

    const cancel = await send('POST', `/api/purchases/${order.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('Goods have already been received on this purchase order, so it cannot be cancelled.');
    const remove = await send('DELETE', `/api/purchases/${order.id}`);
    expect(remove.status).toBe(409);

    const rest = await send('POST', `/api/purchases/${order.id}/receive`);
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ status: 'received', is_partly_received: false });
    expect(rest.body.data.purchase_items.map((line: { received_quantity: number }) => line.received_quantity)).toEqual([10, 3]);
    expect(await stockAt(tire.id)).toBe(22);
    expect(await stockAt(other.id)).toBe(3);
    // (20 × 66.22 + 2 × 75.55) / 22 = 67.068… → 67.07; a product with none on hand takes the order's cost.
    expect(await costOf(tire.id)).toBe(67.07);
    expect(await costOf(other.id)).toBe(50);
    await expectMovesToAddUp(tire.id);
    await expectMovesToAddUp(other.id);

    const again = await send('POST', `/api/purchases/${order.id}/receive`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This purchase order has already been received.');
    expect(await stockAt(tire.id)).toBe(22);
    const edit = await send('PUT', `/api/purchases/${order.id}`, orderBody([{ product_id: tire.id, quantity: 10, cost_price: 75.55 }]));
    expect(edit.body.message).toBe('A received purchase order cannot be edited.');
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('creates an order as received, all of it at once', async () => {
    const tire = await newTire(0);
    const order = await newOrder([{ product_id: tire.id, quantity: 6, cost_price: 40 }], { status: 'received' });
    expect(order).toMatchObject({ status: 'received', actual_delivery_date: today });
    expect(await stockAt(tire.id)).toBe(6);
    expect(await costOf(tire.id)).toBe(40);
  });

  it('edits a pending or ordered order, never below what a line received', async () => {
    const tire = await newTire(0);
    const order = await newOrder([{ product_id: tire.id, quantity: 5, cost_price: 10 }, { product_id: tire.id, quantity: 2, cost_price: 11 }], { status: 'ordered' });
    const [first, second] = order.purchase_items;
    await send('POST', `/api/purchases/${order.id}/receive`, { items: [{ purchase_item_id: first.id, quantity: 3 }] });

    const below = await send('PUT', `/api/purchases/${order.id}`, orderBody([{ id: first.id, product_id: tire.id, quantity: 2, cost_price: 10 }, { id: second.id, product_id: tire.id, quantity: 2, cost_price: 11 }]));
    expect(below.status).toBe(422);
    expect(below.body.errors).toEqual({ 'items.0.quantity': ['3 have already been received on this line'] });
    const dropped = await send('PUT', `/api/purchases/${order.id}`, orderBody([{ id: second.id, product_id: tire.id, quantity: 2, cost_price: 11 }]));
    expect(dropped.body.errors).toEqual({ items: ['A line with goods received cannot be removed'] });

    const edited = await send(
      'PUT',
      `/api/purchases/${order.id}`,
      orderBody([
        { id: first.id, product_id: tire.id, quantity: 4, cost_price: 10, notes: 'One short' },
        { product_id: tire.id, quantity: 1, cost_price: 12 },
      ], { reference_number: 'R2', discount_amount: 2 }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ status: 'ordered', reference_number: 'R2', subtotal: 52, net_amount: 50 });
    expect(edited.body.data.purchase_items).toEqual([
      expect.objectContaining({ id: first.id, quantity: 4, received_quantity: 3, notes: 'One short' }),
      expect.objectContaining({ quantity: 1, received_quantity: 0, cost_price_at_purchase: 12 }),
    ]);
    const rest = await send('POST', `/api/purchases/${order.id}/receive`);
    expect(rest.body.data.status).toBe('received');
    expect(await stockAt(tire.id)).toBe(5);
  });

  it('pays the supplier up to the balance, through the order or the receipts', async () => {
    const tire = await newTire(0);
    const order = await newOrder([{ product_id: tire.id, quantity: 2, cost_price: 100 }], { tax_amount: 16 });
    const over = await send('POST', `/api/purchases/${order.id}/payments`, { amount: 216.01, payment_method: 'bank_transfer' });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ amount: ['The amount cannot be more than the balance due ($216.00).'] });

    const paid = await send('POST', `/api/purchases/${order.id}/payments`, { amount: 100, payment_method: 'cheque', reference_number: 'CHQ-9', bank_name: 'B', cheque_number: '77' });
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({
      type: 'expense',
      receiptable_type: 'Purchase',
      receiptable_id: order.id,
      document_number: order.number,
      party: { id: f.supplierId, name: f.names.supplier },
      amount: 100,
      reference_number: 'CHQ-9',
      receipt_date: today,
    });
    const income = await send('POST', '/api/receipts', { receipt_date: today, type: 'income', receiptable_type: 'Purchase', receiptable_id: order.id, amount: 1, payment_method: 'cash' });
    expect(income.body.errors).toEqual({ type: ['A payment to a supplier is an expense.'] });
    const viaReceipts = await send('POST', '/api/receipts', { receipt_date: today, type: 'expense', receiptable_type: 'Purchase', receiptable_id: order.id, amount: 116, payment_method: 'cash' });
    expect(viaReceipts.status).toBe(201);

    const detail = (await send('GET', `/api/purchases/${order.id}`)).body.data;
    expect(detail).toMatchObject({ payment_status: 'paid', total_paid: 216, balance_due: 0 });
    expect(detail.payments.map((payment: { amount: number }) => payment.amount)).toEqual([100, 116]);
    expect((await send('POST', `/api/purchases/${order.id}/payments`, { amount: 1, payment_method: 'cash' })).body.message).toBe('This purchase order is already paid in full.');
    const side = await send('GET', `/api/receipts?side=purchase&receiptable_id=${order.id}`);
    expect(side.body.summary).toMatchObject({ count: 2, expense: 216, income: 0, net: -216 });

    expect((await send('DELETE', `/api/purchases/${order.id}`)).status).toBe(409);
    expect((await send('POST', `/api/purchases/${order.id}/cancel`)).body.message).toBe('This purchase order has payments on it. Refund them before cancelling it.');
    await send('DELETE', `/api/receipts/${viaReceipts.body.data.id}`);
    expect((await send('GET', `/api/purchases/${order.id}`)).body.data).toMatchObject({ payment_status: 'partial', balance_due: 116 });
    expect((await send('POST', '/api/purchases/99999999/payments', { amount: 1, payment_method: 'cash' })).status).toBe(404);
  });

  it('cancels and deletes only what nothing came in on or was paid', async () => {
    const tire = await newTire(0);
    const order = await newOrder([{ product_id: tire.id, quantity: 2, cost_price: 10 }]);
    const cancelled = await send('POST', `/api/purchases/${order.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await send('POST', `/api/purchases/${order.id}/receive`)).body.message).toBe('This purchase order has been cancelled.');
    expect((await send('PUT', `/api/purchases/${order.id}`, orderBody([{ product_id: tire.id, quantity: 1, cost_price: 1 }]))).status).toBe(409);
    expect((await send('POST', `/api/purchases/${order.id}/payments`, { amount: 1, payment_method: 'cash' })).status).toBe(409);
    expect((await send('DELETE', `/api/purchases/${order.id}`)).status).toBe(204);
    expect((await send('GET', `/api/purchases/${order.id}`)).status).toBe(404);
    expect(await stockAt(tire.id)).toBe(0);
  });

  it('lists orders with their filters', async () => {
    const tire = await newTire(0);
    const supplier = (await send('POST', '/api/suppliers', { name: `Filter Supplier ${uniqueTag()}`, phone: '1', address: 'x' })).body.data;
    const order = (overrides: Record<string, unknown>) => newOrder([{ product_id: tire.id, quantity: 1, cost_price: 10 }], { supplier_id: supplier.id, ...overrides });
    const pending = await order({ reference_number: `REF-${f.tag}` });
    const ordered = await order({ status: 'ordered', purchase_date: '2026-02-01' });
    const received = await order({ status: 'received', location_id: f.northsideId });
    await send('POST', `/api/purchases/${received.id}/payments`, { amount: 5, payment_method: 'cash' });
    const ids = async (query: string) => (await send('GET', `/api/purchases?supplier=${encodeURIComponent(supplier.name)}&${query}`)).body.data.map((row: { id: number }) => row.id).sort();
    expect(await ids('')).toEqual([pending.id, ordered.id, received.id].sort());
    expect(await ids('status=pending,ordered')).toEqual([pending.id, ordered.id].sort());
    expect(await ids('payment_status=partial')).toEqual([received.id]);
    expect(await ids(`location_id=${f.northsideId}`)).toEqual([received.id]);
    expect(await ids('dateTo=2026-02-28')).toEqual([ordered.id]);
    expect(await ids(`search=REF-${f.tag}`)).toEqual([pending.id]);
    expect(await ids(`search=${ordered.number}`)).toEqual([ordered.id]);
    expect((await send('GET', `/api/purchases?supplier_id=${supplier.id}`)).body.total).toBe(3);
  });
});
