import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

/** A customer's and a supplier's page: what is owed today, how much is overdue, the latest documents and payments. */
let h: Harness;
let token: string;
let f: CatalogueFixture;
let today: string;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function created(path: string, body: unknown): Promise<any> {
  const answer = await call(h, 'POST', path, { token, body });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body.data;
}
const get = (path: string) => call(h, 'GET', path, { token });

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
  f = await catalogueFixture(h);
  today = await h.withDb(async (db) => (await db.query<{ today: string }>('select current_date::text as today'))[0].today);
});
afterAll(() => h.close());

describe('GET /api/customers/{id}/summary', () => {
  it('gives the balance, the overdue part, and the five latest invoices, sales and payments, newest first', async () => {
    const customer = await created('/api/customers', { name: `Hub ${f.tag}`, phone: '555 0190', address: '9 Hub St' });
    const other = await created('/api/customers', { name: `Other ${f.tag}`, phone: '555 0191', address: '8 Hub St' });
    const tire = await created('/api/tires', tireBody(f, { quantity: 50, cost_price: 60, selling_price: 100 }));
    const invoice = (customerId: number, issued: string, due: string, status = 'sent') =>
      created('/api/invoices', {
        customer_id: customerId, location_id: f.downtownId, issued_date: issued, due_date: due, status, discount_amount: 0, tax_amount: 0,
        items: [{ product_id: tire.id, quantity: 1, unit_price: 100 }],
      });
    // Overdue by 40 days, not yet due, a draft (owes nothing), and another customer's.
    const late = await invoice(customer.id, addDays(today, -70), addDays(today, -40));
    const due = await invoice(customer.id, addDays(today, -2), addDays(today, 28));
    const draft = await invoice(customer.id, addDays(today, -1), addDays(today, 29), 'draft');
    await invoice(other.id, addDays(today, -70), addDays(today, -40));
    await created('/api/receipts', {
      receipt_date: addDays(today, -30), type: 'income', receiptable_type: 'Invoice', receiptable_id: late.id, amount: 30, payment_method: 'cash',
    });
    // A sale completed today and unpaid: due the day it was made, so owed but not overdue.
    const sale = await created('/api/sales', {
      customer_id: customer.id, location_id: f.downtownId, sale_date: today, status: 'completed', payment_method: 'cash', amount_paid: 0,
      discount_amount: 0, tax_amount: 0, items: [{ product_id: tire.id, quantity: 1, selling_price: 100 }],
    });
    for (let i = 0; i < 5; i++) {
      await created('/api/receipts', {
        receipt_date: addDays(today, -20 + i), type: 'income', receiptable_type: 'Invoice', receiptable_id: due.id, amount: 1, payment_method: 'cash',
      });
    }

    const answer = await get(`/api/customers/${customer.id}/summary`);
    expect(answer.status).toBe(200);
    const summary = answer.body.data;
    expect(summary).toMatchObject({ id: customer.id, name: customer.name, balance: 70 + 95 + 100, overdue: 70, open_documents: 3 });
    expect(summary.invoices.map((row: any) => row.id)).toEqual([draft.id, due.id, late.id]);
    expect(summary.invoices[0]).toMatchObject({ number: null, status: 'draft', net_amount: 100, balance_due: 100 });
    expect(summary.invoices[2]).toMatchObject({
      number: late.number, date: addDays(today, -70), due_date: addDays(today, -40), status: 'sent', payment_status: 'partial', balance_due: 70,
    });
    expect(summary.sales).toEqual([
      { id: sale.id, number: sale.number, date: today, due_date: null, status: 'completed', payment_status: 'pending', net_amount: 100, balance_due: 100 },
    ]);
    // Five payments at most, the latest first: the 30 on the late invoice is the sixth.
    expect(summary.receipts).toHaveLength(5);
    expect(summary.receipts.map((row: any) => row.date)).toEqual([-16, -17, -18, -19, -20].map((days) => addDays(today, days)));
    expect(summary.receipts[0]).toMatchObject({ type: 'income', amount: 1, payment_method: 'cash', document_type: 'Invoice', document_id: due.id, document_number: due.number });

    // The balance report's statement of the customer says the same.
    const statement = (await get(`/api/reports/customer-balance/${customer.id}`)).body;
    const { balance, current } = statement.totals;
    expect([balance, balance - current]).toEqual([summary.balance, summary.overdue]);
  });

  it('answers a customer with nothing yet with zeros and empty lists, and an unknown one with 404', async () => {
    const customer = await created('/api/customers', { name: `New ${f.tag}`, phone: '555 0192', address: '7 Hub St' });
    expect((await get(`/api/customers/${customer.id}/summary`)).body.data).toEqual({
      id: customer.id, name: customer.name, balance: 0, overdue: 0, open_documents: 0, store_credit: 0, invoices: [], sales: [], receipts: [],
    });
    for (const id of ['999999999', 'abc']) {
      expect(await get(`/api/customers/${id}/summary`)).toMatchObject({ status: 404, body: { message: 'Customer not found' } });
    }
  });
});

describe('GET /api/suppliers/{id}/summary', () => {
  it('gives what the shop owes the supplier, the overdue part, its latest purchase orders and payments', async () => {
    const supplier = await created('/api/suppliers', { name: `Hub supplier ${f.tag}`, phone: '555 0193', address: '6 Hub St' });
    const tire = await created('/api/tires', tireBody(f, { quantity: 1, cost_price: 60, selling_price: 100, size: `215 / 60 R 16 ${f.tag}` }));
    const order = (date: string, expected: string, status: string) =>
      created('/api/purchases', {
        supplier_id: supplier.id, location_id: f.downtownId, purchase_date: date, expected_delivery_date: expected, status, discount_amount: 0, tax_amount: 0,
        items: [{ product_id: tire.id, quantity: 2, cost_price: 60 }],
      });
    const late = await order(addDays(today, -50), addDays(today, -40), 'received');
    const coming = await order(addDays(today, -3), addDays(today, 10), 'ordered');
    const pending = await order(addDays(today, -1), addDays(today, 5), 'pending');
    const paid = await created(`/api/purchases/${late.id}/payments`, { amount: 20, payment_method: 'bank_transfer', receipt_date: addDays(today, -5) });

    const summary = (await get(`/api/suppliers/${supplier.id}/summary`)).body.data;
    expect(summary).toMatchObject({ id: supplier.id, balance: 100 + 120, overdue: 100, open_documents: 2 });
    expect(summary.purchases.map((row: any) => [row.id, row.status, row.due_date])).toEqual([
      [pending.id, 'pending', addDays(today, 5)],
      [coming.id, 'ordered', addDays(today, 10)],
      [late.id, 'received', addDays(today, -40)],
    ]);
    expect(summary.receipts).toEqual([
      {
        id: paid.id, number: paid.number, date: addDays(today, -5), type: 'expense', amount: 20, payment_method: 'bank_transfer',
        document_type: 'Purchase', document_id: late.id, document_number: late.number,
      },
    ]);
    expect(summary).not.toHaveProperty('invoices');
    expect(await get('/api/suppliers/999999999/summary')).toMatchObject({ status: 404, body: { message: 'Supplier not found' } });
  });
});
