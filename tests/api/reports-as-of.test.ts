import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

/*
 * What a customer owed at a past date counts each payment and each credit note by its own date: a
 * return made after that date had not yet lowered the balance, as a payment made after it had not
 * yet been paid. Fixed dates, long past, and a customer of this file's own.
 */

let h: Harness;
let token: string;
let f: CatalogueFixture;
let customerId: number;
let name: string;

function send(method: string, path: string, body?: unknown) {
  return call(h, method, path, { token, body });
}
async function ok(method: string, path: string, body?: unknown, status = 200): Promise<any> {
  const answer = await send(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
  return answer.body;
}
const get = (path: string) => ok('GET', path);

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
  f = await catalogueFixture(h);
  name = `As of customer ${f.tag}`;
  customerId = (await ok('POST', '/api/customers', { name, phone: '555 0188', address: '8 Ledger Rd' }, 201)).data.id;
});
afterAll(() => h.close());

async function tire(quantity: number) {
  return (await ok('POST', '/api/tires', tireBody(f, { quantity, cost_price: 40, size: `205 / 55 R 16 ${f.tag}${Math.random().toString(36).slice(2, 6)}` }), 201)).data as {
    id: number;
  };
}
async function invoice(productId: number, quantity: number, date: string) {
  return (
    await ok(
      'POST',
      '/api/invoices',
      { customer_id: customerId, location_id: f.downtownId, issued_date: date, due_date: date, status: 'sent', items: [{ product_id: productId, quantity, unit_price: 50 }] },
      201,
    )
  ).data as { id: number; net_amount: number; items: { id: number }[] };
}
const returned = async (document: { id: number; items: { id: number }[] }, quantity: number, date: string) =>
  (
    await ok(
      'POST',
      '/api/credit-notes',
      { invoice_id: document.id, location_id: f.downtownId, issued_date: date, reason: 'Wrong size', items: [{ line_id: document.items[0].id, quantity, restock: true }] },
      201,
    )
  ).data as { id: number; net_amount: number };
const paid = (id: number, amount: number, date: string) =>
  ok('POST', '/api/receipts', { receipt_date: date, type: 'income', receiptable_type: 'Invoice', receiptable_id: id, amount, payment_method: 'cash' }, 201);
const balanceAt = async (date: string) => {
  const report = await get(`/api/reports/customer-balance?as_of=${date}&search=${encodeURIComponent(name)}`);
  return report.data[0] ?? null;
};
const drift = () => h.withDb((db) => db.query('select * from public.report_summary_drift()'));

