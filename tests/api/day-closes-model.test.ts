import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type Answer, type SignedIn } from '../support/api.ts';
import type { Harness } from '../support/harness.ts';

/**
 * Day closes against a model: random sequences of payments, refunds and deletions of receipts over a
 * week at two branches, with closes and reopenings among them, through the real API. After every step
 * each standing close's figures are the opening float plus the receipts of its days as they are now
 * (so no receipt came into, or left, a closed day), each close opens with the float its predecessor
 * left, and the API answered what the model expected. With several commands at once (PostgreSQL),
 * whatever wins each race, the same holds.
 *
 *   FUZZ_RUNS=1000  more sequences; FUZZ_SEED=42 another seed.
 */

const setting = (name: string): string | undefined => (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
const SEED = Number(setting('FUZZ_SEED') ?? 20261203);
const RUNS = { pglite: 25, postgres: 25, workerd: 3 } as const;
const CONCURRENT_RUNS = { pglite: 0, postgres: 20, workerd: 2 } as const;

const METHODS = ['cash', 'credit_card', 'bank_transfer', 'cheque'] as const;
type Method = (typeof METHODS)[number];
type Cents = number;
const DAYS = 6;
const dayOf = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const toCents = (value: number | string) => Math.round(Number(value) * 100);

interface ModelReceipt {
  id: number;
  branch: number;
  date: string;
  method: Method;
  signed: Cents;
}
interface ModelClose {
  id: number;
  branch: number;
  date: string;
  closingFloat: Cents;
  open: boolean;
}
interface Model {
  receipts: ModelReceipt[];
  closes: ModelClose[];
  /** Paid on each branch's invoice. */
  paid: Cents[];
}
interface Real {
  h: Harness;
  token: string;
  branches: { id: number; name: string }[];
  invoices: number[];
  log: string[];
}

const standing = (m: Model, branch: number) => m.closes.filter((close) => close.branch === branch && close.open).sort((a, b) => a.date.localeCompare(b.date));
const closedThrough = (m: Model, branch: number) => standing(m, branch).at(-1)?.date ?? '';

type Outcome = 'ok' | 409 | 422;
interface Plan {
  text: string;
  expected: Outcome;
  send(r: Real): Promise<Answer>;
  apply(m: Model, answer: Answer): void;
  verify?(m: Model, answer: Answer): string | null;
}
interface Action {
  toString(): string;
  plan(m: Model): Plan | null;
}

const send = (r: Real, method: string, path: string, body?: unknown) => call(r.h, method, path, { token: r.token, body });

/** Answers per command over the file, e.g. { 'close 409': 12 }: a run that never reaches a case shows here. */
const stats: Record<string, number> = {};
const tally = (plan: Plan, answer: Answer) => {
  const key = `${plan.text.replace(/\(.*$/, '')} ${answer.status}`;
  stats[key] = (stats[key] ?? 0) + 1;
};

class Pay implements Action {
  constructor(readonly branch: number, readonly offset: number, readonly method: Method, readonly cents: Cents, readonly refund: boolean) {}
  toString() {
    return `${this.refund ? 'refund' : 'pay'}(${this.branch}, ${dayOf(this.offset)}, ${this.method}, ${this.cents})`;
  }
  plan(m: Model): Plan {
    const date = dayOf(this.offset);
    const paid = m.paid[this.branch];
    let expected: Outcome = 'ok';
    if (this.refund && paid <= 0) expected = 409;
    else if (this.refund && this.cents > paid) expected = 422;
    else if (date <= closedThrough(m, this.branch)) expected = 409;
    return {
      text: this.toString(),
      expected,
      send: (r) =>
        send(r, 'POST', '/api/receipts', {
          receipt_date: date,
          type: this.refund ? 'refund' : 'income',
          receiptable_type: 'Invoice',
          receiptable_id: r.invoices[this.branch],
          amount: this.cents / 100,
          payment_method: this.method,
        }),
      apply: (m, answer) => {
        const signed = this.refund ? -this.cents : this.cents;
        m.receipts.push({ id: answer.body.data.id, branch: this.branch, date, method: this.method, signed });
        m.paid[this.branch] += signed;
      },
    };
  }
}

class DeleteReceipt implements Action {
  constructor(readonly pick: number) {}
  toString() {
    return `deleteReceipt(${this.pick})`;
  }
  plan(m: Model): Plan | null {
    if (!m.receipts.length) return null;
    const receipt = m.receipts[this.pick % m.receipts.length];
    const after = m.paid[receipt.branch] - receipt.signed;
    const expected: Outcome = after < 0 || receipt.date <= closedThrough(m, receipt.branch) ? 409 : 'ok';
    return {
      text: `${this.toString()} → ${receipt.id} (${receipt.date}, ${receipt.signed})`,
      expected,
      send: (r) => send(r, 'DELETE', `/api/receipts/${receipt.id}`),
      apply: (m) => {
        const index = m.receipts.indexOf(receipt);
        if (index < 0) return;
        m.receipts.splice(index, 1);
        m.paid[receipt.branch] -= receipt.signed;
      },
    };
  }
}

class Close implements Action {
  constructor(readonly branch: number, readonly offset: number, readonly delta: Cents) {}
  toString() {
    return `close(${this.branch}, ${dayOf(this.offset)}, ${this.delta >= 0 ? '+' : ''}${this.delta})`;
  }
  plan(m: Model): Plan {
    const date = dayOf(this.offset);
    const last = standing(m, this.branch).at(-1);
    const float = last?.closingFloat ?? 0;
    const from = last ? last.date : '';
    const cashIn = m.receipts
      .filter((receipt) => receipt.branch === this.branch && receipt.method === 'cash' && (last ? receipt.date > from : receipt.date === date) && receipt.date <= date)
      .reduce((sum, receipt) => sum + receipt.signed, 0);
    const expectedCash = float + cashIn;
    const counted = Math.max(0, expectedCash + this.delta);
    const deposit = Math.floor(counted / 2);
    const expected: Outcome = last && last.date >= date ? 409 : 'ok';
    return {
      text: `${this.toString()} → expects ${expectedCash}`,
      expected,
      send: (r) => send(r, 'POST', '/api/day-closes', { location_id: r.branches[this.branch].id, date, counted: { cash: counted / 100 }, deposit: deposit / 100 }),
      apply: (m, answer) => {
        m.closes.push({ id: answer.body.data.id, branch: this.branch, date, closingFloat: toCents(answer.body.data.closing_float), open: true });
      },
      verify: (_, answer) => {
        const close = answer.body.data;
        const wrong = [
          toCents(close.opening_float) !== float && `opening float ${close.opening_float}, the model ${float / 100}`,
          toCents(close.expected_cash) !== expectedCash && `expected cash ${close.expected_cash}, the model ${expectedCash / 100}`,
          toCents(close.cash_over_short) !== counted - expectedCash && `cash over/short ${close.cash_over_short}`,
          toCents(close.closing_float) !== counted - deposit && `closing float ${close.closing_float}`,
        ].filter(Boolean);
        return wrong.length ? wrong.join('; ') : null;
      },
    };
  }
}

class Reopen implements Action {
  constructor(readonly branch: number, readonly back: number) {}
  toString() {
    return `reopen(${this.branch}, ${this.back} back)`;
  }
  plan(m: Model): Plan | null {
    const closes = standing(m, this.branch);
    if (!closes.length) return null;
    const close = closes[Math.max(0, closes.length - 1 - this.back)];
    return {
      text: `${this.toString()} → close ${close.id} of ${close.date}`,
      expected: close === closes.at(-1) ? 'ok' : 409,
      send: (r) => send(r, 'POST', `/api/day-closes/${close.id}/reopen`, { reason: 'Counted again' }),
      apply: () => {
        close.open = false;
      },
    };
  }
}

const branch = fc.integer({ min: 0, max: 1 });
const offset = fc.integer({ min: 0, max: DAYS });
const actions: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.tuple(branch, offset, fc.constantFrom(...METHODS, 'cash', 'cash'), fc.integer({ min: 1, max: 5000 })).map(([b, o, m, c]) => new Pay(b, o, m as Method, c, false)), weight: 6 },
  { arbitrary: fc.tuple(branch, offset, fc.constantFrom(...METHODS), fc.integer({ min: 1, max: 3000 })).map(([b, o, m, c]) => new Pay(b, o, m, c, true)), weight: 2 },
  { arbitrary: fc.nat({ max: 20 }).map((pick) => new DeleteReceipt(pick)), weight: 2 },
  { arbitrary: fc.tuple(branch, offset, fc.oneof(fc.constant(0), fc.integer({ min: -500, max: 500 }))).map(([b, o, d]) => new Close(b, o, d)), weight: 3 },
  { arbitrary: fc.tuple(branch, fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.constant(1), weight: 1 })).map(([b, back]) => new Reopen(b, back)), weight: 1 },
);

