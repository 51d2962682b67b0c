import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, putAsRead, signIn, uniqueTag } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let token: string;
let f: CatalogueFixture;
let customerId: number;
beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
  f = await catalogueFixture(h);
  customerId = (await send('POST', '/api/customers', { name: `Quote customer ${f.tag}`, phone: '555 0142', address: '4 Quote Rd' })).body.data.id;
});
afterAll(() => h.close());

function send(method: string, path: string, body?: unknown) {
  return call(h, method, path, { token, body });
}
const year = new Date().getFullYear();
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const today = daysFromToday(0);

async function newTire(quantity: number, price = 120) {
  const answer = await send('POST', '/api/tires', tireBody(f, { quantity, selling_price: price, size: `205 / 55 R 16 ${uniqueTag()}` }));
  expect(answer.status).toBe(201);
  return answer.body.data as { id: number };
}
async function stockAt(productId: number) {
  const rows = (await send('GET', `/api/products/${productId}/stock`)).body.data as { location_id: number; quantity: number }[];
  return rows.find((row) => row.location_id === f.downtownId)?.quantity ?? 0;
}
const quoteBody = (items: unknown[], overrides: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  location_id: f.downtownId,
  issued_date: today,
  items,
  ...overrides,
});
async function newQuote(overrides: Record<string, unknown> = {}) {
  const tire = await newTire(6);
  const answer = await send('POST', '/api/quotes', quoteBody([{ product_id: tire.id, quantity: 4, unit_price: 95.5 }], overrides));
  expect(answer.status).toBe(201);
  return { quote: answer.body.data, tire };
}

