import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ruleOf } from '../../worker/src/auth/permissions.ts';
import { call } from '../support/api.ts';
import {
  areaOf, asAdmin, cases, checkPermissions, created, h, newInvoice, newOrder, newReceipt, newSale, orderBody, people, saleBody, tireCreateBody, tireId,
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

  it("lets only administrators order at a cost price other than the product's, which receiving makes the product's", async () => {
    const tire = await created('/api/tires', tireCreateBody());
    const cost = async () => (await asAdmin('GET', `/api/tires/${tire}`)).body.data.cost_price;
    const before = await cost();
    const order = (items: unknown[], extra: Record<string, unknown> = {}) => ({ ...orderBody(), items, ...extra });
    const cheap = { product_id: tire, quantity: 1_000_000, cost_price: 0 };

    // A million at 0 would take the average cost to about 0.
    const refused = await asStaff('POST', '/api/purchases', order([cheap], { status: 'received' }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only an administrator can order at a cost price other than the product's. Ask an administrator.");
    expect((await asStaff('POST', '/api/purchases', order([cheap]))).status).toBe(403);
    expect(await cost()).toBe(before);

    // Staff order at the product's cost price, given or left out, and receive it: the cost stays.
    const own = await asStaff('POST', '/api/purchases', order([{ product_id: tire, quantity: 3 }, { product_id: tire, quantity: 1, cost_price: before }]));
    expect(own.status).toBe(201);
    expect(own.body.data.purchase_items.map((line: { cost_price_at_purchase: number }) => line.cost_price_at_purchase)).toEqual([before, before]);
    const [line] = own.body.data.purchase_items;
    expect((await asStaff('PUT', `/api/purchases/${own.body.data.id}`, order([{ id: line.id, product_id: tire, quantity: 3, cost_price: 0 }]))).status).toBe(403);
    expect((await asStaff('POST', `/api/purchases/${own.body.data.id}/receive`)).status).toBe(200);
    expect(await cost()).toBe(before);

    // An order an administrator priced: staff keep its line, or order fewer, but not more, and receive it.
    const priced = (await asAdmin('POST', '/api/purchases', order([{ product_id: tire, quantity: 2, cost_price: 0 }]))).body.data;
    const kept = (quantity: number) => order([{ id: priced.purchase_items[0].id, product_id: tire, quantity, cost_price: 0 }]);
    expect((await asStaff('PUT', `/api/purchases/${priced.id}`, kept(2))).status).toBe(200);
    expect((await asStaff('PUT', `/api/purchases/${priced.id}`, kept(1_000_000))).status).toBe(403);
    expect((await asStaff('PUT', `/api/purchases/${priced.id}`, { ...kept(1), items: [...kept(1).items, cheap] })).status).toBe(403);
    expect((await asStaff('PUT', `/api/purchases/${priced.id}`, kept(1))).status).toBe(200);
    expect((await asStaff('POST', `/api/purchases/${priced.id}/receive`)).status).toBe(200);
    const stock = 2 + 4;
    expect(await cost()).toBe(Math.round((stock * before * 100) / (stock + 1)) / 100);

    // An administrator may order at any cost, and receiving it moves the product's cost.
    expect((await asAdmin('POST', '/api/purchases', order([cheap], { status: 'received' }))).status).toBe(201);
    expect(await cost()).toBe(0);
  });

  it('lets only administrators record a refund, on invoices, sales and purchase orders', async () => {
    const invoice = (await asAdmin('GET', `/api/receipts/${await newReceipt()}`)).body.data.receiptable_id;
    const sale = await created('/api/sales', { ...saleBody(), amount_paid: 5 });
    const purchase = await newOrder();
    expect((await asAdmin('POST', `/api/purchases/${purchase}/payments`, { amount: 5, payment_method: 'cash' })).status).toBe(201);
    const refund = (type: string, id: number) => ({ receipt_date: new Date().toISOString().slice(0, 10), type: 'refund', receiptable_type: type, receiptable_id: id, amount: 5, payment_method: 'cash' });
    for (const [type, id] of [['Invoice', invoice], ['Sale', sale], ['Purchase', purchase]] as const) {
      const refused = await asStaff('POST', '/api/receipts', refund(type, id));
      expect(refused.status, type).toBe(403);
      expect(refused.body.message).toBe('Only an administrator can record a refund. Ask an administrator.');
      expect((await asAdmin('POST', '/api/receipts', refund(type, id))).status, type).toBe(201);
    }
  });
});
