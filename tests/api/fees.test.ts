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
let standardRateId: number;
let foundDefault: { name: string; rate: number };
const today = new Date().toISOString().slice(0, 10);

const asAdmin = (method: string, path: string, body?: unknown) => call(h, method, path, { token: admin.token, body });
const asStaff = (method: string, path: string, body?: unknown) => call(h, method, path, { token: staff.token, body });

beforeAll(async () => {
  h = await createHarness();
  admin = await signIn(h);
  staff = await signIn(h, { role: 'staff' });
  f = await catalogueFixture(h);
  customerId = (await asAdmin('POST', '/api/customers', { name: `Fee customer ${f.tag}`, phone: '555 0160', address: '7 Fee Rd' })).body.data.id;
  const rates = (await asAdmin('GET', '/api/tax-rates')).body.data as { id: number; name: string; rate: number; is_default: boolean }[];
  const found = rates.find((rate) => rate.is_default)!;
  standardRateId = found.id;
  foundDefault = { name: found.name, rate: found.rate };
  await asAdmin('PUT', `/api/tax-rates/${standardRateId}`, { name: 'Standard', rate: 10, is_default: true });
  const made = await asAdmin('POST', '/api/fee-rules', { name: `Tire disposal fee ${f.tag}`, amount: 3.5, applies_to: 'tire', tax_exempt: true });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  disposal = made.body.data;
  core = (await asAdmin('POST', '/api/fee-rules', { name: `Battery core charge ${f.tag}`, amount: 18, applies_to: 'marked', refundable: true })).body.data;
});
afterAll(async () => {
  // workerd's test files share one database: the fees of this file charge no one after it.
  await h.withDb((db) => db.query('update public.fee_rules set active = false'));
  await asAdmin('PUT', `/api/tax-rates/${standardRateId}`, { ...foundDefault, is_default: true });
  await h.close();
});

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

