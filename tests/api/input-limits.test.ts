import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

/**
 * Input past what a column holds is a 422 naming the field, never a 500: dates outside 1900-2999
 * (PostgreSQL has no year 0), numbers past an integer or numeric(12,2), text past a field's length,
 * too many lines, too big an import; stock or stock value that would pass what is kept; a page too
 * deep into a list.
 */

let h: Harness;
let token: string;
let f: CatalogueFixture;
let customerId: number;
let tireId: number;
let seq = 0;

const send = (method: string, path: string, body?: unknown) => call(h, method, path, { token, body });
const newTire = (overrides: Record<string, unknown> = {}) =>
  send('POST', '/api/tires', tireBody(f, { size: `205 / 55 R 16 ${f.tag} ${++seq}`, ...overrides }));

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
  f = await catalogueFixture(h);
  customerId = (await send('POST', '/api/customers', { name: `Limits ${f.tag}`, phone: '555 0142', address: '4 Edge Rd' })).body.data.id;
  tireId = (await newTire({ quantity: 5 })).body.data.id;
});
afterAll(() => h.close());

const invoice = (overrides: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  location_id: f.downtownId,
  issued_date: '2026-11-20',
  due_date: '2026-11-30',
  items: [{ product_id: tireId, quantity: 1, unit_price: 90 }],
  ...overrides,
});

/** The answer is a 422 whose errors name `field` (and nothing else when `only`). */
function refusedOn(answer: { status: number; body: any }, field: string, message?: string | RegExp) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(Object.keys(answer.body.errors), JSON.stringify(answer.body)).toContain(field);
  if (typeof message === 'string') expect(answer.body.errors[field]).toContain(message);
  if (message instanceof RegExp) expect(answer.body.errors[field].join(' ')).toMatch(message);
}

describe('dates', () => {
  const outside = ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01'];
  const notDates = ['10000-01-01', '99999-01-01', '-0001-01-01', '2026-02-30', '2026-13-01'];

  it.each(outside)('refuses %s in a body as outside 1900-2999, naming the field', async (date) => {
    refusedOn(await send('POST', '/api/invoices', invoice({ issued_date: date })), 'issued_date', 'Issue date must be between 1900 and 2999');
    refusedOn(await newTire({ date_of_production: date }), 'date_of_production', 'Date of production must be between 1900 and 2999');
  });

  it.each(notDates)('refuses %s in a body as not a date', async (date) => {
    refusedOn(await send('POST', '/api/invoices', invoice({ issued_date: date })), 'issued_date', 'Issue date must be a valid date');
  });

  it.each([...outside, ...notDates])('refuses %s in the date filters of lists and reports', async (date) => {
    const query = encodeURIComponent(date);
    refusedOn(await send('GET', `/api/invoices?dateFrom=${query}`), 'dateFrom');
    refusedOn(await send('GET', `/api/receipts?dateTo=${query}`), 'dateTo');
    refusedOn(await send('GET', `/api/audit-events?date_from=${query}`), 'date_from');
    refusedOn(await send('GET', `/api/reports/sales?dateTo=${query}`), 'dateTo');
    refusedOn(await send('GET', `/api/reports/customer-balance?as_of=${query}`), 'as_of');
  });

  it('takes the first and the last day of the years it allows', async () => {
    const first = await send('POST', '/api/invoices', invoice({ issued_date: '1900-01-01', due_date: '2999-12-31' }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await send('GET', '/api/reports/sales?dateFrom=2999-01-01&dateTo=2999-12-31')).status).toBe(200);
  });
});

describe('numbers past their columns', () => {
  it.each([2_147_483_648, 1e20, '2147483648'])('refuses a quantity of %s, naming the field', async (quantity) => {
    refusedOn(await newTire({ quantity }), 'quantity');
    refusedOn(await send('POST', `/api/products/${tireId}/stock-adjustments`, { location_id: f.downtownId, delta: quantity, reason: 'count_correction' }), 'delta');
    refusedOn(await send('POST', `/api/products/${tireId}/stock-transfers`, { from_location_id: f.downtownId, to_location_id: f.northsideId, quantity }), 'quantity');
    refusedOn(await send('POST', '/api/invoices', invoice({ items: [{ product_id: tireId, quantity, unit_price: 1 }] })), 'items.0.quantity');
  });

  it.each([1e12, 10_000_000_000, 1e20])('refuses money of %s, naming the field', async (amount) => {
    refusedOn(await send('PATCH', `/api/products/${tireId}/price`, { selling_price: amount }), 'selling_price', 'Selling price is too large');
    refusedOn(await send('POST', '/api/invoices', invoice({ tax_amount: amount })), 'tax_amount');
    refusedOn(await send('POST', '/api/invoices', invoice({ items: [{ product_id: tireId, quantity: 1, unit_price: amount }] })), 'items.0.unit_price');
  });

  it('refuses a stock change whose stock value would pass what is kept, naming the field', async () => {
    const dear = (await newTire({ quantity: 1, cost_price: 9_999_999_999.99, selling_price: 9_999_999_999.99 })).body.data.id;
    const more = { location_id: f.downtownId, delta: 1_000_000, reason: 'count_correction' };
    refusedOn(await send('POST', `/api/products/${dear}/stock-adjustments`, more), 'delta', 'The stock or its value would be more than can be kept');
    const stock = await send('GET', `/api/products/${dear}/stock`);
    expect(stock.body.data.find((row: { location_id: number }) => row.location_id === f.downtownId).quantity).toBe(1);
  });

  it('refuses a price whose stock value would pass what is kept, naming the field', async () => {
    const many = (await newTire({ quantity: 1_000_000, cost_price: 1, selling_price: 2 })).body.data.id;
    refusedOn(await send('PATCH', `/api/products/${many}/price`, { selling_price: 9_999_999_999.99 }), 'selling_price');
    refusedOn(await send('PATCH', `/api/products/${many}/price`, { cost_price: 9_999_999_999.99 }), 'cost_price');
    expect((await send('PATCH', `/api/products/${many}/price`, { selling_price: 3 })).status).toBe(200);
  });
});

