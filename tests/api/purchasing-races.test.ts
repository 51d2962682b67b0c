import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type Answer, type SignedIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

/**
 * Races on the purchasing API: many requests at once against one purchase order. They run where
 * there are real concurrent connections (PostgreSQL, and the Worker on Hyperdrive); PGlite has one
 * connection, so a race there proves nothing and the tests skip. Every assertion holds whatever the
 * interleaving; each test checks the database afterwards.
 */

let h: Harness;
let me: SignedIn;
let f: CatalogueFixture;
let raceable = false;

beforeAll(async () => {
  h = await createHarness();
  raceable = h.runtime !== 'pglite';
  if (!raceable) return;
  me = await signIn(h);
  f = await catalogueFixture(h);
});
afterAll(() => h?.close());

/** A race test: skipped on PGlite, where requests cannot overlap on the database. */
const race = (name: string, work: () => Promise<void>) =>
  it(name, async (ctx) => {
    ctx.skip(!raceable, 'PGlite has a single connection: races need PostgreSQL');
    await work();
  }, 120_000);

const DAY = '2026-11-20';
const YEAR = 2026;

const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call(h, method, path, { token: me.token, body, headers });

const sql = <T>(text: string, params: unknown[] = []) => h.withDb((db) => db.query<T>(text, params));
const one = async <T>(text: string, params: unknown[] = []) => (await sql<T>(text, params))[0];

/** How many answers had each status, e.g. { 200: 1, 409: 19 }. */
const tally = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }), {});
const messagesOf = (answers: Answer[]) => [...new Set(answers.map((answer) => answer.body?.message))];
const withStatus = (answers: Answer[], status: number) => answers.filter((answer) => answer.status === status);

