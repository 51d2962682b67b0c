import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, putAsRead } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

/*
 * A small shop whose every figure is worked out by hand below. Sales in March 2023, purchases in
 * May 2023 (fixed dates, long past), and a third branch with documents this month and last month
 * for the dashboard. Products keep their cost: every purchase is at the product's cost price.
 *
 * Stock at the end:  T1 tire (cost 60, price 100)  Downtown 20 -4 (INV-A) -2 +2 (INV-D, cancelled) +10 (P1) = 26
 *                    T2 tire (cost 50, price 80)   Downtown 10 -5 (transfer) = 5; Northside 5 -2 (INV-B) -1 (SALE-D) +4 (P2) = 6
 *                    B1 battery (cost 70, price 120) Downtown 5 -1 (SALE-A) +5 (P1) = 9
 *                    T3 tire (cost 40, price 70)   Eastside 8 -2 (DINV1) -1 (DINV2) = 5
 *                    S1 service (price 25)
 */

let h: Harness;
let token: string;
let f: CatalogueFixture;
/** Only this file's rows in the database (PGlite and PostgreSQL); under workerd the test files share one. */
let isolated: boolean;
let today: string;
let firstOfMonth: string;
let firstOfLastMonth: string;

const ids = {
  eastside: 0, batteryBrand: 0, madeIn: 0, c1: 0, c2: 0, c3: 0, sup1: 0, sup2: 0,
  t1: 0, t2: 0, t3: 0, b1: 0, s1: 0,
  invA: 0, invB: 0, invC: 0, invD: 0, saleA: 0, saleB: 0, saleC: 0, saleD: 0,
  p1: 0, p2: 0, p3: 0, p4: 0, p5: 0, dinv1: 0, dinv2: 0, dsale1: 0, dpo: 0,
};
const names = { c1: '', c2: '', c3: '', sup2: '', eastside: '', t1: '', t2: '', t3: '', b1: '', s1: '' };
const numbers: Record<string, string> = {};
const dots = { t1: '', t2: '', t3: '' };

function send(method: string, path: string, body?: unknown) {
  return call(h, method, path, { token, body });
}
async function created(path: string, body: unknown): Promise<any> {
  const answer = await send('POST', path, body);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body.data;
}
async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const answer = await send(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}
const get = (path: string) => ok('GET', path);
const pay = (type: 'Invoice' | 'Sale', id: number, amount: number, date: string, method: string, kind = 'income') =>
  created('/api/receipts', { receipt_date: date, type: kind, receiptable_type: type, receiptable_id: id, amount, payment_method: method });
const payOrder = (id: number, amount: number, date: string, method: string) =>
  created(`/api/purchases/${id}/payments`, { amount, payment_method: method, receipt_date: date });

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

beforeAll(async () => {
  h = await createHarness();
  isolated = h.runtime !== 'workerd';
  ({ token } = await signIn(h));
  f = await catalogueFixture(h);
  const tag = f.tag;
  today = await h.withDb(async (db) => (await db.query<{ today: string }>('select current_date::text as today'))[0].today);
  firstOfMonth = `${today.slice(0, 8)}01`;
  firstOfLastMonth = addDays(firstOfMonth, -1).slice(0, 8) + '01';

  names.eastside = `Eastside ${tag}`;
  names.sup2 = `Second supplier ${tag}`;
  await h.withDb(async (db) => {
    const insert = async (sql: string, params: unknown[]) => Number((await db.query<{ id: number }>(`${sql} returning id`, params))[0].id);
    ids.eastside = await insert('insert into public.locations (name, address) values ($1, $2)', [names.eastside, '3 East Rd']);
    ids.batteryBrand = await insert('insert into public.battery_brands (name) values ($1)', [`Volta ${tag}`]);
    ids.madeIn = await insert('insert into public.made_ins (name) values ($1)', [`Korea ${tag}`]);
    ids.sup2 = await insert('insert into public.suppliers (name, phone, address) values ($1, $2, $3)', [names.sup2, '555 0200', '2 Road']);
  });
  ids.sup1 = f.supplierId;

  const customer = async (key: 'c1' | 'c2' | 'c3', name: string, phone: string) => {
    names[key] = `${name} ${tag}`;
    ids[key] = (await created('/api/customers', { name: names[key], phone, address: '1 Main St', email: `${key}@example.test` })).id;
  };
  await customer('c1', 'Alice', `555-${tag}-01`);
  await customer('c2', 'Bob', '555 0102');
  await customer('c3', 'Carol', '555 0103');

  dots.t1 = `23${tag}`;
  dots.t2 = `24${tag}`;
  dots.t3 = `01${tag}`;
  const t1 = await created('/api/tires', tireBody(f, { size: `205 / 55 R 16 ${tag}`, dot: dots.t1, quantity: 20, cost_price: 60, selling_price: 100 }));
  const t2 = await created('/api/tires', tireBody(f, {
    size: `195 / 65 R 15 ${tag}`, dot: dots.t2, quantity: 10, cost_price: 50, selling_price: 80, tire_brand_id: f.otherBrandId, pattern_id: f.otherPatternId,
  }));
  const t3 = await created('/api/tires', tireBody(f, { size: `175 / 70 R 13 ${tag}`, dot: dots.t3, quantity: 8, cost_price: 40, selling_price: 70, location_id: ids.eastside }));
  const b1 = await created('/api/batteries', {
    battery_name: `Volta 60 ${tag}`, battery_brand_id: ids.batteryBrand, made_in_id: ids.madeIn, battery_shape: 'thick', ampere: 60, reversed: 0,
    battery_type: 'acid', location_id: f.downtownId, inventory_quantity: 5, date_received: '2023-01-02', cost_price: 70, selling_price: 120,
  });
  const s1 = await created('/api/services', { name: `Fitting ${tag}`, selling_price: 25, active: true });
  Object.assign(ids, { t1: t1.id, t2: t2.id, t3: t3.id, b1: b1.id, s1: s1.id });
  Object.assign(names, { t1: t1.name, t2: t2.name, t3: t3.name, b1: b1.name, s1: s1.name });
  await created(`/api/products/${ids.t2}/stock-transfers`, { from_location_id: f.downtownId, to_location_id: f.northsideId, quantity: 5 });

  // March 2023: invoices and sales.
  const invoice = async (body: Record<string, unknown>) => {
    const doc = await created('/api/invoices', { status: 'sent', discount_amount: 0, tax_amount: 0, ...body });
    return doc;
  };
  const invA = await invoice({
    customer_id: ids.c1, location_id: f.downtownId, issued_date: '2023-03-06', due_date: '2023-03-20', discount_amount: 50, tax_amount: 36,
    items: [{ product_id: ids.t1, quantity: 4, unit_price: 100 }, { product_id: ids.s1, quantity: 4, unit_price: 25 }],
  });
  expect(invA).toMatchObject({ subtotal: 500, net_amount: 486 });
  const invB = await invoice({
    customer_id: ids.c2, location_id: f.northsideId, issued_date: '2023-03-08', due_date: '2023-04-07', items: [{ product_id: ids.t2, quantity: 2, unit_price: 80 }],
  });
  const invC = await invoice({
    status: 'draft', customer_id: ids.c1, location_id: f.downtownId, issued_date: '2023-03-07', due_date: '2023-03-07',
    items: [{ product_id: ids.t1, quantity: 1, unit_price: 100 }],
  });
  const invD = await invoice({
    customer_id: ids.c2, location_id: f.downtownId, issued_date: '2023-03-09', due_date: '2023-03-09', items: [{ product_id: ids.t1, quantity: 2, unit_price: 100 }],
  });
  await ok('POST', `/api/invoices/${invD.id}/cancel`);
  const sale = (body: Record<string, unknown>) => created('/api/sales', { discount_amount: 0, tax_amount: 0, payment_method: 'cash', ...body });
  const saleA = await sale({
    status: 'completed', customer_id: ids.c1, location_id: f.downtownId, sale_date: '2023-03-14', amount_paid: 108,
    items: [{ product_id: ids.b1, quantity: 1, selling_price: 120, discount: 10 }],
  });
  const saleB = await sale({
    status: 'pending', customer_id: ids.c2, location_id: f.downtownId, sale_date: '2023-03-15', amount_paid: 30,
    items: [{ product_id: ids.t1, quantity: 1, selling_price: 100 }],
  });
  const saleC = await sale({
    status: 'cancelled', customer_id: ids.c2, location_id: f.downtownId, sale_date: '2023-03-16', items: [{ product_id: ids.t1, quantity: 1, selling_price: 100 }],
  });
  const saleD = await sale({
    status: 'completed', customer_id: ids.c2, location_id: f.northsideId, sale_date: '2023-03-22', discount_amount: 8,
    items: [{ product_id: ids.t2, quantity: 1, selling_price: 80 }],
  });
  await pay('Invoice', invA.id, 200, '2023-03-10', 'cash');
  await pay('Invoice', invB.id, 160, '2023-03-09', 'credit_card');
  await pay('Invoice', invB.id, 60, '2023-03-10', 'credit_card', 'refund');
  await pay('Invoice', invA.id, 86, '2023-04-20', 'bank_transfer');
  Object.assign(ids, { invA: invA.id, invB: invB.id, invC: invC.id, invD: invD.id, saleA: saleA.id, saleB: saleB.id, saleC: saleC.id, saleD: saleD.id });
  Object.assign(numbers, { invA: invA.number, invB: invB.number, saleD: saleD.number });

  // May 2023: purchase orders.
  const order = (body: Record<string, unknown>) => created('/api/purchases', { discount_amount: 0, tax_amount: 0, ...body });
  const p1 = await order({
    supplier_id: ids.sup1, location_id: f.downtownId, purchase_date: '2023-05-02', expected_delivery_date: '2023-05-09', status: 'received',
    items: [{ product_id: ids.t1, quantity: 10, cost_price: 60 }, { product_id: ids.b1, quantity: 5, cost_price: 70 }],
  });
  const p2 = await order({
    supplier_id: ids.sup1, location_id: f.northsideId, purchase_date: '2023-05-15', expected_delivery_date: '2023-05-20', status: 'ordered', tax_amount: 19,
    items: [{ product_id: ids.t2, quantity: 10, cost_price: 50 }],
  });
  await ok('POST', `/api/purchases/${p2.id}/receive`, { items: [{ purchase_item_id: p2.purchase_items[0].id, quantity: 4 }], actual_delivery_date: '2023-05-18' });
  const p3 = await order({
    supplier_id: ids.sup2, location_id: f.downtownId, purchase_date: '2023-05-20', status: 'pending', items: [{ product_id: ids.t1, quantity: 2, cost_price: 60 }],
  });
  const p4 = await order({
    supplier_id: ids.sup2, location_id: f.downtownId, purchase_date: '2023-05-22', status: 'ordered', items: [{ product_id: ids.t2, quantity: 3, cost_price: 50 }],
  });
  await ok('POST', `/api/purchases/${p4.id}/cancel`);
  const p5 = await order({
    supplier_id: ids.sup2, location_id: f.northsideId, purchase_date: '2023-05-25', expected_delivery_date: '2023-06-01', status: 'pending',
    items: [{ product_id: ids.b1, quantity: 2, cost_price: 70 }],
  });
  await payOrder(p1.id, 500, '2023-05-10', 'bank_transfer');
  await payOrder(p2.id, 100, '2023-05-16', 'cheque');
  await payOrder(p1.id, 200, '2023-07-15', 'bank_transfer');
  Object.assign(ids, { p1: p1.id, p2: p2.id, p3: p3.id, p4: p4.id, p5: p5.id });
  Object.assign(numbers, { p2: p2.number, p5: p5.number });

  // The dashboard's branch: this month and last month.
  const dinv1 = await invoice({
    customer_id: ids.c3, location_id: ids.eastside, issued_date: firstOfMonth, due_date: today,
    items: [{ product_id: ids.t3, quantity: 2, unit_price: 70 }, { product_id: ids.s1, quantity: 1, unit_price: 25 }],
  });
  const dinv2 = await invoice({
    customer_id: ids.c3, location_id: ids.eastside, issued_date: firstOfLastMonth, due_date: firstOfLastMonth,
    items: [{ product_id: ids.t3, quantity: 1, unit_price: 70 }],
  });
  const dsale1 = await sale({
    status: 'completed', customer_id: ids.c3, location_id: ids.eastside, sale_date: today, amount_paid: 50,
    items: [{ product_id: ids.s1, quantity: 2, selling_price: 25 }],
  });
  await pay('Invoice', dinv1.id, 65, today, 'cash');
  const dpo = await order({
    supplier_id: ids.sup2, location_id: ids.eastside, purchase_date: today, status: 'ordered', items: [{ product_id: ids.t3, quantity: 5, cost_price: 40 }],
  });
  Object.assign(ids, { dinv1: dinv1.id, dinv2: dinv2.id, dsale1: dsale1.id, dpo: dpo.id });
  Object.assign(numbers, { dinv1: dinv1.number, dinv2: dinv2.number, dsale1: dsale1.number, dpo: dpo.number });
}, 120_000);
afterAll(() => h.close());

