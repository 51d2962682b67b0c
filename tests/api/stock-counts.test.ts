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

const send = (method: string, path: string, body?: unknown, as = admin.token, headers?: Record<string, string>) =>
  call(h, method, path, { token: as, body, headers });
const ok = <T = any>(answer: Answer, status = 200): T => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body?.data;
};
const sql = <T>(text: string, params: unknown[] = []) => h.withDb((db) => db.query<T>(text, params));
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  h = await createHarness();
  admin = await signIn(h);
  staff = await signIn(h, { role: 'staff' });
  f = await catalogueFixture(h);
  customerId = ok(await send('POST', '/api/customers', { name: `Counter ${f.tag}`, phone: '555 0190', address: '9 Shelf Rd' }), 201).id;
});
afterAll(() => h?.close());

/** A barcode no other test has: random digits and their EAN-13 check digit. */
function barcode(): string {
  const body = Array.from({ length: 12 }, (_, i) => (i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10))).join('');
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A tire brand of its own, so a count of the brand holds only this test's tires. */
async function brand() {
  const [row] = await sql<{ id: number }>('insert into public.tire_brands (name) values ($1) returning id', [`Count brand ${uniqueTag()}`]);
  return Number(row.id);
}
async function tire(brandId: number, quantity: number, extra: Record<string, unknown> = {}) {
  return ok(
    await send('POST', '/api/tires', tireBody(f, { tire_brand_id: brandId, pattern_id: null, quantity, size: `215 / 60 R 16 ${uniqueTag()}`, cost_price: 50, ...extra })),
    201,
  ) as { id: number; name: string };
}
const stockAt = async (productId: number, locationId = f.downtownId) =>
  Number((await sql<{ quantity: number }>('select quantity from public.stock_levels where product_id = $1 and location_id = $2', [productId, locationId]))[0]?.quantity ?? 0);
const start = (scope: Record<string, unknown>, as = admin.token, locationId = f.downtownId, headers?: Record<string, string>) =>
  send('POST', '/api/stock-counts', { location_id: locationId, scope }, as, headers);
const count = (id: number, lines: unknown[], as = admin.token) => send('PUT', `/api/stock-counts/${id}/lines`, { lines }, as);
const lines = async (id: number, query = '') => ok(await send('GET', `/api/stock-counts/${id}/lines?per_page=100${query}`)) as any[];
const lineOf = async (id: number, productId: number) => (await lines(id)).find((line) => line.product.id === productId);
const sell = (productId: number, quantity: number) =>
  send('POST', '/api/sales', {
    customer_id: customerId, location_id: f.downtownId, sale_date: today, status: 'completed', amount_paid: 100 * quantity, payment_method: 'cash',
    items: [{ product_id: productId, quantity, selling_price: 100 }],
  });

