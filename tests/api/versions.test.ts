import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type Answer, type SignedIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

/**
 * A form left open never undoes work done since it was opened: every record answers its version as
 * an ETag, an update that sends an older one (If-Match) changes nothing and answers 412, and a
 * product form that does not prove what it read may not move stock (428).
 */

let h: Harness;
let ana: SignedIn;
let ben: SignedIn;
let f: CatalogueFixture;
let customerId: number;

beforeAll(async () => {
  h = await createHarness();
  ana = await signIn(h);
  ben = await signIn(h);
  f = await catalogueFixture(h);
  expect((await call(h, 'PUT', '/api/profile', { token: ana.token, body: { name: `Ana Lopez ${f.tag}` } })).status).toBe(200);
  customerId = await h.withDb(async (db) => {
    const [row] = await db.query<{ id: number }>('insert into public.customers (name, phone, address) values ($1, $2, $3) returning id', [`Walk-in ${f.tag}`, '555 0101', '1 Side St']);
    return Number(row.id);
  });
});
afterAll(() => h?.close());

const as = (who: SignedIn, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call(h, method, path, { token: who.token, body, headers });
const etagOf = (answer: Answer) => answer.headers.get('etag')!;
const stockMoves = (productId: number) =>
  h.withDb((db) => db.query<{ delta: number; reason: string }>('select delta, reason from public.stock_moves where product_id = $1 order by id', [productId]));

function expectStale(answer: Answer, by: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(412);
  expect(answer.body.message).toMatch(new RegExp(`^Changed by ${by} at \\d\\d:\\d\\d UTC on \\d{4}-\\d\\d-\\d\\d; reload to see the changes\\.$`));
  expect(answer.body).toMatchObject({ changed_by: by, version: expect.any(Number), changed_at: expect.any(String) });
}

describe('a stale product form', () => {
  it('cannot put back stock sold since it was opened, and its save changes nothing', async () => {
    const tire = (await as(ben, 'POST', '/api/tires', tireBody(f, { quantity: 10, size: `195 / 65 R 15 ${uniqueTag()}` }))).body.data;
    const opened = await as(ben, 'GET', `/api/tires/${tire.id}`);
    expect(etagOf(opened)).toBe(`"${opened.body.data.version}"`);

    const sale = await as(ana, 'POST', '/api/sales', {
      customer_id: customerId, location_id: f.downtownId, sale_date: '2026-11-20', status: 'completed',
      items: [{ product_id: tire.id, quantity: 2, selling_price: 90 }],
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);

    const form = tireBody(f, { quantity: 10, size: tire.size, selling_price: 120 });
    const stale = await as(ben, 'PUT', `/api/tires/${tire.id}`, form, { 'if-match': etagOf(opened) });
    expectStale(stale, `Ana Lopez ${f.tag}`);
    const now = (await as(ben, 'GET', `/api/tires/${tire.id}`)).body.data;
    expect(now).toMatchObject({ quantity: 8, selling_price: 89.99 });
    expect(await stockMoves(tire.id)).toEqual([{ delta: 10, reason: 'opening' }, { delta: -2, reason: 'sale' }]);

    // Without If-Match the stock may not move: use Adjust Stock.
    const unproven = await as(ben, 'PUT', `/api/tires/${tire.id}`, form);
    expect(unproven.status).toBe(428);
    expect(unproven.body).toEqual({ message: 'Stock changed since this form was opened: use Adjust Stock' });
    expect((await as(ben, 'GET', `/api/tires/${tire.id}`)).body.data.selling_price).toBe(89.99);

    // Plain fields still change without it, while the quantity is what is on hand.
    const plain = await as(ben, 'PUT', `/api/tires/${tire.id}`, { ...form, quantity: 8 });
    expect(plain.status).toBe(200);
    expect(plain.body.data).toMatchObject({ quantity: 8, selling_price: 120 });
    expect(etagOf(plain)).toBe(`"${plain.body.data.version}"`);
    expect(plain.body.data.version).toBeGreaterThan(now.version);

    // A form that proves it read the current version corrects the count.
    const counted = await as(ben, 'PUT', `/api/tires/${tire.id}`, { ...form, quantity: 9 }, { 'if-match': etagOf(plain) });
    expect(counted.status).toBe(200);
    expect(counted.body.data.quantity).toBe(9);
    expect((await stockMoves(tire.id)).at(-1)).toEqual({ delta: 1, reason: 'count_correction' });
  });

  it('is refused for batteries and shop supplies too', async () => {
    const item = (await as(ben, 'POST', '/api/inventories', { name: `Valve caps ${f.tag}`, category: 'parts', current_stock: 6, unit_price: 2, location_id: f.downtownId })).body.data;
    const opened = await as(ben, 'GET', `/api/inventories/${item.id}`);
    await as(ana, 'POST', `/api/products/${item.id}/stock-adjustments`, { location_id: f.downtownId, delta: -1, reason: 'damage' });
    const body = { name: `Valve caps ${f.tag}`, category: 'parts', current_stock: 6, unit_price: 2, location_id: f.downtownId };
    expectStale(await as(ben, 'PUT', `/api/inventories/${item.id}`, body, { 'if-match': etagOf(opened) }), `Ana Lopez ${f.tag}`);
    expect((await as(ben, 'PUT', `/api/inventories/${item.id}`, body)).status).toBe(428);
    expect((await as(ben, 'GET', `/api/inventories/${item.id}`)).body.data.current_stock).toBe(5);
  });
});

describe('every record people edit', () => {
  /** Each record: where it is read and changed, and two bodies for the change. */
  const records = () => [
    { path: `/api/customers/${customerId}`, body: (n: string) => ({ name: `Walk-in ${f.tag}`, phone: n, address: '1 Side St' }) },
    { path: `/api/suppliers/${f.supplierId}`, body: (n: string) => ({ name: f.names.supplier, phone: n, address: '1 Road' }) },
    { path: `/api/tire-brands/${f.otherBrandId}`, body: (n: string) => ({ name: `${f.names.otherBrand} ${n}` }) },
    { path: `/api/patterns/${f.otherPatternId}`, body: (n: string) => ({ name: `Other pattern ${f.tag} ${n}`, category: 'automotive', price: 0, tire_brand_id: f.otherBrandId }) },
    { path: `/api/users/${ben.user.id}`, body: (n: string) => ({ name: `Ben ${n}`, email: ben.email, role: 'admin', home_location_id: null }) },
  ];

  it('answers its version as an ETag and refuses an update made from an older one, keeping the newer work', async () => {
    for (const { path, body } of records()) {
      const opened = await as(ben, 'GET', path);
      expect(etagOf(opened), path).toBe(`"${opened.body.data.version}"`);
      const first = await as(ana, 'PUT', path, body('555 0001'), { 'if-match': etagOf(opened) });
      expect(first.status, `${path} ${JSON.stringify(first.body)}`).toBe(200);
      expect(etagOf(first), path).not.toBe(etagOf(opened));

      expectStale(await as(ben, 'PUT', path, body('555 0002'), { 'if-match': etagOf(opened) }), `Ana Lopez ${f.tag}`);
      expect((await as(ben, 'GET', path)).body.data, path).toEqual(first.body.data);
      // Read again, the same change goes through; without If-Match too, as older clients send it.
      expect((await as(ben, 'PUT', path, body('555 0002'), { 'if-match': etagOf(first) })).status, path).toBe(200);
      expect((await as(ben, 'PUT', path, body('555 0003'))).status, path).toBe(200);
    }
  });

  it('guards the settings and a document the same way', async () => {
    const settings = await as(ana, 'GET', '/api/settings');
    const { version: _, ...profile } = settings.body.data;
    expect((await as(ana, 'PUT', '/api/settings', { ...profile, print_footer: 'Thanks' }, { 'if-match': etagOf(settings) })).status).toBe(200);
    expectStale(await as(ben, 'PUT', '/api/settings', { ...profile, print_footer: 'Cheers' }, { 'if-match': etagOf(settings) }), `Ana Lopez ${f.tag}`);
    expect((await as(ben, 'GET', '/api/settings')).body.data.print_footer).toBe('Thanks');

    const service = (await as(ana, 'POST', '/api/services', { name: `Fitting ${f.tag}`, selling_price: 15 })).body.data;
    const draft = { customer_id: customerId, location_id: f.downtownId, issued_date: '2026-11-20', due_date: '2026-12-20', items: [{ product_id: service.id, quantity: 1, unit_price: 15 }] };
    const invoice = await as(ana, 'POST', '/api/invoices', { ...draft, status: 'sent' });
    expect(etagOf(invoice)).toBe(`"${invoice.body.data.version}"`);
    // A payment changes the document: a form opened before it is stale.
    const paid = await as(ana, 'POST', '/api/receipts', { receipt_date: '2026-11-20', type: 'income', receiptable_type: 'Invoice', receiptable_id: invoice.body.data.id, amount: 5, payment_method: 'cash' });
    expect(paid.status).toBe(201);
    expectStale(await as(ben, 'PUT', `/api/invoices/${invoice.body.data.id}`, { due_date: '2026-12-24', notes: 'Mine' }, { 'if-match': etagOf(invoice) }), `Ana Lopez ${f.tag}`);
    expect((await as(ben, 'GET', `/api/invoices/${invoice.body.data.id}`)).body.data.notes).toBeNull();
  });

  it('treats an unreadable If-Match as stale, and a missing record as missing', async () => {
    const path = `/api/customers/${customerId}`;
    const garbled = await as(ben, 'PUT', path, { name: `Walk-in ${f.tag}`, phone: '555 0101', address: '1 Side St' }, { 'if-match': 'yesterday' });
    expect(garbled.status).toBe(412);
    expect((await as(ben, 'PUT', '/api/customers/99999999', { name: 'Nobody', phone: '555', address: 'Nowhere' }, { 'if-match': '"1"' })).status).toBe(404);
  });
});

describe('two saves of one version at once', () => {
  it('let exactly one through (PostgreSQL)', async (ctx) => {
    ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
    const path = `/api/customers/${customerId}`;
    const opened = await as(ben, 'GET', path);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => as(i % 2 ? ana : ben, 'PUT', path, { name: `Walk-in ${f.tag}`, phone: `555 10${i}`, address: '1 Side St' }, { 'if-match': etagOf(opened) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412, 412, 412, 412, 412, 412, 412]);
    const saved = answers.find((answer) => answer.status === 200)!;
    expect((await as(ben, 'GET', path)).body.data).toEqual(saved.body.data);
  });
});