const zeroTypes = { quantity: 0, revenue: 0, cost: 0, gross_profit: 0 };

describe('sales report', () => {
  it('adds up sent invoices and completed sales of a month, net of discounts, by week, type, branch, method and product', async () => {
    const report = await get('/api/reports/sales?dateFrom=2023-03-01&dateTo=2023-03-31&group=week');
    expect(report.filters).toEqual({ dateFrom: '2023-03-01', dateTo: '2023-03-31', group: 'week', location_id: null });
    if (isolated) {
      // INV-A 500 - 50 = 450 (cost 4 x 60), INV-B 160 (2 x 50), SALE-A 108 (70), SALE-D 80 - 8 = 72 (50); the draft,
      // the cancelled invoice, the pending and the cancelled sale do not count. Paid and owed are as they are now.
      expect(report.totals).toEqual({
        revenue: 790, cost: 460, gross_profit: 330, margin_percent: 41.8, tax: 36, discount: 58, paid: 494, outstanding: 332, count: 4,
      });
      // Weeks from Monday; 1 March 2023 is a Wednesday.
      expect(report.series).toEqual([
        { period: '2023-02-27', revenue: 0, cost: 0, gross_profit: 0, count: 0 },
        { period: '2023-03-06', revenue: 610, cost: 340, gross_profit: 270, count: 2 },
        { period: '2023-03-13', revenue: 108, cost: 70, gross_profit: 38, count: 1 },
        { period: '2023-03-20', revenue: 72, cost: 50, gross_profit: 22, count: 1 },
        { period: '2023-03-27', revenue: 0, cost: 0, gross_profit: 0, count: 0 },
      ]);
      // The header discount spread by value: INV-A's tires 400 - 50 x 400/500 = 360, its fitting 100 - 10 = 90;
      // SALE-D's tire 80 - 8 = 72.
      expect(report.by_product_type).toEqual([
        { product_type: 'tire', quantity: 7, revenue: 592, cost: 390, gross_profit: 202 },
        { product_type: 'battery', quantity: 1, revenue: 108, cost: 70, gross_profit: 38 },
        { product_type: 'wiper', ...zeroTypes },
        { product_type: 'service', quantity: 4, revenue: 90, cost: 0, gross_profit: 90 },
        { product_type: 'item', ...zeroTypes },
      ]);
      // Money in dated in March: 200 and 108 and a 30 deposit on the pending sale in cash; 160 less a 60 refund by card.
      expect(report.by_payment_method).toEqual([
        { payment_method: 'cash', amount: 338, count: 3 },
        { payment_method: 'credit_card', amount: 100, count: 2 },
        { payment_method: 'bank_transfer', amount: 0, count: 0 },
        { payment_method: 'cheque', amount: 0, count: 0 },
        { payment_method: 'store_credit', amount: 0, count: 0 },
      ]);
      const t1 = { product_id: ids.t1, product_name: names.t1, product_type: 'tire', quantity: 4, revenue: 360, cost: 240, gross_profit: 120 };
      const t2 = { product_id: ids.t2, product_name: names.t2, product_type: 'tire', quantity: 3, revenue: 232, cost: 150, gross_profit: 82 };
      const b1 = { product_id: ids.b1, product_name: names.b1, product_type: 'battery', quantity: 1, revenue: 108, cost: 70, gross_profit: 38 };
      const s1 = { product_id: ids.s1, product_name: names.s1, product_type: 'service', quantity: 4, revenue: 90, cost: 0, gross_profit: 90 };
      expect(report.top_by_revenue).toEqual([t1, t2, b1, s1]);
      expect(report.top_by_profit).toEqual([t1, s1, t2, b1]);
    }
    const branches = report.by_location.filter((row: any) => [f.downtownId, f.northsideId, ids.eastside].includes(row.location.id));
    expect(branches).toEqual([
      { location: { id: f.downtownId, name: f.names.downtown }, revenue: 558, cost: 310, gross_profit: 248, count: 2 },
      { location: { id: ids.eastside, name: names.eastside }, revenue: 0, cost: 0, gross_profit: 0, count: 0 },
      { location: { id: f.northsideId, name: f.names.northside }, revenue: 232, cost: 150, gross_profit: 82, count: 2 },
    ]);
  });

  it('filters by branch', async () => {
    const report = await get(`/api/reports/sales?dateFrom=2023-03-01&dateTo=2023-03-31&location_id=${f.northsideId}`);
    expect(report.filters).toEqual({ dateFrom: '2023-03-01', dateTo: '2023-03-31', group: 'day', location_id: f.northsideId });
    expect(report.totals).toEqual({ revenue: 232, cost: 150, gross_profit: 82, margin_percent: 35.3, tax: 0, discount: 8, paid: 100, outstanding: 132, count: 2 });
    expect(report.series).toHaveLength(31);
    expect(report.series.filter((row: any) => row.count > 0)).toEqual([
      { period: '2023-03-08', revenue: 160, cost: 100, gross_profit: 60, count: 1 },
      { period: '2023-03-22', revenue: 72, cost: 50, gross_profit: 22, count: 1 },
    ]);
    expect(report.by_location).toEqual([{ location: { id: f.northsideId, name: f.names.northside }, revenue: 232, cost: 150, gross_profit: 82, count: 2 }]);
    expect(report.by_payment_method[1]).toEqual({ payment_method: 'credit_card', amount: 100, count: 2 });
    expect(report.by_payment_method[0]).toEqual({ payment_method: 'cash', amount: 0, count: 0 });
    expect(report.top_by_revenue).toEqual([{ product_id: ids.t2, product_name: names.t2, product_type: 'tire', quantity: 3, revenue: 232, cost: 150, gross_profit: 82 }]);
  });

  it('groups by month over whole and cut months, and answers empty periods and an empty branch with zeros', async () => {
    const report = await get(`/api/reports/sales?dateFrom=2023-02-15&dateTo=2023-04-10&group=month&location_id=${f.downtownId}`);
    expect(report.series).toEqual([
      { period: '2023-02-01', revenue: 0, cost: 0, gross_profit: 0, count: 0 },
      { period: '2023-03-01', revenue: 558, cost: 310, gross_profit: 248, count: 2 },
      { period: '2023-04-01', revenue: 0, cost: 0, gross_profit: 0, count: 0 },
    ]);
    // March whole from the month rows, the cut ends of February and April from the day rows.
    expect(report.top_by_profit.map((row: any) => [row.product_id, row.quantity, row.revenue, row.cost])).toEqual([
      [ids.t1, 4, 360, 240], [ids.s1, 4, 90, 0], [ids.b1, 1, 108, 70],
    ]);
    const empty = await get(`/api/reports/sales?dateFrom=2023-03-01&dateTo=2023-03-31&location_id=${ids.eastside}`);
    expect(empty.totals).toEqual({ revenue: 0, cost: 0, gross_profit: 0, margin_percent: null, tax: 0, discount: 0, paid: 0, outstanding: 0, count: 0 });
    expect(empty.top_by_revenue).toEqual([]);
    // A branch that does not exist: empty figures, not a 404.
    expect((await get('/api/reports/sales?location_id=999999999')).totals.count).toBe(0);
  });

  it('defaults to this month so far, by day, and a long range to months', async () => {
    const report = await get(`/api/reports/sales?location_id=${ids.eastside}`);
    expect(report.filters).toEqual({ dateFrom: firstOfMonth, dateTo: today, group: 'day', location_id: ids.eastside });
    expect(report.series).toHaveLength(daysBetween(firstOfMonth, today) + 1);
    // DINV1 (2 x 70 + 25) and DSALE1 (2 x 25).
    expect(report.totals).toMatchObject({ revenue: 215, cost: 80, gross_profit: 135, margin_percent: 62.8, paid: 115, outstanding: 100, count: 2 });
    const year = await get(`/api/reports/sales?dateFrom=2023-01-01&dateTo=2023-12-31&location_id=${f.downtownId}`);
    expect(year.filters.group).toBe('month');
    expect(year.series).toHaveLength(12);
    expect(year.top_by_revenue.map((row: any) => [row.product_id, row.revenue])).toEqual([[ids.t1, 360], [ids.b1, 108], [ids.s1, 90]]);
  });

  it('finds the top products of a long or a short range among few products, as adding them all up does', async () => {
    const top = (from: string, to: string, order: string, limit: number) =>
      h.withDb((db) =>
        db.query<{ product_id: number; quantity: number; revenue: number; cost: number }>(
          'select * from public.report_top_products($1, $2, $3, $4, $5, $6)',
          ['sale', from, to, f.downtownId, order, limit],
        ),
      );
    // Long ranges narrow by the all-time bounds, short ones by the months they touch.
    expect(await top('2023-01-01', '2023-12-31', 'revenue', 2)).toEqual([
      { product_id: ids.t1, quantity: 4, revenue: 360, cost: 240 },
      { product_id: ids.b1, quantity: 1, revenue: 108, cost: 70 },
    ]);
    expect(await top('2023-01-01', '2023-12-31', 'profit', 2)).toEqual([
      { product_id: ids.t1, quantity: 4, revenue: 360, cost: 240 },
      { product_id: ids.s1, quantity: 4, revenue: 90, cost: 0 },
    ]);
    expect(await top('2023-03-10', '2023-04-05', 'revenue', 1)).toEqual([{ product_id: ids.b1, quantity: 1, revenue: 108, cost: 70 }]);
    expect(await top('2023-02-20', '2023-03-20', 'profit', 2)).toEqual([
      { product_id: ids.t1, quantity: 4, revenue: 360, cost: 240 },
      { product_id: ids.s1, quantity: 4, revenue: 90, cost: 0 },
    ]);
    const purchased = await h.withDb((db) =>
      db.query('select * from public.report_top_products($1, $2, $3, $4, $5, $6)', ['purchase', '2023-01-01', '2023-12-31', f.downtownId, 'amount', 1]),
    );
    expect(purchased).toEqual([{ product_id: ids.t1, quantity: 12, revenue: 720, cost: 0 }]);
  });
});

