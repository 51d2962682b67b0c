import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type SignedIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let token: string;
let staff: SignedIn;
let f: CatalogueFixture;
let customerId: number;
beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
  staff = await signIn(h, { role: 'staff' });
  f = await catalogueFixture(h);
  customerId = (await send('POST', '/api/customers', { name: `Return customer ${f.tag}`, phone: '555 0177', address: '7 Return Rd' })).body.data.id;
});
afterAll(() => h.close());

function send(method: string, path: string, body?: unknown, as = token) {
  return call(h, method, path, { token: as, body });
}
const year = new Date().getFullYear();
const today = new Date().toISOString().slice(0, 10);

async function newTire(quantity: number, cost = 60) {
  const answer = await send('POST', '/api/tires', tireBody(f, { quantity, cost_price: cost, size: `195 / 65 R 15 ${uniqueTag()}` }));
  expect(answer.status).toBe(201);
  return answer.body.data as { id: number };
}
async function stockAt(productId: number, locationId = f.downtownId) {
  const rows = (await send('GET', `/api/products/${productId}/stock`)).body.data as { location_id: number; quantity: number }[];
  return rows.find((row) => row.location_id === locationId)?.quantity ?? 0;
}
async function costOf(productId: number) {
  const [row] = await h.withDb((db) => db.query<{ cost_price: number }>('select cost_price::float8 from public.products where id = $1', [productId]));
  return row.cost_price;
}
async function sentInvoice(items: unknown[], overrides: Record<string, unknown> = {}) {
  const answer = await send('POST', '/api/invoices', {
    customer_id: customerId,
    location_id: f.downtownId,
    issued_date: today,
    due_date: today,
    status: 'sent',
    items,
    ...overrides,
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}
const pay = (type: 'Invoice' | 'Sale', id: number, amount: number, method = 'cash', as = token) =>
  send('POST', '/api/receipts', { receipt_date: today, type: 'income', receiptable_type: type, receiptable_id: id, amount, payment_method: method }, as);
const returnOf = (invoice: { id: number }, items: unknown[], overrides: Record<string, unknown> = {}, as = token) =>
  send('POST', '/api/credit-notes', { invoice_id: invoice.id, location_id: f.downtownId, issued_date: today, reason: 'Wrong size', items, ...overrides }, as);

describe('credit notes', () => {
  it('credits each returned unit at what the customer paid for it, and everything returned credits exactly the net', async () => {
    const [a, b, c] = [await newTire(10), await newTire(10), await newTire(10)];
    // Three lines whose shares of a discount and a tax do not fall on whole cents.
    const invoice = await sentInvoice(
      [
        { product_id: a.id, quantity: 3, unit_price: 33.33 },
        { product_id: b.id, quantity: 7, unit_price: 10.01 },
        { product_id: c.id, quantity: 1, unit_price: 19.99 },
      ],
      { discount_amount: 10, tax_amount: 7.77 },
    );
    expect(invoice.net_amount).toBe(187.82);
    const [la, lb, lc] = invoice.items;

    const first = await returnOf(invoice, [{ line_id: la.id, quantity: 1, restock: true }], {}, staff.token);
    expect(first.status).toBe(201);
    const note = first.body.data;
    expect(note.number).toMatch(new RegExp(`^CN-${year}-\\d{5}$`));
    expect(note).toMatchObject({ status: 'issued', reason: 'Wrong size', customer_id: customerId, document: { type: 'Invoice', id: invoice.id, number: invoice.number } });
    // Line a is 99.99 of 190.05: its share of the net is 99.99 × 187.82 / 190.05 = 98.82, and a third of it 32.94, of
    // which tax 1.36 (a third of its 4.09 of the 7.77).
    expect(note.items[0]).toMatchObject({ line_id: la.id, quantity: 1, restock: true, amount: 32.94, tax_amount: 1.36, total: 31.58 });
    expect(note).toMatchObject({ net_amount: 32.94, tax_amount: 1.36, subtotal: 31.58 });

    const rest = await returnOf(invoice, [
      { line_id: la.id, quantity: 2, restock: true },
      { line_id: lb.id, quantity: 7, restock: false },
      { line_id: lc.id, quantity: 1, restock: true },
    ]);
    expect(rest.status).toBe(201);
    expect(Math.round((note.net_amount + rest.body.data.net_amount) * 100)).toBe(18782);
    expect(Math.round((note.tax_amount + rest.body.data.tax_amount) * 100)).toBe(777);
    const after = (await send('GET', `/api/invoices/${invoice.id}`)).body.data;
    expect(after).toMatchObject({ credited_amount: 187.82, balance_due: 0, total_paid: 0 });
    expect(after.items.map((item: { returned: number }) => item.returned)).toEqual([3, 7, 1]);
  });

  it('never takes back more than a line sold, and nothing from a draft, pending or cancelled document', async () => {
    const tire = await newTire(10);
    const invoice = await sentInvoice([{ product_id: tire.id, quantity: 2, unit_price: 80 }]);
    const line = invoice.items[0];
    expect((await returnOf(invoice, [{ line_id: line.id, quantity: 1, restock: true }])).status).toBe(201);
    const over = await returnOf(invoice, [{ line_id: line.id, quantity: 2, restock: true }]);
    expect(over.status).toBe(422);
    expect(over.body.errors['items.0.quantity']).toEqual(['1 of this line can still be returned.']);
    const twice = await returnOf(invoice, [
      { line_id: line.id, quantity: 1, restock: true },
      { line_id: line.id, quantity: 1, restock: false },
    ]);
    expect(twice.status).toBe(422);
    const other = await sentInvoice([{ product_id: tire.id, quantity: 1, unit_price: 80 }]);
    const foreign = await returnOf(invoice, [{ line_id: other.items[0].id, quantity: 1, restock: true }]);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors['items.0.line_id']).toEqual(['This line is not on this invoice.']);

    const draft = (await send('POST', '/api/invoices', { customer_id: customerId, location_id: f.downtownId, issued_date: today, due_date: today, items: [{ product_id: tire.id, quantity: 1, unit_price: 80 }] })).body.data;
    const fromDraft = await returnOf(draft, [{ line_id: draft.items[0].id, quantity: 1, restock: true }]);
    expect(fromDraft.status).toBe(409);
    expect(fromDraft.body.message).toBe('A draft invoice has nothing to return.');
    const pending = (await send('POST', '/api/sales', { customer_id: customerId, location_id: f.downtownId, sale_date: today, items: [{ product_id: tire.id, quantity: 1, selling_price: 80 }] })).body.data;
    const fromPending = await send('POST', '/api/credit-notes', { sale_id: pending.id, location_id: f.downtownId, issued_date: today, reason: 'x', items: [{ line_id: pending.items[0].id, quantity: 1, restock: true }] });
    expect(fromPending.status).toBe(409);
    expect(fromPending.body.message).toBe('A pending sale has nothing to return.');
    const both = await send('POST', '/api/credit-notes', { invoice_id: invoice.id, sale_id: pending.id, location_id: f.downtownId, issued_date: today, reason: 'x', items: [{ line_id: line.id, quantity: 1, restock: true }] });
    expect(both.status).toBe(422);
  });

  it('puts restocked goods back at the line’s cost, naming the credit note, and keeps the average cost right', async () => {
    const tire = await newTire(4, 60);
    const invoice = await sentInvoice([{ product_id: tire.id, quantity: 4, unit_price: 100 }]);
    expect(await stockAt(tire.id)).toBe(0);
    // The product's cost moved since the sale; the goods come back at what they cost then.
    await h.withDb((db) => db.query('update public.products set cost_price = 90 where id = $1', [tire.id]));
    const note = (await returnOf(invoice, [{ line_id: invoice.items[0].id, quantity: 3, restock: true }])).body.data;
    expect(await stockAt(tire.id)).toBe(3);
    expect(await costOf(tire.id)).toBe(60);
    const moves = await h.withDb((db) =>
      db.query<{ delta: number; reason: string; document_type: string; document_id: number; unit_cost: number }>(
        `select delta, reason, document_type, document_id::int, unit_cost::float8 from public.stock_moves where product_id = $1 and reason = 'return'`,
        [tire.id],
      ),
    );
    expect(moves).toEqual([{ delta: 3, reason: 'return', document_type: 'CreditNote', document_id: note.id, unit_cost: 60 }]);
    const damaged = await returnOf(invoice, [{ line_id: invoice.items[0].id, quantity: 1, restock: false }]);
    expect(damaged.status).toBe(201);
    expect(await stockAt(tire.id)).toBe(3);
  });

  it('lowers what is owed; a partial credit never marks an unpaid invoice paid', async () => {
    const tire = await newTire(10);
    const invoice = await sentInvoice([{ product_id: tire.id, quantity: 4, unit_price: 50 }]);
    const line = invoice.items[0];
    await returnOf(invoice, [{ line_id: line.id, quantity: 1, restock: true }]);
    let after = (await send('GET', `/api/invoices/${invoice.id}`)).body.data;
    expect(after).toMatchObject({ credited_amount: 50, balance_due: 150, payment_status: 'pending', status: 'sent' });
    // The statement bills what is owed after the return, so that billed − paid is the balance.
    const statement = (await send('GET', `/api/reports/customer-balance/${customerId}`)).body;
    expect(statement.documents.find((row: { id: number }) => row.id === invoice.id)).toMatchObject({ net_amount: 150, paid: 0, balance: 150 });
    expect(Math.round((statement.totals.billed - statement.totals.paid) * 100)).toBe(Math.round(statement.totals.balance * 100));
    const balances = (await send('GET', `/api/reports/customer-balance?search=${encodeURIComponent(`Return customer ${f.tag}`)}`)).body;
    const row = balances.data.find((entry: { customer_id: number }) => entry.customer_id === customerId);
    expect(Math.round((row.billed - row.paid) * 100)).toBe(Math.round(row.balance * 100));
    expect((await pay('Invoice', invoice.id, 151)).status).toBe(422);
    expect((await pay('Invoice', invoice.id, 150)).status).toBe(201);
    after = (await send('GET', `/api/invoices/${invoice.id}`)).body.data;
    expect(after).toMatchObject({ balance_due: 0, payment_status: 'paid', status: 'paid' });
    // A document with returns is not cancelled: its returned goods would come back twice.
    const cancelled = await send('POST', `/api/invoices/${invoice.id}/cancel`);
    expect(cancelled.status).toBe(409);
  });

  it('gives back what was paid beyond what is owed: a refund, or store credit that pays a later invoice', async () => {
    const tire = await newTire(10);
    const invoice = await sentInvoice([{ product_id: tire.id, quantity: 2, unit_price: 100 }]);
    expect((await pay('Invoice', invoice.id, 200)).status).toBe(201);
    const line = invoice.items[0];
    const unsettled = await returnOf(invoice, [{ line_id: line.id, quantity: 1, restock: true }]);
    expect(unsettled.status).toBe(422);
    expect(unsettled.body.errors.settle).toEqual(['The customer paid $100.00 more than is now owed: give it back as a refund or as store credit.']);

    const refunded = await returnOf(invoice, [{ line_id: line.id, quantity: 1, restock: true }], { settle: 'refund', payment_method: 'credit_card' }, staff.token);
    expect(refunded.status).toBe(201);
    expect(refunded.body.data).toMatchObject({ settle: 'refund', refunded_amount: 100, store_credit_amount: 0 });
    let after = (await send('GET', `/api/invoices/${invoice.id}`)).body.data;
    expect(after).toMatchObject({ credited_amount: 100, total_paid: 100, balance_due: 0, payment_status: 'paid' });
    const refund = after.receipts.find((receipt: { type: string }) => receipt.type === 'refund');
    expect(refund).toMatchObject({ amount: 100, payment_method: 'credit_card' });
    // A refund settling a credit note goes with it.
    const deleted = await send('DELETE', `/api/receipts/${refund.id}`);
    expect(deleted.status).toBe(409);

    const credited = await returnOf(invoice, [{ line_id: line.id, quantity: 1, restock: true }], { settle: 'credit' });
    expect(credited.body.data).toMatchObject({ settle: 'credit', store_credit_amount: 100 });
    after = (await send('GET', `/api/invoices/${invoice.id}`)).body.data;
    expect(after).toMatchObject({ credited_amount: 200, total_paid: 0, balance_due: 0 });

    expect((await send('GET', `/api/customers/${customerId}/summary`)).body.data.store_credit).toBe(100);
    expect((await send('GET', `/api/reports/customer-balance/${customerId}`)).body.customer.store_credit).toBe(100);
    const next = await sentInvoice([{ product_id: tire.id, quantity: 2, unit_price: 100 }]);
    const tooMuch = await pay('Invoice', next.id, 150, 'store_credit', staff.token);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.amount).toEqual(['The customer holds $100.00 of store credit.']);
    expect((await pay('Invoice', next.id, 100, 'store_credit', staff.token)).status).toBe(201);
    expect((await pay('Invoice', next.id, 1, 'store_credit')).status).toBe(422);
    expect((await send('GET', `/api/customers/${customerId}/summary`)).body.data.store_credit).toBe(0);
    // Given and spent, store credit nets to nothing among the payments by method.
    const methods = (await send('GET', `/api/reports/sales?dateFrom=${today}&dateTo=${today}`)).body.by_payment_method;
    expect(methods.find((row: { payment_method: string }) => row.payment_method === 'store_credit')).toMatchObject({ amount: 0 });

    // Store credit spent cannot be taken back by cancelling the note that gave it.
    const cancel = await send('POST', `/api/credit-notes/${credited.body.data.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('The customer has already spent the store credit of this credit note.');
    expect((await send('POST', `/api/credit-notes/${refunded.body.data.id}/cancel`)).status).toBe(409);
  });

  it('is cancelled by an administrator: its goods leave again and the document is owed as before', async () => {
    const tire = await newTire(5);
    const invoice = await sentInvoice([{ product_id: tire.id, quantity: 2, unit_price: 75 }]);
    const note = (await returnOf(invoice, [{ line_id: invoice.items[0].id, quantity: 2, restock: true }])).body.data;
    expect(await stockAt(tire.id)).toBe(5);
    expect((await send('POST', `/api/credit-notes/${note.id}/cancel`, undefined, staff.token)).status).toBe(403);
    const cancelled = await send('POST', `/api/credit-notes/${note.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await stockAt(tire.id)).toBe(3);
    expect((await send('GET', `/api/invoices/${invoice.id}`)).body.data).toMatchObject({ credited_amount: 0, balance_due: 150 });
    expect((await send('POST', `/api/credit-notes/${note.id}/cancel`)).status).toBe(409);
    // Cancelled, its lines can come back again.
    expect((await returnOf(invoice, [{ line_id: invoice.items[0].id, quantity: 2, restock: false }])).status).toBe(201);
  });

  it('returns from a completed sale, and is listed by customer and document', async () => {
    const tire = await newTire(5);
    const sale = (await send('POST', '/api/sales', {
      customer_id: customerId, location_id: f.downtownId, sale_date: today, status: 'completed', amount_paid: 180, payment_method: 'cash',
      items: [{ product_id: tire.id, quantity: 2, selling_price: 100, discount: 10 }],
    })).body.data;
    const note = await send('POST', '/api/credit-notes', {
      sale_id: sale.id, location_id: f.northsideId, issued_date: today, reason: 'Customer changed mind', settle: 'refund',
      items: [{ line_id: sale.items[0].id, quantity: 1, restock: true }],
    });
    expect(note.status).toBe(201);
    expect(note.body.data).toMatchObject({ net_amount: 90, refunded_amount: 90, location_id: f.northsideId });
    expect(await stockAt(tire.id, f.northsideId)).toBe(1);
    const listed = await send('GET', `/api/credit-notes?sale_id=${sale.id}`);
    expect(listed.body.data.map((row: { id: number }) => row.id)).toEqual([note.body.data.id]);
    const byCustomer = await send('GET', `/api/credit-notes?customer_id=${customerId}&dateFrom=${today}`);
    expect(byCustomer.body.data.length).toBeGreaterThan(1);
    const audit = await h.withDb((db) =>
      db.query<{ action: string }>(`select action from public.audit_events where record_type = 'credit_note' and record_id = $1`, [note.body.data.id]),
    );
    expect(audit.map((event) => event.action)).toEqual(['created']);
  });
});

describe('credit notes at once', () => {
  it('takes back no more than a line sold when 20 returns race on PostgreSQL', async (ctx) => {
    ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
    const tire = await newTire(10);
    const invoice = await sentInvoice([{ product_id: tire.id, quantity: 5, unit_price: 40 }]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => returnOf(invoice, [{ line_id: invoice.items[0].id, quantity: 1, restock: true }])),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status !== 201).every((answer) => answer.status === 422)).toBe(true);
    expect(await stockAt(tire.id)).toBe(10);
    const after = (await send('GET', `/api/invoices/${invoice.id}`)).body.data;
    expect(after).toMatchObject({ credited_amount: 200, balance_due: 0 });
    const numbers = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.data.number);
    expect(new Set(numbers).size).toBe(5);
  });
});

