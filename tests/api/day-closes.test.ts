import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type Answer, type SignedIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let admin: SignedIn;
let staff: SignedIn;
let f: CatalogueFixture;
let customerId: number;
let serviceId: number;
let tireId: number;

const send = (method: string, path: string, body?: unknown, as = admin.token, headers?: Record<string, string>) =>
  call(h, method, path, { token: as, body, headers });
const ok = <T = any>(answer: Answer, status = 200): T => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body?.data;
};
const sql = <T>(text: string, params: unknown[] = []) => h.withDb((db) => db.query<T>(text, params));

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const year = (day: string) => day.slice(0, 4);

beforeAll(async () => {
  h = await createHarness();
  admin = await signIn(h);
  staff = await signIn(h, { role: 'staff' });
  f = await catalogueFixture(h);
  customerId = ok(await send('POST', '/api/customers', { name: `Drawer customer ${f.tag}`, phone: '555 0150', address: '5 Till Rd' }), 201).id;
  serviceId = ok(await send('POST', '/api/services', { name: `Fitting ${f.tag}`, selling_price: 500, active: true }), 201).id;
  tireId = ok(await send('POST', '/api/tires', tireBody(f, { quantity: 5, size: `195 / 65 R 15 ${uniqueTag()}` })), 201).id;
});
afterAll(() => h?.close());

async function newBranch(name = `Northside ${uniqueTag()}`) {
  const id = ok(await send('POST', '/api/locations', { name, address: '2 North Rd' }), 201).id as number;
  return { id, name };
}
async function sentInvoice(locationId: number, day: string, price = 500) {
  return ok(
    await send('POST', '/api/invoices', {
      customer_id: customerId, location_id: locationId, issued_date: day, due_date: day, status: 'sent',
      items: [{ product_id: serviceId, quantity: 1, unit_price: price }],
    }),
    201,
  ) as { id: number };
}
async function order(locationId: number, day: string) {
  return ok(
    await send('POST', '/api/purchases', { supplier_id: f.supplierId, location_id: locationId, purchase_date: day, items: [{ product_id: tireId, quantity: 4, cost_price: 50 }] }),
    201,
  ) as { id: number };
}
const receipt = (type: string, receiptableType: string, id: number, amount: number, day: string, method = 'cash', as = admin.token) =>
  send('POST', '/api/receipts', { receipt_date: day, type, receiptable_type: receiptableType, receiptable_id: id, amount, payment_method: method }, as);
const preview = (locationId: number, day: string, as = admin.token) => send('GET', `/api/day-closes/preview?location_id=${locationId}&date=${day}`, undefined, as);
const close = (locationId: number, day: string, counted: Record<string, number>, extra: Record<string, unknown> = {}, as = admin.token) =>
  send('POST', '/api/day-closes', { location_id: locationId, date: day, counted, ...extra }, as);
const methodOf = (figures: { methods: { payment_method: string }[] }, method: string) => figures.methods.find((m) => m.payment_method === method);

