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
let defaultRateId: number;
let reducedRateId: number;
/** The default rate as the file found it: workerd's test files share one database, so it is put back. */
let foundDefault: { name: string; rate: number };
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  h = await createHarness();
  admin = await signIn(h);
  staff = await signIn(h, { role: 'staff' });
  f = await catalogueFixture(h);
  customerId = (await asAdmin('POST', '/api/customers', { name: `Tax customer ${f.tag}`, phone: '555 0150', address: '5 Tax Rd' })).body.data.id;
  const rates = (await asAdmin('GET', '/api/tax-rates')).body.data as { id: number; is_default: boolean }[];
  const found = rates.find((rate) => rate.is_default)! as unknown as { id: number; name: string; rate: number };
  defaultRateId = found.id;
  foundDefault = { name: found.name, rate: found.rate };
  const standard = await asAdmin('PUT', `/api/tax-rates/${defaultRateId}`, { name: 'Standard', rate: 8.25, is_default: true });
  expect(standard.status, JSON.stringify(standard.body)).toBe(200);
  reducedRateId = (await asAdmin('POST', '/api/tax-rates', { name: `Reduced ${f.tag}`, rate: 5 })).body.data.id;
});
afterAll(async () => {
  await asAdmin('PUT', `/api/tax-rates/${defaultRateId}`, { ...foundDefault, is_default: true });
  await h.close();
});

const asAdmin = (method: string, path: string, body?: unknown) => call(h, method, path, { token: admin.token, body });
const asStaff = (method: string, path: string, body?: unknown) => call(h, method, path, { token: staff.token, body });

async function newService(price: number, taxClass: Record<string, unknown> = {}) {
  const answer = await asAdmin('POST', '/api/services', { name: `Service ${uniqueTag()}`, selling_price: price, active: true, ...taxClass });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as number;
}
const invoiceBody = (items: unknown[], overrides: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  location_id: f.downtownId,
  issued_date: today,
  due_date: today,
  items,
  ...overrides,
});