/** What must hold whatever happened: each standing close's figures are its days' receipts now, and its float its predecessor's. */
async function invariants(r: Real): Promise<string[]> {
  const ids = r.branches.map((b) => b.id);
  const rows = await r.h.withDb((db) =>
    db.query<{ id: number; location_id: number; business_date: string; period_from: string; opening_float: string; closing_float: string; previous_float: string | null; previous_date: string | null; receipts: number; now_receipts: number; methods: string }>(
      `select c.id, c.location_id, c.business_date::text, c.period_from::text, c.opening_float::text, c.closing_float::text,
              (select p.closing_float::text from public.day_closes p where p.location_id = c.location_id and p.status = 'closed'
                 and p.business_date < c.business_date order by p.business_date desc limit 1) as previous_float,
              (select p.business_date::text from public.day_closes p where p.location_id = c.location_id and p.status = 'closed'
                 and p.business_date < c.business_date order by p.business_date desc limit 1) as previous_date,
              c.receipts,
              (select count(*)::int from public.receipts r where r.location_id = c.location_id and r.receipt_date between c.period_from and c.business_date
                 and r.payment_method <> 'store_credit') as now_receipts,
              (select string_agg(format('%s expected %s, now %s', m.payment_method, m.expected,
                      (case when m.payment_method = 'cash' then c.opening_float else 0 end) + coalesce((select sum(case when r.type = 'refund' then -r.amount else r.amount end)
                         from public.receipts r where r.location_id = c.location_id and r.receipt_date between c.period_from and c.business_date
                          and r.payment_method = m.payment_method), 0)), '; ' order by m.position)
                 from public.day_close_methods m where m.day_close_id = c.id
                  and m.expected <> (case when m.payment_method = 'cash' then c.opening_float else 0 end) + coalesce((select sum(case when r.type = 'refund' then -r.amount else r.amount end)
                         from public.receipts r where r.location_id = c.location_id and r.receipt_date between c.period_from and c.business_date
                          and r.payment_method = m.payment_method), 0)) as methods
         from public.day_closes c where c.location_id = any($1::bigint[]) and c.status = 'closed' order by c.id`,
      [`{${ids.join(',')}}`],
    ),
  );
  const problems: string[] = [];
  for (const row of rows) {
    const name = `close ${row.id} of ${row.business_date} at branch ${ids.indexOf(Number(row.location_id))}`;
    if (row.methods) problems.push(`${name}: its figures are no longer its days' receipts: ${row.methods}`);
    if (row.receipts !== row.now_receipts) problems.push(`${name}: covers ${row.receipts} receipts, its days now hold ${row.now_receipts}`);
    if (toCents(row.opening_float) !== toCents(row.previous_float ?? 0)) problems.push(`${name}: opens with ${row.opening_float}, the close before left ${row.previous_float ?? 0}`);
    const from = row.previous_date ? new Date(Date.parse(row.previous_date) + 86_400_000).toISOString().slice(0, 10) : row.business_date;
    if (row.period_from !== from) problems.push(`${name}: covers from ${row.period_from}, not ${from}`);
  }
  return problems;
}

