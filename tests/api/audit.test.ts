import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type SignedIn, putAsRead } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';
import type { AuditEvent } from '../../worker/src/schemas/audit.ts';

let h: Harness;
let admin: SignedIn;
let staff: SignedIn;
let f: CatalogueFixture;
let customerId: number;
let serviceId: number;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  h = await createHarness();
  admin = await signIn(h);
  staff = await signIn(h, { role: 'staff' });
  f = await catalogueFixture(h);
  await h.withDb((db) => db.query('update public.users set home_location_id = $1 where id = $2', [f.northsideId, staff.user.id]));
  customerId = (await asAdmin('POST', '/api/customers', { name: `Customer ${uniqueTag()}`, phone: '555 0101', address: '1 Main St' })).body.data.id;
  serviceId = (await asAdmin('POST', '/api/services', { name: `Fitting ${uniqueTag()}`, selling_price: 20, active: true })).body.data.id;
});
afterAll(() => h.close());

const asAdmin = (method: string, path: string, body?: unknown) => call(h, method, path, { token: admin.token, body });
const asStaff = (method: string, path: string, body?: unknown) => call(h, method, path, { token: staff.token, body });

async function lastEventId(): Promise<number> {
  return (await asAdmin('GET', '/api/audit-events?per_page=1')).body.data[0]?.id ?? 0;
}

/** Runs an action and answers the events it left (the trail's own reads leave none). */
async function eventsOf(action: () => Promise<unknown>): Promise<AuditEvent[]> {
  const before = await lastEventId();
  await action();
  const page = await asAdmin('GET', '/api/audit-events?per_page=100');
  return (page.body.data as AuditEvent[]).filter((event) => event.id > before).reverse();
}

/** The one event an action left. */
async function oneEvent(action: () => Promise<{ status: number; body: unknown }>, status?: number): Promise<AuditEvent> {
  const events = await eventsOf(async () => {
    const answer = await action();
    if (status !== undefined) expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  });
  expect(events, JSON.stringify(events)).toHaveLength(1);
  return events[0];
}