describe('battery cores', () => {
  async function batterySale(daysAgo = 0) {
    const [{ id: battery }] = await h.withDb((db) =>
      db.query<{ id: number }>(`insert into public.products (kind, name, selling_price, cost_price) values ('battery', $1, 150, 90) returning id`, [`Core battery ${uniqueTag()}`]),
    );
    await h.withDb((db) => db.query(`select public.move_stock($1, $2, 5, 'opening', null, null)`, [battery, f.downtownId]));
    await asAdmin('PUT', `/api/fee-rules/${core.id}`, { name: `Battery core charge ${f.tag}`, amount: 18, applies_to: 'battery', refundable: true });
    const date = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const sale = await asStaff('POST', '/api/sales', {
      customer_id: customerId, location_id: f.downtownId, sale_date: date, status: 'completed', amount_paid: 184.8,
      items: [{ product_id: battery, quantity: 1, selling_price: 150 }],
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    return sale.body.data;
  }
  const coresOnHand = async () =>
    ((await asStaff('GET', '/api/reports/cores')).body.on_hand as { location_id: number; fee_rule_id: number; quantity: number }[])
      .find((row) => row.location_id === f.downtownId && row.fee_rule_id === core.id)?.quantity ?? 0;

  it('credits the core charge when the old battery comes back, and counts the core on hand until it goes to the supplier', async () => {
    const sale = await batterySale(7);
    const coreLine = (sale.items as Line[]).find((line) => line.line_kind === 'fee')!;
    expect(coreLine).toMatchObject({ product_name: `Battery core charge ${f.tag}`, quantity: 1, total_price: 18 });
    const before = await coresOnHand();

    const returned = await asStaff('POST', '/api/credit-notes', {
      sale_id: sale.id, location_id: f.downtownId, issued_date: today, reason: 'Old battery brought back', settle: 'refund', payment_method: 'cash',
      items: [{ line_id: coreLine.id, quantity: 1, restock: false }],
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    // The core charge and its share of the tax come back.
    expect(returned.body.data.items[0]).toMatchObject({ line_kind: 'core_return', quantity: 1, total: 18, amount: 19.8 });
    expect(await coresOnHand()).toBe(before + 1);
    expect((await asStaff('GET', '/api/reports/cores')).body.overdue.some((row: { document_id: number }) => row.document_id === sale.id)).toBe(false);

    const short = await asStaff('POST', '/api/cores/send-back', { location_id: f.downtownId, fee_rule_id: core.id, supplier_id: f.supplierId, quantity: before + 2 });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(`Only ${before + 1} of these cores are on hand at this branch.`);
    const sent = await asStaff('POST', '/api/cores/send-back', { location_id: f.downtownId, fee_rule_id: core.id, supplier_id: f.supplierId, quantity: 1, credit_amount: 12 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({ quantity: -1, reason: 'sent_back', on_hand: before });
    expect(await coresOnHand()).toBe(before);
  });

  it('credits no core past the days in Settings, and lists the charges still owed a core', async () => {
    const late = await batterySale(45);
    const coreLine = (late.items as Line[]).find((line) => line.line_kind === 'fee')!;
    const refused = await asStaff('POST', '/api/credit-notes', {
      sale_id: late.id, location_id: f.downtownId, issued_date: today, reason: 'Too late', settle: 'refund', items: [{ line_id: coreLine.id, quantity: 1, restock: false }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^The core could be returned until \d{4}-\d{2}-\d{2}/);
    const report = (await asStaff('GET', '/api/reports/cores')).body;
    expect(report.core_return_days).toBe(30);
    expect(report.overdue).toContainEqual(expect.objectContaining({ document_type: 'Sale', document_id: late.id, outstanding: 1, amount: 18, fee: `Battery core charge ${f.tag}` }));
  });

  it('takes the core back out when its credit note is cancelled', async () => {
    const sale = await batterySale(1);
    const coreLine = (sale.items as Line[]).find((line) => line.line_kind === 'fee')!;
    const before = await coresOnHand();
    const note = await asStaff('POST', '/api/credit-notes', {
      sale_id: sale.id, location_id: f.downtownId, issued_date: today, reason: 'Core back', settle: 'credit', items: [{ line_id: coreLine.id, quantity: 1, restock: false }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(await coresOnHand()).toBe(before + 1);
    const cancelled = await asAdmin('POST', `/api/credit-notes/${note.body.data.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await coresOnHand()).toBe(before);
  });

  it('reports the fees collected per fee, month and branch, less what came back', async () => {
    const report = await asStaff('GET', `/api/reports/fees?location_id=${f.downtownId}`);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const month = today.slice(0, 7);
    const disposalRow = report.body.rows.find((row: { fee_rule_id: number; month: string }) => row.fee_rule_id === disposal.id && row.month === month);
    // The sent invoices of this file: none was sent, so only completed sales count; the waived sale has none.
    expect(disposalRow ?? null).toBeNull();
    const coreTotal = report.body.totals.find((row: { fee_rule_id: number }) => row.fee_rule_id === core.id);
    expect(coreTotal.quantity).toBeGreaterThan(0);
    expect(coreTotal.amount).toBe(coreTotal.quantity * 18);
  });
});

describe('cores at once', () => {
  it('sends back no more cores than the branch holds when 10 requests race, nor credits a core twice', async (ctx) => {
    ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
    const rule = (await asAdmin('POST', '/api/fee-rules', { name: `Race core ${uniqueTag()}`, amount: 12, applies_to: 'marked', refundable: true })).body.data;
    await h.withDb((db) => db.query(`insert into public.core_moves (location_id, fee_rule_id, quantity, reason) values ($1, $2, 3, 'returned')`, [f.downtownId, rule.id]));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => asStaff('POST', '/api/cores/send-back', { location_id: f.downtownId, fee_rule_id: rule.id, supplier_id: f.supplierId, quantity: 1 })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status !== 201).every((answer) => answer.status === 409)).toBe(true);
    const [stock] = await h.withDb((db) => db.query<{ quantity: number }>('select quantity from public.core_stock where location_id = $1 and fee_rule_id = $2', [f.downtownId, rule.id]));
    expect(stock.quantity).toBe(0);

    // Ten returns of one battery's core at once: one credit, one core.
    const [{ id: battery }] = await h.withDb((db) =>
      db.query<{ id: number }>(`insert into public.products (kind, name, selling_price, cost_price) values ('battery', $1, 150, 90) returning id`, [`Race battery ${uniqueTag()}`]),
    );
    await h.withDb((db) => db.query(`select public.move_stock($1, $2, 5, 'opening', null, null)`, [battery, f.downtownId]));
    await asAdmin('PUT', `/api/fee-rules/${rule.id}`, { name: rule.name, amount: 12, applies_to: 'marked', refundable: true, product_ids: [battery] });
    const sale = (await asStaff('POST', '/api/sales', {
      customer_id: customerId, location_id: f.downtownId, sale_date: today, status: 'completed', items: [{ product_id: battery, quantity: 1, selling_price: 150 }],
    })).body.data;
    const coreLine = (sale.items as (Line & { fee_rule_id: number })[]).find((line) => line.fee_rule_id === rule.id)!;
    const returns = await Promise.all(
      Array.from({ length: 10 }, () =>
        asStaff('POST', '/api/credit-notes', { sale_id: sale.id, location_id: f.downtownId, issued_date: today, reason: 'Core back', items: [{ line_id: coreLine.id, quantity: 1, restock: false }] }),
      ),
    );
    expect(returns.filter((answer) => answer.status === 201), JSON.stringify(returns.map((answer) => [answer.status, answer.body.message]))).toHaveLength(1);
    const [after] = await h.withDb((db) => db.query<{ quantity: number }>('select quantity from public.core_stock where location_id = $1 and fee_rule_id = $2', [f.downtownId, rule.id]));
    expect(after.quantity).toBe(1);
  });
});
