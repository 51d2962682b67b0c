import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let token: string;
let f: CatalogueFixture;
beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h, { role: 'staff' }));
  f = await catalogueFixture(h);
});
afterAll(() => h.close());

const send = (method: string, path: string, body?: unknown) => call(h, method, path, { token, body });
const newTire = async (quantity: number) => (await send('POST', '/api/tires', tireBody(f, { quantity }))).body.data.id as number;
const stockOf = async (id: number) =>
  Object.fromEntries((await send('GET', `/api/products/${id}/stock`)).body.data.map((row: { location_id: number; quantity: number }) => [row.location_id, row.quantity]));

/** The rule of the stock model: at every branch the moves add up to the level. */
async function expectMovesToAddUp(productId: number) {
  const rows = await h.withDb((db) =>
    db.query<{ location_id: number; level: number; moves: number }>(
      `select sl.location_id, sl.quantity as level,
              (select coalesce(sum(m.delta), 0)::int from public.stock_moves m where m.product_id = sl.product_id and m.location_id = sl.location_id) as moves
         from public.stock_levels sl where sl.product_id = $1`,
      [productId],
    ),
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row.moves).toBe(row.level);
}

describe('stock per branch', () => {
  it('adjusts stock with a reason, lists every branch and keeps the history', async () => {
    const id = await newTire(10);
    const damaged = await send('POST', `/api/products/${id}/stock-adjustments`, { location_id: f.downtownId, delta: -2, reason: 'damage', note: 'Sidewall cut' });
    expect(damaged.status).toBe(201);
    expect(damaged.body.data).toEqual({ location_id: f.downtownId, quantity: 8 });
    await send('POST', `/api/products/${id}/stock-adjustments`, { location_id: f.northsideId, delta: 5, reason: 'count_correction' });
    const stock = await stockOf(id);
    expect(stock[f.downtownId]).toBe(8);
    expect(stock[f.northsideId]).toBe(5);

    const history = await send('GET', `/api/products/${id}/stock-moves`);
    expect(history.body.total).toBe(3);
    expect(history.body.data.map((m: { delta: number; reason: string }) => [m.delta, m.reason])).toEqual([
      [5, 'count_correction'],
      [-2, 'damage'],
      [10, 'opening'],
    ]);
    expect(history.body.data[1]).toMatchObject({ note: 'Sidewall cut', location: { id: f.downtownId, name: f.names.downtown }, user: { name: 'Test staff' } });
    await expectMovesToAddUp(id);
  });

  it('refuses to go below zero, with the quantity available in the message', async () => {
    const id = await newTire(3);
    const answer = await send('POST', `/api/products/${id}/stock-adjustments`, { location_id: f.downtownId, delta: -4, reason: 'damage' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(`Not enough stock at ${f.names.downtown}: only 3 available.`);
    const elsewhere = await send('POST', `/api/products/${id}/stock-transfers`, { from_location_id: f.northsideId, to_location_id: f.downtownId, quantity: 1 });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe(`Not enough stock at ${f.names.northside}: only 0 available.`);
    expect(await stockOf(id)).toMatchObject({ [f.downtownId]: 3, [f.northsideId]: 0 });
    await expectMovesToAddUp(id);
  });

  it('validates adjustments and transfers', async () => {
    const id = await newTire(3);
    const empty = await send('POST', `/api/products/${id}/stock-adjustments`, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ location_id: ['Location is required'], delta: ['Change is required'], reason: ['Reason is required'] });
    const other = await send('POST', `/api/products/${id}/stock-adjustments`, { location_id: f.downtownId, delta: 0, reason: 'other' });
    expect(other.body.errors).toEqual({ delta: ['Change must not be zero'], note: ['Note is required when the reason is Other'] });
    const same = await send('POST', `/api/products/${id}/stock-transfers`, { from_location_id: f.downtownId, to_location_id: f.downtownId, quantity: 1 });
    expect(same.body.errors).toEqual({ to_location_id: ['Choose two different branches'] });
    expect((await send('POST', '/api/products/99999999/stock-adjustments', { location_id: f.downtownId, delta: 1, reason: 'return' })).status).toBe(404);
    const nowhere = await send('POST', `/api/products/${id}/stock-adjustments`, { location_id: 99999999, delta: 1, reason: 'return' });
    expect(nowhere.body.errors).toEqual({ location_id: ['The selected location does not exist'] });
  });

  it('transfers between branches in one step; after any sequence the moves add up', async () => {
    const id = await newTire(7);
    const moved = await send('POST', `/api/products/${id}/stock-transfers`, { from_location_id: f.downtownId, to_location_id: f.northsideId, quantity: 4, note: 'Weekend demand' });
    expect(moved.status).toBe(201);
    expect(moved.body.data).toEqual(
      expect.arrayContaining([
        { location_id: f.downtownId, location_name: f.names.downtown, quantity: 3, in_transit: 0, reorder_point: null, order_up_to: null },
        { location_id: f.northsideId, location_name: f.names.northside, quantity: 4, in_transit: 0, reorder_point: null, order_up_to: null },
      ]),
    );
    const steps: [string, object][] = [
      ['stock-transfers', { from_location_id: f.northsideId, to_location_id: f.downtownId, quantity: 1 }],
      ['stock-adjustments', { location_id: f.northsideId, delta: -3, reason: 'return' }],
      ['stock-adjustments', { location_id: f.downtownId, delta: 6, reason: 'count_correction' }],
      ['stock-transfers', { from_location_id: f.downtownId, to_location_id: f.northsideId, quantity: 10 }],
      ['stock-transfers', { from_location_id: f.downtownId, to_location_id: f.northsideId, quantity: 20 }],
    ];
    for (const [path, body] of steps) await send('POST', `/api/products/${id}/${path}`, body);
    expect(await stockOf(id)).toMatchObject({ [f.downtownId]: 0, [f.northsideId]: 10 });
    await expectMovesToAddUp(id);
  });

  it('updates prices and lists products for pickers', async () => {
    const id = await newTire(2);
    const priced = await send('PATCH', `/api/products/${id}/price`, { selling_price: 99.5 });
    expect(priced.body.data).toEqual({ id, cost_price: 60, selling_price: 99.5, version: expect.any(Number) });
    expect((await send('PATCH', `/api/products/${id}/price`, { selling_price: -1 })).body.errors).toEqual({ selling_price: ['Selling price must be at least 0'] });

    const picker = await send('GET', `/api/products?type=tire&search=${f.tag}`);
    expect(picker.status).toBe(200);
    expect(picker.body.data.find((row: { id: number }) => row.id === id)).toEqual({
      id,
      type: 'tire',
      name: `${f.names.brand} ${f.names.pattern} 205 / 55 R 16 ${f.tag}`,
      selling_price: 99.5,
      cost_price: 60,
      stock: 2,
      branch_stock: null,
      total_stock: 2,
    });
    const bySize = await send('GET', `/api/products?search=${encodeURIComponent(`205/55R16 ${f.tag}`)}`);
    expect(bySize.body.data.map((row: { id: number }) => row.id)).toContain(id);
    expect((await send('GET', '/api/products?type=boat')).status).toBe(422);
  });

  it('on PostgreSQL, concurrent transfers out of one branch never drive it below zero', async (ctx) => {
    if (h.runtime !== 'postgres') ctx.skip();
    const id = await newTire(10);
    const attempts = Array.from({ length: 12 }, () =>
      send('POST', `/api/products/${id}/stock-transfers`, {
        from_location_id: f.downtownId,
        to_location_id: f.northsideId,
        quantity: 3,
      }),
    );
    const statuses = (await Promise.all(attempts)).map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(await stockOf(id)).toMatchObject({ [f.downtownId]: 1, [f.northsideId]: 9 });
    await expectMovesToAddUp(id);
  });
});

describe('notifications', () => {
  it('lists products out of stock or running low, most urgent first', async () => {
    const before = (await send('GET', '/api/notifications')).body.data.total;
    const out = await newTire(0);
    const low = await newTire(4);
    await newTire(10);
    const answer = await send('GET', '/api/notifications');
    expect(answer.status).toBe(200);
    const { items, total } = answer.body.data;
    expect(total).toBe(before + 2);
    expect(items.length).toBeLessThanOrEqual(20);
    const quantities = items.map((row: { quantity: number }) => row.quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    const shown = (id: number) => items.find((row: { id: number }) => row.id === id);
    if (shown(out)) expect(shown(out)).toMatchObject({ state: 'out', quantity: 0, type: 'tire' });
    if (shown(low)) expect(shown(low)).toMatchObject({ state: 'low', quantity: 4, type: 'tire' });
    expect(shown(out) || items.every((row: { quantity: number }) => row.quantity === 0)).toBeTruthy();
  });
});