describe('quotes', () => {
  it('numbers a quote when it is made, holds it for the days in Settings, shows each line’s stock and moves none', async () => {
    const tire = await newTire(6);
    const answer = await send(
      'POST',
      '/api/quotes',
      quoteBody([{ product_id: tire.id, quantity: 4, unit_price: 95.5, description: 'Fitted' }], { discount_amount: 10, tax_amount: 5 }),
    );
    expect(answer.status).toBe(201);
    const quote = answer.body.data;
    expect(quote.number).toMatch(new RegExp(`^Q-${year}-\\d{5}$`));
    expect(quote).toMatchObject({ status: 'draft', valid_until: daysFromToday(14), subtotal: 382, discount_amount: 10, tax_amount: 5, net_amount: 377 });
    expect(quote.items[0]).toMatchObject({ product_id: tire.id, quantity: 4, unit_price: 95.5, total: 382, stock: 6, description: 'Fitted' });
    expect(quote).not.toHaveProperty('receipts');
    expect(await stockAt(tire.id)).toBe(6);

    const sent = await send('POST', `/api/quotes/${quote.id}/send`);
    expect(sent.body.data.status).toBe('sent');
    expect(await stockAt(tire.id)).toBe(6);
    const listed = await send('GET', `/api/quotes?customer_id=${customerId}&status=sent`);
    expect(listed.body.data.map((row: { id: number }) => row.id)).toContain(quote.id);
  });

  it('turns into a draft invoice at the quoted prices, once', async () => {
    const { quote, tire } = await newQuote({ discount_amount: 2, tax_amount: 19.1 });
    await send('POST', `/api/quotes/${quote.id}/send`);
    expect((await send('POST', `/api/quotes/${quote.id}/accept`)).body.data.status).toBe('accepted');
    // Today's price is not what the customer was promised.
    await h.withDb((db) => db.query('update public.products set selling_price = 150 where id = $1', [tire.id]));

    const converted = await send('POST', `/api/quotes/${quote.id}/convert`, { to: 'invoice' });
    expect(converted.status).toBe(201);
    const invoice = converted.body.data;
    expect(invoice).toMatchObject({ status: 'draft', number: null, customer_id: customerId, location_id: f.downtownId, quote_id: quote.id, issued_date: today });
    expect(invoice).toMatchObject({ subtotal: 382, discount_amount: 2, tax_amount: 19.1, net_amount: 399.1 });
    expect(invoice.items).toHaveLength(1);
    expect(invoice.items[0]).toMatchObject({ product_id: tire.id, quantity: 4, unit_price: 95.5, total: 382 });
    expect(await stockAt(tire.id)).toBe(6);

    const after = (await send('GET', `/api/quotes/${quote.id}`)).body.data;
    expect(after.status).toBe('converted');
    expect(after.converted_to).toEqual({ type: 'Invoice', id: invoice.id, number: null });

    const again = await send('POST', `/api/quotes/${quote.id}/convert`, { to: 'sale' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This quote has already been converted.');
    expect((await send('PUT', `/api/quotes/${quote.id}`, { valid_until: today })).status).toBe(409);
  });

  it('turns into a pending sale with its own sale number', async () => {
    const { quote } = await newQuote();
    const converted = await send('POST', `/api/quotes/${quote.id}/convert`, { to: 'sale' });
    expect(converted.status).toBe(201);
    expect(converted.body.data).toMatchObject({ status: 'pending', quote_id: quote.id, sale_date: today, net_amount: 382 });
    expect(converted.body.data.number).toMatch(/-\d{5}$/);
    expect(converted.body.data.items[0]).toMatchObject({ selling_price: 95.5, discount: 0, total_price: 382 });
    const after = (await send('GET', `/api/quotes/${quote.id}`)).body.data;
    expect(after.converted_to).toEqual({ type: 'Sale', id: converted.body.data.id, number: converted.body.data.number });
  });

  it('expires after its validity: shown and filtered as expired, and neither accepted nor converted', async () => {
    const { quote } = await newQuote({ issued_date: daysFromToday(-20), valid_until: daysFromToday(-1) });
    expect(quote.status).toBe('expired');
    const expired = await send('GET', `/api/quotes?customer_id=${customerId}&status=expired`);
    expect(expired.body.data.map((row: { id: number }) => row.id)).toContain(quote.id);
    const drafts = await send('GET', `/api/quotes?customer_id=${customerId}&status=draft`);
    expect(drafts.body.data.map((row: { id: number }) => row.id)).not.toContain(quote.id);

    const converted = await send('POST', `/api/quotes/${quote.id}/convert`, { to: 'invoice' });
    expect(converted.status).toBe(409);
    expect(converted.body.message).toBe(`This quote expired on ${daysFromToday(-1)}.`);
    expect((await send('POST', `/api/quotes/${quote.id}/send`)).status).toBe(409);

    // A draft given a new validity is good again.
    const renewed = await putAsRead(h, token, `/api/quotes/${quote.id}`, quoteBody(quote.items.map((item: { product_id: number }) => ({ product_id: item.product_id, quantity: 2, unit_price: 90 })), { issued_date: today }));
    expect(renewed.status).toBe(200);
    expect(renewed.body.data).toMatchObject({ status: 'draft', valid_until: daysFromToday(14), net_amount: 180 });
  });

  it('is declined, and a declined quote is not converted', async () => {
    const { quote } = await newQuote();
    expect((await send('POST', `/api/quotes/${quote.id}/accept`)).status).toBe(409);
    await send('POST', `/api/quotes/${quote.id}/send`);
    expect((await send('POST', `/api/quotes/${quote.id}/decline`)).body.data.status).toBe('declined');
    const converted = await send('POST', `/api/quotes/${quote.id}/convert`, { to: 'sale' });
    expect(converted.status).toBe(409);
    expect(converted.body.message).toBe('This quote was declined.');
  });

  it('is deleted while a draft only; once sent only its validity and notes change', async () => {
    const { quote: draft } = await newQuote();
    expect((await send('DELETE', `/api/quotes/${draft.id}`)).status).toBe(204);
    expect((await send('GET', `/api/quotes/${draft.id}`)).status).toBe(404);

    const { quote } = await newQuote({ status: 'sent' });
    expect(quote.status).toBe('sent');
    expect((await send('DELETE', `/api/quotes/${quote.id}`)).status).toBe(409);
    const changed = await putAsRead(h, token, `/api/quotes/${quote.id}`, { valid_until: daysFromToday(30), notes: 'Price held for a month' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ status: 'sent', valid_until: daysFromToday(30), notes: 'Price held for a month', net_amount: 382 });
    const before = await putAsRead(h, token, `/api/quotes/${quote.id}`, { valid_until: daysFromToday(-30) });
    expect(before.status).toBe(422);
    expect(before.body.errors.valid_until).toEqual(['A quote cannot be valid until before its issue date']);
  });

  it('is in the audit trail when made, sent and converted', async () => {
    const { quote } = await newQuote();
    await send('POST', `/api/quotes/${quote.id}/send`);
    await send('POST', `/api/quotes/${quote.id}/convert`, { to: 'invoice' });
    const events = await h.withDb((db) =>
      db.query<{ action: string }>(`select action from public.audit_events where record_type = 'quote' and record_id = $1 order by id`, [quote.id]),
    );
    expect(events.map((event) => event.action)).toEqual(['created', 'sent', 'converted']);
  });
});

describe('quotes at once', () => {
  it('converts once when two ask together', async (ctx) => {
    ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
    const { quote } = await newQuote();
    const answers = await Promise.all([
      send('POST', `/api/quotes/${quote.id}/convert`, { to: 'invoice' }),
      send('POST', `/api/quotes/${quote.id}/convert`, { to: 'sale' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const made = await h.withDb((db) =>
      db.query<{ n: number }>(
        'select ((select count(*) from public.invoices where quote_id = $1) + (select count(*) from public.sales where quote_id = $1))::int as n',
        [quote.id],
      ),
    );
    expect(made[0].n).toBe(1);
  });
});

describe('the sales report', () => {
  it('gives the quotes converted out of those sent in its period', async () => {
    const period = `dateFrom=${daysFromToday(-400)}&dateTo=${daysFromToday(-390)}&location_id=${f.downtownId}`;
    const made = [];
    for (let i = 0; i < 4; i++) made.push((await newQuote({ issued_date: daysFromToday(-395), valid_until: daysFromToday(10) })).quote);
    await send('POST', `/api/quotes/${made[0].id}/send`);
    await send('POST', `/api/quotes/${made[1].id}/send`);
    await send('POST', `/api/quotes/${made[2].id}/convert`, { to: 'sale' });
    const report = await send('GET', `/api/reports/sales?${period}`);
    expect(report.status).toBe(200);
    expect(report.body.quotes).toEqual({ sent: 3, converted: 1, conversion_percent: 33.3 });
  });
});