describe('day closes', () => {
  it("expects the float plus the branch's money in less its money out, per method, and saves the count against it", async () => {
    const branch = await newBranch();
    const other = await newBranch();
    const [before, day] = [daysAgo(6), daysAgo(5)];
    const invoice = await sentInvoice(branch.id, before);
    const supplierOrder = await order(branch.id, before);
    ok(await receipt('income', 'Invoice', invoice.id, 7, before), 201);
    ok(await receipt('income', 'Invoice', invoice.id, 100, day), 201);
    ok(await receipt('income', 'Invoice', invoice.id, 50, day, 'credit_card'), 201);
    ok(await receipt('refund', 'Invoice', invoice.id, 20, day), 201);
    ok(await receipt('expense', 'Purchase', supplierOrder.id, 30, day), 201);
    ok(await receipt('expense', 'Purchase', supplierOrder.id, 12.5, day, 'cheque'), 201);
    ok(await receipt('refund', 'Purchase', supplierOrder.id, 2.5, day, 'cheque'), 201);
    // Another branch's till does not leak into this one.
    ok(await receipt('income', 'Invoice', (await sentInvoice(other.id, day)).id, 99, day), 201);

    const expected = ok(await preview(branch.id, day));
    expect(expected).toMatchObject({ location_id: branch.id, date: day, period_from: day, opening_float: 0, previous_close: null, close: null, closed_through: null });
    expect(methodOf(expected, 'cash')).toMatchObject({ income: 100, refunds: 20, expenses: 30, supplier_refunds: 0, receipts: 3, expected: 50 });
    expect(methodOf(expected, 'credit_card')).toMatchObject({ income: 50, receipts: 1, expected: 50 });
    expect(methodOf(expected, 'cheque')).toMatchObject({ expenses: 12.5, supplier_refunds: 2.5, expected: -10 });
    expect(methodOf(expected, 'bank_transfer')).toMatchObject({ receipts: 0, expected: 0 });
    expect(expected).toMatchObject({ expected_cash: 50, expected_total: 90 });

    const saved = ok(await close(branch.id, day, { cash: 45, credit_card: 50, cheque: 0 }, { deposit: 25, notes: 'Short a fiver' }), 201);
    expect(saved.number).toMatch(new RegExp(`^DC-${year(day)}-\\d{5}$`));
    expect(saved).toMatchObject({
      location: { id: branch.id, name: branch.name }, date: day, status: 'closed', opening_float: 0, expected_cash: 50, counted_cash: 45,
      cash_over_short: -5, expected_total: 90, counted_total: 95, over_short: 5, deposit: 25, closing_float: 20, receipt_count: 6,
      notes: 'Short a fiver', closed_by: { id: admin.user.id },
    });
    expect(methodOf(saved, 'cheque')).toMatchObject({ expected: -10, counted: 0, over_short: 10 });
    expect(saved.receipts.map((r: { amount: number }) => r.amount).sort()).toEqual([100, 12.5, 2.5, 20, 30, 50].sort());

    // The next day opens with what stayed in the drawer.
    const next = daysAgo(4);
    ok(await receipt('income', 'Invoice', invoice.id, 10, next), 201);
    const tomorrow = ok(await preview(branch.id, next));
    expect(tomorrow).toMatchObject({ opening_float: 20, period_from: next, previous_close: { id: saved.id, number: saved.number, date: day }, closed_through: day });
    expect(methodOf(tomorrow, 'cash')).toMatchObject({ income: 10, expected: 30 });
    const counted = ok(await close(branch.id, next, {}, { cash_by_denomination: { '20': 1, '5': 1, '2': 2, '0.5': 2 } }), 201);
    expect(counted).toMatchObject({ counted_cash: 30, cash_over_short: 0, opening_float: 20, closing_float: 30, cash_by_denomination: { '20': 1, '5': 1, '2': 2, '0.5': 2 } });
    expect(ok(await send('GET', `/api/day-closes/${counted.id}`))).toMatchObject({ id: counted.id, counted_cash: 30 });
  });

  it('covers every day since the last close, so a day without a close leaves no receipt behind', async () => {
    const branch = await newBranch();
    const invoice = await sentInvoice(branch.id, daysAgo(12));
    ok(await close(branch.id, daysAgo(12), { cash: 0 }), 201);
    ok(await receipt('income', 'Invoice', invoice.id, 40, daysAgo(11)), 201);
    ok(await receipt('income', 'Invoice', invoice.id, 60, daysAgo(10)), 201);
    const saved = ok(await close(branch.id, daysAgo(10), { cash: 100 }), 201);
    expect(saved).toMatchObject({ period_from: daysAgo(11), expected_cash: 100, over_short: 0, receipt_count: 2 });
  });

  it('locks a closed day at its branch: receipts and documents on or before it answer 409, other branches and later days go on', async () => {
    const branch = await newBranch();
    const other = await newBranch();
    const day = daysAgo(3);
    const invoice = await sentInvoice(branch.id, daysAgo(4));
    const paid = ok(await receipt('income', 'Invoice', invoice.id, 10, day), 201);
    const draft = ok(await send('POST', '/api/invoices', { customer_id: customerId, location_id: branch.id, issued_date: daysAgo(2), due_date: daysAgo(1), items: [{ product_id: serviceId, quantity: 1, unit_price: 5 }] }), 201);
    ok(await close(branch.id, day, { cash: 10 }), 201);

    const late = await receipt('income', 'Invoice', invoice.id, 5, day);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`The day ${day} is closed at ${branch.name}.`);
    expect((await receipt('income', 'Invoice', invoice.id, 5, daysAgo(20))).status).toBe(409);
    expect((await send('DELETE', `/api/receipts/${paid.id}`)).status).toBe(409);
    expect(ok(await send('GET', `/api/receipts/${paid.id}`))).toMatchObject({ id: paid.id });
    ok(await receipt('income', 'Invoice', invoice.id, 5, daysAgo(2)), 201);
    ok(await receipt('income', 'Invoice', (await sentInvoice(other.id, day)).id, 5, day), 201);

    for (const [path, body] of [
      ['/api/invoices', { customer_id: customerId, location_id: branch.id, issued_date: day, due_date: day, items: [{ product_id: serviceId, quantity: 1, unit_price: 5 }] }],
      ['/api/sales', { customer_id: customerId, location_id: branch.id, sale_date: day, items: [{ product_id: serviceId, quantity: 1, selling_price: 5 }] }],
      ['/api/purchases', { supplier_id: f.supplierId, location_id: branch.id, purchase_date: day, items: [{ product_id: tireId, quantity: 1, cost_price: 50 }] }],
      ['/api/quotes', { customer_id: customerId, location_id: branch.id, issued_date: day, items: [{ product_id: serviceId, quantity: 1, unit_price: 5 }] }],
    ] as const) {
      const refused = await send('POST', path, body);
      expect(refused.status, path).toBe(409);
      expect(refused.body.message).toBe(`The day ${day} is closed at ${branch.name}.`);
    }
    // A document is not backdated into the closed day, nor moved into its branch on that day.
    const moved = await send('PUT', `/api/invoices/${draft.id}`, { customer_id: customerId, location_id: branch.id, issued_date: day, due_date: daysAgo(1), items: [{ product_id: serviceId, quantity: 1, unit_price: 5 }] }, admin.token, { 'if-match': `"${draft.version}"` });
    expect(moved.status, JSON.stringify(moved.body)).toBe(409);
    expect(moved.body.message).toBe(`The day ${day} is closed at ${branch.name}.`);
    const credit = await send('POST', '/api/credit-notes', { invoice_id: invoice.id, location_id: branch.id, issued_date: day, reason: 'Late', items: [{ line_id: (await send('GET', `/api/invoices/${invoice.id}`)).body.data.items[0].id, quantity: 1, restock: false }] });
    expect(credit.status, JSON.stringify(credit.body)).toBe(409);
    expect(credit.body.message).toBe(`The day ${day} is closed at ${branch.name}.`);
  });

  it('answers 409 for a second close of a day and for an earlier day than the last closed, and 422 for what cannot be', async () => {
    const branch = await newBranch();
    const first = ok(await close(branch.id, daysAgo(8), { cash: 0 }), 201);
    const again = await close(branch.id, daysAgo(8), { cash: 0 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`The day ${daysAgo(8)} is already closed at ${branch.name}.`);
    expect((await close(branch.id, daysAgo(9), { cash: 0 })).status).toBe(409);
    expect(ok(await preview(branch.id, daysAgo(8))).close).toEqual({ id: first.id, number: first.number });

    const invalid = async (body: Record<string, unknown>, field: string) => {
      const answer = await send('POST', '/api/day-closes', { location_id: branch.id, date: daysAgo(7), counted: { cash: 10 }, ...body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(Object.keys(answer.body.errors)).toContain(field);
      return answer.body.message as string;
    };
    expect(await invalid({ deposit: 11 }, 'deposit')).toMatch(/^The deposit cannot be more than the cash counted \(.*10\.00\)\.$/);
    await invalid({ cash_by_denomination: { '5': 1 } }, 'counted.cash');
    await invalid({ date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) }, 'date');
    await invalid({ location_id: 999_999_999 }, 'location_id');
    await invalid({ counted: { cash: -1 } }, 'counted.cash');
    await invalid({ counted: { credit_card: 'lots' } }, 'counted.credit_card');
    await invalid({ cash_by_denomination: { abc: 1 } }, 'cash_by_denomination.abc');
    await invalid({ date: 'yesterday' }, 'date');
    expect((await send('GET', `/api/day-closes/preview?location_id=${branch.id}&date=nope`)).status).toBe(422);
  });

  it('is reopened by an administrator, most recent close only, with a reason, and closed again with new counts', async () => {
    const branch = await newBranch();
    const invoice = await sentInvoice(branch.id, daysAgo(9));
    const older = ok(await close(branch.id, daysAgo(7), { cash: 0 }), 201);
    ok(await receipt('income', 'Invoice', invoice.id, 25, daysAgo(6)), 201);
    const latest = ok(await close(branch.id, daysAgo(6), { cash: 20 }), 201);
    expect(latest.cash_over_short).toBe(-5);

    expect((await send('POST', `/api/day-closes/${older.id}/reopen`, { reason: 'Wrong' })).status).toBe(409);
    const refused = await send('POST', `/api/day-closes/${latest.id}/reopen`, { reason: 'Miscounted' }, staff.token);
    expect(refused.status).toBe(403);
    expect((await send('POST', `/api/day-closes/${latest.id}/reopen`, { reason: '  ' })).status).toBe(422);
    expect((await send('POST', '/api/day-closes/999999999/reopen', { reason: 'Gone' })).status).toBe(404);

    const reopened = ok(await send('POST', `/api/day-closes/${latest.id}/reopen`, { reason: 'A cheque was filed as cash' }));
    expect(reopened).toMatchObject({ status: 'reopened', reopen_reason: 'A cheque was filed as cash', reopened_by: { id: admin.user.id } });
    expect((await send('POST', `/api/day-closes/${latest.id}/reopen`, { reason: 'Twice' })).status).toBe(409);

    // The day takes its correction, and closes again.
    ok(await receipt('income', 'Invoice', invoice.id, 5, daysAgo(6), 'cheque'), 201);
    expect((await receipt('income', 'Invoice', invoice.id, 5, daysAgo(7))).status).toBe(409);
    const redone = ok(await close(branch.id, daysAgo(6), { cash: 20, cheque: 5 }), 201);
    expect(redone.number).not.toBe(latest.number);
    expect(redone).toMatchObject({ status: 'closed', expected_cash: 25, counted_cash: 20, over_short: -5 });

    const events = await sql<{ action: string; record_label: string; changes: unknown }>(
      `select action, record_label, changes from public.audit_events where record_type = 'day_close' and record_id in ($1, $2) order by id`,
      [latest.id, redone.id],
    );
    expect(events.map((e) => [e.action, e.record_label])).toEqual([
      ['closed', latest.number],
      ['reopened', latest.number],
      ['closed', redone.number],
    ]);
    expect(events[1].changes).toEqual({ reason: { old: null, new: 'A cheque was filed as cash' } });

    const list = ok(await send('GET', `/api/day-closes?location_id=${branch.id}&per_page=10`));
    expect(list.map((c: { number: string; status: string }) => [c.number, c.status])).toEqual([
      [redone.number, 'closed'],
      [latest.number, 'reopened'],
      [older.number, 'closed'],
    ]);
  });

  it('lets staff close their own branch only', async () => {
    const home = await newBranch();
    const away = await newBranch();
    const homeless = await signIn(h, { role: 'staff' });
    await sql('update public.users set home_location_id = $1 where id = $2', [home.id, staff.user.id]);
    const refused = await close(away.id, daysAgo(1), { cash: 0 }, {}, staff.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/administrator/);
    expect((await close(home.id, daysAgo(1), { cash: 0 }, {}, homeless.token)).status).toBe(403);
    ok(await preview(away.id, daysAgo(1), staff.token));
    ok(await close(home.id, daysAgo(1), { cash: 0 }, {}, staff.token), 201);
    ok(await close(away.id, daysAgo(1), { cash: 0 }), 201);
  });

  it('runs a close once per Idempotency-Key', async () => {
    const branch = await newBranch();
    const headers = { 'idempotency-key': `close-${uniqueTag()}` };
    const body = { location_id: branch.id, date: daysAgo(2), counted: { cash: 0 } };
    const first = await send('POST', '/api/day-closes', body, admin.token, headers);
    const repeat = await send('POST', '/api/day-closes', body, admin.token, headers);
    expect(first.status).toBe(201);
    expect(repeat.status).toBe(201);
    expect(repeat.body.data.id).toBe(first.body.data.id);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
  });

  it('lists closes by branch, dates and over/short, shows each branch today, and sums over/short by month with a CSV', async () => {
    const branch = await newBranch(`Report ${uniqueTag()}`);
    const invoice = await sentInvoice(branch.id, daysAgo(3));
    ok(await receipt('income', 'Invoice', invoice.id, 10, daysAgo(3)), 201);
    const short = ok(await close(branch.id, daysAgo(3), { cash: 8 }, { deposit: 8 }), 201);
    const exact = ok(await close(branch.id, daysAgo(2), { cash: 0 }), 201);
    ok(await receipt('income', 'Invoice', invoice.id, 3, today), 201);
    const over = ok(await close(branch.id, today, { cash: 4 }), 201);

    const list = await send('GET', `/api/day-closes?location_id=${branch.id}&over_short=1`);
    expect(list.body).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([over.id, short.id]);
    const dated = ok(await send('GET', `/api/day-closes?location_id=${branch.id}&date_from=${daysAgo(2)}&date_to=${daysAgo(2)}`));
    expect(dated.map((c: { id: number }) => c.id)).toEqual([exact.id]);
    expect((await send('GET', '/api/day-closes?date_from=soon')).status).toBe(422);

    const todays = ok(await send('GET', '/api/day-closes/today'));
    expect(todays.find((row: { location: { id: number } }) => row.location.id === branch.id)).toMatchObject({ date: today, close: { id: over.id, over_short: 1 } });

    const month = daysAgo(3).slice(0, 7);
    const report = ok(await send('GET', `/api/day-closes/over-short?location_id=${branch.id}`));
    const ofMonth = (m: string) => report.find((row: { month: string }) => row.month === m);
    if (month === today.slice(0, 7)) expect(ofMonth(month)).toMatchObject({ closes: 3, over: 1, short: -2, over_short: -1, deposits: 8 });
    else expect(ofMonth(month)).toMatchObject({ location: { id: branch.id }, short: -2 });
    const csv = await send('GET', `/api/day-closes/over-short/export?location_id=${branch.id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('Month,Branch,Closes,Over,Short,Over/short,Deposits');
    expect(csv.body).toContain(branch.name);
  });
});

describe('day closes racing receipts', () => {
  // PGlite has one connection: requests cannot overlap on the database there.
  it('counts each of 20 receipts written while the day is closed in the close, or refuses it; never neither', async (ctx) => {
    ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
    const branch = await newBranch();
    const day = today;
    const invoice = await sentInvoice(branch.id, daysAgo(1), 10_000);
    const amounts = Array.from({ length: 20 }, (_, i) => i + 1);
    const answers = await Promise.all([
      ...amounts.map((amount) => receipt('income', 'Invoice', invoice.id, amount, day)),
      close(branch.id, day, { cash: 0 }),
    ]);
    const closed = answers.pop()!;
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    const taken = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.data.id as number);
    const refused = answers.filter((answer) => answer.status !== 201);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(`The day ${day} is closed at ${branch.name}.`);
    }
    const saved = ok(await send('GET', `/api/day-closes/${closed.body.data.id}`));
    expect(saved.receipts.map((r: { id: number }) => r.id).sort()).toEqual([...taken].sort());
    const [kept] = await sql<{ count: number; total: number }>(
      `select count(*)::int as count, coalesce(sum(amount), 0)::float8 as total from public.receipts where location_id = $1 and receipt_date = $2`,
      [branch.id, day],
    );
    expect(saved).toMatchObject({ receipt_count: kept.count, expected_cash: kept.total, cash_over_short: 0 - kept.total + 0 });
    expect(kept.count).toBe(taken.length);
  }, 120_000);
});