describe('tax the server computes', () => {
  it('taxes each line at its product’s rate after its share of the discount, rounded half-up once per rate', async () => {
    const standard = await newService(33.33);
    const reduced = await newService(10.1, { tax_rate_id: reducedRateId });
    const exempt = await newService(3.5, { tax_exempt: true });
    const items = [
      { product_id: standard, quantity: 3, unit_price: 33.33 },
      { product_id: standard, quantity: 1, unit_price: 19.99 },
      { product_id: reduced, quantity: 1, unit_price: 10.1 },
      { product_id: exempt, quantity: 4, unit_price: 3.5 },
    ];
    const answer = await asStaff('POST', '/api/invoices', invoiceBody(items, { discount_amount: 7 }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const invoice = answer.body.data;
    // Subtotal 99.99 + 19.99 + 10.10 + 14.00 = 144.08; the discount of 7 is shared by the lines' totals.
    const share = (total: number) => total - (7 * total) / 144.08;
    const standardTax = Math.round(((share(99.99) + share(19.99)) * 8.25) / 100 * 100) / 100;
    const reducedTax = Math.round(((share(10.1) * 5) / 100) * 100) / 100;
    expect(invoice.taxes).toEqual([
      { name: 'Standard', rate: 8.25, taxable: Math.round((share(99.99) + share(19.99)) * 100) / 100, tax: standardTax },
      { name: `Reduced ${f.tag}`, rate: 5, taxable: Math.round(share(10.1) * 100) / 100, tax: reducedTax },
      { name: 'Exempt', rate: 0, taxable: Math.round(share(14) * 100) / 100, tax: 0 },
    ]);
    expect(standardTax).toBe(9.42);
    expect(reducedTax).toBe(0.48);
    expect(invoice).toMatchObject({ subtotal: 144.08, tax_amount: 9.9, tax_computed: 9.9, tax_overridden: false, net_amount: 146.98 });
    expect(invoice.items.map((line: { tax_name: string; tax_rate: number }) => [line.tax_name, line.tax_rate])).toEqual([
      ['Standard', 8.25], ['Standard', 8.25], [`Reduced ${f.tag}`, 5], ['Exempt', 0],
    ]);

    // The form's live figure is the same rule.
    const preview = await asStaff('POST', '/api/document-preview', { customer_id: customerId, discount_amount: 7, items });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toEqual({ fees: [], taxes: invoice.taxes, tax_amount: 9.9, tax_exempt_certificate: null });
    // Half a cent rounds up: 5% of 10.10 is 0.505.
    const half = await asStaff('POST', '/api/document-preview', { items: [{ product_id: reduced, quantity: 1, unit_price: 10.1 }] });
    expect(half.body.data.tax_amount).toBe(0.51);

    // A sale and a quote with the same lines have the same tax.
    const sale = await asStaff('POST', '/api/sales', {
      customer_id: customerId, location_id: f.downtownId, sale_date: today, discount_amount: 7,
      items: items.map(({ unit_price, ...line }) => ({ ...line, selling_price: unit_price })),
    });
    expect(sale.body.data).toMatchObject({ tax_amount: 9.9, taxes: invoice.taxes });
    const quote = await asStaff('POST', '/api/quotes', { customer_id: customerId, location_id: f.downtownId, issued_date: today, discount_amount: 7, items });
    expect(quote.body.data).toMatchObject({ tax_amount: 9.9, taxes: invoice.taxes });
  });

  it('refuses staff a tax other than the computed one and records an administrator’s override with the computed figure', async () => {
    const service = await newService(100);
    const items = [{ product_id: service, quantity: 1, unit_price: 100 }];
    const refused = await asStaff('POST', '/api/invoices', invoiceBody(items, { tax_amount: 5 }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/administrator/);
    const same = await asStaff('POST', '/api/invoices', invoiceBody(items, { tax_amount: 8.25 }));
    expect(same.status).toBe(201);
    expect(same.body.data).toMatchObject({ tax_amount: 8.25, tax_overridden: false });

    const overridden = await asAdmin('POST', '/api/invoices', invoiceBody(items, { tax_amount: 5 }));
    expect(overridden.status).toBe(201);
    expect(overridden.body.data).toMatchObject({ tax_amount: 5, tax_computed: 8.25, tax_overridden: true, net_amount: 105 });
    const trail = await asAdmin('GET', `/api/audit-events?record_type=invoice&record_id=${overridden.body.data.id}`);
    const created = trail.body.data.find((event: { action: string }) => event.action === 'created');
    expect(created.changes).toMatchObject({ tax_amount: { new: 5 }, tax_computed: { new: 8.25 }, tax_overridden: { new: true } });

    // A staff member editing the draft without a tax of their own takes the computed tax again.
    const id = overridden.body.data.id;
    const staffEdit = await asStaff('PUT', `/api/invoices/${id}`, invoiceBody(items, { tax_amount: 5 }));
    expect(staffEdit.status).toBe(403);
    const recomputed = await asStaff('PUT', `/api/invoices/${id}`, invoiceBody(items));
    expect(recomputed.status, JSON.stringify(recomputed.body)).toBe(200);
    expect(recomputed.body.data).toMatchObject({ tax_amount: 8.25, tax_overridden: false });
  });

  it('charges no tax to a customer exempt by certificate until it expires', async () => {
    const service = await newService(200);
    const items = [{ product_id: service, quantity: 1, unit_price: 200 }];
    const missing = await asAdmin('POST', '/api/customers', { name: `Fleet ${uniqueTag()}`, phone: '555 0151', address: '6 Fleet Rd', tax_exempt: true });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.tax_exempt_certificate).toBeDefined();
    const fleet = await asAdmin('POST', '/api/customers', {
      name: `Fleet ${uniqueTag()}`, phone: '555 0151', address: '6 Fleet Rd', tax_exempt: true, tax_exempt_certificate: 'EX-4471', tax_exempt_until: '2027-06-30',
    });
    expect(fleet.status, JSON.stringify(fleet.body)).toBe(201);
    expect(fleet.body.data).toMatchObject({ tax_exempt: true, tax_exempt_certificate: 'EX-4471', tax_exempt_until: '2027-06-30' });
    const free = await asStaff('POST', '/api/invoices', invoiceBody(items, { customer_id: fleet.body.data.id }));
    expect(free.body.data).toMatchObject({ tax_amount: 0, tax_exempt_certificate: 'EX-4471', net_amount: 200 });
    expect(free.body.data.taxes).toEqual([{ name: 'Exempt', rate: 0, taxable: 200, tax: 0 }]);
    const later = await asStaff('POST', '/api/invoices', invoiceBody(items, { customer_id: fleet.body.data.id, issued_date: '2027-07-01', due_date: '2027-07-01' }));
    expect(later.body.data).toMatchObject({ tax_amount: 16.5, tax_exempt_certificate: null });
  });

  it('keeps a purchase order’s tax as typed from the supplier’s invoice', async () => {
    const tire = await asAdmin('POST', '/api/tires', tireBody(f, { quantity: 0, size: `215 / 60 R 16 ${uniqueTag()}` }));
    const order = await asStaff('POST', '/api/purchases', {
      supplier_id: f.supplierId, location_id: f.downtownId, purchase_date: today, tax_amount: 12.34, items: [{ product_id: tire.body.data.id, quantity: 2 }],
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.body.data.tax_amount).toBe(12.34);
  });

  it('credits each returned line its own rate’s tax, and a converted quote keeps its rates', async () => {
    const standard = await newService(40);
    const exempt = await newService(3.5, { tax_exempt: true });
    const items = [
      { product_id: standard, quantity: 2, unit_price: 40 },
      { product_id: exempt, quantity: 2, unit_price: 3.5 },
    ];
    const quote = (await asStaff('POST', '/api/quotes', { customer_id: customerId, location_id: f.downtownId, issued_date: today, items })).body.data;
    const converted = await asStaff('POST', `/api/quotes/${quote.id}/convert`, { to: 'invoice' });
    expect(converted.status).toBe(201);
    expect(converted.body.data).toMatchObject({ tax_amount: 6.6, taxes: quote.taxes, tax_overridden: false });
    expect(converted.body.data.items.map((line: { tax_rate: number }) => line.tax_rate)).toEqual([8.25, 0]);
    const invoice = converted.body.data;
    expect((await asStaff('POST', `/api/invoices/${invoice.id}/send`)).status).toBe(200);

    const feeBack = await asStaff('POST', '/api/credit-notes', {
      invoice_id: invoice.id, location_id: f.downtownId, issued_date: today, reason: 'Old tires kept',
      items: [{ line_id: invoice.items[1].id, quantity: 2, restock: false }],
    });
    expect(feeBack.status, JSON.stringify(feeBack.body)).toBe(201);
    expect(feeBack.body.data).toMatchObject({ tax_amount: 0, net_amount: 7 });
    expect(feeBack.body.data.taxes).toEqual([{ name: 'Exempt', rate: 0, taxable: 7, tax: 0 }]);
    const rest = await asStaff('POST', '/api/credit-notes', {
      invoice_id: invoice.id, location_id: f.downtownId, issued_date: today, reason: 'Returned',
      items: [{ line_id: invoice.items[0].id, quantity: 2, restock: false }],
    });
    expect(rest.body.data).toMatchObject({ tax_amount: 6.6, net_amount: 86.6 });
    expect(rest.body.data.taxes).toEqual([{ name: 'Standard', rate: 8.25, taxable: 80, tax: 6.6 }]);
  });
});

describe('tax rates', () => {
  it('has one default at a time, never none, and keeps a rate products use', async () => {
    const refused = await asStaff('POST', '/api/tax-rates', { name: `Staff ${uniqueTag()}`, rate: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/administrator/);
    const bad = await asAdmin('POST', '/api/tax-rates', { name: '', rate: 101 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'rate']);
    const twice = await asAdmin('POST', '/api/tax-rates', { name: 'standard', rate: 1 });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.name).toBeDefined();

    const unset = await asAdmin('PUT', `/api/tax-rates/${defaultRateId}`, { name: 'Standard', rate: 8.25, is_default: false });
    expect(unset.status).toBe(422);
    expect(unset.body.errors.is_default).toBeDefined();
    expect((await asAdmin('DELETE', `/api/tax-rates/${defaultRateId}`)).status).toBe(409);

    const next = await asAdmin('POST', '/api/tax-rates', { name: `Next ${uniqueTag()}`, rate: 9, is_default: true });
    expect(next.status).toBe(201);
    const rates = (await asAdmin('GET', '/api/tax-rates')).body.data as { id: number; is_default: boolean }[];
    expect(rates.filter((rate) => rate.is_default).map((rate) => rate.id)).toEqual([next.body.data.id]);
    // Products without a rate of their own follow the new default; documents written keep theirs.
    const service = await newService(100);
    const invoice = await asStaff('POST', '/api/invoices', invoiceBody([{ product_id: service, quantity: 1, unit_price: 100 }]));
    expect(invoice.body.data.tax_amount).toBe(9);
    expect((await asAdmin('PUT', `/api/tax-rates/${defaultRateId}`, { name: 'Standard', rate: 8.25, is_default: true })).status).toBe(200);
    expect((await asAdmin('GET', `/api/invoices/${invoice.body.data.id}`)).body.data.tax_amount).toBe(9);

    await newService(10, { tax_rate_id: next.body.data.id });
    const used = await asAdmin('DELETE', `/api/tax-rates/${next.body.data.id}`);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('This tax rate is used by 1 product.');
    const unknown = await asAdmin('POST', '/api/services', { name: `Service ${uniqueTag()}`, selling_price: 1, tax_rate_id: 999999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.tax_rate_id).toEqual(['The selected tax rate does not exist']);
  });
});
