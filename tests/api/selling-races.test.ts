import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type Answer, type SignedIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

/**
 * Races on the selling API: many requests at once against one document, one stock row or one number
 * series. They run where there are real concurrent connections (PostgreSQL, and the Worker on
 * Hyperdrive); PGlite has one connection, so a race there proves nothing and the tests skip.
 * Every assertion holds whatever the interleaving; each test checks the database afterwards.
 */

let h: Harness;
let me: SignedIn;
let f: CatalogueFixture;
let customerId: number;
let raceable = false;

beforeAll(async () => {
  h = await createHarness();
  raceable = h.runtime !== 'pglite';
  if (!raceable) return;
  me = await signIn(h);
  f = await catalogueFixture(h);
  customerId = await h.withDb(async (db) => {
    const [row] = await db.query<{ id: number }>(
      'insert into public.customers (name, phone, address) values ($1, $2, $3) returning id',
      [`Race customer ${f.tag}`, '555 0199', '9 Race Rd'],
    );
    return Number(row.id);
  });
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

/** How many answers had each status, e.g. { 200: 1, 409: 49 }. */
const tally = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }), {});
const messagesOf = (answers: Answer[]) => [...new Set(answers.map((answer) => answer.body?.message))];

/** A tire with `quantity` units at Downtown; its id and its name as documents print it. */
async function newTire(quantity: number) {
  const answer = await send('POST', '/api/tires', tireBody(f, { quantity, location_id: f.downtownId }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const id = Number(answer.body.data.id);
  const { name } = await one<{ name: string }>('select name from public.products where id = $1', [id]);
  return { id, name };
}

async function newSale(productId: number, overrides: Record<string, unknown> = {}) {
  const answer = await send('POST', '/api/sales', saleBody(productId, overrides));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as { id: number; number: string; status: string };
}

const saleBody = (productId: number, overrides: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  location_id: f.downtownId,
  sale_date: DAY,
  payment_method: 'cash',
  status: 'pending',
  items: [{ product_id: productId, quantity: 1, selling_price: 89.99, discount: 0 }],
  ...overrides,
});

async function newInvoice(productId: number, overrides: Record<string, unknown> = {}) {
  const answer = await send('POST', '/api/invoices', {
    customer_id: customerId,
    location_id: f.downtownId,
    issued_date: DAY,
    due_date: '2026-12-20',
    status: 'draft',
    items: [{ product_id: productId, quantity: 1, unit_price: 89.99 }],
    ...overrides,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as { id: number; number: string | null; status: string; net_amount: number; balance_due: number };
}

/** The next value of a number series this year (1 while the series has no row). */
const nextValue = async (series: string) =>
  (await one<{ next_value: number }>('select next_value from public.document_series where series = $1 and year = $2', [series, YEAR]))
    ?.next_value ?? 1;

const levelAt = async (productId: number, locationId: number) =>
  (await one<{ quantity: number }>('select quantity from public.stock_levels where product_id = $1 and location_id = $2', [productId, locationId]))
    ?.quantity;

const saleMovesOf = (productId: number) =>
  sql<{ location_id: number; delta: number; document_type: string; document_id: number }>(
    `select location_id, delta, document_type, document_id from public.stock_moves where product_id = $1 and reason = 'sale' order by id`,
    [productId],
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

describe('selling under concurrency', () => {
  race('20 sales created completed and 10 orders created received at once, on the same two products: none fails', async () => {
    const first = await newTire(100);
    const second = await newTire(100);
    // Lines in both orders, so each request's line inserts meet the others' stock moves crosswise.
    const items = (i: number) => (i % 2 ? [first, second] : [second, first]).map((product) => ({ product_id: product.id, quantity: 1 }));
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        send('POST', '/api/sales', saleBody(first.id, { status: 'completed', items: items(i).map((item) => ({ ...item, selling_price: 89.99 })) })),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        send('POST', '/api/purchases', {
          supplier_id: f.supplierId, location_id: f.downtownId, purchase_date: DAY, status: 'received',
          items: items(i).map((item) => ({ ...item, cost_price: 50 })),
        }),
      ),
    ]);
    expect(tally(answers), JSON.stringify(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body))).toEqual({ 201: 30 });
    for (const product of [first, second]) {
      expect(await levelAt(product.id, f.downtownId)).toBe(100 - 20 + 10);
      await expectMovesToAddUp(product.id);
    }
  });

  race('50 parallel completions of sales that each take the last unit: exactly one succeeds', async () => {
    const product = await newTire(1);
    const sales: { id: number }[] = [];
    for (let i = 0; i < 50; i++) sales.push(await newSale(product.id));
    const ids = sales.map((sale) => Number(sale.id));

    const answers = await Promise.all(ids.map((id) => send('POST', `/api/sales/${id}/complete`)));

    expect(tally(answers)).toEqual({ 200: 1, 409: 49 });
    const winner = answers.find((answer) => answer.status === 200)!.body.data;
    expect(winner).toMatchObject({ status: 'completed' });
    expect(messagesOf(answers.filter((answer) => answer.status === 409))).toEqual([
      `Not enough stock of ${product.name} at ${f.names.downtown}: only 0 available.`,
    ]);

    const statuses = await sql<{ id: number; status: string }>('select id, status from public.sales where id = any($1::bigint[]) order by id', [
      `{${ids.join(',')}}`,
    ]);
    expect(statuses.filter((sale) => sale.status === 'completed').map((sale) => Number(sale.id))).toEqual([Number(winner.id)]);
    expect(statuses.filter((sale) => sale.status === 'pending')).toHaveLength(49);
    expect(await levelAt(product.id, f.downtownId)).toBe(0);
    expect(await saleMovesOf(product.id)).toEqual([
      { location_id: f.downtownId, delta: -1, document_type: 'Sale', document_id: Number(winner.id) },
    ]);
    await expectMovesToAddUp(product.id);
  });

  race('20 parallel sends of the same invoice: sent once, stock moved once, one number', async () => {
    const product = await newTire(5);
    const invoice = await newInvoice(product.id, { items: [{ product_id: product.id, quantity: 2, unit_price: 89.99 }] });
    expect(invoice).toMatchObject({ status: 'draft', number: null });
    const { invoice_prefix: prefix } = await one<{ invoice_prefix: string }>('select invoice_prefix from public.settings');
    const before = await nextValue('invoice');

    const answers = await Promise.all(Array.from({ length: 20 }, () => send('POST', `/api/invoices/${invoice.id}/send`)));

    expect(tally(answers)).toEqual({ 200: 1, 409: 19 });
    expect(messagesOf(answers.filter((answer) => answer.status === 409))).toEqual(['This invoice has already been sent.']);
    const sent = answers.find((answer) => answer.status === 200)!.body.data;
    const number = `${prefix}-${YEAR}-${String(before).padStart(5, '0')}`;
    expect(sent).toMatchObject({ id: invoice.id, status: 'sent', number });

    const row = await one<{ status: string; number: string }>('select status, number from public.invoices where id = $1', [invoice.id]);
    expect(row).toEqual({ status: 'sent', number });
    expect(await nextValue('invoice')).toBe(before + 1);
    expect(await levelAt(product.id, f.downtownId)).toBe(3);
    expect(await saleMovesOf(product.id)).toEqual([{ location_id: f.downtownId, delta: -2, document_type: 'Invoice', document_id: Number(invoice.id) }]);
    await expectMovesToAddUp(product.id);
  });

  race('20 parallel receipts each for the full balance of one invoice: exactly one is taken', async () => {
    const product = await newTire(5);
    const invoice = await newInvoice(product.id, { status: 'sent', tax_amount: 9 });
    expect(invoice).toMatchObject({ status: 'sent', net_amount: 98.99, balance_due: 98.99 });
    const receiptsBefore = await nextValue('receipt');
    const body = {
      receipt_date: DAY,
      type: 'income',
      receiptable_type: 'Invoice',
      receiptable_id: invoice.id,
      amount: invoice.balance_due,
      payment_method: 'cash',
    };

    const answers = await Promise.all(Array.from({ length: 20 }, () => send('POST', '/api/receipts', body)));

    // create_receipt locks the invoice before it reads the balance, so every loser sees it paid in
    // full (409), never a stale balance that would let the amount through or name a smaller most (422).
    expect(tally(answers)).toEqual({ 201: 1, 409: 19 });
    expect(messagesOf(answers.filter((answer) => answer.status === 409))).toEqual(['This invoice is already paid in full.']);
    const receipt = answers.find((answer) => answer.status === 201)!.body.data;
    expect(receipt).toMatchObject({ receiptable_type: 'Invoice', receiptable_id: invoice.id, amount: 98.99, document_number: invoice.number });

    const row = await one('select total_paid, net_amount, balance_due, payment_status from public.invoices where id = $1', [invoice.id]);
    expect(row).toEqual({ total_paid: 98.99, net_amount: 98.99, balance_due: 0, payment_status: 'paid' });
    const receipts = await sql<{ id: number; amount: number }>(
      `select id, amount from public.receipts where receiptable_type = 'Invoice' and receiptable_id = $1`,
      [invoice.id],
    );
    expect(receipts).toEqual([{ id: receipt.id, amount: 98.99 }]);
    expect(await nextValue('receipt')).toBe(receiptsBefore + 1);
    expect((await send('GET', `/api/invoices/${invoice.id}`)).body.data).toMatchObject({ status: 'paid', total_paid: 98.99, balance_due: 0 });
  });

  race('50 parallel sends of 50 invoices: 50 distinct gapless numbers', async () => {
    const product = await newTire(50);
    const drafts: { id: number }[] = [];
    for (let i = 0; i < 50; i++) drafts.push(await newInvoice(product.id));
    const { invoice_prefix: prefix } = await one<{ invoice_prefix: string }>('select invoice_prefix from public.settings');
    const before = await nextValue('invoice');

    const answers = await Promise.all(drafts.map((draft) => send('POST', `/api/invoices/${draft.id}/send`)));

    expect(tally(answers)).toEqual({ 200: 50 });
    const expected = Array.from({ length: 50 }, (_, i) => `${prefix}-${YEAR}-${String(before + i).padStart(5, '0')}`);
    const answered = answers.map((answer) => answer.body.data.number as string);
    expect([...answered].sort()).toEqual(expected);

    const rows = await sql<{ id: number; status: string; number: string }>(
      'select id, status, number from public.invoices where id = any($1::bigint[])',
      [`{${drafts.map((draft) => draft.id).join(',')}}`],
    );
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(rows.map((row) => row.number).sort()).toEqual(expected);
    const byId = new Map(rows.map((row) => [Number(row.id), row.number]));
    for (const answer of answers) expect(byId.get(Number(answer.body.data.id))).toBe(answer.body.data.number);
    expect(await nextValue('invoice')).toBe(before + 50);

    expect(await levelAt(product.id, f.downtownId)).toBe(0);
    const moves = await saleMovesOf(product.id);
    expect(moves).toHaveLength(50);
    expect(new Set(moves.map((move) => move.document_id))).toEqual(new Set(drafts.map((draft) => Number(draft.id))));
    await expectMovesToAddUp(product.id);
  });

  race('the same Idempotency-Key sent 10 times at once creates one sale', async () => {
    const product = await newTire(5);
    const notes = `Idempotent ${uniqueTag()}`;
    const key = `race-${uniqueTag()}`;
    const body = saleBody(product.id, { status: 'completed', amount_paid: 89.99, notes });

    const answers = await Promise.all(Array.from({ length: 10 }, () => send('POST', '/api/sales', body, { 'Idempotency-Key': key })));

    // The request that claims the key creates the sale; the others either arrive while it works
    // (409, still being processed) or after it has answered (its answer again, marked replayed).
    const counts = tally(answers);
    expect(counts[201]).toBeGreaterThanOrEqual(1);
    expect((counts[201] ?? 0) + (counts[409] ?? 0)).toBe(10);
    const created = answers.filter((answer) => answer.status === 201);
    const originals = created.filter((answer) => answer.headers.get('Idempotent-Replayed') !== 'true');
    expect(originals).toHaveLength(1);
    const [original] = originals;
    expect(original.body.data).toMatchObject({ status: 'completed', payment_status: 'paid', notes });
    const waiting = answers.filter((answer) => answer.status === 409);
    if (waiting.length) expect(messagesOf(waiting)).toEqual(['This request is still being processed. Please try again.']);

    const saleId = Number(original.body.data.id);
    const sales = await sql<{ id: number }>('select id from public.sales where notes = $1', [notes]);
    expect(sales.map((sale) => Number(sale.id))).toEqual([saleId]);
    const { receipts } = await one<{ receipts: number }>(
      `select count(*)::int as receipts from public.receipts where receiptable_type = 'Sale' and receiptable_id = $1`,
      [saleId],
    );
    expect(receipts).toBe(1);
    expect(await levelAt(product.id, f.downtownId)).toBe(4);
    expect(await saleMovesOf(product.id)).toEqual([{ location_id: f.downtownId, delta: -1, document_type: 'Sale', document_id: saleId }]);
    await expectMovesToAddUp(product.id);
    expect(await one('select status_code from public.idempotency_keys where user_id = $1 and key = $2', [me.user.id, key])).toEqual({ status_code: 201 });

    // Once the dust settles the key still creates nothing, and answers the first answer again.
    const again = await send('POST', '/api/sales', body, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(await sql('select id from public.sales where notes = $1', [notes])).toHaveLength(1);
    for (const replay of [...created.filter((answer) => answer !== original), again]) {
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(replay.body).toEqual(original.body);
    }
  });
});
