import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type SignedIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let admin: SignedIn;
let staff: SignedIn;
let f: CatalogueFixture;
let customerId: number;
let disposal: { id: number; product_id: number };
let core: { id: number; product_id: number };
const today = new Date().toISOString().slice(0, 10);

const asAdmin = (method: string, path: string, body?: unknown) => call(h, method, path, { token: admin.token, body });
const asStaff = (method: string, path: string, body?: unknown) => call(h, method, path, { token: staff.token, body });

beforeAll(async () => {
  h = await createHarness();
  admin = await signIn(h);
  staff = await signIn(h, { role: 'staff' });
  f = await catalogueFixture(h);
  customerId = (await asAdmin('POST', '/api/customers', { name: `Fee customer ${f.tag}`, phone: '555 0160', address: '7 Fee Rd' })).body.data.id;
  const rates = (await asAdmin('GET', '/api/tax-rates')).body.data as { id: number; is_default: boolean }[];
  await asAdmin('PUT', `/api/tax-rates/${rates.find((rate) => rate.is_default)!.id}`, { name: 'Standard', rate: 10, is_default: true });
  const made = await asAdmin('POST', '/api/fee-rules', { name: `Tire disposal fee ${f.tag}`, amount: 3.5, applies_to: 'tire', tax_exempt: true });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  disposal = made.body.data;
  core = (await asAdmin('POST', '/api/fee-rules', { name: `Battery core charge ${f.tag}`, amount: 18, applies_to: 'marked', refundable: true })).body.data;
});
afterAll(() => h.close());

async function newTire(quantity = 20, price = 100) {
  const answer = await asAdmin('POST', '/api/tires', tireBody(f, { quantity, selling_price: price, size: `205 / 55 R 16 ${uniqueTag()}` }));
  expect(answer.status).toBe(201);
  return answer.body.data.id as number;
}
async function newService(price: number) {
  return (await asAdmin('POST', '/api/services', { name: `Fitting ${uniqueTag()}`, selling_price: price })).body.data.id as number;
}
type Line = { product_name: string; line_kind: string; quantity: number; parent_line_id: number | null; total: number; id: number; tax_rate: number };

