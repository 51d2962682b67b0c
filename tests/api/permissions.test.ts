import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { PERMISSIONS, ruleOf } from '../../worker/src/auth/permissions.ts';
import { call, createUser, signIn, uniqueTag, type SignedIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';
import { routesOfTheApp } from '../support/routes.ts';

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

let h: Harness;
const people = {} as Record<Role, SignedIn>;
let f: CatalogueFixture;
let customerId: number;
let batteryBrandId: number;
let madeInId: number;
let tireId: number;
let serviceId: number;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
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

const asAdmin = (method: string, path: string, body?: unknown) => call(h, method, path, { token: people.admin.token, body });

async function created(path: string, body: unknown, token = people.admin.token): Promise<number> {
  const answer = await call(h, 'POST', path, { token, body });
  if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.id;
}

const customerBody = () => ({ name: `Customer ${uniqueTag()}`, phone: '555 0101', address: '1 Main St' });
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
const tireCreateBody = () => tireBody(f, { quantity: 2, size: `205 / 60 R 16 ${uniqueTag()}` });
const line = { product_id: 0, quantity: 1, unit_price: 20 };
const invoiceBody = () => ({ customer_id: customerId, location_id: f.downtownId, issued_date: today, due_date: today, items: [{ ...line, product_id: serviceId }] });
const saleBody = () => ({ customer_id: customerId, location_id: f.downtownId, sale_date: today, items: [{ product_id: serviceId, quantity: 1, selling_price: 20 }] });
const orderBody = () => ({ supplier_id: f.supplierId, location_id: f.downtownId, purchase_date: today, items: [{ product_id: tireId, quantity: 2, cost_price: 10 }] });

const newInvoice = (token = people.admin.token) => created('/api/invoices', invoiceBody(), token);
const newSale = (token = people.admin.token) => created('/api/sales', saleBody(), token);
const newOrder = (token = people.admin.token) => created('/api/purchases', orderBody(), token);
async function sentInvoice(): Promise<number> {
  const id = await newInvoice();
  expect((await asAdmin('POST', `/api/invoices/${id}/send`)).status).toBe(200);
  return id;
}
const newReceipt = async () =>
  created('/api/receipts', { receipt_date: today, type: 'income', receiptable_type: 'Invoice', receiptable_id: await sentInvoice(), amount: 5, payment_method: 'cash' });

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
  let shared: number | undefined;
  const one = async () => (shared ??= await created(path, body()));
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

const cases: Record<string, Case> = {
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
  'GET /api/receipts': read('/api/receipts'),
  'POST /api/receipts': async () => ({
    path: '/api/receipts',
    body: { receipt_date: today, type: 'income', receiptable_type: 'Invoice', receiptable_id: await sentInvoice(), amount: 5, payment_method: 'cash' },
    status: 201,
  }),
  'GET /api/receipts/:id': async () => ({ path: `/api/receipts/${await newReceipt()}`, status: 200 }),
  'DELETE /api/receipts/:id': async () => ({ path: `/api/receipts/${await newReceipt()}`, status: 204 }),

  'GET /api/reports/inventory-summary': read('/api/reports/inventory-summary'),
  'GET /api/reports/sales': read('/api/reports/sales'),
  'GET /api/reports/tire-sales': read('/api/reports/tire-sales'),
  'GET /api/reports/purchases': read('/api/reports/purchases'),
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


describe('the permission table', () => {
  it('has a rule and a case here for every route of the app, and no rule for a route that is gone', () => {
    const routes = routesOfTheApp();
    expect(routes.filter((route) => ruleOf(route) === undefined)).toEqual([]);
    expect(routes.filter((route) => !cases[route])).toEqual([]);
    expect(Object.keys(PERMISSIONS).filter((rule) => !routes.includes(rule))).toEqual([]);
    expect(Object.keys(cases).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('keeps the audit trail read-only: no route writes to it', () => {
    expect(routesOfTheApp().filter((route) => route.includes('/audit-events') && !route.startsWith('GET '))).toEqual([]);
  });

  describe.each(['admin', 'staff'] as const)('as %s', (role) => {
    it.each(Object.keys(PERMISSIONS))('%s', async (route) => {
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
});

describe('what staff may do only to some records', () => {
  const asStaff = (method: string, path: string, body?: unknown) => call(h, method, path, { token: people.staff.token, body });

  it('lets staff delete only the open documents they created', async () => {
    const admins = await newInvoice();
    const refused = await asStaff('DELETE', `/api/invoices/${admins}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/administrator/);
    const own = await newInvoice(people.staff.token);
    expect((await asStaff('POST', `/api/invoices/${own}/send`)).status).toBe(200);
    expect((await asStaff('DELETE', `/api/invoices/${own}`)).status).toBe(403);
    expect((await asAdmin('DELETE', `/api/invoices/${own}`)).status).toBe(409);
    expect((await asStaff('DELETE', `/api/sales/${await newSale()}`)).status).toBe(403);
    expect((await asStaff('DELETE', `/api/purchases/${await newOrder()}`)).status).toBe(403);
    expect((await asAdmin('DELETE', `/api/invoices/${admins}`)).status).toBe(204);
  });

  it('lets only administrators cancel a document with payments', async () => {
    const receipt = await newReceipt();
    const invoiceId = (await asAdmin('GET', `/api/receipts/${receipt}`)).body.data.receiptable_id;
    const refused = await asStaff('POST', `/api/invoices/${invoiceId}/cancel`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/payments on it: only an administrator/);
    expect((await asAdmin('POST', `/api/invoices/${invoiceId}/cancel`)).status).toBe(409);
    const sale = await created('/api/sales', { ...saleBody(), amount_paid: 5 });
    expect((await asStaff('POST', `/api/sales/${sale}/cancel`)).status).toBe(403);
  });

  it("lets only administrators change a product's cost price", async () => {
    const tire = (await asAdmin('GET', `/api/tires/${tireId}`)).body.data;
    const body = { ...tireCreateBody(), size: tire.size, cost_price: Number(tire.cost_price) + 5, quantity: tire.quantity };
    const refused = await asStaff('PUT', `/api/tires/${tireId}`, body);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only an administrator can change a product's cost price. Ask an administrator.");
    expect((await asStaff('PATCH', `/api/products/${tireId}/price`, { cost_price: 1 })).status).toBe(403);
    expect((await asStaff('PATCH', `/api/products/${tireId}/price`, { cost_price: Number(tire.cost_price), selling_price: 120 })).status).toBe(200);
    expect((await asAdmin('PUT', `/api/tires/${tireId}`, body)).status).toBe(200);
    expect((await asAdmin('GET', `/api/tires/${tireId}`)).body.data.cost_price).toBe(Number(tire.cost_price) + 5);
  });
});
