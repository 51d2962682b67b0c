import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ruleOf } from '../../worker/src/auth/permissions.ts';
import { call } from '../support/api.ts';
import {
  areaOf, asAdmin, cases, checkPermissions, created, h, newInvoice, newOrder, newReceipt, newSale, people, saleBody, tireCreateBody, tireId,
} from '../support/permissions.ts';
import { routesOfTheApp } from '../support/routes.ts';

describe('the permission table', () => {
  it('has a rule, a case and an area for every route of the app, and no rule for a route that is gone', () => {
    const routes = routesOfTheApp();
    expect(routes.filter((route) => ruleOf(route) === undefined)).toEqual([]);
    expect(routes.filter((route) => !cases[route])).toEqual([]);
    expect(routes.filter((route) => areaOf(route) === undefined)).toEqual([]);
    expect(Object.keys(PERMISSIONS).filter((rule) => !routes.includes(rule))).toEqual([]);
    expect(Object.keys(cases).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('keeps the audit trail read-only: no route writes to it', () => {
    expect(routesOfTheApp().filter((route) => route.includes('/audit-events') && !route.startsWith('GET '))).toEqual([]);
  });
});

// Sign-in, the profile, settings, users and the audit trail; the other areas have their own files.
checkPermissions('access');

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