function fail(r: Real, problems: string[]): never {
  throw new Error(`${problems.join('\n')}\n\nWhat the run did:\n${r.log.join('\n')}`);
}

class Sequential implements fc.AsyncCommand<Model, Real> {
  constructor(readonly action: Action) {}
  check(m: Readonly<Model>) {
    return this.action.plan(m as Model) !== null;
  }
  async run(m: Model, r: Real) {
    const plan = this.action.plan(m)!;
    const answer = await plan.send(r);
    tally(plan, answer);
    r.log.push(`${r.log.length + 1}. ${plan.text}: ${answer.status} ${answer.status >= 300 ? JSON.stringify(answer.body?.message) : ''} (the model expected ${plan.expected})`);
    const outcome: Outcome | number = answer.status < 300 ? 'ok' : answer.status;
    if (outcome !== plan.expected) fail(r, [`${plan.text}: answered ${answer.status}, the model expected ${plan.expected}`]);
    if (outcome === 'ok') {
      const wrong = plan.verify?.(m, answer);
      if (wrong) fail(r, [`${plan.text}: ${wrong}`]);
      plan.apply(m, answer);
    }
    const problems = await invariants(r);
    if (problems.length) fail(r, problems);
  }
  toString() {
    return this.action.toString();
  }
}

/** Several commands at once: any may be refused (never a 500); the closes must still be their days' receipts. */
class Together implements fc.AsyncCommand<Model, Real> {
  constructor(readonly actions: Action[]) {}
  check() {
    return true;
  }
  async run(m: Model, r: Real) {
    const planned = this.actions.flatMap((action) => action.plan(m) ?? []);
    const answers = await Promise.all(planned.map((plan) => plan.send(r)));
    const step = r.log.length + 1;
    planned.forEach((plan, index) => tally(plan, answers[index]));
    planned.forEach((plan, index) => r.log.push(`${step}${'abcd'[index]}. ${plan.text}: ${answers[index].status} ${answers[index].status >= 300 ? JSON.stringify(answers[index].body?.message) : ''}`));
    const unexpected = planned.flatMap((plan, index) => ([200, 201, 204, 404, 409, 422].includes(answers[index].status) ? [] : [`${plan.text}: ${answers[index].status}`]));
    if (unexpected.length) fail(r, unexpected);
    // Closes first, then receipts, then deletions and reopenings: the model is brought back to the database afterwards anyway.
    planned.forEach((plan, index) => {
      if (answers[index].status < 300) plan.apply(m, answers[index]);
    });
    await resync(m, r);
    const problems = await invariants(r);
    if (problems.length) fail(r, problems);
  }
  toString() {
    return `together(${this.actions.map(String).join(' | ')})`;
  }
}

