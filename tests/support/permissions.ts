import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { PERMISSIONS } from '../../worker/src/auth/permissions.ts';
import { call, createUser, signIn, uniqueTag, type SignedIn } from './api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from './catalogue.ts';
import type { Harness } from './harness.ts';

/**
 * The permission table's test: a real request to every route as an administrator and as staff,
 * expecting what the table says. Its routes are split by area into a few test files, since under
 * workerd each request of a test file is slower than the one before it (the test harness's, not
 * the Worker's: wrangler dev stays flat), so one file of some 600 requests took 85 s.
 */
type Role = 'admin' | 'staff';
interface Request {
  path: string;
  status: number;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** Another session than the role's usual one: for routes that end or change it. */
  token?: string;
}
type Case = (who: SignedIn, role: Role) => Promise<Request>;

export let h: Harness;
export const people = {} as Record<Role, SignedIn>;
let f: CatalogueFixture;
let customerId: number;
let batteryBrandId: number;
let madeInId: number;
export let tireId: number;
let serviceId: number;
const today = new Date().toISOString().slice(0, 10);

/** The record each path's show and update cases share, made once per test file. */
const sharedRecords = new Map<string, number>();

function useFixture() {
  beforeAll(async () => {
    // The test files of a worker share this module, each with a database of its own.
    sharedRecords.clear();
    h = await createHarness();
    people.admin = await signIn(h);
    people.staff = await signIn(h, { role: 'staff' });
    f = await catalogueFixture(h);
    customerId = await created('/api/customers', customerBody());
    batteryBrandId = await created('/api/battery-brands', { name: `Volta ${uniqueTag()}` });
    madeInId = await created('/api/made-ins', { name: `Korea ${uniqueTag()}` });
    tireId = await created('/api/tires', tireBody(f, { quantity: 500, size: `195 / 65 R 15 ${uniqueTag()}` }));
    serviceId = await created('/api/services', { name: `Fitting ${uniqueTag()}`, selling_price: 20, active: true });
  });
  afterAll(() => h.close());
}

export const asAdmin = (method: string, path: string, body?: unknown) => call(h, method, path, { token: people.admin.token, body });

export async function created(path: string, body: unknown, token = people.admin.token): Promise<number> {
  const answer = await call(h, 'POST', path, { token, body });
  if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.id;
}

const customerBody = () => ({ name: `Customer ${uniqueTag()}`, phone: '555 0101', address: '1 Main St' });
const vehicleBody = () => ({ plate: `PV ${uniqueTag().slice(0, 5)}`, vin: '1M8GDM9AXKP042788', make: 'Ford', model: 'Focus', year: 2017 });
const newVehicle = () => created(`/api/customers/${customerId}/vehicles`, vehicleBody());
const supplierBody = () => ({ name: `Supplier ${uniqueTag()}`, phone: '555 0102', address: '2 Dock Rd' });
const batteryBody = () => ({
  battery_name: `Volta 60 ${uniqueTag()}`, battery_brand_id: batteryBrandId, made_in_id: madeInId, battery_shape: 'thick', ampere: 60,
  reversed: 1, battery_type: 'acid', location_id: f.downtownId, inventory_quantity: 2, date_received: today, cost_price: 70, selling_price: 110,
});
const wiperBody = () => ({
  size: 22, type: 'Beam', frame_material: 'Rubber', compatibility_year: 2020, compatible_cars: `Civic ${uniqueTag()}`, made_in_id: madeInId,
  cost_price: 6, selling_price: 15,
});
const itemBody = () => ({ name: `Oil ${uniqueTag()}`, category: 'oils', current_stock: 4, unit_price: 30, cost_price: 20, location_id: f.downtownId });
const serviceBody = () => ({ name: `Balancing ${uniqueTag()}`, selling_price: 15, active: true });
export const tireCreateBody = () => tireBody(f, { quantity: 2, size: `205 / 60 R 16 ${uniqueTag()}` });
const line = { product_id: 0, quantity: 1, unit_price: 20 };
const invoiceBody = () => ({ customer_id: customerId, location_id: f.downtownId, issued_date: today, due_date: today, items: [{ ...line, product_id: serviceId }] });
export const saleBody = () => ({ customer_id: customerId, location_id: f.downtownId, sale_date: today, items: [{ product_id: serviceId, quantity: 1, selling_price: 20 }] });
// No cost price on the line: it takes the product's, which staff may order at.
const quoteBody = () => ({ customer_id: customerId, location_id: f.downtownId, issued_date: today, items: [{ ...line, product_id: serviceId }] });
export const orderBody = () => ({ supplier_id: f.supplierId, location_id: f.downtownId, purchase_date: today, items: [{ product_id: tireId, quantity: 2 }] });

