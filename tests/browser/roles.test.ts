import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, type RunningApp, takeShots } from '../support/browser.ts';

const STAFF = { name: 'Nora Northside', email: 'nora.northside@example.test', first: 'first-password-1', password: 'nora-password-2' };
const HOME = 'Northside Branch';
const OTHER = 'Downtown Branch';

interface Listed {
  id: number;
  number: string | null;
  customer: { name: string };
  location: { name: string };
}

describe.skipIf(!browserTestsCanRun())('roles and home branches in the browser: what staff see and where they start', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let adminToken = '';
  let staffToken = '';
  let home = 0;
  let customer: { id: number; name: string };
  let fitting: { id: number; name: string; selling_price: number };

  async function api<T>(path: string, init: RequestInit = {}, bearer = adminToken): Promise<{ status: number; body: T }> {
    const answer = await fetch(`${app.url}/api/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...init.headers },
    });
    return { status: answer.status, body: (answer.status === 204 ? null : await answer.json()) as T };
  }
  async function ok<T>(path: string, init: RequestInit = {}, bearer = adminToken): Promise<T> {
    const answer = await api<{ data: T }>(path, init, bearer);
    expect(answer.status, `${init.method ?? 'GET'} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body.data;
  }
  const post = <T>(path: string, body: unknown, bearer = adminToken) => ok<T>(path, { method: 'POST', body: JSON.stringify(body) }, bearer);
  const login = async (email: string, password: string) => {
    const answer = await api<{ token: string }>('auth/login', { method: 'POST', body: JSON.stringify({ email, password }) }, '');
    expect(answer.status).toBe(200);
    return answer.body.token;
  };

  const open = (path: string) => page.goto(`${app.url}${path}`);

  /** With SHOTS=1, the page at a laptop's and a phone's width. */
  const shots = (name: string) => takeShots(page, `roles-${name}`);

  /** A draft invoice for one fitting at the home branch, made by whoever `bearer` is. */
  const draftInvoice = (bearer: string) =>
    post<Listed>(
      'invoices',
      {
        customer_id: customer.id,
        location_id: home,
        issued_date: new Date().toISOString().slice(0, 10),
        due_date: new Date().toISOString().slice(0, 10),
        items: [{ product_id: fitting.id, quantity: 1, unit_price: fitting.selling_price }],
        status: 'draft',
      },
      bearer,
    );

  /** The rows of the first page of invoices, as the list labels them. */
  const invoiceRows = async (query: string) =>
    (await api<{ data: Listed[] }>(`invoices?${query}page=1&per_page=20`)).body.data.map(
      (invoice) => `Invoice ${invoice.number ?? `${invoice.id} (draft)`} ${invoice.customer.name}`,
    );
  const shownRows = () => page.getByRole('table', { name: 'Invoices' }).locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    adminToken = await login(DEMO_LOGIN.email, DEMO_LOGIN.password);
    const locations = (await api<{ data: { id: number; name: string }[] }>('locations?per_page=100')).body.data;
    home = locations.find((location) => location.name === HOME)!.id;
    await post('users', {
      name: STAFF.name,
      email: STAFF.email,
      role: 'staff',
      home_location_id: home,
      password: STAFF.first,
      password_confirmation: STAFF.first,
    });
    // A new account chooses its own password before anything else.
    staffToken = await login(STAFF.email, STAFF.first);
    const changed = await api('profile/password', {
      method: 'PUT',
      body: JSON.stringify({ current_password: STAFF.first, password: STAFF.password, password_confirmation: STAFF.password }),
    }, staffToken);
    expect(changed.status).toBe(200);
    staffToken = await login(STAFF.email, STAFF.password);

    customer = (await api<{ data: { id: number; name: string }[] }>('customers?search=gonzalez')).body.data[0];
    fitting = (await api<{ data: { id: number; name: string; selling_price: number }[] }>('products?type=service&search=fitting')).body.data[0];

    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await showsScreen(page, 'Dashboard');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('offers staff no Delete on customers, tires and receipts, and no bulk delete of tires', async () => {
    const table = (name: string) => page.getByRole('table', { name });
    const first = async <T>(path: string) => (await api<{ data: T[] }>(`${path}per_page=1`)).body.data[0];

    await open('/customers');
    await showsScreen(page, 'Customer List');
    await table('Customer List').getByRole('link', { name: 'Edit' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await open(`/customers/${customer.id}`);
    await showsScreen(page, 'Customer Details');
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    await open('/tires');
    await showsScreen(page, 'Tires', { exact: true });
    await page.getByRole('article').first().getByRole('link', { name: 'View' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete Selected' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /^Select / }).count()).toBe(0);
    const tire = await first<{ id: number }>('tires?');
    await open(`/tires/${tire.id}`);
    await page.getByRole('group', { name: 'Tire actions' }).getByRole('link', { name: 'Edit' }).waitFor();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    await expectAccessible(page, 'a tire as staff see it');
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    await open('/receipts');
    await showsScreen(page, 'Receipts', { exact: true });
    await page.getByRole('table').getByRole('link', { name: 'View' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    const receipt = await first<{ id: number }>('receipts?');
    await open(`/receipts/${receipt.id}`);
    await page.getByRole('button', { name: 'Print', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    await expectAccessible(page, 'a receipt as staff see it');
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });

  it("shows a tire's cost price read-only to staff, and starts stock changes at their home branch", async () => {
    const tire = (await api<{ data: { id: number; cost_price: number }[] }>('tires?per_page=1')).body.data[0];
    await open(`/tires/${tire.id}/edit`);
    const cost = page.getByLabel('Cost Price');
    await cost.waitFor();
    expect(await cost.isEditable()).toBe(false);
    expect(Number(await cost.inputValue())).toBe(tire.cost_price);
    await page.getByText('Only an administrator can change the cost price.').waitFor();
    await expectAccessible(page, 'the tire edit form as staff see it');
    await shots('tire-edit');

    await open(`/tires/${tire.id}`);
    await page.getByRole('button', { name: 'Adjust Stock' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust Stock' });
    // The branches come with their stock, a moment after the dialog opens.
    await expect.poll(() => adjust.getByLabel('Branch').inputValue()).toBe(String(home));
    await adjust.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Transfer Stock' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transfer Stock' });
    await expect.poll(() => transfer.getByLabel('From Branch').inputValue()).toBe(String(home));
    await transfer.getByRole('button', { name: 'Cancel' }).click();

    // Update Price opens on the selling price, the one staff can change.
    const battery = (await api<{ data: { id: number }[] }>('batteries?per_page=1')).body.data[0];
    await open(`/batteries/${battery.id}`);
    await page.getByRole('button', { name: 'Update Price' }).click();
    const price = page.getByRole('dialog', { name: 'Update Price' });
    expect(await price.getByLabel('Cost Price').isEditable()).toBe(false);
    await expect.poll(() => price.getByLabel('Selling Price').evaluate((input) => input === document.activeElement)).toBe(true);
    await price.getByRole('button', { name: 'Cancel' }).click();
  });

  it("orders at the product's cost price, shown read-only, and is offered no refund on a new receipt", async () => {
    const [tire] = (await api<{ data: { id: number; name: string; cost_price: number }[] }>('products?type=tire&per_page=1')).body.data;
    const [supplier] = (await api<{ data: { id: number; name: string }[] }>('suppliers?per_page=1')).body.data;
    await open('/purchases/create');
    const form = page.getByRole('form', { name: 'New Purchase Order' });
    await form.waitFor();
    await form.getByRole('combobox', { name: 'Supplier' }).fill(supplier.name);
    await form.getByRole('option', { name: supplier.name }).first().click();
    const entry = form.getByRole('group', { name: 'Add an item' });
    await entry.getByLabel('Product Type').selectOption({ label: 'Tire' });
    await entry.getByRole('combobox', { name: 'Product', exact: true }).fill(tire.name);
    await entry.getByRole('option', { name: tire.name }).first().click();
    const cost = entry.getByLabel('Cost Price');
    await expect.poll(() => cost.inputValue()).toBe(tire.cost_price.toFixed(2));
    expect(await cost.isEditable()).toBe(false);
    await entry.getByText('Only an administrator can change it.').waitFor();
    await entry.getByLabel('Quantity').fill('4');
    await expectAccessible(page, 'a new purchase order as staff see it');
    await shots('purchase-create');
    await entry.getByRole('button', { name: 'Add' }).click();
    await form.getByRole('row', { name: tire.name, exact: true }).waitFor();
    await form.getByRole('button', { name: 'Create Purchase Order' }).click();
    await page.waitForURL(/\/purchases\/\d+$/);
    const order = await ok<{ purchase_items: { cost_price_at_purchase: number; quantity: number }[] }>(`purchases/${page.url().split('/').pop()}`);
    expect(order.purchase_items).toEqual([expect.objectContaining({ quantity: 4, cost_price_at_purchase: tire.cost_price })]);

    // On an order an administrator priced below the product's cost, ordering more at that price is refused, and the form says why.
    const priced = await post<{ id: number }>('purchases', {
      supplier_id: supplier.id, location_id: home, purchase_date: new Date().toISOString().slice(0, 10),
      items: [{ product_id: tire.id, quantity: 2, cost_price: 1 }],
    });
    await open(`/purchases/${priced.id}/edit`);
    const edit = page.getByRole('form', { name: 'Edit Purchase Order' });
    await edit.getByRole('spinbutton', { name: `Quantity of ${tire.name}` }).fill('3');
    await edit.getByRole('button', { name: 'Save Purchase Order' }).click();
    await edit.getByText("Only an administrator can order at a cost price other than the product's. Ask an administrator.").waitFor();
    await shots('purchase-refused');

    // A refund (money back with no goods coming back) is an administrator's: not offered, even when the address asks for it.
    await open('/receipts/create?type=refund');
    const type = page.getByLabel('Type', { exact: true });
    await expect.poll(() => type.locator('option').allTextContents()).toEqual(['Income', 'Expense']);
    expect(await type.inputValue()).toBe('income');
    await page.getByText('Only an administrator can record a refund.').waitFor();
    await shots('receipt-create');
  });

  it('starts a new invoice at the home branch, and offers Delete on their own draft only', async () => {
    await open('/invoices/create');
    const form = page.getByRole('form', { name: 'Create Invoice' });
    await form.waitFor();
    // The branches load after the form: the choice settles once they have.
    await expect.poll(() => form.getByLabel('Location').inputValue()).toBe(String(home));
    await expectAccessible(page, 'the new invoice form at the home branch');

    const mine = await draftInvoice(staffToken);
    const theirs = await draftInvoice(adminToken);
    await open(`/invoices/${mine.id}`);
    await showsScreen(page, `Invoice #${mine.id} (draft)`);
    await page.getByRole('button', { name: 'Delete' }).waitFor();
    await open(`/invoices/${theirs.id}`);
    await showsScreen(page, `Invoice #${theirs.id} (draft)`);
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    const list = await api<{ data: Listed[] }>(`invoices?location_id=${home}&status=draft&per_page=100`);
    expect(list.body.data.length).toBeGreaterThanOrEqual(2);
    await open('/invoices?status=draft');
    await showsScreen(page, 'Invoices', { exact: true });
    await page.getByRole('table', { name: 'Invoices' }).waitFor();
    const rows = page.getByRole('table', { name: 'Invoices' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(list.body.data.length);
    // Of the drafts listed, only the one they made offers Delete.
    await expect.poll(() => page.getByRole('table', { name: 'Invoices' }).getByRole('button', { name: 'Delete' }).count()).toBe(1);
  });

  it('starts the invoice list at the home branch, and All branches shows the others too', async () => {
    const atHome = await invoiceRows(`location_id=${home}&`);
    const everywhere = await invoiceRows('');
    const homeList = (await api<{ data: Listed[] }>(`invoices?location_id=${home}&per_page=100`)).body.data;
    expect(homeList.every((invoice) => invoice.location.name === HOME)).toBe(true);
    const allList = (await api<{ data: Listed[] }>('invoices?per_page=100')).body.data;
    expect(allList.some((invoice) => invoice.location.name === OTHER)).toBe(true);

    await open('/invoices');
    await showsScreen(page, 'Invoices', { exact: true });
    const branch = page.getByRole('search', { name: 'Filter invoices' }).getByLabel('Branch');
    await expect.poll(() => branch.inputValue()).toBe(String(home));
    await page.getByRole('table', { name: 'Invoices' }).waitFor();
    expect(await shownRows()).toEqual(atHome);
    await shots('invoice-list');

    await branch.selectOption({ label: 'All branches' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/location_id=all/);
    await expect.poll(shownRows).toEqual(everywhere);
    await expectAccessible(page, 'the invoice list of all branches');

    // The choice stays when the page is opened again from its address.
    await page.reload();
    await showsScreen(page, 'Invoices', { exact: true });
    await expect.poll(() => page.getByRole('search', { name: 'Filter invoices' }).getByLabel('Branch').inputValue()).toBe('all');
    await expect.poll(shownRows).toEqual(everywhere);
  });

  it("shows an invoice's activity: created, sent and paid, by whom and where", async () => {
    const invoice = await draftInvoice(staffToken);
    await post(`invoices/${invoice.id}/send`, {}, staffToken);
    const sent = await ok<{ net_amount: number }>(`invoices/${invoice.id}`, {}, staffToken);
    await post(
      'receipts',
      {
        receipt_date: new Date().toISOString().slice(0, 10),
        type: 'income',
        receiptable_type: 'Invoice',
        receiptable_id: invoice.id,
        amount: sent.net_amount,
        payment_method: 'cash',
      },
      staffToken,
    );

    await open(`/invoices/${invoice.id}`);
    await showsScreen(page, /^Invoice #INV-/);
    const activity = page.getByRole('region', { name: 'Activity' });
    const table = activity.getByRole('table', { name: 'Activity' });
    await table.waitFor();
    const actions = await table.locator('td[data-label="Action"] strong').allTextContents();
    expect(actions).toEqual(expect.arrayContaining(['Created', 'Sent', 'Paid']));
    expect(actions.indexOf('Paid')).toBeLessThan(actions.indexOf('Sent'));
    expect(actions.indexOf('Sent')).toBeLessThan(actions.indexOf('Created'));
    for (const who of await table.locator('td[data-label="Who"]').allTextContents()) expect(who).toBe(STAFF.name);
    for (const where of await table.locator('td[data-label="Branch"]').allTextContents()) expect(where).toBe(HOME);
    await activity.getByRole('link', { name: /^Receipt / }).waitFor();
    // Paid in full: staff cannot cancel it.
    expect(await page.getByRole('button', { name: 'Cancel Invoice' }).count()).toBe(0);
    await expectAccessible(page, "an invoice's activity");
    await shots('invoice-activity');
  });
});