describe('a balance as at a past date', () => {
  it('counts a credit note from its own date, not before', async () => {
    const product = await tire(10);
    // A: 4 tires on 1 February 2022, 30 paid on 5 February, one tire returned on 10 March.
    const a = await invoice(product.id, 4, '2022-02-01');
    await paid(a.id, 30, '2022-02-05');
    // B: 2 tires on 2 February 2022, both returned on 12 March: nothing owed today, but all of it at the end of February.
    const b = await invoice(product.id, 2, '2022-02-02');
    // C: 1 tire on 3 February 2022, returned on 15 February and that return cancelled: owed in full throughout.
    const c = await invoice(product.id, 1, '2022-02-03');
    const cancelled = await returned(c, 1, '2022-02-15');
    await ok('POST', `/api/credit-notes/${cancelled.id}/cancel`);
    const noteA = await returned(a, 1, '2022-03-10');
    const noteB = await returned(b, 2, '2022-03-12');
    expect(noteB.net_amount).toBe(b.net_amount);

    const february = await balanceAt('2022-02-28');
    const owedFebruary = a.net_amount - 30 + b.net_amount + c.net_amount;
    expect(february).toMatchObject({ customer_id: customerId, billed: a.net_amount + b.net_amount + c.net_amount, paid: 30 });
    expect(february.balance).toBeCloseTo(owedFebruary, 2);
    expect(february.days_1_30).toBeCloseTo(owedFebruary, 2);

    // 11 March: A's return is in, B's not yet.
    const eleventh = await balanceAt('2022-03-11');
    expect(eleventh.billed).toBeCloseTo(a.net_amount - noteA.net_amount + b.net_amount + c.net_amount, 2);
    expect(eleventh.balance).toBeCloseTo(a.net_amount - noteA.net_amount - 30 + b.net_amount + c.net_amount, 2);

    // After both returns: B is settled and leaves the list, as it has today.
    const april = await balanceAt('2022-04-30');
    expect(april.billed).toBeCloseTo(a.net_amount - noteA.net_amount + c.net_amount, 2);
    expect(april.balance).toBeCloseTo(a.net_amount - noteA.net_amount - 30 + c.net_amount, 2);
    const today = (await get(`/api/reports/customer-balance?search=${encodeURIComponent(name)}`)).data[0];
    expect(today).toMatchObject({ billed: april.billed, paid: april.paid, balance: april.balance });

    // The customer's statement at the end of February lists B as it stood then.
    const statement = await get(`/api/reports/customer-balance/${customerId}?as_of=2022-02-28`);
    const lineB = statement.documents.find((document: { id: number }) => document.id === b.id);
    expect(lineB).toMatchObject({ balance: b.net_amount });
    expect(await drift()).toEqual([]);
  });

  it('gives the whole list at a past date as each party stood, a late payment on its own day', async () => {
    const product = await tire(6);
    const late = await invoice(product.id, 2, '2022-05-02');
    await paid(late.id, 20, '2022-05-04');
    const whole = async (party: 'customer' | 'supplier', date: string) => {
      const rows: Record<string, number>[] = [];
      for (let page = 1; ; page++) {
        const report = await get(`/api/reports/${party}-balance?as_of=${date}&per_page=100&page=${page}`);
        rows.push(...report.data);
        if (page >= report.last_page) return { rows, totals: report.totals, total: report.total };
      }
    };
    const agrees = async (party: 'customer' | 'supplier', date: string) => {
      const list = await whole(party, date);
      expect(list.rows).toHaveLength(list.total);
      expect(list.totals[`${party}s`]).toBe(list.total);
      for (const key of ['billed', 'paid', 'balance', 'current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90']) {
        expect(list.totals[key], `${party} ${date} ${key}`).toBeCloseTo(list.rows.reduce((sum, row) => sum + row[key], 0), 2);
      }
      const balances = list.rows.map((row) => row.balance);
      expect(balances).toEqual([...balances].sort((a, b) => b - a));
      return list;
    };
    const ours = async (date: string) => (await agrees('customer', date)).rows.find((row) => row.customer_id === customerId) ?? null;

    for (const date of ['2022-01-31', '2022-02-28', '2022-03-11', '2022-04-30', '2022-05-03', '2022-05-31']) {
      expect(await ours(date), date).toEqual(await balanceAt(date));
      await agrees('supplier', date);
    }
    // A payment entered now, dated 3 May 2022: the list as at that day takes it in, the day before does not.
    const before = await ours('2022-05-02');
    await paid(late.id, 15, '2022-05-03');
    expect(await ours('2022-05-02')).toEqual(before);
    const after = await ours('2022-05-03');
    expect(after).toEqual(await balanceAt('2022-05-03'));
    expect(after!.paid).toBeCloseTo(before!.paid + 15, 2);
    expect(after!.balance).toBeCloseTo(before!.balance - 15, 2);
    expect(await drift()).toEqual([]);
  });

  it('counts a return to a supplier from its own date, not before', async () => {
    const supplierName = `As of supplier ${f.tag}`;
    const supplierId = (await ok('POST', '/api/suppliers', { name: supplierName, phone: '555 0189', address: '9 Ledger Rd' }, 201)).data.id;
    const product = await tire(2);
    const order = (
      await ok(
        'POST',
        '/api/purchases',
        { supplier_id: supplierId, location_id: f.downtownId, purchase_date: '2022-02-01', status: 'received', items: [{ product_id: product.id, quantity: 4, cost_price: 50 }] },
        201,
      )
    ).data as { id: number; net_amount: number; purchase_items: { id: number }[] };
    const sentBack = (
      await ok(
        'POST',
        '/api/supplier-returns',
        { purchase_id: order.id, issued_date: '2022-03-10', reason: 'Faulty batch', items: [{ line_id: order.purchase_items[0].id, quantity: 2 }] },
        201,
      )
    ).data as { net_amount: number };
    const owedAt = async (date: string) =>
      (await get(`/api/reports/supplier-balance?as_of=${date}&search=${encodeURIComponent(supplierName)}`)).data[0] ?? null;
    expect((await owedAt('2022-02-28')).balance).toBeCloseTo(order.net_amount, 2);
    expect((await owedAt('2022-03-31')).balance).toBeCloseTo(order.net_amount - sentBack.net_amount, 2);
    expect((await get(`/api/reports/supplier-balance/${supplierId}?as_of=2022-02-28`)).totals.balance).toBeCloseTo(order.net_amount, 2);
  });
});