describe('the audit trail', () => {
  it('records who created, changed and deleted a record, with only the fields that changed', async () => {
    const name = `Audit customer ${uniqueTag()}`;
    const body = { name, phone: '555 0199', address: '9 Elm St', email: 'a@example.test' };
    let id = 0;
    const createdEvent = await oneEvent(async () => {
      const answer = await asStaff('POST', '/api/customers', body);
      id = answer.body.data.id;
      return answer;
    }, 201);
    expect(createdEvent).toMatchObject({
      user: { id: staff.user.id, name: staff.user.name },
      location: { id: f.northsideId },
      action: 'created',
      record_type: 'customer',
      record_id: id,
      record_label: name,
    });
    expect(Date.parse(createdEvent.occurred_at)).toBeGreaterThan(Date.now() - 60_000);

    const updated = await oneEvent(() => asStaff('PUT', `/api/customers/${id}`, { ...body, phone: '555 0200' }), 200);
    expect(updated).toMatchObject({ action: 'updated', record_id: id, changes: { phone: { old: '555 0199', new: '555 0200' } } });
    expect(Object.keys(updated.changes ?? {})).toEqual(['phone']);
    expect(await eventsOf(() => asStaff('PUT', `/api/customers/${id}`, { ...body, phone: '555 0200' }))).toEqual([]);

    const deleted = await oneEvent(() => asAdmin('DELETE', `/api/customers/${id}`), 204);
    expect(deleted).toMatchObject({ user: { id: admin.user.id }, action: 'deleted', record_type: 'customer', record_id: id, record_label: name });
  });

  it('names references by what they point at', async () => {
    const tire = (await asAdmin('POST', '/api/tires', tireBody(f, { quantity: 1, size: `185 / 65 R 15 ${uniqueTag()}` }))).body.data;
    const moved = await oneEvent(() => putAsRead(h, admin.token, `/api/tires/${tire.id}`, { ...tireBody(f, { size: tire.size, quantity: 1 }), tire_brand_id: f.otherBrandId, pattern_id: f.otherPatternId }), 200);
    expect(moved.record_type).toBe('product');
    expect(moved.changes).toMatchObject({ tire_brand: { old: f.names.brand, new: f.names.otherBrand } });

    // Renaming a brand renames its tires, which nobody edited: one event, the brand's.
    const renamed = await oneEvent(() => asAdmin('PUT', `/api/tire-brands/${f.otherBrandId}`, { name: `${f.names.otherBrand} Pro` }), 200);
    expect(renamed).toMatchObject({ action: 'updated', record_type: 'tire_brand', changes: { name: { old: f.names.otherBrand, new: `${f.names.otherBrand} Pro` } } });
    expect((await asAdmin('GET', `/api/tires/${tire.id}`)).body.data.name).toContain(`${f.names.otherBrand} Pro`);
  });

  it('traces an invoice from creation through sending and payment to its receipt, one event each', async () => {
    let invoiceId = 0;
    const createdEvent = await oneEvent(async () => {
      const answer = await asStaff('POST', '/api/invoices', {
        customer_id: customerId, location_id: f.downtownId, issued_date: today, due_date: today, items: [{ product_id: serviceId, quantity: 2, unit_price: 20 }],
      });
      invoiceId = answer.body.data.id;
      return answer;
    }, 201);
    expect(createdEvent).toMatchObject({ action: 'created', record_type: 'invoice', record_id: invoiceId, location: { id: f.downtownId } });
    // What it was created with, not the columns' defaults before it.
    expect(createdEvent.changes).toMatchObject({ net_amount: { old: null, new: 40 } });
    expect(Object.values(createdEvent.changes ?? {})).toContainEqual({ old: null, new: '2 × 20.00' });

    const edited = await oneEvent(() => asStaff('PUT', `/api/invoices/${invoiceId}`, {
      customer_id: customerId, location_id: f.downtownId, issued_date: today, due_date: today, notes: 'Call first', items: [{ product_id: serviceId, quantity: 3, unit_price: 20 }],
    }), 200);
    expect(edited.action).toBe('updated');
    expect(edited.changes).toMatchObject({ notes: { old: null, new: 'Call first' }, net_amount: { old: 40, new: 60 } });
    expect(Object.values(edited.changes ?? {})).toContainEqual({ old: '2 × 20.00', new: '3 × 20.00' });

    const sent = await oneEvent(() => asStaff('POST', `/api/invoices/${invoiceId}/send`), 200);
    const number = (await asStaff('GET', `/api/invoices/${invoiceId}`)).body.data.number;
    expect(sent).toMatchObject({ action: 'sent', record_type: 'invoice', record_id: invoiceId, record_label: number });

    let receiptId = 0;
    const paid = await oneEvent(async () => {
      const answer = await asStaff('POST', '/api/receipts', { receipt_date: today, type: 'income', receiptable_type: 'Invoice', receiptable_id: invoiceId, amount: 25, payment_method: 'cash' });
      receiptId = answer.body.data.id;
      return answer;
    }, 201);
    expect(paid).toMatchObject({
      action: 'paid', record_type: 'receipt', record_id: receiptId, related_type: 'invoice', related_id: invoiceId, related_label: number,
      changes: { amount: { old: null, new: 25 } },
    });
    const deleted = await oneEvent(() => asAdmin('DELETE', `/api/receipts/${receiptId}`), 204);
    expect(deleted).toMatchObject({ action: 'deleted', record_type: 'receipt', record_id: receiptId, related_id: invoiceId, changes: { amount: { old: 25, new: null } } });
    const cancelled = await oneEvent(() => asStaff('POST', `/api/invoices/${invoiceId}/cancel`), 200);
    expect(cancelled).toMatchObject({ action: 'cancelled', record_id: invoiceId });

    const activity = await asStaff('GET', `/api/activity?record_type=invoice&record_id=${invoiceId}`);
    expect(activity.status).toBe(200);
    expect(activity.body.data.map((event: AuditEvent) => event.action)).toEqual(['cancelled', 'deleted', 'paid', 'sent', 'updated', 'created']);
  });

  it('records completed sales, received and paid purchase orders', async () => {
    const sale = (await asStaff('POST', '/api/sales', { customer_id: customerId, location_id: f.downtownId, sale_date: today, items: [{ product_id: serviceId, quantity: 1, selling_price: 20 }] })).body.data;
    expect(await oneEvent(() => asStaff('POST', `/api/sales/${sale.id}/complete`), 200)).toMatchObject({ action: 'completed', record_type: 'sale', record_id: sale.id });

    const tire = (await asAdmin('POST', '/api/tires', tireBody(f, { quantity: 0, size: `175 / 70 R 14 ${uniqueTag()}` }))).body.data;
    // An order an administrator priced, received by staff.
    const order = (await asAdmin('POST', '/api/purchases', { supplier_id: f.supplierId, location_id: f.downtownId, purchase_date: today, items: [{ product_id: tire.id, quantity: 4, cost_price: 30 }] })).body.data;
    // Goods received at a new cost change the product's cost price too: that shows on the product.
    const [costed, received] = await eventsOf(() => asStaff('POST', `/api/purchases/${order.id}/receive`, { items: [{ purchase_item_id: order.purchase_items[0].id, quantity: 3 }] }));
    expect(received).toMatchObject({ action: 'received', record_type: 'purchase', record_id: order.id, changes: { [`${tire.name} received`]: { old: 0, new: 3 } } });
    expect(costed).toMatchObject({ action: 'price changed', record_type: 'product', record_id: tire.id, changes: { cost_price: { old: tire.cost_price, new: 30 } } });
    expect(await eventsOf(() => asStaff('POST', `/api/purchases/${order.id}/receive`, { items: [{ purchase_item_id: order.purchase_items[0].id, quantity: 1 }] }))).toHaveLength(1);
    const paid = await oneEvent(() => asStaff('POST', `/api/purchases/${order.id}/payments`, { amount: 10, payment_method: 'cash' }), 201);
    expect(paid).toMatchObject({ action: 'paid', record_type: 'receipt', related_type: 'purchase', related_id: order.id });
  });

  it('records stock adjustments and transfers with each branch before and after, and price changes', async () => {
    const tire = (await asAdmin('POST', '/api/tires', tireBody(f, { quantity: 5, size: `215 / 60 R 16 ${uniqueTag()}` }))).body.data;
    const adjusted = await oneEvent(() => asStaff('POST', `/api/products/${tire.id}/stock-adjustments`, { location_id: f.downtownId, delta: -2, reason: 'damage' }), 201);
    expect(adjusted).toMatchObject({ action: 'stock adjusted', record_type: 'product', record_id: tire.id, record_label: tire.name, location: { id: f.downtownId }, changes: { [f.names.downtown]: { old: 5, new: 3 } } });
    const moved = await oneEvent(() => asStaff('POST', `/api/products/${tire.id}/stock-transfers`, { from_location_id: f.downtownId, to_location_id: f.northsideId, quantity: 1 }), 201);
    expect(moved).toMatchObject({ action: 'stock transferred', changes: { [f.names.downtown]: { old: 3, new: 2 }, [f.names.northside]: { old: 0, new: 1 } } });
    const priced = await oneEvent(() => asAdmin('PATCH', `/api/products/${tire.id}/price`, { selling_price: 150 }), 200);
    expect(priced).toMatchObject({ action: 'price changed', record_id: tire.id, changes: { selling_price: { old: tire.selling_price, new: 150 } } });
    expect(Object.keys(priced.changes ?? {})).toEqual(['selling_price']);
  });

  it('records settings, users, sign-ins and failed sign-ins', async () => {
    const settings = (await asAdmin('GET', '/api/settings')).body.data;
    const changed = await oneEvent(() => asAdmin('PUT', '/api/settings', { ...settings, print_footer: 'See you soon' }), 200);
    expect(changed).toMatchObject({ action: 'updated', record_type: 'settings', changes: { print_footer: { old: settings.print_footer, new: 'See you soon' } } });

    const email = `new-${uniqueTag()}@example.test`;
    let userId = 0;
    const createdUser = await oneEvent(async () => {
      const answer = await asAdmin('POST', '/api/users', { name: 'Nora', email, role: 'staff', home_location_id: f.downtownId, password: 'first-secret', password_confirmation: 'first-secret' });
      userId = answer.body.data.id;
      return answer;
    }, 201);
    expect(createdUser).toMatchObject({ action: 'created', record_type: 'user', record_id: userId, record_label: 'Nora' });
    const signedIn = await oneEvent(() => call(h, 'POST', '/api/auth/login', { body: { email, password: 'first-secret' } }), 200);
    expect(signedIn).toMatchObject({ user: { id: userId }, action: 'signed in', record_type: 'user', record_id: userId, location: { id: f.downtownId } });
    const failed = await oneEvent(() => call(h, 'POST', '/api/auth/login', { body: { email, password: 'wrong' } }), 401);
    expect(failed).toMatchObject({ user: null, action: 'sign-in failed', record_id: userId });
    // Failures for unknown e-mails are tallied: one event per address and minute, once the minute is over.
    expect(await eventsOf(() => call(h, 'POST', '/api/auth/login', { body: { email: 'nobody@example.test', password: 'wrong' } }))).toEqual([]);
    await h.withDb((db) => db.query("update public.sign_in_addresses set unknown_since = unknown_since - interval '1 minute' where unknown_failures > 0"));
    const failures = (await asAdmin('GET', '/api/audit-events?action=sign-in%20failed&per_page=100')).body.data as AuditEvent[];
    const unknown = failures.find((event) => event.record_label === 'nobody@example.test');
    expect(unknown).toMatchObject({ action: 'sign-in failed', record_id: null, changes: { attempts: { old: null, new: 1 } } });
    expect(await oneEvent(() => asAdmin('POST', `/api/users/${userId}/disable`), 200)).toMatchObject({ action: 'user disabled', record_id: userId });
    expect(await oneEvent(() => asAdmin('POST', `/api/users/${userId}/enable`), 200)).toMatchObject({ action: 'user enabled', record_id: userId });
    const reset = await oneEvent(() => asAdmin('POST', `/api/users/${userId}/reset-password`, { password: 'second-secret', password_confirmation: 'second-secret' }), 200);
    expect(reset).toMatchObject({ action: 'password reset', record_id: userId });
    const promoted = await oneEvent(() => asAdmin('PUT', `/api/users/${userId}`, { name: 'Nora', email, role: 'admin', home_location_id: f.downtownId }), 200);
    expect(promoted.changes).toEqual({ role: { old: 'staff', new: 'admin' } });
  });

  it('leaves no event for a refused change', async () => {
    expect(await eventsOf(() => asStaff('POST', '/api/customers', { name: '' }))).toEqual([]);
    expect(await eventsOf(() => asStaff('DELETE', `/api/customers/${customerId}`))).toEqual([]);
  });

  it('filters by user, record, action and dates, pages, and exports CSV', async () => {
    const mine = await asAdmin('GET', `/api/audit-events?user_id=${staff.user.id}&record_type=invoice&action=sent&per_page=5`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((event: AuditEvent) => event.user?.id === staff.user.id && event.record_type === 'invoice' && event.action === 'sent')).toBe(true);
    expect((await asAdmin('GET', `/api/audit-events?date_from=${today}&date_to=${today}`)).body.total).toBeGreaterThan(0);
    expect((await asAdmin('GET', '/api/audit-events?date_to=2000-01-01')).body.total).toBe(0);
    expect((await asAdmin('GET', '/api/audit-events?action=exploded')).status).toBe(422);
    expect((await asAdmin('GET', '/api/audit-events?record_type=rocket')).status).toBe(422);
    expect((await asStaff('GET', '/api/activity?record_type=user&record_id=1')).status).toBe(422);

    const csv = await asAdmin('GET', `/api/audit-events/export?user_id=${staff.user.id}&action=sent`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('When,User,Branch,Action,Record type,Record,Changes');
    expect(lines.length - 1).toBe(mine.body.total);
    expect(lines.slice(1).every((line) => line.includes(',sent,Invoice,'))).toBe(true);
  });

  it('counts a long trail up to 10,000 and says there is more', async () => {
    const label = `Busy ${uniqueTag()}`;
    const base = 1_000_000_000_000 + Math.floor(Math.random() * 1e12);
    await h.withDb((db) =>
      db.query(
        `insert into public.audit_events (action, record_type, record_id, record_label, txid)
         select 'updated', 'tag', g, $1, ($2::int8 + g)::text::xid8 from generate_series(1, 10001) g`,
        [label, base],
      ),
    );
    const page = await asAdmin('GET', '/api/audit-events?record_type=tag&per_page=25');
    expect(page.body).toMatchObject({ total: 10_000, total_capped: true, last_page: 400, current_page: 1 });
    expect(page.body.data).toHaveLength(25);
    const few = await asAdmin('GET', `/api/audit-events?record_type=customer`);
    expect(few.body.total_capped).toBe(false);
  });

  it('cannot be changed or emptied, even in SQL', async () => {
    const { id } = (await asAdmin('GET', '/api/audit-events?per_page=1')).body.data[0];
    for (const statement of [
      `update public.audit_events set action = 'nothing' where id = ${id}`,
      `delete from public.audit_events where id = ${id}`,
      'truncate public.audit_events',
    ]) {
      await expect(h.withDb((db) => db.query(statement))).rejects.toThrow(/audit trail cannot be changed/);
    }
    expect((await asAdmin('GET', `/api/audit-events?per_page=1`)).body.data[0].id).toBe(id);
  });
});