/** The model as the database holds it, after commands whose order the races decided. */
async function resync(m: Model, r: Real) {
  const ids = r.branches.map((b) => b.id);
  const [receipts, closes] = await r.h.withDb((db) =>
    Promise.all([
      db.query<{ id: number; location_id: number; receipt_date: string; payment_method: Method; signed: string }>(
        `select id, location_id, receipt_date::text, payment_method, (case when type = 'refund' then -amount else amount end)::text as signed
           from public.receipts where receiptable_type = 'Invoice' and receiptable_id = any($1::bigint[]) order by id`,
        [`{${r.invoices.join(',')}}`],
      ),
      db.query<{ id: number; location_id: number; business_date: string; closing_float: string; status: string }>(
        `select id, location_id, business_date::text, closing_float::text, status from public.day_closes where location_id = any($1::bigint[]) order by id`,
        [`{${ids.join(',')}}`],
      ),
    ]),
  );
  m.receipts = receipts.map((row) => ({ id: Number(row.id), branch: ids.indexOf(Number(row.location_id)), date: row.receipt_date, method: row.payment_method, signed: toCents(row.signed) }));
  m.closes = closes.map((row) => ({ id: Number(row.id), branch: ids.indexOf(Number(row.location_id)), date: row.business_date, closingFloat: toCents(row.closing_float), open: row.status === 'closed' }));
  m.paid = [0, 1].map((b) => m.receipts.filter((receipt) => receipt.branch === b).reduce((sum, receipt) => sum + receipt.signed, 0));
}

