import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, DEMO_STAFF_LOGIN } from '../../worker/src/demo/shop.ts';
import type { Dashboard } from '../../web/src/features/dashboard/api.ts';
import type { InventorySummary } from '../../worker/src/schemas/reports.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, type RunningApp, takeShots } from '../support/browser.ts';

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const countText = (value: number) => value.toLocaleString('en-US');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Listed {
  id: number;
  number: string | null;
  net_amount: number;
  location: { name: string };
}

describe.skipIf(!browserTestsCanRun())('figures that agree, in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Page;
  let staff: Page;
  let adminToken = '';
  let staffToken = '';

  async function api<T>(path: string, init: RequestInit = {}, bearer = adminToken): Promise<T> {
    const answer = await fetch(`${app.url}/api/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...init.headers },
    });
    const body = await answer.json();
    expect(answer.status, `${init.method ?? 'GET'} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
    return body as T;
  }
  const post = async <T>(path: string, body: unknown) => (await api<{ data: T }>(path, { method: 'POST', body: JSON.stringify(body) })).data;

  async function signedIn(email: string, password: string): Promise<[Page, string]> {
    const page = await browser.newPage({ viewport: DESK });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await showsScreen(page, 'Dashboard');
    return [page, (await page.evaluate(() => localStorage.getItem('auth_token')))!];
  }

  const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
  const stat = (page: Page, label: string) =>
    page.locator('.report-stat', { has: page.locator('dt', { hasText: new RegExp(`^${escape(label)}$`) }) }).locator('dd').first();
  const dashboardCard = (page: Page, label: string) => page.locator('.stat-card', { has: page.locator('.stat-label', { hasText: new RegExp(`^${escape(label)}$`) }) });

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    [admin, adminToken] = await signedIn(DEMO_LOGIN.email, DEMO_LOGIN.password);
    [staff, staffToken] = await signedIn(DEMO_STAFF_LOGIN.email, DEMO_STAFF_LOGIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows on the inventory report all the stock the dashboard counts, shop supplies in a section of their own, and the same low stock', async () => {
    const [board, report] = await Promise.all([api<Dashboard>('dashboard'), api<InventorySummary>('reports/inventory-summary')]);
    expect(report.grand_total.total_quantity).toBe(board.stock_units);
    expect(report.low_stock_total).toBe(board.low_stock_count);

    await admin.goto(`${app.url}/`);
    await expect.poll(() => dashboardCard(admin, 'Stock Units').locator('.stat-value').textContent()).toBe(countText(board.stock_units));
    expect(await dashboardCard(admin, 'Stock Units').locator('.stat-note').textContent()).toContain(dollars.format(board.stock_value.cost));
    expect(await dashboardCard(admin, 'Low Stock').locator('.stat-value').textContent()).toBe(countText(board.low_stock_count));
    await takeShots(admin, 'figures-dashboard');

    await admin.goto(`${app.url}/reports/inventory`);
    await showsScreen(admin, 'Inventory Report');
    for (const group of ['Tires', 'Batteries', 'Wipers']) await stat(admin, `Total ${group}`).waitFor();
    await expect.poll(() => stat(admin, 'All Stock').textContent()).toBe(countText(board.stock_units));
    const supplies = section(admin, 'Shop Supplies by Location');
    const rows = supplies.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(report.supplies.length);
    for (const [index, row] of report.supplies.entries()) {
      await rows.nth(index).getByText(row.location.name).waitFor();
      await rows.nth(index).getByText(countText(row.total_quantity), { exact: true }).first().waitFor();
    }
    await supplies.locator('tfoot').getByText(countText(report.supplies_total.total_quantity), { exact: true }).waitFor();
    // Every low stock row the dashboard counts is listed (the demo has fewer than the 100 shown).
    await expect.poll(() => section(admin, 'Low Stock Items').locator('tbody tr').count()).toBe(board.low_stock_count);
    await takeShots(admin, 'figures-inventory-report');

    // On a phone the tables wait behind their titles, and open with the same rows.
    await admin.setViewportSize(PHONE);
    try {
      await admin.goto(`${app.url}/reports/inventory`);
      await expect.poll(() => stat(admin, 'All Stock').textContent()).toBe(countText(board.stock_units));
      for (const title of ['Shop Supplies by Location', 'Low Stock Items']) await admin.getByRole('button', { name: title, exact: true }).click();
      await expect.poll(() => section(admin, 'Shop Supplies by Location').locator('tbody tr').count()).toBe(report.supplies.length);
      await expect.poll(() => section(admin, 'Low Stock Items').locator('tbody tr').count()).toBe(board.low_stock_count);
    } finally {
      await admin.setViewportSize(DESK);
    }
  });

  it("shows each document's status now on the dashboard's recent activity, a draft named as on its page, and Send as a step forward", async () => {
    const customer = (await api<{ data: { id: number }[] }>('customers?search=gonzalez')).data[0];
    const fitting = (await api<{ data: { id: number; selling_price: number }[] }>('products?type=service&search=fitting')).data[0];
    const locations = (await api<{ data: { id: number; name: string }[] }>('locations?per_page=100')).data;
    const today = new Date().toISOString().slice(0, 10);
    const invoice = (status: 'draft' | 'sent') =>
      post<Listed>('invoices', {
        status, customer_id: customer.id, location_id: locations[0].id, issued_date: today, due_date: today,
        items: [{ product_id: fitting.id, quantity: 1, unit_price: fitting.selling_price }],
      });
    const paid = await invoice('sent');
    await post('receipts', { receipt_date: today, type: 'income', receiptable_type: 'Invoice', receiptable_id: paid.id, amount: paid.net_amount, payment_method: 'cash' });
    const draft = await invoice('draft');

    const activity = async (page: Page) => {
      await page.goto(`${app.url}/`);
      const recent = section(page, 'Recent Activity');
      const paidItem = recent.locator('.activity-item', { has: page.getByRole('link', { name: `Invoice #${paid.number}`, exact: true }) });
      await expect.poll(() => paidItem.locator('.activity-meta').textContent()).toMatch(/ · Paid$/);
      const draftItem = recent.locator('.activity-item', { has: page.getByRole('link', { name: `Invoice #${draft.id} (draft)`, exact: true }) });
      await expect.poll(() => draftItem.locator('.activity-meta').textContent()).toMatch(/ · Draft$/);
      return draftItem;
    };
    await activity(admin);
    await expectAccessible(admin, 'the dashboard with a paid invoice and a draft');

    // The draft's page and the list name it the same way.
    await (await activity(admin)).getByRole('link').click();
    await showsScreen(admin, `Invoice #${draft.id} (draft)`, { exact: true });
    await admin.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = admin.getByRole('dialog', { name: 'Send Invoice' });
    const sendButton = confirm.getByRole('button', { name: 'Send', exact: false }).last();
    expect(await sendButton.getAttribute('class')).toContain('btn-primary');
    expect(await sendButton.getAttribute('class')).not.toContain('btn-danger');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await admin.goto(`${app.url}/invoices?status=draft`);
    await admin.getByRole('table', { name: 'Invoices' }).getByRole('link', { name: `${draft.id} (draft)`, exact: true }).waitFor();
  });

  it("starts a staff member's invoice list at their branch, saying so, with one click to all branches; an administrator's at all", async () => {
    const me = (await api<{ data: { home_location: { id: number; name: string } } }>('auth/me', {}, staffToken)).data;
    const home = me.home_location;
    // The first page (20 rows) as the list labels its rows.
    const firstPage = async (query: string) => {
      const answer = await api<{ data: (Listed & { customer: { name: string } })[]; total: number }>(`invoices?${query}page=1&per_page=20`, {}, staffToken);
      return { total: answer.total, rows: answer.data.map((invoice) => `Invoice ${invoice.number ?? `${invoice.id} (draft)`} ${invoice.customer.name}`) };
    };
    const atHome = await firstPage(`location_id=${home.id}&`);
    const everywhere = await firstPage('');
    expect(everywhere.total).toBeGreaterThan(atHome.total);
    expect(everywhere.rows).not.toEqual(atHome.rows);
    const shownRows = (page: Page) =>
      page.getByRole('table', { name: 'Invoices' }).locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));

    await staff.goto(`${app.url}/invoices`);
    await showsScreen(staff, 'Invoices', { exact: true });
    const branch = staff.getByRole('search', { name: 'Filter invoices' }).getByLabel('Branch');
    await expect.poll(() => branch.inputValue()).toBe(String(home.id));
    await staff.getByText(`Showing invoices at ${home.name}.`).waitFor();
    await expect.poll(() => shownRows(staff)).toEqual(atHome.rows);
    await takeShots(staff, 'figures-staff-invoices');

    await staff.getByRole('button', { name: 'Show all branches' }).click();
    await staff.waitForURL(/location_id=all/);
    await staff.getByText('Showing invoices at all branches.').waitFor();
    await expect.poll(() => branch.inputValue()).toBe('all');
    await expect.poll(() => shownRows(staff)).toEqual(everywhere.rows);
    await expectAccessible(staff, 'the invoice list of all branches');
    await staff.getByRole('button', { name: `Only ${home.name}` }).waitFor();

    // On a phone the list says the same, with the same one click.
    await staff.setViewportSize(PHONE);
    try {
      await staff.goto(`${app.url}/invoices`);
      await staff.getByText(`Showing invoices at ${home.name}.`).waitFor();
      await expect.poll(() => shownRows(staff)).toEqual(atHome.rows);
      expect(await staff.getByRole('button', { name: 'Show all branches' }).isVisible()).toBe(true);
    } finally {
      await staff.setViewportSize(DESK);
    }

    await admin.goto(`${app.url}/invoices`);
    await showsScreen(admin, 'Invoices', { exact: true });
    await admin.getByText('Showing invoices at all branches.').waitFor();
    expect(await admin.getByRole('search', { name: 'Filter invoices' }).getByLabel('Branch').inputValue()).toBe('all');
  });

  it("shows staff their branch's stock first on the tire list, with the chain's total beside it", async () => {
    const tires = (await api<{ data: { id: number; size: string; quantity: number; branch_stock: number }[] }>('tires?per_page=12', {}, staffToken)).data;
    const split = tires.find((tire) => tire.branch_stock !== tire.quantity)!;
    expect(split, 'a demo tire stocked at both branches').toBeDefined();
    for (const viewport of [DESK, PHONE]) {
      await staff.setViewportSize(viewport);
      await staff.goto(`${app.url}/tires`);
      await showsScreen(staff, 'Tires', { exact: true });
      const card = staff.getByRole('article').filter({ has: staff.getByRole('link', { name: split.size, exact: true }) });
      await expect.poll(() => card.locator('.home-stock').textContent()).toBe(`${split.branch_stock} here · ${split.quantity} in all`);
    }
    await staff.setViewportSize(DESK);
    await takeShots(staff, 'figures-staff-tires');
  });
});