describe('text and lines', () => {
  it('refuses text past a field’s length with its message', async () => {
    refusedOn(await send('POST', '/api/customers', { name: 'n'.repeat(256), phone: '1', address: 'x' }), 'name', 'Name must be at most 255 characters');
    refusedOn(await send('POST', '/api/customers', { name: 'N', phone: '1'.repeat(51), address: 'x' }), 'phone');
    refusedOn(await newTire({ dot: '1'.repeat(21) }), 'dot');
    refusedOn(await send('POST', '/api/invoices', invoice({ notes: 'n'.repeat(2001) })), 'notes');
  });

  it('refuses a document of more than 200 lines', async () => {
    const items = Array.from({ length: 201 }, () => ({ product_id: tireId, quantity: 1, unit_price: 1 }));
    refusedOn(await send('POST', '/api/invoices', invoice({ items })), 'items', 'A document can have at most 200 items');
  });
});

describe('the tire import', () => {
  const header = 'brand,tire_type,size,dot,made_in,date_received,supplier,location,cost_price,selling_price,quantity\n';
  const row = (values: { size?: string; date?: string; price?: number; quantity?: number } = {}) =>
    [f.names.brand, f.names.type, values.size ?? `195 / 65 R 15 ${f.tag}`, '2324', 'Japan', values.date ?? '2026-01-01', f.names.supplier, f.names.downtown, values.price ?? 10, values.price ?? 20, values.quantity ?? 3].join(',') + '\n';
  const upload = (csv: string) => call(h, 'POST', '/api/tires/import', { token, rawBody: csv, headers: { 'content-type': 'text/csv' } });

  it('refuses a file of 100,000 rows before reading it (413) and one of 2,001 rows with a 422', async () => {
    const huge = await upload(header + row().repeat(100_000));
    expect(huge.status).toBe(413);
    refusedOn(await upload(header + row().repeat(2_001)), 'file', /at most 2000/);
  });

  it('refuses the rows past a column or past what is kept, and adds the others', async () => {
    const csv =
      header +
      row({ size: `195 / 65 R 15 ${f.tag} a`, quantity: 2_147_483_648 }) +
      row({ size: `195 / 65 R 15 ${f.tag} b`, date: '0000-01-01' }) +
      row({ size: `195 / 65 R 15 ${f.tag} c`, price: 9_999_999_999.99, quantity: 1_000_000 }) +
      row({ size: `195 / 65 R 15 ${f.tag} d` });
    const answer = await upload(csv);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.added).toBe(1);
    expect(answer.body.refused.map((refusal: { row: number }) => refusal.row)).toEqual([2, 3, 4]);
    expect(answer.body.refused[2].errors).toEqual(['The stock or its value would be more than can be kept']);
  });
});

describe('paging', () => {
  it('answers an empty page past the last one', async () => {
    const answer = await send('GET', '/api/customers?page=500&per_page=100');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [], current_page: 500, per_page: 100 });
    expect(answer.body.last_page).toBeLessThan(500);
  });

  it('refuses a page reaching past 100,000 rows, naming page', async () => {
    expect((await send('GET', '/api/customers?page=1000&per_page=100')).status).toBe(200);
    refusedOn(await send('GET', '/api/customers?page=1001&per_page=100'), 'page', /Page must be at most 1000/);
    refusedOn(await send('GET', '/api/invoices?page=5001'), 'page', /Page must be at most 5000/);
    refusedOn(await send('GET', '/api/receipts?page=5001'), 'page');
    refusedOn(await send('GET', '/api/tires?page=2000&per_page=51'), 'page');
    refusedOn(await send('GET', '/api/reports/tire-sales?page=1001&per_page=100'), 'page');
    refusedOn(await send('GET', '/api/reports/customer-balance?page=100001&per_page=1'), 'page');
  });
});

describe('kept totals', () => {
  // The tires it adds are deleted again: in workerd the test files share one database and its kept totals.
  it('refuses what would pass the kept stock value with a 422 at commit, and every list still reads', async () => {
    // A kept total holds under 10^14 per bucket (16 of them): 9,000 tires at 9,999,999,999.99 fill one.
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await newTire({ quantity: 9_000, cost_price: 9_999_999_999.99, selling_price: 9_999_999_999.99 }));
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.body).toEqual({ message: 'The amounts are too large to be kept.', errors: { _: ['The amounts are too large to be kept.'] } });
    for (const path of ['/api/tires', `/api/tires?search=${f.tag}`, '/api/dashboard', '/api/reports/inventory-summary', '/api/notifications', '/api/tires/export']) {
      expect((await send('GET', path)).status, path).toBe(200);
    }
    // A removal is kept in its own transaction's bucket; at these amounts that bucket may have no room
    // below, and it is refused like any other change: the next transaction takes another bucket.
    for (const answer of answers.filter((answer) => answer.status === 201)) {
      let deleted = await send('DELETE', `/api/tires/${answer.body.data.id}`);
      for (let tries = 1; deleted.status === 422 && tries < 16; tries++) deleted = await send('DELETE', `/api/tires/${answer.body.data.id}`);
      expect(deleted.status).toBe(204);
    }
  });
});
