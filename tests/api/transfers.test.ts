import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type Answer, type SignedIn } from '../support/api.ts';
import { catalogueFixture, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let admin: SignedIn;
let staff: SignedIn;
let f: CatalogueFixture;
let customerId: number;
let serviceId: number;

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
  customerId = ok(await send('POST', '/api/customers', { name: `Transfer customer ${f.tag}`, phone: '555 0170', address: '7 Road' }), 201).id;
  serviceId = ok(await send('POST', '/api/services', { name: `Fitting ${f.tag}`, selling_price: 40, active: true }), 201).id;
});
afterAll(() => h?.close());

/** A battery with `stock` units at `at` (Downtown unless said). */
async function product(stock: number, at = f.downtownId, cost = 60) {
  const [{ id }] = await sql<{ id: number }>(
    `insert into public.products (kind, name, selling_price, cost_price) values ('battery', $1, 100, $2) returning id`,
    [`Battery ${uniqueTag()}`, cost],
  );
  if (stock) await sql('select public.move_stock($1, $2, $3, $4, null, null)', [id, at, stock, 'opening']);
  return Number(id);
}

async function newBranch() {
  return ok(await send('POST', '/api/locations', { name: `Branch ${uniqueTag()}`, address: '3 Side St' }), 201).id as number;
}

interface Level {
  location_id: number;
  quantity: number;
  in_transit: number;
  moved: number;
}

/** Each branch's shelf, in transit and sum of moves of a product: the moves always add up to shelf plus in transit. */
async function levels(productId: number): Promise<Map<number, Level>> {
  const rows = await sql<Level>(
    `select l.location_id, l.quantity, l.in_transit,
            (select coalesce(sum(m.delta), 0)::int from public.stock_moves m where m.product_id = l.product_id and m.location_id = l.location_id) as moved
       from public.stock_levels l where l.product_id = $1`,
    [productId],
  );
  for (const row of rows) expect(row.moved, `moves of product ${productId} at ${row.location_id}`).toBe(row.quantity + row.in_transit);
  const [{ total, shelves }] = await sql<{ total: number; shelves: number }>(
    `select p.total_stock as total, (select coalesce(sum(s.quantity), 0)::int from public.stock_levels s where s.product_id = p.id) as shelves
       from public.products p where p.id = $1`,
    [productId],
  );
  expect(total, 'total stock is the shelves').toBe(shelves);
  return new Map(rows.map((row) => [Number(row.location_id), row]));
}
const at = async (productId: number, locationId: number) => {
  const row = (await levels(productId)).get(locationId);
  return { quantity: row?.quantity ?? 0, in_transit: row?.in_transit ?? 0 };
};

const body = (items: { product_id: number; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  from_location_id: f.downtownId,
  to_location_id: f.northsideId,
  transfer_date: today,
  notes: 'Weekly run',
  items,
  ...extra,
});

