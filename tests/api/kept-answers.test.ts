import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, type SignedIn } from '../support/api.ts';
import { catalogueFixture, tireBody } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';
import type { Logger } from '../../worker/src/http/request-log.ts';
import { keptAnswers } from '../../worker/src/http/kept-answers.ts';

/*
 * A report asked for again while nothing has been written answers what it answered, without
 * running again; any write makes the next one new, and an answer made while a write ended is not
 * kept. The log line's statement count tells a kept answer from a new one. Only the embedded
 * database is this file's alone: a PostgreSQL server's other databases (the other test files')
 * write all the while, and their transactions move the snapshot too, so there a kept answer is
 * only seldom used and these tests check that what is answered is right.
 */

const statements = new Map<string, number>();
const keep = (line: object) => {
  const { request_id, db_statements } = line as { request_id: string; db_statements: number };
  statements.set(request_id, db_statements);
};
const logger: Logger = { info: keep, warn: keep, error: keep };

let h: Harness;
let me: SignedIn;

beforeAll(async () => {
  h = await createHarness({ logger });
  me = await signIn(h);
});
afterAll(() => h?.close());

async function report(path: string) {
  const answer = await call(h, 'GET', path, { token: me.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { body: answer.body, statements: statements.get(answer.headers.get('x-request-id')!) };
}

describe('kept answers', () => {
  it('answers a report again without running it until something is written', async () => {
    const path = '/api/reports/sales?dateFrom=2021-01-01&dateTo=2021-12-31&group=month';
    const first = await report(path);
    const again = await report(path);
    expect(again.body).toEqual(first.body);
    const other = await report('/api/reports/sales?dateFrom=2021-01-01&dateTo=2021-06-30&group=month');
    expect(other.body.filters.dateTo).toBe('2021-06-30');

    const f = await catalogueFixture(h);
    const customer = await call(h, 'POST', '/api/customers', { token: me.token, body: { name: 'Kept Answers Ltd', phone: '555 0190', address: '2 Side St' } });
    const tire = await call(h, 'POST', '/api/tires', { token: me.token, body: tireBody(f, { quantity: 4, cost_price: 40 }) });
    expect(tire.status, JSON.stringify(tire.body)).toBe(201);
    const invoice = await call(h, 'POST', '/api/invoices', {
      token: me.token,
      body: { customer_id: customer.body.data.id, location_id: f.downtownId, issued_date: '2021-03-04', due_date: '2021-03-04', status: 'sent', items: [{ product_id: tire.body.data.id, quantity: 2, unit_price: 50 }] },
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const afterWrite = await report(path);
    if (h.runtime === 'pglite') {
      expect(again.statements).toBe(first.statements! - 2);
      expect(afterWrite.statements).toBe(first.statements);
    }
    expect(afterWrite.body.totals.count).toBe(first.body.totals.count + 1);
    expect(afterWrite.body.totals.revenue).toBeCloseTo(first.body.totals.revenue + 100, 2);
  });

  it('does not keep an answer made while a write ended', async () => {
    await h.withDb(async (db) => {
      const answers = keptAnswers();
      let made = 0;
      const make = async () => {
        made++;
        const [row] = await db.query<{ n: number }>('select count(*)::int as n from public.customers');
        await db.query(`insert into public.customers (name, phone, address) values ('Written Meanwhile', '555 0191', '1 Side St')`);
        return row.n;
      };
      const first = await answers(db, 'customers', make);
      const second = await answers(db, 'customers', make);
      expect(made).toBe(2);
      expect(second).toBe(first + 1);
      const steady = () => db.query<{ n: number }>('select count(*)::int as n from public.customers').then(([row]) => row.n);
      const kept = await answers(db, 'steady', steady);
      if (h.runtime === 'pglite') expect(await answers(db, 'steady', () => Promise.resolve(-1))).toBe(kept);
    });
  });
});
