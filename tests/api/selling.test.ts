import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, createUser, signIn, uniqueTag } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let token: string;
let f: CatalogueFixture;
let customerId: number;
let customerName: string;
beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
  f = await catalogueFixture(h);
  customerName = `Customer ${f.tag}`;
  customerId = (await send('POST', '/api/customers', { name: customerName, phone: '555 0101', address: '1 Main St', email: 'c@example.test' })).body.data.id;
});
afterAll(() => h.close());

function send(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  return call(h, method, path, { token, body, headers });
}
const year = new Date().getFullYear();
const today = new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function newTire(quantity: number, overrides: Record<string, unknown> = {}) {
  const answer = await send('POST', '/api/tires', tireBody(f, { quantity, size: `175 / 70 R 13 ${uniqueTag()}`, ...overrides }));
  expect(answer.status).toBe(201);
  return answer.body.data as { id: number; name: string };
}
async function newService(price = 25) {
  const answer = await send('POST', '/api/services', { name: `Fitting ${uniqueTag()}`, selling_price: price, active: true });
  expect(answer.status).toBe(201);
  return answer.body.data as { id: number; name: string };
}
async function stockAt(productId: number, locationId = f.downtownId) {
  const rows = (await send('GET', `/api/products/${productId}/stock`)).body.data as { location_id: number; quantity: number }[];
  return rows.find((row) => row.location_id === locationId)?.quantity ?? 0;
}
/** At every branch the product's moves add up to its level. */
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
const invoiceBody = (items: unknown[], overrides: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  location_id: f.downtownId,
  issued_date: today,
  due_date: daysFromToday(30),
  items,
  ...overrides,
});
const saleBody = (items: unknown[], overrides: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  location_id: f.downtownId,
  sale_date: today,
  items,
  ...overrides,
});
const pay = (type: 'Invoice' | 'Sale', id: number, amount: number, overrides: Record<string, unknown> = {}) =>
  send('POST', '/api/receipts', { receipt_date: today, type: 'income', receiptable_type: type, receiptable_id: id, amount, payment_method: 'cash', ...overrides });