describe('fees', () => {
  it('adds each tire its disposal fee under it, following its quantity, and taxes it by the fee’s own class', async () => {
    const tire = await newTire();
    const fitting = await newService(20);
    const answer = await asStaff('POST', '/api/invoices', {
      customer_id: customerId, location_id: f.downtownId, issued_date: today, due_date: today,
      items: [{ product_id: tire, quantity: 4, unit_price: 100 }, { product_id: fitting, quantity: 4, unit_price: 20 }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const invoice = answer.body.data;
    const lines = invoice.items as Line[];
    expect(lines.map((line) => [line.line_kind, line.quantity, line.total])).toEqual([['item', 4, 400], ['fee', 4, 14], ['item', 4, 80]]);
    expect(lines[1]).toMatchObject({ product_name: `Tire disposal fee ${f.tag}`, parent_line_id: lines[0].id, tax_rate: 0 });
    expect(invoice).toMatchObject({ subtotal: 494, tax_amount: 48, net_amount: 542 });

    // The form's preview says the same before anything is saved.
    const preview = await asStaff('POST', '/api/document-preview', {
      customer_id: customerId, items: [{ product_id: tire, quantity: 4, unit_price: 100 }, { product_id: fitting, quantity: 4, unit_price: 20 }],
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.fees).toEqual([
      { key: 0, fee_rule_id: disposal.id, product_id: disposal.product_id, name: `Tire disposal fee ${f.tag}`, amount: 3.5, quantity: 4, total: 14, refundable: false },
    ]);
    expect(preview.body.data.tax_amount).toBe(48);

    // Two tires fewer: two fees fewer.
    const fewer = await asStaff('PUT', `/api/invoices/${invoice.id}`, {
      customer_id: customerId, location_id: f.downtownId, issued_date: today, due_date: today,
      items: [{ product_id: tire, quantity: 2, unit_price: 100 }, { product_id: fitting, quantity: 2, unit_price: 20 }],
    });
    expect(fewer.status, JSON.stringify(fewer.body)).toBe(200);
    expect((fewer.body.data.items as Line[]).map((line) => [line.line_kind, line.quantity])).toEqual([['item', 2], ['fee', 2], ['item', 2]]);
  });

  it('lets staff take a fee off with a reason, which the trail keeps', async () => {
    const tire = await newTire();
    const sale = await asStaff('POST', '/api/sales', {
      customer_id: customerId, location_id: f.downtownId, sale_date: today,
      items: [{ product_id: tire, quantity: 2, selling_price: 100, waived_fees: [{ fee_rule_id: disposal.id, reason: 'The customer keeps the old tires' }] }],
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect((sale.body.data.items as Line[]).map((line) => line.line_kind)).toEqual(['item']);
    expect(sale.body.data.items[0].waived_fees).toEqual([{ fee_rule_id: disposal.id, reason: 'The customer keeps the old tires' }]);
    expect(sale.body.data.subtotal).toBe(200);
    const trail = await asAdmin('GET', `/api/audit-events?record_type=sale&record_id=${sale.body.data.id}`);
    const changes = trail.body.data.map((event: { changes: Record<string, { new: unknown }> | null }) => event.changes ?? {});
    expect(changes.some((change: Record<string, { new: unknown }>) => change[`Tire disposal fee ${f.tag} not charged on ${sale.body.data.items[0].product_name}`]?.new === 'The customer keeps the old tires')).toBe(true);
    const noReason = await asStaff('POST', '/api/sales', {
      customer_id: customerId, location_id: f.downtownId, sale_date: today,
      items: [{ product_id: tire, quantity: 2, selling_price: 100, waived_fees: [{ fee_rule_id: disposal.id, reason: '' }] }],
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors['items.0.waived_fees.0.reason']).toBeDefined();
  });

  it('charges a fee for marked products only, and a quote converted keeps its fees at the quoted price', async () => {
    const [{ id: battery }] = await h.withDb((db) =>
      db.query<{ id: number }>(`insert into public.products (kind, name, selling_price, cost_price) values ('battery', $1, 150, 90) returning id`, [`Battery ${uniqueTag()}`]),
    );
    const plain = await newService(10);
    const marked = await asAdmin('PUT', `/api/fee-rules/${core.id}`, { name: `Battery core charge ${f.tag}`, amount: 18, applies_to: 'marked', refundable: true, product_ids: [battery] });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.data.product_ids).toEqual([battery]);
    const quote = await asStaff('POST', '/api/quotes', {
      customer_id: customerId, location_id: f.downtownId, issued_date: today,
      items: [{ product_id: battery, quantity: 1, unit_price: 150 }, { product_id: plain, quantity: 1, unit_price: 10 }],
    });
    expect((quote.body.data.items as Line[]).map((line) => [line.line_kind, line.product_name])).toEqual([
      ['item', expect.stringContaining('Battery')], ['fee', `Battery core charge ${f.tag}`], ['item', expect.any(String)],
    ]);
    await asAdmin('PUT', `/api/fee-rules/${core.id}`, { name: `Battery core charge ${f.tag}`, amount: 22, applies_to: 'marked', refundable: true, product_ids: [battery] });
    const converted = await asStaff('POST', `/api/quotes/${quote.body.data.id}/convert`, { to: 'sale' });
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    const lines = converted.body.data.items as (Line & { unit_price?: number; selling_price: number })[];
    expect(lines.map((line) => [line.line_kind, line.selling_price])).toEqual([['item', 150], ['fee', 18], ['item', 10]]);
    expect(lines[1].parent_line_id).toBe(lines[0].id);
    expect(converted.body.data.subtotal).toBe(quote.body.data.subtotal);
  });

  it('is set by administrators: names are unique, a fee charged on a document is kept', async () => {
    expect((await asStaff('POST', '/api/fee-rules', { name: `Staff fee ${uniqueTag()}`, amount: 1, applies_to: 'tire' })).status).toBe(403);
    const bad = await asAdmin('POST', '/api/fee-rules', { name: '', amount: -1, applies_to: 'car' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'applies_to', 'name']);
    const twice = await asAdmin('POST', '/api/fee-rules', { name: `tire disposal fee ${f.tag}`, amount: 1, applies_to: 'tire' });
    expect(twice.status).toBe(422);
    expect((await asAdmin('DELETE', `/api/fee-rules/${disposal.id}`)).status).toBe(409);
    const unused = (await asAdmin('POST', '/api/fee-rules', { name: `Unused ${uniqueTag()}`, amount: 1, applies_to: 'wiper', active: false })).body.data;
    expect((await asAdmin('DELETE', `/api/fee-rules/${unused.id}`)).status).toBe(204);
  });
});