export const newInvoice = (token = people.admin.token) => created('/api/invoices', invoiceBody(), token);
export const newSale = (token = people.admin.token) => created('/api/sales', saleBody(), token);
export const newOrder = (token = people.admin.token) => created('/api/purchases', orderBody(), token);
const newQuote = (token = people.admin.token) => created('/api/quotes', quoteBody(), token);
const sentQuote = async () => created('/api/quotes', { ...quoteBody(), status: 'sent' });
async function sentInvoice(): Promise<number> {
  const id = await newInvoice();
  expect((await asAdmin('POST', `/api/invoices/${id}/send`)).status).toBe(200);
  return id;
}
/** A return of a sent invoice's line, without stock (its product is a service). */
async function returnBody() {
  const invoice = await asAdmin('GET', `/api/invoices/${await sentInvoice()}`);
  return { invoice_id: invoice.body.data.id, location_id: f.downtownId, issued_date: today, reason: 'Returned', items: [{ line_id: invoice.body.data.items[0].id, quantity: 1, restock: false }] };
}
/** One unit of a received purchase order's line going back to the supplier. */
async function supplierReturnBody() {
  const order = await asAdmin('POST', '/api/purchases', { ...orderBody(), status: 'received' });
  return { purchase_id: order.body.data.id, issued_date: today, reason: 'Faulty', items: [{ line_id: order.body.data.purchase_items[0].id, quantity: 1 }] };
}
export const newReceipt = async () =>
  created('/api/receipts', { receipt_date: today, type: 'income', receiptable_type: 'Invoice', receiptable_id: await sentInvoice(), amount: 5, payment_method: 'cash' });
/** A day closed at a branch of its own, so no other case's receipts fall into it. */
const newBranch = () => created('/api/locations', { name: `Branch ${uniqueTag()}`, address: '4 Close St' });
const closedDay = async () => created('/api/day-closes', { location_id: await newBranch(), date: today, counted: { cash: 0 } });

const transferBody = () => ({ from_location_id: f.downtownId, to_location_id: f.northsideId, transfer_date: today, items: [{ product_id: tireId, quantity: 1 }] });
async function shippedTransfer() {
  const id = await created('/api/transfers', transferBody());
  expect((await asAdmin('POST', `/api/transfers/${id}/ship`)).status).toBe(200);
  return id;
}
/** An open count of a brand of its own at Downtown, holding one tire, started by `token`'s user. */
async function openCount(token = people.admin.token) {
  const brandId = await created('/api/tire-brands', { name: `Counted ${uniqueTag()}` });
  const tire = await created('/api/tires', tireBody(f, { tire_brand_id: brandId, pattern_id: null, quantity: 2, size: `185 / 65 R 14 ${uniqueTag()}` }));
  const count = await created('/api/stock-counts', { location_id: f.downtownId, scope: { tire_brand_id: brandId } }, token);
  return { count, tire, brandId };
}

/** One core on hand at Downtown, and the body that sends it back. */
async function coresToSend() {
  const rule = (await asAdmin('POST', '/api/fee-rules', { name: `Core ${uniqueTag()}`, amount: 10, applies_to: 'marked', refundable: true })).body.data;
  await h.withDb((db) => db.query(`insert into public.core_moves (location_id, fee_rule_id, quantity, reason) values ($1, $2, 1, 'returned')`, [f.downtownId, rule.id]));
  return { location_id: f.downtownId, fee_rule_id: rule.id, supplier_id: f.supplierId, quantity: 1 };
}