describe('stock counts', () => {
  it('snapshots a brand, counts by id and barcode while the shop sells and receives, and posts the variances', async () => {
    const brandId = await brand();
    const code = barcode();
    const a = await tire(brandId, 10, { barcode: code });
    const b = await tire(brandId, 4);
    const c = await tire(brandId, 6);
    const other = await tire(await brand(), 3);

    const started = ok(await start({ tire_brand_id: brandId }, staff.token), 201);
    expect(started).toMatchObject({ status: 'open', lines: 3, counted_lines: 0, location: { id: f.downtownId } });
    expect(started.number).toMatch(/^SC-\d{4}-\d{5}$/);
    expect(started.scope_label).toMatch(/^Tires: Count brand /);
    expect((await lines(started.id)).map((line) => [line.product.id, line.snapshot, line.counted])).toEqual(
      expect.arrayContaining([[a.id, 10, null], [b.id, 4, null], [c.id, 6, null]]),
    );

    // Two sold from a before it is counted, one received into b after it is counted.
    ok(await sell(a.id, 2), 201);
    const counted = ok(await count(started.id, [{ barcode: code, counted: 7 }, { product_id: b.id, counted: 4 }], staff.token));
    expect(counted).toMatchObject({ lines: 3, counted_lines: 2 });
    expect(counted.updated.find((line: any) => line.product.id === a.id)).toMatchObject({
      snapshot: 10, expected: 8, moves_since: -2, counted: 7, variance: -1, unit_cost: 50, variance_value: -50,
    });
    ok(await send('POST', `/api/products/${b.id}/stock-adjustments`, { location_id: f.downtownId, delta: 3, reason: 'other', note: 'Found in the back' }), 201);
    // A product outside the count is a 422 naming it; nothing of the request is saved.
    const outside = await count(started.id, [{ product_id: c.id, counted: 1 }, { product_id: other.id, counted: 3 }]);
    expect(outside.status).toBe(422);
    expect(outside.body.errors['lines.1.product_id'][0]).toBe(`${other.name} is not in count ${started.number}.`);
    expect((await lineOf(started.id, c.id)).counted).toBeNull();
    const unknown = await count(started.id, [{ barcode: barcode(), counted: 1 }]);
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['lines.0.barcode']);

    // Posting with a line uncounted is refused until told what it is.
    const refused = await send('POST', `/api/stock-counts/${started.id}/post`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^1 of 3 products are not counted yet/);
    ok(await count(started.id, [{ product_id: c.id, counted: 9 }]));

    const review = ok(await send('GET', `/api/stock-counts/${started.id}`));
    expect(review.summary).toMatchObject({ counted: 3, uncounted: 0, with_variance: 2, over_units: 3, short_units: -1, variance_units: 2, variance_value: 100 });
    const variances = await lines(started.id, '&show=variance');
    expect(variances.map((line) => line.product.id).sort()).toEqual([a.id, c.id].sort());

    const csv = await call(h, 'GET', `/api/stock-counts/${started.id}/export`, { token: staff.token });
    expect(csv.status).toBe(200);
    const rows = (csv.body as string).trim().split('\r\n');
    expect(rows[0]).toBe('Product,Barcode,Snapshot,Moved since,Expected,Counted,Variance,Unit cost,Variance at cost');
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.includes(code))).toMatch(/,10,-2,8,7,-1,50\.00,-50\.00$/);

    expect((await send('POST', `/api/stock-counts/${started.id}/post`, {}, staff.token)).status).toBe(403);
    const posted = ok(await send('POST', `/api/stock-counts/${started.id}/post`, {}));
    expect(posted).toMatchObject({ status: 'posted', posted_by: { id: admin.user.id }, uncounted: null });
    // The corrections land on the shelf as it stands at posting: b's later receipt stays.
    expect(await stockAt(a.id)).toBe(7);
    expect(await stockAt(b.id)).toBe(7);
    expect(await stockAt(c.id)).toBe(9);
    const moves = await sql<{ product_id: number; delta: number; document_type: string; document_id: number; reason: string }>(
      `select product_id::int, delta, reason, document_type, document_id::int from public.stock_moves where document_type = 'StockCount' and document_id = $1 order by product_id`,
      [started.id],
    );
    expect(moves).toEqual(
      [
        { product_id: a.id, delta: -1, reason: 'count_correction', document_type: 'StockCount', document_id: started.id },
        { product_id: c.id, delta: 3, reason: 'count_correction', document_type: 'StockCount', document_id: started.id },
      ].sort((x, y) => x.product_id - y.product_id),
    );
    const [sums] = await sql<{ drift: number }>(
      `select count(*)::int as drift from public.stock_levels s
        where s.product_id = any(string_to_array($1, ',')::bigint[])
          and s.quantity + s.in_transit <> (select coalesce(sum(m.delta), 0) from public.stock_moves m where m.product_id = s.product_id and m.location_id = s.location_id)`,
      [[a.id, b.id, c.id].join(',')],
    );
    expect(sums.drift).toBe(0);
    const [totals] = await sql<{ total_stock: number }>('select total_stock from public.products where id = $1', [a.id]);
    expect(totals.total_stock).toBe(7);
    // The report totals the posting staged once per kind are those its rows add up to.
    expect(await sql(`select * from public.report_summary_drift() where summary in ('report_stock_totals', 'report_product_totals')`)).toEqual([]);
    const [kept] = await sql<{ kept: string; recounted: string }>(
      `select (select json_build_object('value', sum(stock_value), 'low', sum(low_stock), 'out', sum(out_of_stock), 'alerts', sum(alerts)) from public.product_totals where kind = 'tire')::text as kept,
              (select json_build_object('value', sum(selling_price * total_stock), 'low', sum((total_stock between 1 and 9)::int), 'out', sum((total_stock = 0)::int),
                                        'alerts', sum((active and total_stock <= low_stock_at)::int)) from public.products where kind = 'tire')::text as recounted`,
    );
    expect(JSON.parse(kept.kept)).toEqual(JSON.parse(kept.recounted));

    // Once posted: a second post, a cancel and a count are refused.
    expect((await send('POST', `/api/stock-counts/${started.id}/post`, {})).body.message).toBe(`Count ${started.number} is already posted.`);
    expect((await send('POST', `/api/stock-counts/${started.id}/cancel`)).status).toBe(409);
    expect((await count(started.id, [{ product_id: a.id, counted: 1 }])).status).toBe(409);

    const audit = await sql<{ action: string }>(`select action from public.audit_events where record_type = 'stock_count' and record_id = $1 order by id`, [started.id]);
    expect(audit.map((event) => event.action)).toEqual(['started', 'posted']);
    const listed = ok(await send('GET', `/api/stock-counts?location_id=${f.downtownId}&status=posted`));
    expect(listed.find((row: any) => row.id === started.id)).toMatchObject({ corrections: 2, variance_units: 2, variance_value: 100 });
  });

  it('refuses a product in two open counts at a branch, naming the other count, until that one is cancelled', async () => {
    const brandId = await brand();
    const only = await tire(brandId, 2);
    const branchName = `Eastside ${uniqueTag()}`;
    const branchId = ok(await send('POST', '/api/locations', { name: branchName, address: '3 East Rd' }), 201).id;
    ok(await start({ tire_brand_id: brandId }, admin.token, branchId), 201);
    const first = ok(await start({ tire_brand_id: brandId }, staff.token), 201);
    const second = await start({ kind: 'tire' });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(new RegExp(`is already being counted at ${f.names.downtown} in count SC-`));
    const byBrand = await start({ tire_brand_id: brandId }, admin.token);
    expect(byBrand.body.message).toBe(`${only.name} is already being counted at ${f.names.downtown} in count ${first.number}: post or cancel that count first.`);
    // Another branch counts the same products at the same time.
    ok(await start({ tire_brand_id: brandId }, admin.token, f.northsideId), 201);

    const otherStaff = await signIn(h, { role: 'staff' });
    const foreign = await send('POST', `/api/stock-counts/${first.id}/cancel`, undefined, otherStaff.token);
    expect(foreign.status).toBe(403);
    const cancelled = ok(await send('POST', `/api/stock-counts/${first.id}/cancel`, undefined, staff.token));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_by: { id: staff.user.id } });
    expect((await send('POST', `/api/stock-counts/${first.id}/post`, { uncounted: 'skip' })).body.message).toBe(`Count ${first.number} is cancelled.`);
    ok(await start({ tire_brand_id: brandId }), 201);
    expect(await stockAt(only.id)).toBe(2);
  });

  it('posts uncounted lines as none on the shelf, or leaves them, as asked', async () => {
    const brandId = await brand();
    const counted = await tire(brandId, 5);
    const missing = await tire(brandId, 3);
    const zero = ok(await start({ tire_brand_id: brandId }), 201);
    ok(await count(zero.id, [{ product_id: counted.id, counted: 5 }]));
    const posted = ok(await send('POST', `/api/stock-counts/${zero.id}/post`, { uncounted: 'zero' }));
    expect(posted).toMatchObject({ uncounted: 'zero', summary: { counted: 2, variance_units: -3, variance_value: -150 } });
    expect(await stockAt(missing.id)).toBe(0);
    expect(await stockAt(counted.id)).toBe(5);

    ok(await send('POST', `/api/products/${missing.id}/stock-adjustments`, { location_id: f.downtownId, delta: 4, reason: 'other', note: 'Found' }), 201);
    const skip = ok(await start({ tire_brand_id: brandId }), 201);
    ok(await count(skip.id, [{ product_id: counted.id, counted: 6 }]));
    ok(await send('POST', `/api/stock-counts/${skip.id}/post`, { uncounted: 'skip' }));
    expect(await stockAt(counted.id)).toBe(6);
    expect(await stockAt(missing.id)).toBe(4);
  });

  it('clears a line, recounts it at the new moment, and refuses a correction that would take the shelf below zero', async () => {
    const brandId = await brand();
    const item = await tire(brandId, 2);
    const counting = ok(await start({ tire_brand_id: brandId }), 201);
    ok(await count(counting.id, [{ product_id: item.id, counted: 0 }]));
    expect(ok(await count(counting.id, [{ product_id: item.id, counted: null }]))).toMatchObject({ counted_lines: 0 });
    ok(await count(counting.id, [{ product_id: item.id, counted: 0 }]));
    // One sold after the count found none: the correction of -2 no longer fits the shelf.
    ok(await sell(item.id, 1), 201);
    const refused = await send('POST', `/api/stock-counts/${counting.id}/post`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('count it again');
    ok(await count(counting.id, [{ product_id: item.id, counted: 0 }]));
    ok(await send('POST', `/api/stock-counts/${counting.id}/post`, {}));
    expect(await stockAt(item.id)).toBe(0);
  });

  it('starts once per Idempotency-Key, and refuses what cannot be counted', async () => {
    const brandId = await brand();
    await tire(brandId, 1);
    const key = `count-${uniqueTag()}`;
    const once = ok(await start({ tire_brand_id: brandId }, admin.token, f.downtownId, { 'Idempotency-Key': key }), 201);
    const again = await start({ tire_brand_id: brandId }, admin.token, f.downtownId, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(once.id);

    const both = await start({ kind: 'tire', tire_brand_id: brandId });
    expect(both.status).toBe(422);
    expect(both.body.message).toBe('Count one product type or one brand, not both');
    const empty = await start({ tire_brand_id: await brand() });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['scope']);
    const nowhere = await send('POST', '/api/stock-counts', { location_id: 999_999_999, scope: {} });
    expect(nowhere.status).toBe(422);
    expect(Object.keys(nowhere.body.errors)).toEqual(['location_id']);
    expect((await count(once.id, [{ counted: 1 }])).status).toBe(422);
    expect((await count(once.id, [{ product_id: 1, counted: -1 }])).status).toBe(422);
    expect((await send('GET', '/api/stock-counts/999999999')).status).toBe(404);
  });
});