describe('tire recall list', () => {
  const row = (key: 'invA' | 'invB' | 'saleD', extra: Record<string, unknown>) => ({
    document_type: key === 'saleD' ? 'Sale' : 'Invoice',
    document_id: ids[key],
    document_number: numbers[key],
    returned: 0,
    ...extra,
  });

  it('lists tires sold by the start of their DOT, any case, newest first, with the customer and document', async () => {
    const one = await get(`/api/reports/tire-sales?dot=${dots.t1.toUpperCase()}&dateFrom=2023-01-01&dateTo=2023-12-31`);
    expect(one).toEqual({
      data: [
        row('invA', {
          dot: dots.t1, brand: f.names.brand, pattern: f.names.pattern, size: `205 / 55 R 16 ${f.tag}`, product_id: ids.t1, product_name: names.t1,
          quantity: 4, date: '2023-03-06', customer: { id: ids.c1, name: names.c1, phone: `555-${f.tag}-01`, contact_recorded: true }, vehicle: null,
        }),
      ],
      filters: { dot: dots.t1.toUpperCase(), dot_from: null, dot_to: null, tire_brand_id: null, dateFrom: '2023-01-01', dateTo: '2023-12-31' },
      current_page: 1, last_page: 1, per_page: 20, total: 1,
    });
    const two = await get(`/api/reports/tire-sales?dot=${dots.t2.slice(0, 6)}&dateFrom=2023-01-01&dateTo=2023-12-31`);
    expect(two.total).toBe(2);
    expect(two.data.map((line: any) => [line.document_id, line.date, line.quantity, line.brand])).toEqual([
      [ids.saleD, '2023-03-22', 1, f.names.otherBrand],
      [ids.invB, '2023-03-08', 2, f.names.otherBrand],
    ]);
    expect(two.data[0]).toMatchObject(row('saleD', { customer: { id: ids.c2, name: names.c2, phone: '555 0102' } }));
  });

  it('filters by brand and dates, pages, defaults to the last 12 months, and takes no wildcard', async () => {
    const brand = await get(`/api/reports/tire-sales?tire_brand_id=${f.otherBrandId}&dateFrom=2023-03-01&dateTo=2023-03-31`);
    expect(brand.data.map((line: any) => line.document_id)).toEqual([ids.saleD, ids.invB]);
    const paged = await get(`/api/reports/tire-sales?tire_brand_id=${f.otherBrandId}&dateFrom=2023-03-01&dateTo=2023-03-31&per_page=1&page=2`);
    expect(paged).toMatchObject({ current_page: 2, last_page: 2, per_page: 1, total: 2 });
    expect(paged.data.map((line: any) => line.document_id)).toEqual([ids.invB]);
    const beyond = await get(`/api/reports/tire-sales?tire_brand_id=${f.otherBrandId}&dateFrom=2023-03-01&dateTo=2023-03-31&per_page=1&page=5`);
    expect(beyond).toMatchObject({ data: [], current_page: 5, last_page: 2, total: 2 });
    const early = await get(`/api/reports/tire-sales?dot=${dots.t2}&dateFrom=2023-03-01&dateTo=2023-03-10`);
    expect(early.data.map((line: any) => line.document_id)).toEqual([ids.invB]);
    // The dashboard branch's tires: this month and last month, within the default last 12 months.
    const recent = await get(`/api/reports/tire-sales?dot=${dots.t3}`);
    expect(recent.data.map((line: any) => [line.document_id, line.quantity])).toEqual([[ids.dinv1, 2], [ids.dinv2, 1]]);
    expect((await get(`/api/reports/tire-sales?dot=${dots.t1}`)).total).toBe(0);
    for (const dot of ['%', `2_${f.tag}`, `${dots.t1.slice(0, 2)}%`]) {
      expect((await get(`/api/reports/tire-sales?dot=${encodeURIComponent(dot)}&dateFrom=2023-01-01&dateTo=2023-12-31`)).total).toBe(0);
    }
    if (isolated) {
      // With no DOT nor brand, the total comes from the kept line counts: INV-A, INV-B, SALE-D.
      const all = await get('/api/reports/tire-sales?dateFrom=2023-01-01&dateTo=2023-12-31');
      expect(all.total).toBe(3);
      expect(all.data.map((line: any) => line.document_id)).toEqual([ids.saleD, ids.invB, ids.invA]);
    }
  });
});