describe('transfers', () => {
  it('is a numbered draft that moves nothing, changed only with the version read, and created once per key', async () => {
    const battery = await product(10);
    const key = `tr-${uniqueTag()}`;
    const first = await send('POST', '/api/transfers', body([{ product_id: battery, quantity: 3 }]), staff.token, { 'idempotency-key': key });
    const draft = ok(first, 201);
    expect(draft).toMatchObject({ status: 'draft', line_count: 1, total_quantity: 3, received_quantity: null, notes: 'Weekly run' });
    expect(draft.number).toMatch(new RegExp(`^TR-${today.slice(0, 4)}-\\d{5}$`));
    expect(draft.from_location).toMatchObject({ id: f.downtownId, name: f.names.downtown });
    expect(draft.items[0]).toMatchObject({ product_id: battery, quantity: 3, received_quantity: null, source_stock: 10 });
    expect(await at(battery, f.downtownId)).toEqual({ quantity: 10, in_transit: 0 });

    const again = await send('POST', '/api/transfers', body([{ product_id: battery, quantity: 3 }]), staff.token, { 'idempotency-key': key });
    expect(ok(again, 201).id).toBe(draft.id);
    expect((await send('POST', '/api/transfers', body([{ product_id: battery, quantity: 4 }]), staff.token, { 'idempotency-key': key })).status).toBe(422);

    const etag = first.headers.get('etag')!;
    const changed = ok(await send('PUT', `/api/transfers/${draft.id}`, body([{ product_id: battery, quantity: 5 }], { notes: null }), staff.token, { 'if-match': etag }));
    expect(changed).toMatchObject({ total_quantity: 5, notes: null, number: draft.number });
    const stale = await send('PUT', `/api/transfers/${draft.id}`, body([{ product_id: battery, quantity: 6 }]), staff.token, { 'if-match': etag });
    expect(stale.status).toBe(412);

    const list = ok<any[]>(await send('GET', `/api/transfers?location_id=${f.northsideId}&status=draft&search=${draft.number}`));
    expect(list.map((row) => row.id)).toEqual([draft.id]);
    expect(ok<any[]>(await send('GET', `/api/transfers?status=shipped&search=${draft.number}`))).toEqual([]);

    const audit = await sql<{ action: string }>(`select action from public.audit_events where record_type = 'transfer' and record_id = $1 order by id`, [draft.id]);
    expect(audit.map((event) => event.action)).toEqual(['created', 'updated']);
  });

  it('refuses two equal branches, services, a product twice, and unknown branches, naming the field', async () => {
    const battery = await product(1);
    const same = await send('POST', '/api/transfers', body([{ product_id: battery, quantity: 1 }], { to_location_id: f.downtownId }));
    expect(same.status).toBe(422);
    expect(same.body.errors.to_location_id).toEqual(['Choose two different branches']);
    const service = await send('POST', '/api/transfers', body([{ product_id: serviceId, quantity: 1 }]));
    expect(service.status).toBe(422);
    expect(service.body.errors['items.0.product_id'][0]).toMatch(/service/);
    const twice = await send('POST', '/api/transfers', body([{ product_id: battery, quantity: 1 }, { product_id: battery, quantity: 2 }]));
    expect(twice.status).toBe(422);
    const nowhere = await send('POST', '/api/transfers', body([{ product_id: battery, quantity: 1 }], { to_location_id: 999_999_999 }));
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.errors.to_location_id).toBeDefined();
    expect((await send('POST', '/api/transfers', body([]))).status).toBe(422);
  });

  it('ships out of the source into transit at the destination, where it is shown, valued and never sold', async () => {
    const battery = await product(10, f.downtownId, 60);
    const other = await product(4, f.downtownId, 25);
    const draft = ok(await send('POST', '/api/transfers', body([{ product_id: battery, quantity: 6 }, { product_id: other, quantity: 4 }]), staff.token), 201);
    const report = async () => (await send('GET', `/api/reports/inventory-summary?location_id=${f.northsideId}`)).body;
    const dashboard = async () => (await send('GET', '/api/dashboard')).body;
    const reportBefore = await report();
    const boardBefore = await dashboard();

    const shipped = ok(await send('POST', `/api/transfers/${draft.id}/ship`, undefined, staff.token));
    expect(shipped).toMatchObject({ status: 'shipped', shipped_by: { id: staff.user.id } });
    expect(await at(battery, f.downtownId)).toEqual({ quantity: 4, in_transit: 0 });
    expect(await at(battery, f.northsideId)).toEqual({ quantity: 0, in_transit: 6 });
    expect(await at(other, f.northsideId)).toEqual({ quantity: 0, in_transit: 4 });

    const moves = await sql<{ location_id: number; delta: number; reason: string; document_type: string; document_id: number }>(
      `select location_id, delta, reason, document_type, document_id from public.stock_moves where product_id = $1 and document_type = 'Transfer' order by id`,
      [battery],
    );
    expect(moves).toEqual([
      { location_id: f.downtownId, delta: -6, reason: 'transfer_out', document_type: 'Transfer', document_id: draft.id },
      { location_id: f.northsideId, delta: 6, reason: 'in_transit', document_type: 'Transfer', document_id: draft.id },
    ]);

    const stock = ok<any[]>(await send('GET', `/api/products/${battery}/stock`));
    expect(stock.find((row) => row.location_id === f.northsideId)).toMatchObject({ quantity: 0, in_transit: 6 });

    const reportAfter = await report();
    const batteries = (rows: any[]) => rows.find((row) => row.product_type === 'Batteries');
    expect(batteries(reportAfter.summary).in_transit_quantity - batteries(reportBefore.summary).in_transit_quantity).toBe(10);
    expect(batteries(reportAfter.summary).in_transit_value - batteries(reportBefore.summary).in_transit_value).toBe(6 * 60 + 4 * 25);
    expect(reportAfter.grand_total.in_transit_value - reportBefore.grand_total.in_transit_value).toBe(6 * 60 + 4 * 25);
    const board = await dashboard();
    // Shipping moves value from one branch's shelf onto the road: the chain's stock value does not change.
    expect(board.stock_value).toEqual(boardBefore.stock_value);
    expect(board.stock_units).toBe(boardBefore.stock_units - 10);

    // In transit is never sellable at the destination.
    const sale = await send('POST', '/api/sales', {
      customer_id: customerId, location_id: f.northsideId, sale_date: today, status: 'completed',
      items: [{ product_id: battery, quantity: 1, selling_price: 100 }],
    });
    expect(sale.status).toBe(409);
    expect(await at(battery, f.northsideId)).toEqual({ quantity: 0, in_transit: 6 });

    // Shipped is shipped: no second ship, no edits, no delete, no cancel.
    expect((await send('POST', `/api/transfers/${draft.id}/ship`)).status).toBe(409);
    expect((await send('PUT', `/api/transfers/${draft.id}`, body([{ product_id: battery, quantity: 1 }]))).status).toBe(409);
    expect((await send('DELETE', `/api/transfers/${draft.id}`)).status).toBe(409);
    expect((await send('POST', `/api/transfers/${draft.id}/cancel`)).status).toBe(409);
    expect(await at(battery, f.downtownId)).toEqual({ quantity: 4, in_transit: 0 });
  });

  it('refuses to ship more than the source holds, naming the product, and moves nothing', async () => {
    const plenty = await product(5);
    const scarce = await product(1);
    const [{ name }] = await sql<{ name: string }>('select name from public.products where id = $1', [scarce]);
    const draft = ok(await send('POST', '/api/transfers', body([{ product_id: plenty, quantity: 2 }, { product_id: scarce, quantity: 2 }])), 201);
    const refused = await send('POST', `/api/transfers/${draft.id}/ship`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(name);
    expect(refused.body.message).toContain(f.names.downtown);
    expect(await at(plenty, f.downtownId)).toEqual({ quantity: 5, in_transit: 0 });
    expect(await at(plenty, f.northsideId)).toEqual({ quantity: 0, in_transit: 0 });
    expect(ok(await send('GET', `/api/transfers/${draft.id}`)).status).toBe('draft');
  });

  it('receives what arrived; a shortfall is sent back to the source or written off with a reason', async () => {
    const full = await product(10);
    const lost = await product(10, f.downtownId, 60);
    const back = await product(10);
    const draft = ok(
      await send('POST', '/api/transfers', body([{ product_id: full, quantity: 3 }, { product_id: lost, quantity: 5 }, { product_id: back, quantity: 4 }])),
      201,
    );
    ok(await send('POST', `/api/transfers/${draft.id}/ship`));
    const line = (productId: number) => draft.items.find((item: { product_id: number }) => item.product_id === productId).id;

    expect((await send('POST', `/api/transfers/${draft.id}/receive`, { items: [{ id: line(lost), received_quantity: 3 }] })).status).toBe(422);
    const noReason = await send('POST', `/api/transfers/${draft.id}/receive`, { items: [{ id: line(lost), received_quantity: 3, shortfall: 'write_off' }] });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors['items.0.reason']).toEqual(['A reason is required to write off']);
    expect((await send('POST', `/api/transfers/${draft.id}/receive`, { items: [{ id: line(full), received_quantity: 4 }] })).status).toBe(422);
    const elsewhere = await send('POST', `/api/transfers/${draft.id}/receive`, { items: [{ id: 999_999_999, received_quantity: 1 }] });
    expect(elsewhere.status).toBe(422);
    expect(await at(lost, f.northsideId)).toEqual({ quantity: 0, in_transit: 5 });

    const received = ok(
      await send(
        'POST',
        `/api/transfers/${draft.id}/receive`,
        {
          items: [
            { id: line(lost), received_quantity: 3, shortfall: 'write_off', reason: 'Broken on the road' },
            { id: line(back), received_quantity: 1, shortfall: 'send_back' },
          ],
        },
        staff.token,
      ),
    );
    expect(received).toMatchObject({ status: 'received', received_quantity: 3 + 3 + 1, received_by: { id: staff.user.id } });
    const item = (productId: number) => received.items.find((x: { product_id: number }) => x.product_id === productId);
    expect(item(full)).toMatchObject({ received_quantity: 3, shortfall: null, shortfall_reason: null });
    expect(item(lost)).toMatchObject({ received_quantity: 3, shortfall: 'write_off', shortfall_reason: 'Broken on the road' });
    expect(item(back)).toMatchObject({ received_quantity: 1, shortfall: 'send_back', shortfall_reason: null });

    expect(await at(full, f.northsideId)).toEqual({ quantity: 3, in_transit: 0 });
    expect(await at(full, f.downtownId)).toEqual({ quantity: 7, in_transit: 0 });
    expect(await at(lost, f.northsideId)).toEqual({ quantity: 3, in_transit: 0 });
    expect(await at(lost, f.downtownId)).toEqual({ quantity: 5, in_transit: 0 });
    expect(await at(back, f.northsideId)).toEqual({ quantity: 1, in_transit: 0 });
    expect(await at(back, f.downtownId)).toEqual({ quantity: 6 + 3, in_transit: 0 });
    const [{ total }] = await sql<{ total: number }>('select total_stock as total from public.products where id = $1', [lost]);
    expect(total).toBe(8);

    const notes = await sql<{ note: string }>(`select note from public.stock_moves where product_id = $1 and reason = 'in_transit' and delta < 0`, [lost]);
    expect(notes[0].note).toContain('2 written off: Broken on the road');

    const events = await sql<{ action: string; changes: Record<string, { old: unknown; new: unknown }> }>(
      `select action, changes from public.audit_events where record_type = 'transfer' and record_id = $1 order by id`,
      [draft.id],
    );
    expect(events.map((event) => event.action)).toEqual(['created', 'shipped', 'received']);
    expect(Object.values(events[2].changes).map((change) => change.new)).toEqual(
      expect.arrayContaining(['3 (2 written off: Broken on the road)', '1 (3 sent back)']),
    );

    expect((await send('POST', `/api/transfers/${draft.id}/receive`)).status).toBe(409);
    expect(await at(full, f.northsideId)).toEqual({ quantity: 3, in_transit: 0 });
  });

  it('receives everything when no body is sent, refuses a draft, and cancels or deletes only a draft', async () => {
    const battery = await product(4);
    const draft = ok(await send('POST', '/api/transfers', body([{ product_id: battery, quantity: 4 }])), 201);
    expect((await send('POST', `/api/transfers/${draft.id}/receive`)).status).toBe(409);
    ok(await send('POST', `/api/transfers/${draft.id}/ship`));
    expect(ok(await send('POST', `/api/transfers/${draft.id}/receive`)).received_quantity).toBe(4);
    expect(await at(battery, f.northsideId)).toEqual({ quantity: 4, in_transit: 0 });

    const unwanted = ok(await send('POST', '/api/transfers', body([{ product_id: battery, quantity: 1 }])), 201);
    expect(ok(await send('POST', `/api/transfers/${unwanted.id}/cancel`, undefined, staff.token))).toMatchObject({ status: 'cancelled', cancelled_by: { id: staff.user.id } });
    expect((await send('POST', `/api/transfers/${unwanted.id}/ship`)).status).toBe(409);
    expect((await send('DELETE', `/api/transfers/${unwanted.id}`)).status).toBe(409);
    const [{ action }] = await sql<{ action: string }>(
      `select action from public.audit_events where record_type = 'transfer' and record_id = $1 order by id desc limit 1`,
      [unwanted.id],
    );
    expect(action).toBe('cancelled');

    const gone = ok(await send('POST', '/api/transfers', body([{ product_id: battery, quantity: 1 }], { from_location_id: f.northsideId, to_location_id: f.downtownId })), 201);
    expect((await send('DELETE', `/api/transfers/${gone.id}`, undefined, staff.token)).status).toBe(204);
    expect((await send('GET', `/api/transfers/${gone.id}`)).status).toBe(404);
    expect(await at(battery, f.northsideId)).toEqual({ quantity: 4, in_transit: 0 });
  });

  it('keeps the one-step transfer as ship and receive now', async () => {
    const battery = await product(3);
    const branch = await newBranch();
    const answer = ok<any[]>(await send('POST', `/api/products/${battery}/stock-transfers`, { from_location_id: f.downtownId, to_location_id: branch, quantity: 2 }), 201);
    expect(answer.find((row) => row.location_id === branch)).toMatchObject({ quantity: 2, in_transit: 0 });
    expect(await at(battery, branch)).toEqual({ quantity: 2, in_transit: 0 });
  });
});