/** A tire of this file's own with `quantity` units at Downtown at `cost` each. */
async function newTire(quantity: number, cost = 60) {
  const answer = await send('POST', '/api/tires', tireBody(f, { quantity, cost_price: cost, size: `225 / 45 R 17 ${uniqueTag()}` }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data.id);
}

/** Stock counted in (positive delta) at a branch, as a count correction. */
async function addStock(productId: number, locationId: number, delta: number) {
  const answer = await send('POST', `/api/products/${productId}/stock-adjustments`, { location_id: locationId, delta, reason: 'count_correction' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

interface Line {
  id: number;
  product_id: number;
  quantity: number;
  received_quantity: number;
  cost_price_at_purchase: number;
}

/** A purchase order to Downtown, 'ordered' unless told otherwise. */
async function newOrder(items: { product_id: number; quantity: number; cost_price: number }[], overrides: Record<string, unknown> = {}) {
  const answer = await send('POST', '/api/purchases', {
    supplier_id: f.supplierId,
    location_id: f.downtownId,
    purchase_date: DAY,
    expected_delivery_date: DAY,
    status: 'ordered',
    items,
    ...overrides,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as { id: number; number: string; status: string; net_amount: number; balance_due: number; purchase_items: Line[] };
}

const levelAt = async (productId: number, locationId = f.downtownId) =>
  (await one<{ quantity: number }>('select quantity from public.stock_levels where product_id = $1 and location_id = $2', [productId, locationId]))
    ?.quantity ?? 0;

/** Units on hand at every branch: what the weighted average weighs the old cost by. */
const onHand = async (productId: number) =>
  (await one<{ quantity: number }>('select coalesce(sum(quantity), 0)::int as quantity from public.stock_levels where product_id = $1', [productId]))
    .quantity;

const costOf = async (productId: number) => Number((await one<{ cost: number }>('select cost_price as cost from public.products where id = $1', [productId])).cost);

/**
 * The weighted average cost after receiving `quantity` at `unitCost` onto `stock` units at `cost`,
 * rounded to the cent as numeric round() does (half away from zero). Worked in whole cents.
 */
function weightedAverage(stock: number, cost: number, quantity: number, unitCost: number) {
  const cents = (stock * Math.round(cost * 100) + quantity * Math.round(unitCost * 100)) / (stock + quantity);
  return Math.round(cents) / 100;
}

const purchaseMovesOf = (purchaseId: number) =>
  sql<{ product_id: number; location_id: number; delta: number; unit_cost: number }>(
    `select product_id, location_id, delta, unit_cost from public.stock_moves
      where document_type = 'Purchase' and document_id = $1 and reason = 'purchase' order by id`,
    [purchaseId],
  );

const linesOf = (purchaseId: number) =>
  sql<{ id: number; quantity: number; received_quantity: number }>(
    'select id, quantity, received_quantity from public.purchase_items where purchase_id = $1 order by position',
    [purchaseId],
  );

const orderRow = (purchaseId: number) =>
  one<{ status: string; received_at: string | null; cancelled_at: string | null }>(
    'select status, received_at, cancelled_at from public.purchases where id = $1',
    [purchaseId],
  );

/** The rule of the stock model: at every branch the moves add up to the level. */
async function expectMovesToAddUp(productId: number) {
  const rows = await sql<{ location_id: number; level: number; moves: number }>(
    `select sl.location_id, sl.quantity as level,
            (select coalesce(sum(m.delta), 0)::int from public.stock_moves m where m.product_id = sl.product_id and m.location_id = sl.location_id) as moves
       from public.stock_levels sl where sl.product_id = $1`,
    [productId],
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row.moves, `moves at location ${row.location_id}`).toBe(row.level);
}

/** The next value of a number series this year (1 while the series has no row). */
const nextValue = async (series: string) =>
  (await one<{ next_value: number }>('select next_value from public.document_series where series = $1 and year = $2', [series, YEAR]))
    ?.next_value ?? 1;

describe('purchasing under concurrency', () => {
  race('20 parallel full receives of one order: stock in once per line, the cost averaged once', async () => {
    // Stock on hand at both branches: the average weighs the old cost by all of it.
    const first = await newTire(7, 60);
    await addStock(first, f.northsideId, 4);
    const second = await newTire(3, 45.1);
    const order = await newOrder([
      { product_id: first, quantity: 5, cost_price: 73.49 },
      { product_id: second, quantity: 8, cost_price: 47.33 },
    ]);
    expect(order.status).toBe('ordered');
    const start = {
      first: { downtown: await levelAt(first), northside: await levelAt(first, f.northsideId), onHand: await onHand(first), cost: await costOf(first) },
      second: { downtown: await levelAt(second), onHand: await onHand(second), cost: await costOf(second) },
    };
    expect(start).toEqual({ first: { downtown: 7, northside: 4, onHand: 11, cost: 60 }, second: { downtown: 3, onHand: 3, cost: 45.1 } });

    const answers = await Promise.all(Array.from({ length: 20 }, () => send('POST', `/api/purchases/${order.id}/receive`)));

    expect(tally(answers)).toEqual({ 200: 1, 409: 19 });
    expect(messagesOf(withStatus(answers, 409))).toEqual(['This purchase order has already been received.']);
    const received = withStatus(answers, 200)[0].body.data;
    expect(received).toMatchObject({ id: order.id, status: 'received', is_partly_received: false });
    expect(received.purchase_items.map((line: Line) => line.received_quantity)).toEqual([5, 8]);

    expect(await orderRow(order.id)).toMatchObject({ status: 'received', received_at: expect.anything(), cancelled_at: null });
    expect((await linesOf(order.id)).map((line) => [line.quantity, line.received_quantity])).toEqual([[5, 5], [8, 8]]);
    expect(await levelAt(first)).toBe(start.first.downtown + 5);
    expect(await levelAt(first, f.northsideId)).toBe(start.first.northside);
    expect(await levelAt(second)).toBe(start.second.downtown + 8);
    const moves = await purchaseMovesOf(order.id);
    expect(moves).toHaveLength(2);
    expect(moves).toEqual(
      expect.arrayContaining([
        { product_id: first, location_id: f.downtownId, delta: 5, unit_cost: 73.49 },
        { product_id: second, location_id: f.downtownId, delta: 8, unit_cost: 47.33 },
      ]),
    );
    // (11 × 60.00 + 5 × 73.49) / 16 = 64.2156… → 64.22 and (3 × 45.10 + 8 × 47.33) / 11 = 46.721… → 46.72, once each.
    const expectedFirst = weightedAverage(start.first.onHand, start.first.cost, 5, 73.49);
    const expectedSecond = weightedAverage(start.second.onHand, start.second.cost, 8, 47.33);
    expect([expectedFirst, expectedSecond]).toEqual([64.22, 46.72]);
    expect(await costOf(first)).toBe(expectedFirst);
    expect(await costOf(second)).toBe(expectedSecond);
    await expectMovesToAddUp(first);
    await expectMovesToAddUp(second);
  });

  race('20 parallel payments each of the full balance: exactly one is taken', async () => {
    const tire = await newTire(0);
    const order = await newOrder([{ product_id: tire, quantity: 4, cost_price: 52.5 }], { tax_amount: 16.8, discount_amount: 2 });
    expect(order).toMatchObject({ net_amount: 224.8, balance_due: 224.8 });
    const receiptsBefore = await nextValue('receipt');
    const body = { amount: order.balance_due, payment_method: 'bank_transfer', receipt_date: DAY, reference_number: `PAY-${f.tag}` };

    const answers = await Promise.all(Array.from({ length: 20 }, () => send('POST', `/api/purchases/${order.id}/payments`, body)));

    // create_receipt locks the order before it reads the balance, so every loser sees it paid in full
    // (409), never a stale balance that would let the amount through or name a smaller most (422).
    expect(tally(answers)).toEqual({ 201: 1, 409: 19 });
    expect(messagesOf(withStatus(answers, 409))).toEqual(['This purchase order is already paid in full.']);
    const receipt = withStatus(answers, 201)[0].body.data;
    expect(receipt).toMatchObject({ type: 'expense', receiptable_type: 'Purchase', receiptable_id: order.id, amount: 224.8, document_number: order.number });

    const row = await one('select total_paid, net_amount, balance_due, payment_status from public.purchases where id = $1', [order.id]);
    expect(row).toEqual({ total_paid: 224.8, net_amount: 224.8, balance_due: 0, payment_status: 'paid' });
    const receipts = await sql<{ id: number; type: string; amount: number }>(
      `select id, type, amount from public.receipts where receiptable_type = 'Purchase' and receiptable_id = $1`,
      [order.id],
    );
    expect(receipts).toEqual([{ id: receipt.id, type: 'expense', amount: 224.8 }]);
    expect(await nextValue('receipt')).toBe(receiptsBefore + 1);
    const detail = (await send('GET', `/api/purchases/${order.id}`)).body.data;
    expect(detail).toMatchObject({ status: 'ordered', payment_status: 'paid', total_paid: 224.8, balance_due: 0 });
    expect(detail.payments.map((payment: { id: number }) => payment.id)).toEqual([receipt.id]);
    // Paying is not receiving: no stock moved.
    expect(await purchaseMovesOf(order.id)).toEqual([]);
  });

  race('20 parallel partial receives of 3 from a line of 10: never more than ordered', async () => {
    const tire = await newTire(2, 60);
    const order = await newOrder([{ product_id: tire, quantity: 10, cost_price: 70 }]);
    const [line] = order.purchase_items;
    const before = await levelAt(tire);
    const start = { stock: await onHand(tire), cost: await costOf(tire) };
    const body = { items: [{ purchase_item_id: line.id, quantity: 3 }], actual_delivery_date: DAY };

    const answers = await Promise.all(Array.from({ length: 20 }, () => send('POST', `/api/purchases/${order.id}/receive`, body)));

    // Three deliveries of 3 fit in 10; the fourth would make 12. The order stays 'ordered' (9 < 10),
    // so nobody is told it is already received.
    expect(tally(answers)).toEqual({ 200: 3, 422: 17 });
    const refused = withStatus(answers, 422);
    for (const answer of refused) expect(answer.body.message).toMatch(/^Only /);
    // Receives run one at a time behind the order's lock, so every refusal sees the 1 left.
    expect(messagesOf(refused)).toEqual(['Only 1 of this line are still to be received.']);
    for (const answer of refused) expect(answer.body.errors).toEqual({ 'items.0.quantity': ['Only 1 of this line are still to be received.'] });
    // Each answer shows the order as it is once its own delivery is in: some multiple of 3, the last one 9.
    const shown = withStatus(answers, 200).map((answer) => answer.body.data.purchase_items[0].received_quantity as number);
    for (const quantity of shown) expect([3, 6, 9]).toContain(quantity);
    expect(Math.max(...shown)).toBe(9);

    expect(await orderRow(order.id)).toEqual({ status: 'ordered', received_at: null, cancelled_at: null });
    expect((await send('GET', `/api/purchases/${order.id}`)).body.data).toMatchObject({ status: 'ordered', is_partly_received: true });
    expect((await linesOf(order.id)).map((row) => row.received_quantity)).toEqual([9]);
    expect(await levelAt(tire)).toBe(before + 9);
    expect(await purchaseMovesOf(order.id)).toEqual(Array.from({ length: 3 }, () => ({ product_id: tire, location_id: f.downtownId, delta: 3, unit_cost: 70 })));
    // Each delivery averages the cost once: 2 @ 60 + 3 @ 70 → 66.00, + 3 @ 70 → 67.50, + 3 @ 70 → 68.18.
    let expected = start.cost;
    for (let stock = start.stock; stock < start.stock + 9; stock += 3) expected = weightedAverage(stock, expected, 3, 70);
    expect(expected).toBe(68.18);
    expect(await costOf(tire)).toBe(expected);
    await expectMovesToAddUp(tire);

    const last = await send('POST', `/api/purchases/${order.id}/receive`, { items: [{ purchase_item_id: line.id, quantity: 1 }] });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.data).toMatchObject({ status: 'received', is_partly_received: false });
    expect(await orderRow(order.id)).toMatchObject({ status: 'received', received_at: expect.anything() });
    expect((await linesOf(order.id)).map((row) => row.received_quantity)).toEqual([10]);
    expect(await levelAt(tire)).toBe(before + 10);
    expect(await costOf(tire)).toBe(weightedAverage(start.stock + 9, expected, 1, 70));
    expect(await purchaseMovesOf(order.id)).toHaveLength(4);
    await expectMovesToAddUp(tire);
  });

  race('10 parallel receives and cancels of one order: either received or cancelled, never both', async () => {
    // Four orders, one after the other, the receives sent first on two and the cancels on the other
    // two, so that both endings come up; each must be one ending or the other, whole.
    const endings: string[] = [];
    for (let round = 0; round < 4; round++) {
      const tire = await newTire(4);
      const order = await newOrder([{ product_id: tire, quantity: 6, cost_price: 55 }]);
      const before = await levelAt(tire);
      const start = { stock: await onHand(tire), cost: await costOf(tire) };
      const actions = Array.from({ length: 10 }, (_, i) => ((i + round) % 2 === 0 ? 'receive' : 'cancel'));

      const answers = await Promise.all(actions.map((action) => send('POST', `/api/purchases/${order.id}/${action}`)));
      const of = (action: string) => answers.filter((_, i) => actions[i] === action);

      expect(tally(answers)).toEqual({ 200: 1, 409: 9 });
      const row = await orderRow(order.id);
      const [line] = await linesOf(order.id);
      const moves = await purchaseMovesOf(order.id);
      expect(['received', 'cancelled']).toContain(row.status);
      endings.push(row.status);
      if (row.status === 'received') {
        // The receive won: the goods are in, the other receives were too late and nothing could cancel it.
        expect(tally(of('receive'))).toEqual({ 200: 1, 409: 4 });
        expect(messagesOf(withStatus(of('receive'), 409))).toEqual(['This purchase order has already been received.']);
        expect(tally(of('cancel'))).toEqual({ 409: 5 });
        expect(messagesOf(of('cancel'))).toEqual(['Goods have already been received on this purchase order, so it cannot be cancelled.']);
        expect(row).toMatchObject({ received_at: expect.anything(), cancelled_at: null });
        expect(line.received_quantity).toBe(6);
        expect(await levelAt(tire)).toBe(before + 6);
        expect(moves).toEqual([{ product_id: tire, location_id: f.downtownId, delta: 6, unit_cost: 55 }]);
        expect(await costOf(tire)).toBe(weightedAverage(start.stock, start.cost, 6, 55));
      } else {
        // A cancel won: nothing came in, and nothing can come in any more.
        expect(row).toMatchObject({ received_at: null, cancelled_at: expect.anything() });
        expect(tally(of('cancel'))).toEqual({ 200: 1, 409: 4 });
        expect(messagesOf(withStatus(of('cancel'), 409))).toEqual(['This purchase order has already been cancelled.']);
        expect(tally(of('receive'))).toEqual({ 409: 5 });
        expect(messagesOf(of('receive'))).toEqual(['This purchase order has been cancelled.']);
        expect(line.received_quantity).toBe(0);
        expect(await levelAt(tire)).toBe(before);
        expect(moves).toEqual([]);
        expect(await costOf(tire)).toBe(start.cost);
      }
      await expectMovesToAddUp(tire);
    }
    expect(endings).toHaveLength(4);
  });
});