describe('purchases report', () => {
  it('adds up orders that are not cancelled: ordered, received, still to come, paid and owed, by week, supplier and product', async () => {
    const report = await get('/api/reports/purchases?dateFrom=2023-05-01&dateTo=2023-05-31&group=week');
    expect(report.filters).toEqual({ dateFrom: '2023-05-01', dateTo: '2023-05-31', group: 'week', location_id: null, supplier_id: null });
    if (isolated) {
      // P1 950 received; P2 500 + 19 tax, 4 of 10 in (200, 300 to come); P3 and P5 pending (120, 140); P4 cancelled.
      // Paid and owed are as they are now: P1 500 + 200 (July), P2 100.
      expect(report.totals).toEqual({ ordered: 1729, received: 1150, outstanding: 560, paid: 800, balance: 929, count: 4 });
      expect(report.series).toEqual([
        { period: '2023-05-01', ordered: 950, received: 950, count: 1 },
        { period: '2023-05-08', ordered: 0, received: 0, count: 0 },
        { period: '2023-05-15', ordered: 639, received: 200, count: 2 },
        { period: '2023-05-22', ordered: 140, received: 0, count: 1 },
        { period: '2023-05-29', ordered: 0, received: 0, count: 0 },
      ]);
      expect(report.top_products).toEqual([
        { product_id: ids.t1, product_name: names.t1, product_type: 'tire', quantity: 12, amount: 720 },
        { product_id: ids.t2, product_name: names.t2, product_type: 'tire', quantity: 10, amount: 500 },
        { product_id: ids.b1, product_name: names.b1, product_type: 'battery', quantity: 7, amount: 490 },
      ]);
    }
    // P1's second payment (July) is counted: paid and owed are as they are now.
    const mine = report.by_supplier.filter((row: any) => [ids.sup1, ids.sup2].includes(row.supplier.id));
    expect(mine).toEqual([
      { supplier: { id: ids.sup1, name: f.names.supplier }, ordered: 1469, received: 1150, outstanding: 300, paid: 800, balance: 669, count: 2 },
      { supplier: { id: ids.sup2, name: names.sup2 }, ordered: 260, received: 0, outstanding: 260, paid: 0, balance: 260, count: 2 },
    ]);
  });

  it('filters by supplier and branch, and lists open orders past their expected delivery whatever the dates', async () => {
    const sup1 = await get(`/api/reports/purchases?dateFrom=2023-05-01&dateTo=2023-05-31&supplier_id=${ids.sup1}`);
    expect(sup1.totals).toEqual({ ordered: 1469, received: 1150, outstanding: 300, paid: 800, balance: 669, count: 2 });
    expect(sup1.top_products.map((row: any) => [row.product_id, row.quantity, row.amount])).toEqual([[ids.t1, 10, 600], [ids.t2, 10, 500], [ids.b1, 5, 350]]);
    expect(sup1.overdue_orders).toEqual([
      {
        id: ids.p2, number: numbers.p2, supplier: { id: ids.sup1, name: f.names.supplier }, purchase_date: '2023-05-15',
        expected_delivery_date: '2023-05-20', days_late: daysBetween('2023-05-20', today), net_amount: 519, status: 'ordered',
      },
    ]);
    const sup2 = await get(`/api/reports/purchases?dateFrom=2020-01-01&dateTo=2020-01-31&supplier_id=${ids.sup2}`);
    expect(sup2.totals.count).toBe(0);
    expect(sup2.overdue_orders.map((row: any) => [row.id, row.status, row.days_late])).toEqual([[ids.p5, 'pending', daysBetween('2023-06-01', today)]]);

    const north = await get(`/api/reports/purchases?dateFrom=2023-05-01&dateTo=2023-05-31&location_id=${f.northsideId}`);
    expect(north.totals).toEqual({ ordered: 659, received: 200, outstanding: 440, paid: 100, balance: 559, count: 2 });
    expect(north.top_products.map((row: any) => [row.product_id, row.amount])).toEqual([[ids.t2, 500], [ids.b1, 140]]);
    expect(north.overdue_orders.map((row: any) => row.id)).toEqual([ids.p2, ids.p5]);
  });

  it('adds whole months and the cut ends of a range by month', async () => {
    const report = await get(`/api/reports/purchases?dateFrom=2023-04-15&dateTo=2023-06-10&group=month&location_id=${f.downtownId}`);
    // Downtown: P1 (950, paid 700, owes 250) and P3 (pending, 120); P4 cancelled.
    expect(report.totals).toEqual({ ordered: 1070, received: 950, outstanding: 120, paid: 700, balance: 370, count: 2 });
    expect(report.series).toEqual([
      { period: '2023-04-01', ordered: 0, received: 0, count: 0 },
      { period: '2023-05-01', ordered: 1070, received: 950, count: 2 },
      { period: '2023-06-01', ordered: 0, received: 0, count: 0 },
    ]);
    const cut = await get(`/api/reports/purchases?dateFrom=2023-05-10&dateTo=2023-05-21&group=month&location_id=${f.downtownId}`);
    expect(cut.totals).toMatchObject({ ordered: 120, count: 1 });
    expect(cut.series).toEqual([{ period: '2023-05-01', ordered: 120, received: 0, count: 1 }]);
  });
});