describe('invoices', () => {
  it('computes every figure on the server, to the cent, whatever the client sends', async () => {
    const tire = await newTire(10);
    const service = await newService();
    const answer = await send(
      'POST',
      '/api/invoices',
      invoiceBody(
        [
          { product_id: tire.id, quantity: 3, unit_price: 33.33, description: 'Front and spare' },
          { product_id: service.id, quantity: 1, unit_price: 19.99 },
        ],
        { discount_amount: 10.5, tax_amount: 11.11, total_amount: 1, net_amount: 1, subtotal: 1 },
      ),
    );
    expect(answer.status).toBe(201);
    const invoice = answer.body.data;
    expect(invoice).toMatchObject({
      number: null,
      status: 'draft',
      payment_status: 'pending',
      subtotal: 119.98,
      total_amount: 119.98,
      discount_amount: 10.5,
      tax_amount: 11.11,
      tax_rate: 10.15,
      net_amount: 120.59,
      total_paid: 0,
      balance_due: 120.59,
      customer: { id: customerId, name: customerName, email: 'c@example.test', phone: '555 0101', address: '1 Main St' },
      location: { id: f.downtownId, name: f.names.downtown },
      receipts: [],
    });
    expect(invoice.items).toEqual([
      expect.objectContaining({ product_id: tire.id, product_type: 'tire', product_name: tire.name, description: 'Front and spare', dot: '2326', quantity: 3, unit_price: 33.33, total: 99.99 }),
      expect.objectContaining({ product_id: service.id, product_type: 'service', product_name: service.name, dot: null, quantity: 1, unit_price: 19.99, total: 19.99 }),
    ]);
    // Drafts move no stock.
    expect(await stockAt(tire.id)).toBe(10);
  });

  it('keeps what was sold when the product is renamed or repriced later', async () => {
    const service = await newService(40);
    const invoice = (await send('POST', '/api/invoices', invoiceBody([{ product_id: service.id, quantity: 2, unit_price: 40 }]))).body.data;
    const [{ cost }] = await h.withDb((db) => db.query<{ cost: number }>('select cost_price as cost from public.invoice_items where invoice_id = $1', [invoice.id]));
    expect(cost).toBe(0);
    await send('PUT', `/api/services/${service.id}`, { name: 'Renamed service', selling_price: 99, active: true });
    const again = (await send('GET', `/api/invoices/${invoice.id}`)).body.data;
    expect(again.items[0]).toMatchObject({ product_name: service.name, unit_price: 40, total: 80 });
  });

  it('sends a draft: the stock leaves the branch and the invoice takes the next number', async () => {
    const tire = await newTire(6);
    const draft = (await send('POST', '/api/invoices', invoiceBody([{ product_id: tire.id, quantity: 2, unit_price: 90 }, { product_id: tire.id, quantity: 1, unit_price: 90 }]))).body.data;
    const sent = await send('POST', `/api/invoices/${draft.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.data.status).toBe('sent');
    expect(sent.body.data.number).toMatch(new RegExp(`^INV-${year}-\\d{5}$`));
    expect(await stockAt(tire.id)).toBe(3);
    const moves = (await send('GET', `/api/products/${tire.id}/stock-moves`)).body.data;
    expect(moves[0]).toMatchObject({ delta: -3, reason: 'sale', document_type: 'Invoice', document_id: draft.id });
    await expectMovesToAddUp(tire.id);

    const again = await send('POST', `/api/invoices/${draft.id}/send`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This invoice has already been sent.');
    expect(await stockAt(tire.id)).toBe(3);
  });

  it('numbers sent invoices one after another, and an invoice created as sent at once', async () => {
    const service = await newService();
    const first = (await send('POST', '/api/invoices', invoiceBody([{ product_id: service.id, quantity: 1, unit_price: 10 }], { status: 'sent' }))).body.data;
    const second = (await send('POST', '/api/invoices', invoiceBody([{ product_id: service.id, quantity: 1, unit_price: 10 }], { status: 'sent' }))).body.data;
    const value = (number: string) => Number(number.split('-')[2]);
    expect(value(second.number)).toBe(value(first.number) + 1);
    expect(first.status).toBe('sent');
  });

  it('refuses to send more than the branch holds, naming the product, and saves nothing', async () => {
    const tire = await newTire(2);
    const draft = (await send('POST', '/api/invoices', invoiceBody([{ product_id: tire.id, quantity: 3, unit_price: 90 }]))).body.data;
    const answer = await send('POST', `/api/invoices/${draft.id}/send`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(`Not enough stock of ${tire.name} at ${f.names.downtown}: only 2 available.`);
    const still = (await send('GET', `/api/invoices/${draft.id}`)).body.data;
    expect(still).toMatchObject({ status: 'draft', number: null });
    expect(await stockAt(tire.id)).toBe(2);

    const created = await send('POST', '/api/invoices', invoiceBody([{ product_id: tire.id, quantity: 5, unit_price: 90 }], { status: 'sent' }));
    expect(created.status).toBe(409);
    const [{ count }] = await h.withDb((db) =>
      db.query<{ count: number }>('select count(*)::int as count from public.invoice_items where product_id = $1', [tire.id]),
    );
    expect(count).toBe(1);
  });

  it('validates invoices with the specification’s messages', async () => {
    const empty = await send('POST', '/api/invoices', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      customer_id: ['Customer is required'],
      location_id: ['Location is required'],
      issued_date: ['Issue date is required'],
      due_date: ['Due date is required'],
      items: ['Please add at least one item'],
    });
    const tire = await newTire(5);
    const bad = await send(
      'POST',
      '/api/invoices',
      invoiceBody([{ product_id: tire.id, quantity: 0, unit_price: -1 }, { product_id: 99999999, quantity: 1, unit_price: 1 }], { discount_amount: -5, tax_amount: 'x' }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      'items.0.quantity': ['Quantity must be at least 1'],
      'items.0.unit_price': ['Unit price must be at least 0'],
      discount_amount: ['Discount amount must be at least 0'],
    });
    const unknown = await send('POST', '/api/invoices', invoiceBody([{ product_id: 99999999, quantity: 1, unit_price: 1 }]));
    expect(unknown.body.errors).toEqual({ 'items.0.product_id': ['The selected product does not exist'] });
    const inactive = await newService();
    await send('PUT', `/api/services/${inactive.id}`, { name: inactive.name, selling_price: 1, active: false });
    const retired = await send('POST', '/api/invoices', invoiceBody([{ product_id: inactive.id, quantity: 1, unit_price: 1 }]));
    expect(retired.body.errors).toEqual({ 'items.0.product_id': ['This product is no longer sold'] });

    const discount = await send('POST', '/api/invoices', invoiceBody([{ product_id: tire.id, quantity: 1, unit_price: 10 }], { discount_amount: 10.01 }));
    expect(discount.status).toBe(422);
    expect(discount.body.errors).toEqual({ discount_amount: ['Discount amount cannot be more than the subtotal'] });
    const early = await send('POST', '/api/invoices', invoiceBody([{ product_id: tire.id, quantity: 1, unit_price: 10 }], { due_date: '2000-01-01' }));
    expect(early.body.errors).toEqual({ due_date: ['The due date cannot be before the issue date'] });
    const nobody = await send('POST', '/api/invoices', invoiceBody([{ product_id: tire.id, quantity: 1, unit_price: 10 }], { customer_id: 99999999, location_id: 99999999 }));
    expect(nobody.body.errors).toEqual({ customer_id: ['The selected customer does not exist'], location_id: ['The selected location does not exist'] });
    const huge = await send('POST', '/api/invoices', invoiceBody([{ product_id: tire.id, quantity: 1_000_000, unit_price: 9_999_999_999 }]));
    expect(huge.status).toBe(422);
    expect((await send('GET', '/api/invoices/abc')).body).toEqual({ message: 'Invoice not found' });
    expect((await send('GET', '/api/invoices/99999999')).status).toBe(404);
    const malformed = await call(h, 'POST', '/api/invoices', { token, rawBody: '{"items": [' });
    expect(malformed.status).toBe(422);
  });

  it('edits a draft freely, a sent invoice only its due date and notes, a cancelled one not at all', async () => {
    const service = await newService();
    const draft = (await send('POST', '/api/invoices', invoiceBody([{ product_id: service.id, quantity: 1, unit_price: 10 }]))).body.data;
    const edited = await send('PUT', `/api/invoices/${draft.id}`, invoiceBody([{ product_id: service.id, quantity: 4, unit_price: 12.5 }], { discount_amount: 5, notes: 'Fleet' }));
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ subtotal: 50, discount_amount: 5, net_amount: 45, notes: 'Fleet', items: [expect.objectContaining({ quantity: 4, total: 50 })] });

    await send('POST', `/api/invoices/${draft.id}/send`);
    const later = daysFromToday(60);
    const sentEdit = await send('PUT', `/api/invoices/${draft.id}`, invoiceBody([{ product_id: service.id, quantity: 99, unit_price: 1 }], { due_date: later, notes: 'Call first' }));
    expect(sentEdit.status).toBe(200);
    expect(sentEdit.body.data).toMatchObject({ due_date: later, notes: 'Call first', subtotal: 50, items: [expect.objectContaining({ quantity: 4 })] });

    await send('POST', `/api/invoices/${draft.id}/cancel`);
    const cancelledEdit = await send('PUT', `/api/invoices/${draft.id}`, { due_date: later });
    expect(cancelledEdit.status).toBe(409);
    expect(cancelledEdit.body.message).toBe('A cancelled invoice cannot be edited.');
  });

  it('deletes only drafts', async () => {
    const service = await newService();
    const draft = (await send('POST', '/api/invoices', invoiceBody([{ product_id: service.id, quantity: 1, unit_price: 10 }]))).body.data;
    const sent = (await send('POST', '/api/invoices', invoiceBody([{ product_id: service.id, quantity: 1, unit_price: 10 }], { status: 'sent' }))).body.data;
    expect((await send('DELETE', `/api/invoices/${draft.id}`)).status).toBe(204);
    expect((await send('GET', `/api/invoices/${draft.id}`)).status).toBe(404);
    const refused = await send('DELETE', `/api/invoices/${sent.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('An issued invoice cannot be deleted. Cancel it instead.');
    expect((await send('DELETE', '/api/invoices/99999999')).status).toBe(404);
  });

  it('goes from pending through partial to paid and back when a receipt is deleted', async () => {
    const tire = await newTire(4);
    const invoice = (await send('POST', '/api/invoices', invoiceBody([{ product_id: tire.id, quantity: 2, unit_price: 100 }], { tax_amount: 20, status: 'sent' }))).body.data;
    expect(invoice).toMatchObject({ net_amount: 220, payment_status: 'pending', status: 'sent' });

    const draft = (await send('POST', '/api/invoices', invoiceBody([{ product_id: tire.id, quantity: 1, unit_price: 100 }]))).body.data;
    const early = await pay('Invoice', draft.id, 10);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('A draft invoice cannot take payments. Send it first.');

    const first = await pay('Invoice', invoice.id, 70.25, { payment_method: 'cheque', bank_name: 'First Bank', cheque_number: '000123' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      number: expect.stringMatching(new RegExp(`^RC-${year}-\\d{5}$`)),
      type: 'income',
      receiptable_type: 'Invoice',
      receiptable_id: invoice.id,
      document_number: invoice.number,
      party: { id: customerId, name: customerName },
      amount: 70.25,
      bank_name: 'First Bank',
      cheque_number: '000123',
    });
    let now = (await send('GET', `/api/invoices/${invoice.id}`)).body.data;
    expect(now).toMatchObject({ status: 'partial', payment_status: 'partial', total_paid: 70.25, balance_due: 149.75 });

    const tooMuch = await pay('Invoice', invoice.id, 149.76);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toEqual({ amount: ['The amount cannot be more than the balance due ($149.75).'] });
    const rest = await pay('Invoice', invoice.id, 149.75);
    now = (await send('GET', `/api/invoices/${invoice.id}`)).body.data;
    expect(now).toMatchObject({ status: 'paid', payment_status: 'paid', total_paid: 220, balance_due: 0 });
    expect(now.receipts.map((r: { amount: number }) => r.amount)).toEqual([70.25, 149.75]);
    const more = await pay('Invoice', invoice.id, 1);
    expect(more.status).toBe(409);
    expect(more.body.message).toBe('This invoice is already paid in full.');

    const cancelPaid = await send('POST', `/api/invoices/${invoice.id}/cancel`);
    expect(cancelPaid.status).toBe(409);
    expect(cancelPaid.body.message).toBe('This invoice has payments on it. Refund them before cancelling it.');

    expect((await send('DELETE', `/api/receipts/${rest.body.data.id}`)).status).toBe(204);
    now = (await send('GET', `/api/invoices/${invoice.id}`)).body.data;
    expect(now).toMatchObject({ status: 'partial', total_paid: 70.25, balance_due: 149.75 });
    expect((await send('GET', `/api/receipts/${rest.body.data.id}`)).status).toBe(404);

    const refund = await pay('Invoice', invoice.id, 70.26, { type: 'refund' });
    expect(refund.body.errors).toEqual({ amount: ['A refund cannot be more than what was paid ($70.25).'] });
    const refunded = await pay('Invoice', invoice.id, 70.25, { type: 'refund' });
    expect(refunded.status).toBe(201);
    now = (await send('GET', `/api/invoices/${invoice.id}`)).body.data;
    expect(now).toMatchObject({ status: 'sent', payment_status: 'pending', total_paid: 0, balance_due: 220 });
    const deleteRefunded = await send('DELETE', `/api/receipts/${first.body.data.id}`);
    expect(deleteRefunded.status).toBe(409);
    expect(deleteRefunded.body.message).toBe('This payment has been partly refunded. Delete the refund first.');

    const cancelled = await send('POST', `/api/invoices/${invoice.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await stockAt(tire.id)).toBe(4);
    const moves = (await send('GET', `/api/products/${tire.id}/stock-moves`)).body.data;
    expect(moves[0]).toMatchObject({ delta: 2, reason: 'cancellation', document_type: 'Invoice', document_id: invoice.id });
    await expectMovesToAddUp(tire.id);
    expect((await pay('Invoice', invoice.id, 1)).body.message).toBe('This invoice has been cancelled.');
    expect((await send('POST', `/api/invoices/${invoice.id}/cancel`)).status).toBe(409);
    expect((await send('DELETE', `/api/receipts/${refunded.body.data.id}`)).status).toBe(409);
  });

  it('shows the status as displayed and filters on it', async () => {
    const service = await newService();
    const tag = uniqueTag();
    const name = `Filter ${tag}`;
    const customer = (await send('POST', '/api/customers', { name, phone: '1', address: 'x' })).body.data.id;
    const body = (overrides: Record<string, unknown>) => invoiceBody([{ product_id: service.id, quantity: 1, unit_price: 100 }], { customer_id: customer, ...overrides });
    const draft = (await send('POST', '/api/invoices', body({}))).body.data;
    const sent = (await send('POST', '/api/invoices', body({ status: 'sent' }))).body.data;
    const overdue = (await send('POST', '/api/invoices', body({ status: 'sent', issued_date: '2026-01-05', due_date: '2026-02-04' }))).body.data;
    expect(overdue).toMatchObject({ status: 'overdue', is_overdue: true });
    const partial = (await send('POST', '/api/invoices', body({ status: 'sent', issued_date: '2026-01-06', due_date: '2026-02-05' }))).body.data;
    await pay('Invoice', partial.id, 40);
    const paid = (await send('POST', '/api/invoices', body({ status: 'sent' }))).body.data;
    await pay('Invoice', paid.id, 100);
    const cancelled = (await send('POST', '/api/invoices', body({ status: 'sent' }))).body.data;
    await send('POST', `/api/invoices/${cancelled.id}/cancel`);

    const ids = async (query: string) => (await send('GET', `/api/invoices?customer_id=${customer}&${query}`)).body.data.map((row: { id: number }) => row.id).sort();
    const sorted = (...list: number[]) => list.sort();
    expect(await ids('status=draft')).toEqual([draft.id]);
    expect(await ids('status=sent')).toEqual(sorted(sent.id));
    expect(await ids('status=overdue')).toEqual([overdue.id]);
    expect(await ids('status=partial')).toEqual([partial.id]);
    expect(await ids('status=paid')).toEqual([paid.id]);
    expect(await ids('status=cancelled')).toEqual([cancelled.id]);
    expect(await ids('overdue=1')).toEqual(sorted(overdue.id, partial.id));
    expect(await ids('status=sent,overdue,partial&payment_status=pending,partial')).toEqual(sorted(sent.id, overdue.id, partial.id));
    expect(await ids('dateFrom=2026-01-06&dateTo=2026-01-31')).toEqual([partial.id]);
    const list = await send('GET', `/api/invoices?customer=${encodeURIComponent(`filter ${tag}`)}&per_page=2`);
    expect(list.body).toMatchObject({ total: 6, per_page: 2, last_page: 3, current_page: 1 });
    expect(list.body.data[0].items).toHaveLength(1);
    const byNumber = await send('GET', `/api/invoices?search=${paid.number}`);
    expect(byNumber.body.data.map((row: { id: number }) => row.id)).toEqual([paid.id]);
    expect((await send('GET', '/api/invoices?status=unknown')).status).toBe(422);
  });
});

describe('sales', () => {
  it('creates a counter sale completed and paid in one step, with per-line discounts', async () => {
    const tire = await newTire(5);
    const answer = await send(
      'POST',
      '/api/sales',
      saleBody([{ product_id: tire.id, quantity: 3, selling_price: 89.99, discount: 12.5 }], { status: 'completed', payment_method: 'credit_card', tax_amount: 5, amount_paid: 241.22 }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      number: expect.stringMatching(new RegExp(`^S-${year}-\\d{5}$`)),
      status: 'completed',
      payment_status: 'paid',
      payment_method: 'credit_card',
      subtotal: 236.22,
      net_amount: 241.22,
      total_paid: 241.22,
      balance_due: 0,
      items: [expect.objectContaining({ product_id: tire.id, quantity: 3, selling_price: 89.99, discount: 12.5, total_price: 236.22 })],
    });
    expect(answer.body.data.receipts).toEqual([expect.objectContaining({ type: 'income', amount: 241.22, payment_method: 'credit_card', receiptable_type: 'Sale' })]);
    expect(await stockAt(tire.id)).toBe(2);
    await expectMovesToAddUp(tire.id);
  });

  it('takes a deposit on a pending sale, completes it later and cancels it back into stock', async () => {
    const tire = await newTire(3);
    const sale = (await send('POST', '/api/sales', saleBody([{ product_id: tire.id, quantity: 2, selling_price: 100 }], { amount_paid: 50 }))).body.data;
    expect(sale).toMatchObject({ status: 'pending', payment_status: 'partial', total_paid: 50, balance_due: 150 });
    expect(await stockAt(tire.id)).toBe(3);

    const shrink = await send('PUT', `/api/sales/${sale.id}`, saleBody([{ product_id: tire.id, quantity: 1, selling_price: 40 }]));
    expect(shrink.status).toBe(422);
    expect(shrink.body.errors).toEqual({ items: ['The total cannot be less than what has already been paid'] });
    const edited = await send('PUT', `/api/sales/${sale.id}`, saleBody([{ product_id: tire.id, quantity: 3, selling_price: 100, discount: 10 }]));
    expect(edited.body.data).toMatchObject({ subtotal: 270, total_paid: 50, balance_due: 220 });

    const completed = await send('POST', `/api/sales/${sale.id}/complete`);
    expect(completed.status).toBe(200);
    expect(completed.body.data.status).toBe('completed');
    expect(await stockAt(tire.id)).toBe(0);
    expect((await send('POST', `/api/sales/${sale.id}/complete`)).body.message).toBe('This sale has already been completed.');
    const notesOnly = await send('PUT', `/api/sales/${sale.id}`, { payment_method: 'cheque', notes: 'Collected Monday', items: [] });
    expect(notesOnly.body.data).toMatchObject({ payment_method: 'cheque', notes: 'Collected Monday', subtotal: 270 });

    expect((await send('POST', `/api/sales/${sale.id}/cancel`)).body.message).toBe('This sale has payments on it. Refund them before cancelling it.');
    expect((await pay('Sale', sale.id, 50, { type: 'refund' })).status).toBe(201);
    const cancelled = await send('POST', `/api/sales/${sale.id}/cancel`);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', total_paid: 0 });
    expect(await stockAt(tire.id)).toBe(3);
    await expectMovesToAddUp(tire.id);
    expect((await send('DELETE', `/api/sales/${sale.id}`)).body.message).toBe(
      'This sale has payments recorded. Refund and delete them, or cancel the sale instead.',
    );
  });

  it('refuses a completed sale the branch cannot supply, and saves nothing', async () => {
    const tire = await newTire(1);
    const before = await h.withDb((db) => db.query<{ n: number }>('select count(*)::int as n from public.sales'));
    const answer = await send('POST', '/api/sales', saleBody([{ product_id: tire.id, quantity: 2, selling_price: 10 }], { status: 'completed', amount_paid: 20 }));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(`Not enough stock of ${tire.name} at ${f.names.downtown}: only 1 available.`);
    const after = await h.withDb((db) => db.query<{ n: number }>('select count(*)::int as n from public.sales'));
    expect(after[0].n).toBe(before[0].n);
    expect(await stockAt(tire.id)).toBe(1);
  });

  it('validates sales and deletes only what was never posted', async () => {
    const service = await newService();
    const bad = await send('POST', '/api/sales', saleBody([{ product_id: service.id, quantity: 1, selling_price: 10, discount: 101 }], { payment_method: 'barter' }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ 'items.0.discount': ['Discount must be between 0 and 100'], payment_method: [expect.any(String)] });
    const overpaid = await send('POST', '/api/sales', saleBody([{ product_id: service.id, quantity: 1, selling_price: 10 }], { amount_paid: 10.01 }));
    expect(overpaid.body.errors).toEqual({ amount_paid: ['The amount cannot be more than the balance due ($10.00).'] });
    const missing = await send('POST', '/api/sales', { items: [] });
    expect(missing.body.errors).toMatchObject({ customer_id: ['Customer is required'], sale_date: ['Sale date is required'], items: ['Please add at least one item'] });

    const pending = (await send('POST', '/api/sales', saleBody([{ product_id: service.id, quantity: 1, selling_price: 10 }]))).body.data;
    const completed = (await send('POST', '/api/sales', saleBody([{ product_id: service.id, quantity: 1, selling_price: 10 }], { status: 'completed' }))).body.data;
    expect((await send('DELETE', `/api/sales/${completed.id}`)).body.message).toBe('A completed sale cannot be deleted. Cancel it instead.');
    expect((await send('DELETE', `/api/sales/${pending.id}`)).status).toBe(204);
    expect((await send('GET', `/api/sales/${pending.id}`)).body).toEqual({ message: 'Sale not found' });
  });

  it('lists sales with their filters', async () => {
    const service = await newService();
    const name = `Sales ${uniqueTag()}`;
    const customer = (await send('POST', '/api/customers', { name, phone: '1', address: 'x' })).body.data.id;
    const body = (overrides: Record<string, unknown>) => saleBody([{ product_id: service.id, quantity: 1, selling_price: 30 }], { customer_id: customer, ...overrides });
    const pending = (await send('POST', '/api/sales', body({}))).body.data;
    const partial = (await send('POST', '/api/sales', body({ status: 'completed', amount_paid: 10, sale_date: '2026-03-01' }))).body.data;
    const paid = (await send('POST', '/api/sales', body({ status: 'completed', amount_paid: 30, location_id: f.northsideId }))).body.data;
    const ids = async (query: string) => (await send('GET', `/api/sales?customer=${encodeURIComponent(name)}&${query}`)).body.data.map((row: { id: number }) => row.id).sort();
    expect(await ids('')).toEqual([pending.id, partial.id, paid.id].sort());
    expect(await ids('status=completed&payment_status=pending,partial')).toEqual([partial.id]);
    expect(await ids('paymentStatus=paid')).toEqual([paid.id]);
    expect(await ids(`location_id=${f.northsideId}`)).toEqual([paid.id]);
    expect(await ids('dateTo=2026-03-31')).toEqual([partial.id]);
    expect(await ids(`search=${paid.number}`)).toEqual([paid.id]);
  });
});

describe('receipts', () => {
  it('lists receipts with a summary over everything that matches', async () => {
    const service = await newService();
    const reference = `REF-${uniqueTag()}`;
    const sale = (await send('POST', '/api/sales', saleBody([{ product_id: service.id, quantity: 4, selling_price: 25 }], { status: 'completed' }))).body.data;
    await pay('Sale', sale.id, 60, { reference_number: reference, payment_method: 'bank_transfer', bank_name: 'B', transaction_id: 'T1' });
    await pay('Sale', sale.id, 40, { reference_number: reference });
    await pay('Sale', sale.id, 15, { reference_number: reference, type: 'refund' });

    const list = await send('GET', `/api/receipts?search=${reference}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.summary).toEqual({ count: 3, income: 100, expense: 0, refund: 15, net: 85 });
    const transfers = await send('GET', `/api/receipts?searchTerm=${reference}&paymentMethod=bank_transfer`);
    expect(transfers.body.summary).toMatchObject({ count: 1, income: 60 });
    const ofSale = await send('GET', `/api/receipts?receiptable_type=Sale&receiptable_id=${sale.id}&type=refund`);
    expect(ofSale.body.data.map((r: { amount: number }) => r.amount)).toEqual([15]);
    expect((await send('GET', `/api/receipts?search=${reference}&side=purchase`)).body.total).toBe(0);
    expect((await send('GET', `/api/receipts?search=${reference}&side=sale`)).body.total).toBe(3);
    expect((await send('GET', `/api/receipts?search=${sale.number}`)).body.total).toBe(3);
    expect((await send('GET', '/api/receipts?type=gift')).status).toBe(422);
  });

  it('validates receipts', async () => {
    const empty = await send('POST', '/api/receipts', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      receipt_date: ['Receipt date is required'],
      receiptable_type: ['Related type is required'],
      receiptable_id: ['Related document is required'],
      amount: ['Amount is required'],
    });
    expect((await pay('Sale', 1, 0)).body.errors).toMatchObject({ amount: ['Amount must be more than 0'] });
    expect((await pay('Sale', 99999999, 5)).body.errors).toEqual({ receiptable_id: ['The selected document does not exist'] });
    const service = await newService();
    const sale = (await send('POST', '/api/sales', saleBody([{ product_id: service.id, quantity: 1, selling_price: 10 }]))).body.data;
    expect((await pay('Sale', sale.id, 5, { type: 'expense' })).body.errors).toEqual({ type: ['An expense must relate to a purchase order.'] });
    expect((await pay('Sale', sale.id, 5, { type: 'refund' })).body.message).toBe('Nothing has been paid on this sale, so there is nothing to refund.');
    expect((await send('DELETE', '/api/receipts/99999999')).body).toEqual({ message: 'Receipt not found' });
  });
});

describe('idempotent creates', () => {
  it('answers a repeated key with the first answer and creates nothing more', async () => {
    const service = await newService();
    const notes = `idem ${uniqueTag()}`;
    const body = saleBody([{ product_id: service.id, quantity: 1, selling_price: 10 }], { notes });
    const key = { 'Idempotency-Key': `key-${uniqueTag()}` };
    const first = await send('POST', '/api/sales', body, key);
    const second = await send('POST', '/api/sales', body, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const [{ count }] = await h.withDb((db) => db.query<{ count: number }>('select count(*)::int as count from public.sales where notes = $1', [notes]));
    expect(count).toBe(1);

    const different = await send('POST', '/api/sales', { ...body, notes: 'something else' }, key);
    expect(different.status).toBe(422);
    expect(different.body.message).toBe('This Idempotency-Key was already used for a different request.');

    // Another user's same key is their own.
    const other = await signIn(h);
    const theirs = await call(h, 'POST', '/api/sales', { token: other.token, body, headers: key });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(first.body.data.id);

    // A refused request keeps nothing, so the corrected one can use the same key.
    const retryKey = { 'Idempotency-Key': `key-${uniqueTag()}` };
    expect((await send('POST', '/api/receipts', {}, retryKey)).status).toBe(422);
    const sale = first.body.data;
    const receipt = await send('POST', '/api/receipts', { receipt_date: today, type: 'income', receiptable_type: 'Sale', receiptable_id: sale.id, amount: 10, payment_method: 'cash' }, retryKey);
    expect(receipt.status).toBe(201);
    expect((await send('POST', '/api/receipts', {}, { 'Idempotency-Key': '' })).status).toBe(422);
  });
});

describe('settings', () => {
  it('is read by everyone and changed by administrators only', async () => {
    const read = await send('GET', '/api/settings');
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ invoice_prefix: expect.any(String), payment_terms_days: expect.any(Number) });
    const profile = {
      shop_name: 'Tread & Spark',
      address: '1 Forge Way',
      phone: '555 0000',
      email: 'shop@example.test',
      tax_number: 'TX-1',
      payment_terms_days: 14,
      invoice_prefix: 'INV',
      sale_prefix: 'S',
      receipt_prefix: 'RC',
      purchase_prefix: 'PO',
      quote_prefix: 'Q',
      quote_valid_days: 14,
      credit_note_prefix: 'CN',
      supplier_return_prefix: 'SR',
      print_footer: 'Thank you',
    };
    const staff = await signIn(h, { role: 'staff' });
    const refused = await call(h, 'PUT', '/api/settings', { token: staff.token, body: profile });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only an administrator can change the settings.' });

    const admin = await createUser(h, 'admin');
    const login = await call(h, 'POST', '/api/auth/login', { body: admin });
    const asAdmin = (body: unknown) => call(h, 'PUT', '/api/settings', { token: login.body.token, body });
    const bad = await asAdmin({ ...profile, shop_name: '', invoice_prefix: 'IN V' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      shop_name: ['Shop name is required'],
      invoice_prefix: ['Invoice prefix may only contain letters and digits'],
    });
    const saved = await asAdmin({ ...profile, invoice_prefix: 'TS' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ ...profile, invoice_prefix: 'TS', version: expect.any(Number) });

    const service = await newService();
    const invoice = await send('POST', '/api/invoices', invoiceBody([{ product_id: service.id, quantity: 1, unit_price: 10 }], { status: 'sent' }));
    expect(invoice.body.data.number).toMatch(new RegExp(`^TS-${year}-\\d{5}$`));
    await asAdmin(profile);
  });
});