describe('credit notes in the sales report', () => {
  it('takes returns off the revenue, tax and cost of the period they are issued in, and the kept figures stay the recounted ones', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const tire = await newTire(10, 60);
    const invoice = await sentInvoice([{ product_id: tire.id, quantity: 4, unit_price: 100 }], { issued_date: daysAgo(320), due_date: daysAgo(320), tax_amount: 40 });
    const report = async (from: number, to: number) =>
      (await send('GET', `/api/reports/sales?dateFrom=${daysAgo(from)}&dateTo=${daysAgo(to)}&location_id=${f.downtownId}`)).body.totals;
    expect(await report(321, 319)).toMatchObject({ revenue: 400, cost: 240, tax: 40, count: 1 });

    // One back on the shelf, one damaged: both take their revenue and tax off, only the restocked one its cost.
    const note = await returnOf(invoice, [{ line_id: invoice.items[0].id, quantity: 2, restock: true }], { issued_date: daysAgo(310) });
    await returnOf(invoice, [{ line_id: invoice.items[0].id, quantity: 1, restock: false }], { issued_date: daysAgo(310) });
    expect(await report(321, 319)).toMatchObject({ revenue: 400, cost: 240, count: 1 });
    expect(await report(311, 309)).toMatchObject({ revenue: -300, cost: -120, tax: -30, gross_profit: -180, count: 0 });
    expect(await report(321, 309)).toMatchObject({ revenue: 100, cost: 120, tax: 10, count: 1 });
    const drift = () => h.withDb((db) => db.query('select * from public.report_summary_drift()'));
    expect(await drift()).toEqual([]);
    // The recall list keeps the line sold, with its DOT, and says what came back of it.
    const recall = (await send('GET', `/api/reports/tire-sales?dateFrom=${daysAgo(321)}&dateTo=${daysAgo(319)}`)).body;
    expect(recall.data.find((row: { document_id: number }) => row.document_id === invoice.id)).toMatchObject({ quantity: 4, returned: 3 });
    expect(recall.total).toBeGreaterThanOrEqual(1);

    expect((await send('POST', `/api/credit-notes/${note.body.data.id}/cancel`)).status).toBe(200);
    expect(await report(311, 309)).toMatchObject({ revenue: -100, cost: 0, tax: -10 });
    expect(await drift()).toEqual([]);
  });
});