describe('transfers at once', () => {
  it('ships once and receives once when requests race', async (ctx) => {
    ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
    const battery = await product(6);
    const branch = await newBranch();
    const draft = ok(await send('POST', '/api/transfers', body([{ product_id: battery, quantity: 5 }], { to_location_id: branch })), 201);
    const ships = await Promise.all(Array.from({ length: 6 }, () => send('POST', `/api/transfers/${draft.id}/ship`, undefined, staff.token)));
    expect(ships.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(ships.every((answer) => answer.status === 200 || answer.status === 409), JSON.stringify(ships.map((a) => a.status))).toBe(true);
    expect(await at(battery, f.downtownId)).toEqual({ quantity: 1, in_transit: 0 });
    expect(await at(battery, branch)).toEqual({ quantity: 0, in_transit: 5 });

    const receives = await Promise.all(Array.from({ length: 6 }, () => send('POST', `/api/transfers/${draft.id}/receive`, undefined, staff.token)));
    expect(receives.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(receives.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    expect(await at(battery, branch)).toEqual({ quantity: 5, in_transit: 0 });

    // Two transfers of the last units at once: only one ships.
    const [a, b] = await Promise.all(
      [0, 1].map(async () => ok(await send('POST', '/api/transfers', body([{ product_id: battery, quantity: 1 }], { to_location_id: branch })), 201)),
    );
    const both = await Promise.all([a, b].map((draft) => send('POST', `/api/transfers/${draft.id}/ship`)));
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await at(battery, f.downtownId)).toEqual({ quantity: 0, in_transit: 0 });

    // Numbers stay unique and gapless under parallel creates.
    const made = await Promise.all(Array.from({ length: 8 }, () => send('POST', '/api/transfers', body([{ product_id: battery, quantity: 1 }]))));
    const numbers = made.map((answer) => Number(ok(answer, 201).number.slice(-5))).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers[7] - numbers[0]).toBe(7);
  });
});