async function secondSession(role: Role) {
  const user = await signIn(h, { role });
  const again = await call(h, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
  const sessions = await call(h, 'GET', '/api/profile/sessions', { token: user.token });
  const other = sessions.body.data.find((session: { current: boolean }) => !session.current);
  return { user, other: other.id as string, otherToken: again.body.token as string };
}

const read = (path: string): Case => async () => ({ path, status: 200 });

/** The five routes of a record kept by the house conventions; deleting needs a fresh record each time. */
function records(path: string, body: () => unknown, update: (id: number) => unknown = body): Record<string, Case> {
  const one = async () => {
    if (!sharedRecords.has(path)) sharedRecords.set(path, await created(path, body()));
    return sharedRecords.get(path)!;
  };
  return {
    [`GET ${path}`]: read(path),
    [`POST ${path}`]: async () => ({ path, body: body(), status: 201 }),
    [`GET ${path}/:id`]: async () => ({ path: `${path}/${await one()}`, status: 200 }),
    [`PUT ${path}/:id`]: async () => {
      const id = await one();
      return { path: `${path}/${id}`, body: await update(id), status: 200 };
    },
    [`DELETE ${path}/:id`]: async () => ({ path: `${path}/${await created(path, body())}`, status: 204 }),
  };
}

/** Documents: staff delete the open ones they created themselves. */
function documents(path: string, create: (token?: string) => Promise<number>, body: () => unknown): Record<string, Case> {
  return {
    ...records(path, body),
    [`DELETE ${path}/:id`]: async (who) => ({ path: `${path}/${await create(who.token)}`, status: 204 }),
  };
}

export const cases: Record<string, Case> = {
  'GET /api/health': read('/api/health'),
  'GET /api/openapi.json': read('/api/openapi.json'),
  'GET /api/docs': read('/api/docs'),
  'POST /api/auth/login': async (_, role) => {
    const { email, password } = await createUser(h, role);
    return { path: '/api/auth/login', body: { email, password }, status: 200, token: '' };
  },
  'POST /api/auth/logout': async (_, role) => ({ path: '/api/auth/logout', token: (await signIn(h, { role })).token, status: 204 }),
  'GET /api/auth/me': read('/api/auth/me'),
  'GET /api/profile': read('/api/profile'),
  'PUT /api/profile': async (who) => ({ path: '/api/profile', body: { name: who.user.name }, status: 200 }),
  'PUT /api/profile/password': async (_, role) => {
    const user = await signIn(h, { role });
    const password = `new-${uniqueTag()}-secret`;
    return { path: '/api/profile/password', token: user.token, body: { current_password: user.password, password, password_confirmation: password }, status: 200 };
  },
  'GET /api/profile/sessions': read('/api/profile/sessions'),
  'DELETE /api/profile/sessions/:id': async (_, role) => {
    const { user, other } = await secondSession(role);
    return { path: `/api/profile/sessions/${other}`, token: user.token, status: 204 };
  },
  'POST /api/profile/sessions/sign-out-others': async (_, role) => ({
    path: '/api/profile/sessions/sign-out-others',
    token: (await secondSession(role)).user.token,
    status: 200,
  }),

  ...records('/api/customers', customerBody),
  ...records('/api/suppliers', supplierBody),
  'GET /api/customers/:id/summary': async () => ({ path: `/api/customers/${customerId}/summary`, status: 200 }),
  'GET /api/suppliers/:id/summary': async () => ({ path: `/api/suppliers/${f.supplierId}/summary`, status: 200 }),
  'GET /api/customers/:id/vehicles': async () => ({ path: `/api/customers/${customerId}/vehicles`, status: 200 }),
  'POST /api/customers/:id/vehicles': async () => ({ path: `/api/customers/${customerId}/vehicles`, body: vehicleBody(), status: 201 }),
  'GET /api/vehicles': read('/api/vehicles?search=PV'),
  'GET /api/vehicles/:id': async () => ({ path: `/api/vehicles/${await newVehicle()}`, status: 200 }),
  'PUT /api/vehicles/:id': async () => ({ path: `/api/vehicles/${await newVehicle()}`, body: vehicleBody(), status: 200 }),
  'DELETE /api/vehicles/:id': async () => ({ path: `/api/vehicles/${await newVehicle()}`, status: 204 }),
  'GET /api/vehicles/:id/history': async () => ({ path: `/api/vehicles/${await newVehicle()}/history`, status: 200 }),
  ...records('/api/tire-brands', () => ({ name: `Brand ${uniqueTag()}` })),
  ...records('/api/tire-types', () => ({ name: `Type ${uniqueTag()}` })),
  ...records('/api/made-ins', () => ({ name: `Land ${uniqueTag()}` })),
  ...records('/api/battery-brands', () => ({ name: `Cells ${uniqueTag()}` })),
  ...records('/api/locations', () => ({ name: `Branch ${uniqueTag()}`, address: '3 High St' })),
  ...records('/api/tags', () => ({ name: `Tag ${uniqueTag()}` })),
  ...records('/api/patterns', () => ({ name: `Pattern ${uniqueTag()}`, category: 'automotive', price: 0 })),
  'GET /api/patterns/by-brand/:id': async () => ({ path: `/api/patterns/by-brand/${f.brandId}`, status: 200 }),

  'GET /api/products': read('/api/products'),
  'GET /api/products/:id/stock': async () => ({ path: `/api/products/${tireId}/stock`, status: 200 }),
  'GET /api/products/:id/stock-moves': async () => ({ path: `/api/products/${tireId}/stock-moves`, status: 200 }),
  'POST /api/products/:id/stock-adjustments': async () => ({
    path: `/api/products/${tireId}/stock-adjustments`,
    body: { location_id: f.downtownId, delta: 1, reason: 'count_correction' },
    status: 201,
  }),
  'POST /api/products/:id/stock-transfers': async () => ({
    path: `/api/products/${tireId}/stock-transfers`,
    body: { from_location_id: f.downtownId, to_location_id: f.northsideId, quantity: 1 },
    status: 201,
  }),
  'PATCH /api/products/:id/price': async () => ({ path: `/api/products/${tireId}/price`, body: { selling_price: 99 }, status: 200 }),
  'PUT /api/products/:id/reorder-levels': async () => ({
    path: `/api/products/${tireId}/reorder-levels`,
    body: { location_id: f.northsideId, reorder_point: 1, order_up_to: 4 },
    status: 200,
  }),
  'POST /api/reorder-levels/import': async () => ({
    path: '/api/reorder-levels/import',
    rawBody: ['product_id,branch,reorder_point,order_up_to', `${tireId},${f.names.northside},1,4`].join('\r\n'),
    headers: { 'content-type': 'text/csv' },
    status: 200,
  }),
  'GET /api/reorder-suggestions': async () => ({ path: `/api/reorder-suggestions?location_id=${f.northsideId}`, status: 200 }),
  'POST /api/reorder-suggestions/purchase-orders': async () => ({
    path: '/api/reorder-suggestions/purchase-orders',
    body: { location_id: await newBranch() },
    status: 201,
  }),
  ...records('/api/transfers', transferBody),
  'POST /api/transfers/:id/ship': async () => ({ path: `/api/transfers/${await created('/api/transfers', transferBody())}/ship`, status: 200 }),
  'POST /api/transfers/:id/receive': async () => ({ path: `/api/transfers/${await shippedTransfer()}/receive`, status: 200 }),
  'POST /api/transfers/:id/cancel': async () => ({ path: `/api/transfers/${await created('/api/transfers', transferBody())}/cancel`, status: 200 }),
  ...records('/api/tires', tireCreateBody),
  'GET /api/tires/export': read('/api/tires/export'),
  'POST /api/tires/import': async () => ({
    path: '/api/tires/import',
    rawBody: [
      'brand,tire_type,size,dot,made_in,date_received,supplier,location,cost_price,selling_price,quantity',
      `${f.names.brand},${f.names.type},225 / 45 R 17 ${uniqueTag()},2326,France,${today},${f.names.supplier},${f.names.downtown},50,80,1`,
    ].join('\r\n'),
    headers: { 'content-type': 'text/csv' },
    status: 200,
  }),
  'POST /api/tires/bulk-delete': async () => ({ path: '/api/tires/bulk-delete', body: { ids: [await created('/api/tires', tireCreateBody())] }, status: 200 }),
  ...records('/api/batteries', batteryBody),
  ...records('/api/wiper-products', wiperBody),
  ...records('/api/inventories', itemBody),
  ...records('/api/services', serviceBody),
  'GET /api/notifications': read('/api/notifications'),

  'GET /api/settings': read('/api/settings'),
  'PUT /api/settings': async () => ({ path: '/api/settings', body: (await asAdmin('GET', '/api/settings')).body.data, status: 200 }),
  ...records('/api/tax-rates', () => ({ name: `Rate ${uniqueTag()}`, rate: 5 })),
  'POST /api/document-preview': async () => ({ path: '/api/document-preview', body: { items: [{ product_id: serviceId, quantity: 1, unit_price: 20 }] }, status: 200 }),
  'POST /api/cores/send-back': async () => ({ path: '/api/cores/send-back', body: await coresToSend(), status: 201 }),
  ...records('/api/fee-rules', () => ({ name: `Fee ${uniqueTag()}`, amount: 2.5, applies_to: 'marked' })),

  ...documents('/api/invoices', newInvoice, invoiceBody),
  'POST /api/invoices/:id/send': async () => ({ path: `/api/invoices/${await newInvoice()}/send`, status: 200 }),
  'POST /api/invoices/:id/cancel': async () => ({ path: `/api/invoices/${await sentInvoice()}/cancel`, status: 200 }),
  ...documents('/api/sales', newSale, saleBody),
  'POST /api/sales/:id/complete': async () => ({ path: `/api/sales/${await newSale()}/complete`, status: 200 }),
  'POST /api/sales/:id/cancel': async () => ({ path: `/api/sales/${await newSale()}/cancel`, status: 200 }),
  ...documents('/api/purchases', newOrder, orderBody),
  'POST /api/purchases/:id/receive': async () => ({ path: `/api/purchases/${await newOrder()}/receive`, status: 200 }),
  'POST /api/purchases/:id/cancel': async () => ({ path: `/api/purchases/${await newOrder()}/cancel`, status: 200 }),
  'POST /api/purchases/:id/payments': async () => ({
    path: `/api/purchases/${await newOrder()}/payments`,
    body: { amount: 1, payment_method: 'cash' },
    status: 201,
  }),
  ...documents('/api/quotes', newQuote, quoteBody),
  'POST /api/quotes/:id/send': async () => ({ path: `/api/quotes/${await newQuote()}/send`, status: 200 }),
  'POST /api/quotes/:id/accept': async () => ({ path: `/api/quotes/${await sentQuote()}/accept`, status: 200 }),
  'POST /api/quotes/:id/decline': async () => ({ path: `/api/quotes/${await sentQuote()}/decline`, status: 200 }),
  'POST /api/quotes/:id/convert': async () => ({ path: `/api/quotes/${await newQuote()}/convert`, body: { to: 'invoice' }, status: 201 }),
  'GET /api/credit-notes': read('/api/credit-notes'),
  'POST /api/credit-notes': async () => ({ path: '/api/credit-notes', body: await returnBody(), status: 201 }),
  'GET /api/credit-notes/:id': async () => ({ path: `/api/credit-notes/${await created('/api/credit-notes', await returnBody())}`, status: 200 }),
  'POST /api/credit-notes/:id/cancel': async () => ({ path: `/api/credit-notes/${await created('/api/credit-notes', await returnBody())}/cancel`, status: 200 }),
  'GET /api/supplier-returns': read('/api/supplier-returns'),
  'POST /api/supplier-returns': async () => ({ path: '/api/supplier-returns', body: await supplierReturnBody(), status: 201 }),
  'GET /api/supplier-returns/:id': async () => ({ path: `/api/supplier-returns/${await created('/api/supplier-returns', await supplierReturnBody())}`, status: 200 }),
  'GET /api/receipts': read('/api/receipts'),
  'POST /api/receipts': async () => ({
    path: '/api/receipts',
    body: { receipt_date: today, type: 'income', receiptable_type: 'Invoice', receiptable_id: await sentInvoice(), amount: 5, payment_method: 'cash' },
    status: 201,
  }),
  'GET /api/receipts/:id': async () => ({ path: `/api/receipts/${await newReceipt()}`, status: 200 }),
  'DELETE /api/receipts/:id': async () => ({ path: `/api/receipts/${await newReceipt()}`, status: 204 }),
  'GET /api/day-closes': read('/api/day-closes'),
  'GET /api/day-closes/preview': async () => ({ path: `/api/day-closes/preview?location_id=${f.downtownId}&date=${today}`, status: 200 }),
  'GET /api/day-closes/today': read('/api/day-closes/today'),
  'GET /api/day-closes/over-short': read('/api/day-closes/over-short'),
  'GET /api/day-closes/over-short/export': read('/api/day-closes/over-short/export'),
  // Staff close their own branch's day.
  'POST /api/day-closes': async (who) => {
    const branch = await newBranch();
    await h.withDb((db) => db.query('update public.users set home_location_id = $1 where id = $2', [branch, who.user.id]));
    return { path: '/api/day-closes', body: { location_id: branch, date: today, counted: { cash: 0 } }, status: 201 };
  },
  'GET /api/day-closes/:id': async () => ({ path: `/api/day-closes/${await closedDay()}`, status: 200 }),
  'POST /api/day-closes/:id/reopen': async () => ({ path: `/api/day-closes/${await closedDay()}/reopen`, body: { reason: 'Miscounted' }, status: 200 }),

  'GET /api/stock-counts': read('/api/stock-counts'),
  'POST /api/stock-counts': async () => {
    const brandId = await created('/api/tire-brands', { name: `Counted ${uniqueTag()}` });
    await created('/api/tires', tireBody(f, { tire_brand_id: brandId, pattern_id: null, quantity: 1, size: `175 / 70 R 13 ${uniqueTag()}` }));
    return { path: '/api/stock-counts', body: { location_id: f.downtownId, scope: { tire_brand_id: brandId } }, status: 201 };
  },
  'GET /api/stock-counts/:id': async () => ({ path: `/api/stock-counts/${(await openCount()).count}`, status: 200 }),
  'GET /api/stock-counts/:id/lines': async () => ({ path: `/api/stock-counts/${(await openCount()).count}/lines`, status: 200 }),
  'PUT /api/stock-counts/:id/lines': async () => {
    const { count, tire } = await openCount();
    return { path: `/api/stock-counts/${count}/lines`, body: { lines: [{ product_id: tire, counted: 2 }] }, status: 200 };
  },
  'GET /api/stock-counts/:id/sheet': async () => ({ path: `/api/stock-counts/${(await openCount()).count}/sheet`, status: 200 }),
  'GET /api/stock-counts/:id/export': async () => ({ path: `/api/stock-counts/${(await openCount()).count}/export`, status: 200 }),
  'POST /api/stock-counts/:id/post': async () => ({ path: `/api/stock-counts/${(await openCount()).count}/post`, body: { uncounted: 'skip' }, status: 200 }),
  // Staff cancel the counts they started.
  'POST /api/stock-counts/:id/cancel': async (who) => ({ path: `/api/stock-counts/${(await openCount(who.token)).count}/cancel`, status: 200 }),

  'GET /api/reports/inventory-summary': read('/api/reports/inventory-summary'),
  'GET /api/reports/sales': read('/api/reports/sales'),
  'GET /api/reports/tire-sales': read('/api/reports/tire-sales'),
  'GET /api/reports/purchases': read('/api/reports/purchases'),
  'GET /api/reports/fees': read('/api/reports/fees'),
  'GET /api/reports/cores': read('/api/reports/cores'),
  'GET /api/reports/customer-balance': read('/api/reports/customer-balance'),
  'GET /api/reports/customer-balance/:id': async () => ({ path: `/api/reports/customer-balance/${customerId}`, status: 200 }),
  'GET /api/reports/supplier-balance': read('/api/reports/supplier-balance'),
  'GET /api/reports/supplier-balance/:id': async () => ({ path: `/api/reports/supplier-balance/${f.supplierId}`, status: 200 }),
  'GET /api/dashboard': read('/api/dashboard'),
  'GET /api/activity': async () => ({ path: `/api/activity?record_type=customer&record_id=${customerId}`, status: 200 }),

  'GET /api/users': read('/api/users'),
  'POST /api/users': async () => ({ path: '/api/users', body: userBody(), status: 201 }),
  'GET /api/users/:id': async () => ({ path: `/api/users/${await newUser()}`, status: 200 }),
  'PUT /api/users/:id': async () => {
    const body = userBody();
    return { path: `/api/users/${await created('/api/users', body)}`, body: { ...body, name: 'Renamed' }, status: 200 };
  },
  'POST /api/users/:id/disable': async () => ({ path: `/api/users/${await newUser()}/disable`, status: 200 }),
  'POST /api/users/:id/enable': async () => ({ path: `/api/users/${await newUser()}/enable`, status: 200 }),
  'POST /api/users/:id/reset-password': async () => ({
    path: `/api/users/${await newUser()}/reset-password`,
    body: { password: 'another-secret', password_confirmation: 'another-secret' },
    status: 200,
  }),
  'POST /api/users/:id/unlock': async () => ({ path: `/api/users/${await newUser()}/unlock`, status: 200 }),
  'GET /api/audit-events': read('/api/audit-events'),
  'GET /api/audit-events/export': read('/api/audit-events/export'),
};

function userBody() {
  return { name: 'Counter staff', email: `staff-${uniqueTag()}@example.test`, role: 'staff', home_location_id: f.northsideId, password: 'first-secret', password_confirmation: 'first-secret' };
}
const newUser = () => created('/api/users', userBody());

/** Each route's area, by the resource its path names; every area has its own test file. */
const AREAS = {
  access: ['health', 'openapi.json', 'docs', 'auth', 'profile', 'settings', 'tax-rates', 'document-preview', 'fee-rules', 'cores', 'users', 'audit-events'],
  people: ['customers', 'suppliers', 'locations', 'services', 'vehicles'],
  lookups: ['tire-brands', 'tire-types', 'made-ins', 'battery-brands', 'tags', 'patterns'],
  stock: ['products', 'tires', 'batteries', 'wiper-products', 'inventories', 'notifications', 'reorder-suggestions', 'reorder-levels', 'transfers', 'stock-counts'],
  documents: ['invoices', 'sales', 'purchases', 'quotes', 'credit-notes', 'supplier-returns', 'receipts', 'day-closes', 'reports', 'dashboard', 'activity'],
};
type Area = keyof typeof AREAS;

export function areaOf(route: string): Area | undefined {
  const resource = route.split(' ')[1].split('/')[2];
  return (Object.keys(AREAS) as Area[]).find((area) => AREAS[area].includes(resource));
}

/** Sends every route of the area as each role, after setting up the records the cases use. */
export function checkPermissions(area: Area) {
  useFixture();
  const routes = Object.keys(PERMISSIONS).filter((route) => areaOf(route) === area);
  describe.each(['admin', 'staff'] as const)('as %s', (role) => {
    it.each(routes)('%s', async (route) => {
      const rule = PERMISSIONS[route];
      const [method] = route.split(' ');
      const request = await cases[route](people[role], role);
      const token = request.token ?? people[role].token;
      const answer = await call(h, method, request.path, { token: token || undefined, body: request.body, rawBody: request.rawBody, headers: request.headers });
      if (rule === 'admin' && role === 'staff') {
        expect(answer.status, JSON.stringify(answer.body)).toBe(403);
        expect(answer.body.message).toMatch(/administrator/);
      } else {
        expect(answer.status, JSON.stringify(answer.body)).toBe(request.status);
      }
      if (rule !== 'public') expect((await call(h, method, request.path, { body: request.body })).status).toBe(401);
    });
  });
}
