import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, type SignedIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Db } from '../../worker/src/db/port.ts';
import type { Harness } from '../support/harness.ts';

/**
 * A request's statements run under STATEMENT_TIMEOUT_MS: one that takes longer is stopped and the
 * request answers 503 with a message, its changes undone, and the connection goes back to work.
 * Real routes are made slow by a lock the test holds on what they read or change. PGlite runs
 * statements in-process and ignores statement_timeout (a 1 s pg_sleep under a 100 ms timeout
 * finishes), and a lock held there would stop the test itself: these run on PostgreSQL, on a direct
 * connection that keeps the timeout (`npm start`) and on connections that do not (a pooler, where
 * the timeout is set per transaction), and in workerd through Hyperdrive, per transaction. Each
 * waits out a timeout of 300 ms, not the 30 s that workerd's project binding holds.
 */

const TIMEOUT_MS = 300;
const TOO_SLOW = 'The database took too long to answer; try again in a moment.';

const connections = [
  { name: 'kept by the connection', timeoutInEachTransaction: false },
  { name: 'set in each transaction', timeoutInEachTransaction: true },
];

describe.each(connections)('the statement timeout, $name', ({ timeoutInEachTransaction }) => {
  let h: Harness;
  let me: SignedIn;
  let productId: number;
  let f: CatalogueFixture;
  let lockable = false;

  beforeAll(async () => {
    h = await createHarness({ statementTimeoutMs: TIMEOUT_MS, timeoutInEachTransaction });
    // workerd's connections (Hyperdrive) never keep it.
    lockable = h.runtime === 'postgres' || (h.runtime === 'workerd' && timeoutInEachTransaction);
    if (!lockable) return;
    me = await signIn(h);
    f = await catalogueFixture(h);
    const tire = await call(h, 'POST', '/api/tires', { token: me.token, body: tireBody(f, { quantity: 3, selling_price: 80 }) });
    expect(tire.status, JSON.stringify(tire.body)).toBe(201);
    productId = tire.body.data.id;
  });
  afterAll(() => h?.close());

  const test = (name: string, work: () => Promise<void>) =>
    it(name, async (ctx) => {
      const why = h.runtime === 'pglite' ? 'PGlite ignores statement_timeout and has one connection: this needs PostgreSQL' : 'Hyperdrive keeps no timeout';
      ctx.skip(!lockable, why);
      await work();
    }, 60_000);

  /** Runs `request` while the test's own transaction holds what `lock` takes; the answer and how long it took. */
  async function whileLocked(lock: string, params: unknown[], request: () => Promise<{ status: number; body: any }>) {
    return h.withDb((db: Db) =>
      db.transaction(async (tx) => {
        await tx.query(lock, params);
        const started = Date.now();
        // Without a timeout the request would wait for the lock as long as the test holds it.
        let timer: ReturnType<typeof setTimeout> | undefined;
        const waited = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the request was not stopped')), h.statementTimeoutMs + 10_000);
        });
        try {
          const answer = await Promise.race([request(), waited]);
          return { answer, ms: Date.now() - started };
        } finally {
          clearTimeout(timer);
        }
      }),
    );
  }

  test('stops a list that waits on the database and answers 503 with a message', async () => {
    const { answer, ms } = await whileLocked('lock table public.customers in access exclusive mode', [], () =>
      call(h, 'GET', '/api/customers', { token: me.token }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.body).toEqual({ message: TOO_SLOW });
    expect(ms).toBeGreaterThanOrEqual(h.statementTimeoutMs * 0.9);
    // Nothing is held afterwards: the same list answers once the lock is gone.
    expect((await call(h, 'GET', '/api/customers', { token: me.token })).status).toBe(200);
  });

  test('stops a change that waits on a locked row, and leaves nothing of it behind', async () => {
    const { answer } = await whileLocked('select 1 from public.products where id = $1 for update', [productId], () =>
      call(h, 'PATCH', `/api/products/${productId}/price`, { token: me.token, body: { selling_price: 95 } }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.body).toEqual({ message: TOO_SLOW });
    const [row] = await h.withDb((db) => db.query<{ selling_price: number }>('select selling_price from public.products where id = $1', [productId]));
    expect(Number(row.selling_price)).toBe(80);
    const again = await call(h, 'PATCH', `/api/products/${productId}/price`, { token: me.token, body: { selling_price: 95 } });
    expect(again.status).toBe(200);
    expect(again.body.data.selling_price).toBe(95);
  });

  test("posts a stock count that takes longer than a request's limit: its corrections are one transaction that has to finish", async () => {
    const started = await call(h, 'POST', '/api/stock-counts', { token: me.token, body: { location_id: f.downtownId, scope: { tire_brand_id: f.brandId } } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const counted = await call(h, 'PUT', `/api/stock-counts/${started.body.data.id}/lines`, { token: me.token, body: { lines: [{ product_id: productId, counted: 2 }] } });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    // The test holds the product for three times the limit, then lets go; the posting waits it out.
    let posting: Promise<{ status: number; body: any }> | undefined;
    await h.withDb((db: Db) =>
      db.transaction(async (tx) => {
        await tx.query('select 1 from public.products where id = $1 for update', [productId]);
        posting = call(h, 'POST', `/api/stock-counts/${started.body.data.id}/post`, { token: me.token, body: {} });
        await new Promise((resolve) => setTimeout(resolve, h.statementTimeoutMs * 3));
      }),
    );
    const answer = await posting!;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'posted', summary: { with_variance: 1, variance_units: -1 } });
  });
});