describe('stock counts racing', () => {
  it('starts one of two counts of the same products at once, and posts a count once when posted twice at once', async (ctx) => {
    ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
    const brandId = await brand();
    const items = await Promise.all([tire(brandId, 5), tire(brandId, 7)]);
    const answers = await Promise.all([start({ tire_brand_id: brandId }), start({ tire_brand_id: brandId }, staff.token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const won = answers.find((answer) => answer.status === 201)!.body.data;
    expect(answers.find((answer) => answer.status === 409)!.body.message).toContain(`in count ${won.number}`);
    const [{ open }] = await sql<{ open: number }>(
      `select count(*)::int as open from public.stock_count_open where location_id = $1 and product_id = any(string_to_array($2, ',')::bigint[])`,
      [f.downtownId, items.map((item) => item.id).join(',')],
    );
    expect(open).toBe(2);

    // Two phones count at once, each its own line; then two posts at once.
    await Promise.all([count(won.id, [{ product_id: items[0].id, counted: 4 }], staff.token), count(won.id, [{ product_id: items[1].id, counted: 9 }])]);
    expect(ok(await send('GET', `/api/stock-counts/${won.id}`)).counted_lines).toBe(2);
    const posts = await Promise.all([send('POST', `/api/stock-counts/${won.id}/post`, {}), send('POST', `/api/stock-counts/${won.id}/post`, {})]);
    expect(posts.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await stockAt(items[0].id)).toBe(4);
    expect(await stockAt(items[1].id)).toBe(9);
    const [{ corrections }] = await sql<{ corrections: number }>(
      `select count(*)::int as corrections from public.stock_moves where document_type = 'StockCount' and document_id = $1`,
      [won.id],
    );
    expect(corrections).toBe(2);
  }, 120_000);

  it('keeps a sale racing a line being counted out of its variance', async (ctx) => {
    ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
    const brandId = await brand();
    const item = await tire(brandId, 20);
    const counting = ok(await start({ tire_brand_id: brandId }), 201);
    // The shelf holds 20 less what is sold; whenever the count lands, counted 20 - sold would be no variance.
    const answers = await Promise.all([...Array.from({ length: 5 }, () => sell(item.id, 1)), count(counting.id, [{ product_id: item.id, counted: 17 }])]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    const line = await lineOf(counting.id, item.id);
    expect(line.expected).toBe(20 + line.moves_since);
    expect(line.variance).toBe(17 - line.expected);
    ok(await send('POST', `/api/stock-counts/${counting.id}/post`, {}));
    expect(await stockAt(item.id)).toBe(15 + line.variance);
  }, 120_000);
});