let h: Harness;
let admin: SignedIn;
let serviceId: number;
let customerId: number;
beforeAll(async () => {
  h = await createHarness();
  admin = await signIn(h);
  serviceId = (await call(h, 'POST', '/api/services', { token: admin.token, body: { name: `Drawer service ${uniqueTag()}`, selling_price: 1, active: true } })).body.data.id;
  customerId = (await call(h, 'POST', '/api/customers', { token: admin.token, body: { name: `Drawer model ${uniqueTag()}`, phone: '555 0190', address: '9 Till Rd' } })).body.data.id;
});
afterAll(() => {
  console.info(Object.entries(stats).sort().map(([key, n]) => `  ${key}: ${n}`).join('\n'));
  return h?.close();
});

/** A run's own two branches, each with a sent invoice owing far more than a run pays. */
async function setupRun(): Promise<{ model: Model; real: Real }> {
  const branches = await h.withDb(async (db) => {
    const made = [];
    for (const name of [`Drawer A ${uniqueTag()}`, `Drawer B ${uniqueTag()}`]) {
      const [row] = await db.query<{ id: number }>('insert into public.locations (name, address) values ($1, $2) returning id', [name, '1 Till Rd']);
      made.push({ id: Number(row.id), name });
    }
    return made;
  });
  const invoices = [];
  for (const b of branches) {
    const answer = await call(h, 'POST', '/api/invoices', {
      token: admin.token,
      body: { customer_id: customerId, location_id: b.id, issued_date: dayOf(DAYS + 5), due_date: dayOf(DAYS + 5), status: 'sent', items: [{ product_id: serviceId, quantity: 1, unit_price: 100_000 }] },
    });
    if (answer.status !== 201) throw new Error(`setting up a run: ${answer.status} ${JSON.stringify(answer.body)}`);
    invoices.push(Number(answer.body.data.id));
  }
  return { model: { receipts: [], closes: [], paid: [0, 0] }, real: { h, token: admin.token, branches, invoices, log: [] } };
}

const runsOf = (defaults: Record<Harness['runtime'], number>) => Number(setting('FUZZ_RUNS') ?? defaults[h.runtime]);

describe('day closes against a model', () => {
  it('one command at a time: each answer is the model\'s, and every standing close is its days\' receipts after each step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands([actions.map((action) => new Sequential(action))], { maxCommands: 25, size: 'max' }), (commands) =>
        fc.asyncModelRun(setupRun, commands),
      ),
      { numRuns: runsOf(RUNS), seed: SEED },
    );
  }, 600_000);

  it('three commands at once: whatever wins each race, every standing close is its days\' receipts', async (ctx) => {
    ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
    await fc.assert(
      fc.asyncProperty(fc.commands([fc.array(actions, { minLength: 3, maxLength: 3 }).map((list) => new Together(list))], { maxCommands: 10, size: 'max' }), (commands) =>
        fc.asyncModelRun(setupRun, commands),
      ),
      { numRuns: runsOf(CONCURRENT_RUNS), seed: SEED },
    );
  }, 600_000);
});