describe('customer and supplier balances', () => {
  const ageing = { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0 };
  const alice = () => ({ customer_id: ids.c1, name: names.c1, phone: `555-${f.tag}-01` });
  const bob = () => ({ customer_id: ids.c2, name: names.c2, phone: '555 0102' });

  it('ages what customers owed at a date: documents dated by then, less what was paid by then', async () => {
    // 31 March 2023: INV-A 486 - 200 (the 86 came in April), 11 days late; INV-B 160 - 160 + 60 refunded, due 7 April;
    // SALE-D 72, 9 days late; SALE-A paid in full.
    const march = await get(`/api/reports/customer-balance?as_of=2023-03-31&search=${f.tag}`);
    expect(march).toEqual({
      as_of: '2023-03-31',
      data: [
        { ...alice(), billed: 486, paid: 200, balance: 286, ...ageing, days_1_30: 286 },
        { ...bob(), billed: 232, paid: 100, balance: 132, ...ageing, current: 60, days_1_30: 72 },
      ],
      totals: { billed: 718, paid: 300, balance: 418, ...ageing, current: 60, days_1_30: 358, customers: 2 },
      current_page: 1, last_page: 1, per_page: 20, total: 2,
    });
    // 30 June 2023: INV-A 200 (102 days), INV-B 60 (84 days), SALE-D 72 (100 days).
    const june = await get(`/api/reports/customer-balance?as_of=2023-06-30&search=${f.tag}&per_page=1`);
    expect(june.data).toEqual([{ ...alice(), billed: 486, paid: 286, balance: 200, ...ageing, days_over_90: 200 }]);
    expect(june.totals).toEqual({ billed: 718, paid: 386, balance: 332, ...ageing, days_61_90: 60, days_over_90: 272, customers: 2 });
    expect(june).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    // Before any document: nothing owed.
    const before = await get(`/api/reports/customer-balance?as_of=2023-03-05&search=${f.tag}`);
    expect(before.data).toEqual([]);
    expect(before.totals).toEqual({ billed: 0, paid: 0, balance: 0, ...ageing, customers: 0 });
  });

  it('searches names and phones', async () => {
    const byName = await get(`/api/reports/customer-balance?as_of=2023-03-31&search=${encodeURIComponent(names.c2.toUpperCase())}`);
    expect(byName.data.map((row: any) => row.customer_id)).toEqual([ids.c2]);
    const byPhone = await get(`/api/reports/customer-balance?as_of=2023-03-31&search=555-${f.tag}`);
    expect(byPhone.data.map((row: any) => row.customer_id)).toEqual([ids.c1]);
    expect((await get(`/api/reports/customer-balance?search=${encodeURIComponent(names.c3)}`)).data.map((row: any) => row.customer_id)).toEqual([ids.c3]);
    expect((await get('/api/reports/customer-balance?search=nobody-is-called-this')).data).toEqual([]);
  });

  it('answers today’s balances from what it keeps, the same as a count over the documents', async () => {
    // Everything owed now, ageing at a date after every document: C1 INV-A 200; C2 INV-B 60 and SALE-D 72;
    // C3 DINV1 165 - 65 and DINV2 70.
    const far = await get('/api/reports/customer-balance?as_of=2099-01-01&per_page=100');
    const mine = far.data.filter((row: any) => [ids.c1, ids.c2, ids.c3].includes(row.customer_id));
    expect(mine).toEqual([
      { ...alice(), billed: 486, paid: 286, balance: 200, ...ageing, days_over_90: 200 },
      { customer_id: ids.c3, name: names.c3, phone: '555 0103', billed: 235, paid: 65, balance: 170, ...ageing, days_over_90: 170 },
      { ...bob(), billed: 232, paid: 100, balance: 132, ...ageing, days_over_90: 132 },
    ]);
    const searched = await get(`/api/reports/customer-balance?as_of=2099-01-01&search=${f.tag}`);
    expect(searched.data).toEqual(mine);
    if (isolated) {
      expect(far.totals).toEqual({ billed: 953, paid: 451, balance: 502, ...ageing, days_over_90: 502, customers: 3 });
      expect(far.total).toBe(3);
      const now = await get('/api/reports/customer-balance');
      expect(now.as_of).toBe(today);
      const dueSince = daysBetween(firstOfLastMonth, today);
      const lastMonthBucket = dueSince <= 30 ? 'days_1_30' : dueSince <= 60 ? 'days_31_60' : 'days_61_90';
      // C3: DINV1 (100, due today) is current; DINV2 (70) is due on the first of last month.
      expect(now.data[0]).toEqual({ customer_id: ids.c1, name: names.c1, phone: `555-${f.tag}-01`, billed: 486, paid: 286, balance: 200, ...ageing, days_over_90: 200 });
      expect(now.data[1]).toEqual({
        customer_id: ids.c3, name: names.c3, phone: '555 0103', billed: 235, paid: 65, balance: 170, ...ageing, current: 100,
        [lastMonthBucket]: 70,
      });
      expect(now.totals).toMatchObject({ billed: 953, paid: 451, balance: 502, current: 100, days_over_90: 332, customers: 3 });
    }
  });

  it('counts a document settled since as owed at a date before its payment', async () => {
    const invoice = await created('/api/invoices', {
      customer_id: ids.c3, location_id: f.northsideId, issued_date: '2023-02-01', due_date: '2023-02-01', status: 'sent',
      items: [{ product_id: ids.s1, quantity: 2, unit_price: 25 }],
    });
    await pay('Invoice', invoice.id, 50, '2023-02-20', 'cash');
    const carol = { customer_id: ids.c3, name: names.c3, phone: '555 0103' };
    const owed = await get(`/api/reports/customer-balance?as_of=2023-02-10&search=${f.tag}`);
    expect(owed.data).toEqual([{ ...carol, billed: 50, paid: 0, balance: 50, ...ageing, days_1_30: 50 }]);
    expect((await get(`/api/reports/customer-balance/${ids.c3}?as_of=2023-02-10`)).documents).toEqual([
      { type: 'Invoice', id: invoice.id, number: invoice.number, date: '2023-02-01', due_date: '2023-02-01', net_amount: 50, paid: 0, balance: 50, days_overdue: 9 },
    ]);
    expect((await get(`/api/reports/customer-balance?as_of=2023-02-20&search=${f.tag}`)).data).toEqual([]);

    const order = await created('/api/purchases', {
      supplier_id: ids.sup2, location_id: f.northsideId, purchase_date: '2023-04-01', status: 'ordered', items: [{ product_id: ids.t1, quantity: 1, cost_price: 60 }],
    });
    await payOrder(order.id, 60, '2023-04-10', 'cash');
    const supplier = await get(`/api/reports/supplier-balance?as_of=2023-04-06&search=${encodeURIComponent(names.sup2)}`);
    expect(supplier.data).toEqual([{ supplier_id: ids.sup2, name: names.sup2, phone: '555 0200', billed: 60, paid: 0, balance: 60, ...ageing, days_1_30: 60 }]);
    expect((await get(`/api/reports/supplier-balance?as_of=2023-04-10&search=${encodeURIComponent(names.sup2)}`)).data).toEqual([]);
  });

  it('gives a customer’s statement: the open documents at a date, oldest first', async () => {
    const statement = await get(`/api/reports/customer-balance/${ids.c2}?as_of=2023-03-31`);
    expect(statement).toEqual({
      as_of: '2023-03-31',
      customer: { id: ids.c2, name: names.c2, phone: '555 0102', email: 'c2@example.test', address: '1 Main St', store_credit: 0 },
      documents: [
        { type: 'Invoice', id: ids.invB, number: numbers.invB, date: '2023-03-08', due_date: '2023-04-07', net_amount: 160, paid: 100, balance: 60, days_overdue: 0 },
        { type: 'Sale', id: ids.saleD, number: numbers.saleD, date: '2023-03-22', due_date: '2023-03-22', net_amount: 72, paid: 0, balance: 72, days_overdue: 9 },
      ],
      totals: { billed: 232, paid: 100, balance: 132, ...ageing, current: 60, days_1_30: 72 },
    });
    const none = await get(`/api/reports/customer-balance/${ids.c2}?as_of=2023-01-01`);
    expect(none.documents).toEqual([]);
    expect(none.totals).toEqual({ billed: 0, paid: 0, balance: 0, ...ageing });
    for (const id of ['999999999', '0', 'abc']) {
      const missing = await send('GET', `/api/reports/customer-balance/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Customer not found' });
    }
  });

  it('ages what the shop owed suppliers on ordered and received orders, due on the expected delivery date', async () => {
    const row = { supplier_id: ids.sup1, name: f.names.supplier, phone: '555 0100' };
    // 30 June 2023: P1 950 - 500 (the 200 came in July), 52 days late; P2 519 - 100, 41 days late. P3 and P5 are pending.
    const june = await get(`/api/reports/supplier-balance?as_of=2023-06-30&search=${f.tag}`);
    expect(june).toEqual({
      as_of: '2023-06-30',
      data: [{ ...row, billed: 1469, paid: 600, balance: 869, ...ageing, days_31_60: 869 }],
      totals: { billed: 1469, paid: 600, balance: 869, ...ageing, days_31_60: 869, suppliers: 1 },
      current_page: 1, last_page: 1, per_page: 20, total: 1,
    });
    const early = await get(`/api/reports/supplier-balance?as_of=2023-05-12&search=${f.tag}`);
    expect(early.data).toEqual([{ ...row, billed: 950, paid: 500, balance: 450, ...ageing, days_1_30: 450 }]);
    const august = await get(`/api/reports/supplier-balance?as_of=2023-08-31&search=${encodeURIComponent(f.names.supplier)}`);
    expect(august.data).toEqual([{ ...row, billed: 1469, paid: 800, balance: 669, ...ageing, days_over_90: 669 }]);

    const statement = await get(`/api/reports/supplier-balance/${ids.sup1}?as_of=2023-06-30`);
    expect(statement.supplier).toEqual({ id: ids.sup1, name: f.names.supplier, phone: '555 0100', email: null, address: '1 Road', contact_person: null });
    expect(statement.documents).toEqual([
      { type: 'Purchase', id: ids.p1, number: expect.any(String), date: '2023-05-02', due_date: '2023-05-09', net_amount: 950, paid: 500, balance: 450, days_overdue: 52 },
      { type: 'Purchase', id: ids.p2, number: numbers.p2, date: '2023-05-15', due_date: '2023-05-20', net_amount: 519, paid: 100, balance: 419, days_overdue: 41 },
    ]);
    expect(statement.totals).toEqual({ billed: 1469, paid: 600, balance: 869, ...ageing, days_31_60: 869 });
    expect((await send('GET', '/api/reports/supplier-balance/999999999')).body).toEqual({ message: 'Supplier not found' });

    // Today: P1 250 and P2 419 (the dashboard branch's order, 200, is the second supplier's and due today).
    const now = await get('/api/reports/supplier-balance?per_page=100');
    const mine = now.data.filter((r: any) => [ids.sup1, ids.sup2].includes(r.supplier_id));
    expect(mine).toEqual([
      { ...row, billed: 1469, paid: 800, balance: 669, ...ageing, days_over_90: 669 },
      { supplier_id: ids.sup2, name: names.sup2, phone: '555 0200', billed: 200, paid: 0, balance: 200, ...ageing, current: 200 },
    ]);
    if (isolated) expect(now.totals).toEqual({ billed: 1669, paid: 800, balance: 869, ...ageing, current: 200, days_over_90: 669, suppliers: 2 });
  });
});

describe('inventory summary', () => {
  /** Nothing on its way to a branch. */
  const road = { in_transit_quantity: 0, in_transit_value: 0, in_transit_retail_value: 0 };
  const none = { total_quantity: 0, unique_products: 0, cost_value: 0, retail_value: 0, ...road };

  it('gives each type’s units, products in stock and value at cost and at price at a branch, and its low stock', async () => {
    const report = await get(`/api/reports/inventory-summary?location_id=${f.downtownId}`);
    const downtown = { id: f.downtownId, name: f.names.downtown };
    // T1 26 and T2 5 (26 x 60 + 5 x 50, 26 x 100 + 5 x 80); B1 9.
    expect(report.summary).toEqual([
      { product_type: 'Tires', location: downtown, total_quantity: 31, unique_products: 2, cost_value: 1810, retail_value: 3000, ...road },
      { product_type: 'Batteries', location: downtown, total_quantity: 9, unique_products: 1, cost_value: 630, retail_value: 1080, ...road },
      { product_type: 'Wipers', location: downtown, ...none },
    ]);
    expect(report.totals).toEqual([
      { product_type: 'Tires', total_quantity: 31, unique_products: 2, cost_value: 1810, retail_value: 3000, ...road },
      { product_type: 'Batteries', total_quantity: 9, unique_products: 1, cost_value: 630, retail_value: 1080, ...road },
      { product_type: 'Wipers', ...none },
    ]);
    // Below 10 (the bell's rule), lowest first.
    expect(report.low_stock_items).toEqual([
      {
        id: ids.t2, quantity: 5, threshold: 9, location: downtown,
        inventoryable: { id: ids.t2, name: names.t2, battery_name: null, size: `195 / 65 R 15 ${f.tag}`, type: 'tire' },
      },
      {
        id: ids.b1, quantity: 9, threshold: 9, location: downtown,
        inventoryable: { id: ids.b1, name: names.b1, battery_name: names.b1, size: null, type: 'battery' },
      },
    ]);
    expect(report.low_stock_total).toBe(2);

    const north = await get(`/api/reports/inventory-summary?location_id=${f.northsideId}`);
    expect(north.summary[0]).toEqual({
      product_type: 'Tires', location: { id: f.northsideId, name: f.names.northside }, total_quantity: 6, unique_products: 1, cost_value: 300, retail_value: 480, ...road,
    });
    expect(north.low_stock_items.map((item: any) => [item.id, item.quantity])).toEqual([[ids.t2, 6]]);
    expect((await get('/api/reports/inventory-summary?location_id=999999999')).summary).toEqual([]);
  });

  it('lists every branch and type, and totals over the catalogue', async () => {
    const report = await get('/api/reports/inventory-summary');
    const mine = report.summary.filter((row: any) => [f.downtownId, f.northsideId, ids.eastside].includes(row.location.id));
    expect(mine.map((row: any) => [row.location.id, row.product_type, row.total_quantity])).toEqual([
      [f.downtownId, 'Tires', 31], [f.downtownId, 'Batteries', 9], [f.downtownId, 'Wipers', 0],
      [ids.eastside, 'Tires', 5], [ids.eastside, 'Batteries', 0], [ids.eastside, 'Wipers', 0],
      [f.northsideId, 'Tires', 6], [f.northsideId, 'Batteries', 0], [f.northsideId, 'Wipers', 0],
    ]);
    if (isolated) {
      // T2 is in stock at two branches but is one product.
      expect(report.totals).toEqual([
        { product_type: 'Tires', total_quantity: 42, unique_products: 3, cost_value: 2310, retail_value: 3830, ...road },
        { product_type: 'Batteries', total_quantity: 9, unique_products: 1, cost_value: 630, retail_value: 1080, ...road },
        { product_type: 'Wipers', ...none },
      ]);
      expect(report.low_stock_items.map((item: any) => [item.id, item.location.id, item.quantity])).toEqual([
        [ids.t2, f.downtownId, 5], [ids.t3, ids.eastside, 5], [ids.t2, f.northsideId, 6], [ids.b1, f.downtownId, 9],
      ]);
      expect(report.low_stock_total).toBe(4);
    }
  });
});

describe('dashboard', () => {
  it('gives a branch’s month against last month, what is owed, stock, sales per month, activity and top products', async () => {
    const board = await get(`/api/dashboard?location_id=${ids.eastside}`);
    // This month DINV1 165 and DSALE1 50; last month DINV2 70. Owed: DINV1 100, DINV2 70; to suppliers: the order, 200.
    expect(board.revenue).toEqual({ this_month: 215, last_month: 70, change_percent: 207.1 });
    expect(board.receivable).toBe(170);
    expect(board.payable).toBe(200);
    expect(board.stock_units).toBe(5);
    expect(board.inventory_status).toEqual({ in_stock: 0, low: 1, out: 0 });
    expect(board.low_stock_count).toBe(1);
    expect(board.monthly_sales).toHaveLength(12);
    expect(board.monthly_sales[11]).toEqual({ period: firstOfMonth, revenue: 215, count: 2 });
    expect(board.monthly_sales[10]).toEqual({ period: firstOfLastMonth, revenue: 70, count: 1 });
    expect(board.monthly_sales.slice(0, 10).every((month: any) => month.revenue === 0 && month.count === 0)).toBe(true);
    // Latest first; the sale and its payment were made together, so they share a time. Each
    // invoice shows its status now, as its list does: DINV2 unpaid past its due date, DINV1 paid in part.
    expect(board.recent_activity.map((item: any) => [item.type, item.id, item.status])).toEqual([
      ['Purchase', ids.dpo, 'ordered'],
      ['Receipt', expect.any(Number), 'income'],
      ['Receipt', expect.any(Number), 'income'],
      ['Sale', ids.dsale1, 'completed'],
      ['Invoice', ids.dinv2, 'overdue'],
      ['Invoice', ids.dinv1, 'partial'],
    ]);
    expect(board.recent_activity[0]).toEqual({
      type: 'Purchase', id: ids.dpo, number: numbers.dpo, date: today, party: names.sup2, amount: 200, status: 'ordered', created_at: expect.stringMatching(/Z$/),
    });
    expect(board.recent_activity[1]).toMatchObject({ date: today, party: names.c3, amount: 65 });
    // The last 30 days: DSALE1 always; DINV1 and DINV2 when their first of the month is within them.
    const within = (date: string) => daysBetween(date, today) <= 29;
    const t3 = (within(firstOfMonth) ? 140 : 0) + (within(firstOfLastMonth) ? 70 : 0);
    const s1 = 50 + (within(firstOfMonth) ? 25 : 0);
    const expected = [
      { product_id: ids.t3, product_name: names.t3, product_type: 'tire', quantity: (within(firstOfMonth) ? 2 : 0) + (within(firstOfLastMonth) ? 1 : 0), revenue: t3 },
      { product_id: ids.s1, product_name: names.s1, product_type: 'service', quantity: 2 + (within(firstOfMonth) ? 1 : 0), revenue: s1 },
    ]
      .filter((row) => row.revenue > 0)
      .sort((a, b) => b.revenue - a.revenue || a.product_id - b.product_id);
    expect(board.top_products.map(({ cost: _, gross_profit: __, ...row }: any) => row)).toEqual(expected);
  });

  it('gives the whole shop’s figures without a branch', async () => {
    const board = await get('/api/dashboard');
    expect(board.recent_activity).toHaveLength(10);
    if (!isolated) return;
    expect(board.revenue).toEqual({ this_month: 215, last_month: 70, change_percent: 207.1 });
    // INV-A 200, INV-B 60, SALE-D 72, DINV1 100, DINV2 70; P1 250, P2 419, the order 200 (pending orders are not owed).
    expect(board.receivable).toBe(502);
    expect(board.payable).toBe(869);
    expect(board.customers).toBe(3);
    expect(board.products).toBe(4);
    expect(board.stock_units).toBe(51);
    // By product at each branch, as the inventory report lists low stock: T1 26 at Downtown in
    // stock; T2 5 at Downtown and 6 at Northside, B1 9 and T3 5 low.
    expect(board.inventory_status).toEqual({ in_stock: 1, low: 4, out: 0 });
    expect(board.low_stock_count).toBe(4);
    expect(board.low_stock_count).toBe((await get('/api/reports/inventory-summary')).low_stock_total);
  });
});

describe('bad parameters', () => {
  it('answers 422 naming the field, never 500', async () => {
    const cases: [string, string, string][] = [
      ['/api/reports/sales?dateFrom=2023-03-10&dateTo=2023-03-01', 'dateTo', 'To date must be on or after From date'],
      ['/api/reports/sales?dateFrom=2999-01-01', 'dateTo', 'To date must be on or after From date'],
      ['/api/reports/sales?dateFrom=2019-12-31&dateTo=2023-01-01', 'dateFrom', 'The date range can be at most 3 years'],
      ['/api/reports/sales?dateFrom=2019-01-01', 'dateFrom', 'The date range can be at most 3 years'],
      ['/api/reports/sales?dateFrom=2023-02-30', 'dateFrom', 'From date must be a valid date'],
      ['/api/reports/sales?dateTo=yesterday', 'dateTo', 'To date must be a valid date'],
      ['/api/reports/sales?group=year', 'group', 'Group must be day, week or month'],
      ['/api/reports/sales?location_id=abc', 'location_id', 'Location must be a valid choice'],
      ['/api/reports/sales?location_id=0', 'location_id', 'Location must be a valid choice'],
      ['/api/reports/sales?location_id=1.5', 'location_id', 'Location must be a valid choice'],
      ['/api/reports/sales?location_id=99999999999999999999', 'location_id', 'Location must be a valid choice'],
      ['/api/reports/purchases?supplier_id=-1', 'supplier_id', 'Supplier must be a valid choice'],
      ['/api/reports/purchases?dateFrom=2023-05-02&dateTo=2023-05-01', 'dateTo', 'To date must be on or after From date'],
      ['/api/reports/tire-sales?per_page=101', 'per_page', 'Per page must be at most 100'],
      ['/api/reports/tire-sales?page=0', 'page', 'Page must be at least 1'],
      ['/api/reports/tire-sales?tire_brand_id=x', 'tire_brand_id', 'Brand must be a valid choice'],
      [`/api/reports/tire-sales?dot=${'1'.repeat(21)}`, 'dot', 'DOT must be at most 20 characters'],
      ['/api/reports/tire-sales?dot=%00', 'dot', 'DOT must not contain invalid characters'],
      ['/api/reports/tire-sales?dateFrom=2023-01-02&dateTo=2023-01-01', 'dateTo', 'To date must be on or after From date'],
      ['/api/reports/customer-balance?as_of=2023-13-01', 'as_of', 'As of date must be a valid date'],
      ['/api/reports/supplier-balance?per_page=abc', 'per_page', 'Per page must be a whole number'],
      ['/api/reports/customer-balance?search=%00', 'search', 'Search must not contain invalid characters'],
      [`/api/reports/customer-balance/${1}?as_of=x`, 'as_of', 'As of date must be a valid date'],
      ['/api/reports/inventory-summary?location_id=x', 'location_id', 'Location must be a valid choice'],
      ['/api/dashboard?location_id=-3', 'location_id', 'Location must be a valid choice'],
    ];
    for (const [path, field, message] of cases) {
      const answer = await send('GET', path);
      expect(answer.status, path).toBe(422);
      expect(answer.body, path).toEqual({ message, errors: { [field]: [message] } });
    }
  });

  it('answers odd but valid values with figures, never 500', async () => {
    const paths = [
      '/api/reports/sales?dateFrom=1900-01-01&dateTo=1900-01-31&group=week',
      '/api/reports/sales?dateFrom=2999-12-01&dateTo=2999-12-31&group=month',
      '/api/reports/sales?location_id=1&location_id=2',
      '/api/reports/purchases?dateFrom=2020-01-01&dateTo=2022-12-31&group=day',
      '/api/reports/tire-sales?page=1000&per_page=100',
      `/api/reports/tire-sales?dot=${encodeURIComponent("'; select 1; --")}`,
      '/api/reports/tire-sales?dot=%5C',
      '/api/reports/customer-balance?as_of=1900-01-01',
      '/api/reports/customer-balance?as_of=2999-12-31&page=5000',
      `/api/reports/supplier-balance?search=${encodeURIComponent("%_'\\")}`,
      '/api/reports/customer-balance/1?as_of=2999-12-31',
      '/api/dashboard?location_id=999999999',
      '/api/reports/inventory-summary?location_id=999999999',
    ];
    for (const path of paths) {
      const answer = await send('GET', path);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      expect([200, 404], path).toContain(answer.status);
    }
    // Outside the years dates may have, or past the first 100,000 rows: refused on the field.
    for (const [path, field] of [
      ['/api/reports/sales?dateFrom=0001-01-01&dateTo=0001-01-31', 'dateFrom'],
      ['/api/reports/sales?dateFrom=9999-12-01&dateTo=9999-12-31', 'dateFrom'],
      ['/api/reports/tire-sales?page=1000000&per_page=100', 'page'],
      ['/api/reports/customer-balance?as_of=9999-12-31', 'as_of'],
      ['/api/reports/customer-balance?page=99999', 'page'],
    ]) {
      const answer = await send('GET', path);
      expect(answer.status, path).toBe(422);
      expect(Object.keys(answer.body.errors), path).toContain(field);
    }
  });

  it('takes empty values as not given, and asks for a signed-in user', async () => {
    const report = await get('/api/reports/sales?dateFrom=&dateTo=&group=&location_id=');
    expect(report.filters).toEqual({ dateFrom: firstOfMonth, dateTo: today, group: 'day', location_id: null });
    expect((await get('/api/reports/purchases?supplier_id=&location_id=')).filters.supplier_id).toBeNull();
    expect((await get('/api/reports/customer-balance?as_of=&search=')).as_of).toBe(today);
    for (const path of ['/api/dashboard', '/api/reports/sales', '/api/reports/inventory-summary', '/api/reports/customer-balance/1']) {
      const answer = await call(h, 'GET', path);
      expect(answer.status, path).toBe(401);
    }
  });
});

describe('summaries kept on write', () => {
  const drift = () => h.withDb((db) => db.query('select * from public.report_summary_drift()'));

  it('equal a count afresh over the documents and the stock after every kind of change', async () => {
    expect(await drift()).toEqual([]);
    // A draft edited, sent, paid in part, refunded, its refund and payment deleted, then cancelled.
    const tire = await created('/api/tires', tireBody(f, { size: `185 / 60 R 14 ${f.tag}`, dot: `3${f.tag}`, quantity: 12, cost_price: 33, selling_price: 55 }));
    const draft = await created('/api/invoices', {
      customer_id: ids.c1, location_id: f.downtownId, issued_date: today, due_date: today, items: [{ product_id: tire.id, quantity: 1, unit_price: 55 }],
    });
    await ok('PUT', `/api/invoices/${draft.id}`, {
      customer_id: ids.c2, location_id: f.downtownId, issued_date: today, due_date: addDays(today, 5), discount_amount: 7, tax_amount: 3,
      items: [{ product_id: tire.id, quantity: 3, unit_price: 55 }, { product_id: ids.s1, quantity: 3, unit_price: 25 }],
    });
    await ok('POST', `/api/invoices/${draft.id}/send`);
    const payment = await pay('Invoice', draft.id, 100, today, 'cheque');
    const refund = await pay('Invoice', draft.id, 40, today, 'cheque', 'refund');
    await ok('PUT', `/api/invoices/${draft.id}`, { due_date: addDays(today, 9), notes: 'later' });
    expect(await drift()).toEqual([]);
    expect((await send('DELETE', `/api/receipts/${refund.id}`)).status).toBe(204);
    expect((await send('DELETE', `/api/receipts/${payment.id}`)).status).toBe(204);
    await ok('POST', `/api/invoices/${draft.id}/cancel`);
    // A pending sale edited and completed; another deleted; a draft invoice deleted.
    const pending = await created('/api/sales', {
      customer_id: ids.c1, location_id: f.northsideId, sale_date: today, status: 'pending', items: [{ product_id: ids.t2, quantity: 1, selling_price: 80 }],
    });
    await ok('PUT', `/api/sales/${pending.id}`, {
      customer_id: ids.c1, location_id: f.northsideId, sale_date: today, discount_amount: 5, items: [{ product_id: ids.t2, quantity: 2, selling_price: 79, discount: 5 }],
    });
    await ok('POST', `/api/sales/${pending.id}/complete`);
    const dropped = await created('/api/sales', {
      customer_id: ids.c1, location_id: f.northsideId, sale_date: today, status: 'pending', items: [{ product_id: ids.s1, quantity: 1, selling_price: 25 }],
    });
    expect((await send('DELETE', `/api/sales/${dropped.id}`)).status).toBe(204);
    const deleted = await created('/api/invoices', {
      customer_id: ids.c1, location_id: f.downtownId, issued_date: today, due_date: today, items: [{ product_id: ids.s1, quantity: 1, unit_price: 25 }],
    });
    expect((await send('DELETE', `/api/invoices/${deleted.id}`)).status).toBe(204);
    // A purchase order edited, received in two parts at a new cost, paid; another deleted.
    const order = await created('/api/purchases', {
      supplier_id: ids.sup2, location_id: f.downtownId, purchase_date: today, expected_delivery_date: today, status: 'ordered',
      items: [{ product_id: tire.id, quantity: 6, cost_price: 30 }],
    });
    await ok('PUT', `/api/purchases/${order.id}`, {
      supplier_id: ids.sup2, location_id: f.downtownId, purchase_date: today, expected_delivery_date: addDays(today, 2), tax_amount: 4,
      items: [{ id: order.purchase_items[0].id, product_id: tire.id, quantity: 8, cost_price: 30 }, { product_id: ids.b1, quantity: 2, cost_price: 66 }],
    });
    const lines = (await get(`/api/purchases/${order.id}`)).data.purchase_items;
    await ok('POST', `/api/purchases/${order.id}/receive`, { items: [{ purchase_item_id: lines[0].id, quantity: 3 }] });
    await payOrder(order.id, 50, today, 'cash');
    await ok('POST', `/api/purchases/${order.id}/receive`);
    const gone = await created('/api/purchases', {
      supplier_id: ids.sup2, location_id: f.downtownId, purchase_date: today, status: 'pending', items: [{ product_id: tire.id, quantity: 1, cost_price: 30 }],
    });
    expect((await send('DELETE', `/api/purchases/${gone.id}`)).status).toBe(204);
    expect(await drift()).toEqual([]);
    // Stock: adjusted, moved, the product repriced and retired, another deleted with its stock.
    await created(`/api/products/${tire.id}/stock-adjustments`, { location_id: f.downtownId, delta: -2, reason: 'damage' });
    await created(`/api/products/${tire.id}/stock-transfers`, { from_location_id: f.downtownId, to_location_id: ids.eastside, quantity: 4 });
    expect((await putAsRead(h, token, `/api/tires/${tire.id}`, { ...tireBody(f, { size: `185 / 60 R 14 ${f.tag}`, dot: `3${f.tag}`, cost_price: 35, selling_price: 59 }), active: 0 })).status).toBe(200);
    const doomed = await created('/api/tires', tireBody(f, { size: `155 / 80 R 13 ${f.tag}`, quantity: 3 }));
    expect((await send('DELETE', `/api/tires/${doomed.id}`)).status).toBe(204);
    // A posted document's line changed directly (as a data fix would), then its figures refreshed.
    await h.withDb(async (db) => {
      await db.transaction(async (tx) => {
        await tx.query('update public.invoice_items set quantity = quantity + 1, line_total = line_total + unit_price where invoice_id = $1 and product_id = $2', [ids.invA, ids.s1]);
        await tx.query("select public.refresh_document_totals('Invoice', $1)", [ids.invA]);
      });
    });
    expect(await drift()).toEqual([]);
    // Nothing is left to fold once a transaction has committed.
    const [{ pending: left }] = await h.withDb((db) => db.query<{ pending: number }>('select count(*)::int as pending from public.report_pending'));
    expect(left).toBe(0);
  });
});
