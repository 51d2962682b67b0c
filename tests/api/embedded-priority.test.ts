import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn } from '../support/api.ts';
import { isPrioritised } from '../../worker/src/db/gate.ts';
import type { Db } from '../../worker/src/db/port.ts';
import type { Harness } from '../support/harness.ts';

/*
 * The embedded database has one connection. A report's statements wait behind the counter's: once
 * the statement running ends, queued counter work goes first. Order and completion, never time.
 */

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
});
afterAll(() => h.close());

describe('the embedded database: the counter before the reports', () => {
  it('lets queued counter work go before queued report statements', async (ctx) => {
    ctx.skip(h.runtime !== 'pglite', 'Only the embedded database shares one connection between requests');
    await h.withDb(async (db) => {
      expect(isPrioritised(db)).toBe(true);
      if (!isPrioritised(db)) return;
      const done: string[] = [];
      const run = (label: string, on: Db, sql: string) => on.query(sql).then(() => done.push(label));
      // The first report statement holds the connection; the rest of the report and the counter's call queue behind it.
      const work = [
        run('report 1', db.reports, 'select count(*) from generate_series(1, 200000)'),
        run('report 2', db.reports, 'select 2'),
        run('report 3', db.reports, 'select 3'),
        run('counter', db, 'select 1'),
        db.reports.transaction(async (tx) => {
          await tx.query('select 4');
          done.push('report 4');
        }),
        db.transaction(async (tx) => {
          await tx.query('select 5');
          done.push('counter sale');
        }),
      ];
      await Promise.all(work);
      expect(done).toEqual(['report 1', 'counter', 'counter sale', 'report 2', 'report 3', 'report 4']);
    });
  });

  it('still gives a report its turn while the counter is busy', async (ctx) => {
    ctx.skip(h.runtime !== 'pglite', 'Only the embedded database shares one connection between requests');
    await h.withDb(async (db) => {
      if (!isPrioritised(db)) return;
      const done: string[] = [];
      const first = db.query('select 0');
      const report = db.reports.query('select 1').then(() => done.push('report'));
      const counter = Array.from({ length: 40 }, (_, i) => db.query('select $1::int', [i]).then(() => done.push(`counter ${i}`)));
      await Promise.all([first, report, ...counter]);
      expect(done).toHaveLength(41);
      const at = done.indexOf('report');
      expect(at).toBeGreaterThan(0);
      expect(at).toBeLessThan(40);
    });
  });

  it('answers a counter call sent behind a report, and the report too', async () => {
    const get = (path: string) => call(h, 'GET', path, { token });
    const [report, invoices, dashboard] = await Promise.all([
      get('/api/reports/customer-balance?as_of=2023-01-31'),
      get('/api/invoices'),
      get('/api/dashboard'),
    ]);
    expect([report.status, invoices.status, dashboard.status]).toEqual([200, 200, 200]);
  });
});
