import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import type { CustomerSummary, SupplierSummary } from '../../worker/src/schemas/party-summary.ts';
import type { CustomerBalanceReport, CustomerStatement, SalesReport, TireSalesReport } from '../../worker/src/schemas/reports.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, type RunningApp } from '../support/browser.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const moneyText = (value: number) => dollars.format(value);

/**
 * The customer's page as a hub (balance, overdue, latest documents, New invoice with the customer
 * chosen), and the owner's reports on a phone: figures first, filters and tables folded, 44 px targets.
 */
describe.skipIf(!browserTestsCanRun())('the customer hub and the reports on a phone', () => {
  let app: RunningApp;
  let browser: Browser;
  let token = '';

  async function get<T>(path: string): Promise<T> {
    const answer = await fetch(`${app.url}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status, `GET /api/${path}`).toBe(200);
    return (await answer.json()) as T;
  }

  /** Signs in once at each width; each test opens its own page of that browser. */
  const sessions = new Map<number, Promise<BrowserContext>>();
  async function signIn(viewport: { width: number; height: number }): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    await page.close();
    return context;
  }
  async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
    if (!sessions.has(viewport.width)) sessions.set(viewport.width, signIn(viewport));
    return (await sessions.get(viewport.width)!).newPage();
  }

  /** With SHOTS=1, the page as it is now in SHOTS_DIR, named by what it shows and its width. */
  async function shot(page: Page, name: string) {
    if (process.env.SHOTS !== '1') return;
    const dir = process.env.SHOTS_DIR || '/tmp/shots-tests';
    mkdirSync(dir, { recursive: true });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.screenshot({ path: join(dir, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
  }

  /** Every visible button and link of the report's screen, with its size, for the tap target check. */
  function targets(page: Page) {
    return page.locator('.report-screen').evaluate((screen) =>
      Array.from(screen.querySelectorAll('button, a[href]'))
        .map((node) => ({ node, box: node.getBoundingClientRect() }))
        .filter(({ node, box }) => box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== 'hidden')
        .map(({ node, box }) => ({ text: (node.textContent ?? '').trim().slice(0, 40), width: Math.round(box.width), height: Math.round(box.height) })),
    );
  }
  async function expectThumbSized(page: Page) {
    const small = (await targets(page)).filter((target) => target.width < 44 || target.height < 44);
    expect(small).toEqual([]);
  }
  /** A figure of the customer's or supplier's page by its label. */
  const figure = (page: Page, label: string) => page.getByRole('group', { name: 'Balance' }).locator('dl', { has: page.locator('dt', { hasText: label }) }).locator('dd').first();
  /** Every open table that is wider than its box says so above it; one that fits does not. */
  async function expectScrollHints(page: Page) {
    const tables = await page.locator('.report-table').evaluateAll((boxes) =>
      boxes
        .filter((box) => box.getBoundingClientRect().height > 0)
        .map((box) => {
          const wrap = box.querySelector('.table-wrap')!;
          const hint = box.querySelector('.report-scroll-hint');
          return { scrolls: wrap.scrollWidth > wrap.clientWidth + 1, hint: Boolean(hint && hint.getBoundingClientRect().height > 0) };
        }),
    );
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) expect(table.hint).toBe(table.scrolls);
    return tables;
  }
  const stat = (page: Page, label: string) => page.locator('.report-stat', { has: page.locator('dt', { hasText: label }) }).locator('dd').first();
  const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
  const fold = (page: Page, title: string) => section(page, title).getByRole('button', { name: title, exact: true });

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows a customer’s balance, overdue amount, latest invoices, sales and payments, and starts an invoice or a sale for them', async () => {
    const page = await signedIn(DESKTOP);
    const balances = await get<CustomerBalanceReport>('reports/customer-balance?per_page=100');
    // A customer who owes something overdue, so that both figures are more than zero.
    const owing = balances.data.find((row) => row.balance - row.current > 0)!;
    expect(owing).toBeDefined();
    const { data: summary } = await get<{ data: CustomerSummary }>(`customers/${owing.customer_id}/summary`);
    const statement = await get<CustomerStatement>(`reports/customer-balance/${owing.customer_id}`);
    expect(summary.balance).toBe(statement.totals.balance);

    await page.goto(`${app.url}/customers/${owing.customer_id}`);
    await showsScreen(page, 'Customer Details');
    const figures = page.getByRole('group', { name: 'Balance' });
    await expect.poll(() => figure(page, 'Balance').textContent()).toBe(moneyText(summary.balance));
    expect(await figure(page, 'Overdue').textContent()).toBe(moneyText(summary.overdue));
    expect(summary.overdue).toBe(Math.round((statement.totals.balance - statement.totals.current) * 100) / 100);
    const invoices = page.getByRole('region', { name: 'Recent invoices' });
    expect(await invoices.getByRole('listitem').count()).toBe(summary.invoices.length);
    for (const invoice of summary.invoices) await invoices.getByRole('link', { name: invoice.number ?? `${invoice.id} (draft)`, exact: true }).first().waitFor();
    const sales = page.getByRole('region', { name: 'Recent sales' });
    expect(await sales.getByRole('listitem').count()).toBe(summary.sales.length);
    const payments = page.getByRole('region', { name: 'Payments' });
    for (const receipt of summary.receipts) await payments.getByRole('link', { name: receipt.number, exact: true }).waitFor();
    // The balance comes before the details.
    const [figuresTop, detailsTop] = await Promise.all([figures.boundingBox(), page.locator('.detail-list').boundingBox()]);
    expect(figuresTop!.y).toBeLessThan(detailsTop!.y);
    await shot(page, 'customer-hub');

    await page.getByRole('link', { name: 'View statement' }).click();
    await page.waitForURL(`${app.url}/reports/customer-balance/${owing.customer_id}`);
    await page.getByRole('heading', { name: `Customer Statement: ${owing.name}` }).waitFor();
    await page.goBack();

    await page.getByRole('link', { name: 'New invoice' }).click();
    await page.waitForURL(`${app.url}/invoices/create?customer_id=${owing.customer_id}`);
    await page.getByRole('heading', { name: 'Create Invoice' }).first().waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe(owing.name);
    await expectAccessible(page, 'a new invoice for the customer');

    await page.goto(`${app.url}/customers/${owing.customer_id}`);
    await page.getByRole('link', { name: 'New sale' }).click();
    await page.waitForURL(`${app.url}/sales/create?customer_id=${owing.customer_id}`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe(owing.name);
    await page.close();
  });

  it('fits the customer’s page on a phone, the balance first, every button and link a thumb’s size', async () => {
    const page = await signedIn(PHONE);
    const balances = await get<CustomerBalanceReport>('reports/customer-balance');
    const owing = balances.data[0];
    await page.goto(`${app.url}/customers/${owing.customer_id}`);
    await showsScreen(page, 'Customer Details');
    await expect.poll(() => figure(page, 'Balance').textContent()).toBe(moneyText(owing.balance));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const small = await page.locator('.party-hub').evaluate((hub) =>
      Array.from(hub.querySelectorAll('a[href], button'), (node) => node.getBoundingClientRect()).filter((box) => box.height < 44).length,
    );
    expect(small).toBe(0);
    await shot(page, 'customer-hub');
    await page.getByRole('link', { name: 'New sale' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe(owing.name);
    await page.close();
  });

  it('shows a supplier’s balance and latest orders, and starts a purchase order for them', async () => {
    const page = await signedIn(DESKTOP);
    const suppliers = await get<{ data: { id: number; name: string }[] }>('suppliers?per_page=1');
    const supplier = suppliers.data[0];
    const { data: summary } = await get<{ data: SupplierSummary }>(`suppliers/${supplier.id}/summary`);
    await page.goto(`${app.url}/suppliers/${supplier.id}`);
    await showsScreen(page, 'Supplier Details');
    await expect.poll(() => figure(page, 'Balance').textContent()).toBe(moneyText(summary.balance));
    expect(await page.getByRole('region', { name: 'Recent purchase orders' }).getByRole('listitem').count()).toBe(summary.purchases.length);
    await page.getByRole('link', { name: 'New purchase order' }).click();
    await page.waitForURL(`${app.url}/purchases/create?supplier_id=${supplier.id}`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Supplier' }).inputValue()).toBe(supplier.name);
    await page.close();
  });

  it('opens a report on a phone with its figures, its filters behind one button and its tables folded until tapped', async () => {
    const page = await signedIn(PHONE);
    const report = await get<SalesReport>('reports/sales');
    await page.goto(`${app.url}/reports/sales`);
    await showsScreen(page, 'Sales Report');
    await expect.poll(() => stat(page, 'Revenue').textContent()).toBe(moneyText(report.totals.revenue));

    // The filters wait behind one button that says what they are set to.
    const filters = page.getByRole('button', { name: /^Filters/ });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('From Date').isVisible()).toBe(false);
    // The figures come first: above the first table's title, within the first screen.
    const firstStat = await stat(page, 'Revenue').boundingBox();
    const byPeriod = fold(page, 'Sales by Period');
    const firstSection = await byPeriod.boundingBox();
    expect(firstStat!.y).toBeLessThan(firstSection!.y);
    expect(firstStat!.y + firstStat!.height).toBeLessThan(PHONE.height);
    // Each table is folded under its title.
    for (const title of ['Sales by Period', 'Sales by Product Type', 'Payments by Method', 'Tire Sales by DOT']) {
      expect(await fold(page, title).getAttribute('aria-expanded'), title).toBe('false');
      expect(await section(page, title).locator('table').isVisible(), title).toBe(false);
    }
    await expectThumbSized(page);
    await shot(page, 'sales-report');

    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('From Date').waitFor();
    await byPeriod.click();
    expect(await byPeriod.getAttribute('aria-expanded')).toBe('true');
    const table = section(page, 'Sales by Period').locator('.table-wrap');
    await table.waitFor();
    await section(page, 'Sales by Period').getByRole('img', { name: /^Revenue and gross profit/ }).waitFor();
    // A table wider than the phone says it scrolls sideways; one that fits says nothing.
    await fold(page, 'Sales by Product Type').click();
    await section(page, 'Sales by Product Type').locator('table').waitFor();
    expect((await expectScrollHints(page)).some((table) => table.scrolls)).toBe(true);
    await section(page, 'Sales by Period').getByText('Scroll the table sideways to see every column.').waitFor();
    await byPeriod.click();
    expect(await table.isVisible()).toBe(false);
    await expectAccessible(page, 'the sales report on a phone, opened');
    await expectThumbSized(page);
    await page.close();

    // On a laptop the filters and the tables are open from the start, without the fold button.
    const desk = await signedIn(DESKTOP);
    await desk.goto(`${app.url}/reports/sales`);
    await showsScreen(desk, 'Sales Report');
    await desk.getByLabel('From Date').waitFor();
    expect(await desk.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false);
    await section(desk, 'Sales by Period').locator('table').waitFor();
    expect(await fold(desk, 'Sales by Period').getAttribute('aria-expanded')).toBe('true');
    await expectScrollHints(desk);
    await shot(desk, 'sales-report');
    await desk.close();
  });

  it('shows a balance report on a phone with the balance first and without empty ageing buckets', async () => {
    const report = await get<CustomerBalanceReport>('reports/customer-balance?per_page=50');
    const page = await signedIn(PHONE);
    await page.goto(`${app.url}/reports/customer-balance`);
    await showsScreen(page, 'Customer Balance Report');
    await expect.poll(() => stat(page, 'Total Balance').textContent()).toBe(moneyText(report.totals.balance));
    const stats = await page.locator('.report-stat dt').allTextContents();
    expect(stats[0]).toMatch(/total balance/i);
    // Over 90 Days is a figure only when something is that late.
    expect(stats.some((label) => /over 90 days/i.test(label))).toBe(report.totals.days_over_90 !== 0);
    await expectThumbSized(page);
    await shot(page, 'customer-balance');

    await fold(page, 'Balances by Customer').click();
    const balances = section(page, 'Balances by Customer');
    await balances.locator('tbody tr').first().waitFor();
    const headers = await balances.locator('thead th').allTextContents();
    expect(headers.slice(0, 2)).toEqual(['Customer', 'Balance']);
    // A bucket is a column only when some customer has something in it.
    const buckets = { Current: 'current', '1-30 Days': 'days_1_30', '31-60 Days': 'days_31_60', '61-90 Days': 'days_61_90', 'Over 90 Days': 'days_over_90' } as const;
    for (const [label, key] of Object.entries(buckets)) {
      const used = report.data.some((row) => row[key] !== 0);
      expect(headers.includes(label), label).toBe(used);
    }
    // Each customer's card shows the balance right under the name.
    const firstCard = await balances.locator('tbody tr').first().locator('td').evaluateAll((cells) => cells.slice(0, 2).map((cell) => cell.getAttribute('data-label')));
    expect(firstCard).toEqual(['Customer', 'Balance']);
    await expectThumbSized(page);
    await page.close();
  });

  it('finds the tires of a range of DOT weeks and a brand for a recall, with who to contact, and says a walk-in sale has no contact', async () => {
    const page = await signedIn(DESKTOP);
    const brands = await get<{ data: { id: number; name: string }[] }>('tire-brands?per_page=100');
    const michelin = brands.data.find((brand) => brand.name === 'Michelin')!;
    const query = `dot_from=2025&dot_to=3625&tire_brand_id=${michelin.id}`;
    const expected = await get<TireSalesReport>(`reports/tire-sales?${query}&per_page=25`);
    expect(expected.total).toBeGreaterThan(0);
    for (const row of expected.data) expect(row.brand).toBe('Michelin');

    await page.goto(`${app.url}/reports/sales`);
    await showsScreen(page, 'Sales Report');
    const recall = section(page, 'Tire Sales by DOT');
    await recall.getByLabel('DOT From (week/year)').fill('2025');
    await recall.getByLabel('DOT To (week/year)').fill('3625');
    await recall.getByLabel('Brand').selectOption({ label: 'Michelin' });
    await page.waitForURL(/dot_from=2025.*dot_to=3625|dot_to=3625.*dot_from=2025/);
    await page.waitForURL(new RegExp(`tire_brand_id=${michelin.id}`));
    await expect.poll(() => recall.locator('tbody tr').count()).toBe(expected.data.length);
    const rows = await recall.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())));
    const headers = await recall.locator('thead th').allTextContents();
    // The tire by brand and pattern (under the brand) and size; who bought it and their phone.
    expect(headers.slice(0, 3)).toEqual(['DOT', 'Brand', 'Size']);
    expected.data.forEach((line, index) => {
      expect(rows[index].slice(0, 3)).toEqual([line.dot, `${line.brand}${line.pattern}`, line.size]);
      const contact = rows[index][headers.indexOf('Contact')];
      if (line.customer.contact_recorded) expect(contact).toBe(`${line.customer.name}${line.customer.phone}`);
      else expect(contact).toBe(`No contact recordedSold to ${line.customer.name}`);
    });
    await recall.getByText(/^Tires sold on invoices and sales, newest first: any DOT, made from week 20\/25 to week 36\/25, Michelin/).waitFor();

    // The demo's counter sales are to the walk-in customer: the list says so and asks for a contact next time.
    const walkIns = await get<TireSalesReport>('reports/tire-sales?per_page=25');
    const walkIn = walkIns.data.find((row) => !row.customer.contact_recorded)!;
    expect(walkIn).toBeDefined();
    await page.goto(`${app.url}/reports/sales`);
    const all = section(page, 'Tire Sales by DOT');
    await all.locator('tbody tr').first().waitFor();
    await all.getByRole('row', { name: new RegExp(`Sale ${walkIn.document_number}$`) }).first().getByText('No contact recorded').waitFor();
    await all.getByText('Walk-in sales have no contact to reach in a recall: when selling tires, record the buyer as a customer with a phone number.').waitFor();
    await expectAccessible(page, 'the recall list with walk-in sales');
    await page.close();

    // On a phone its filters fold behind one button too, inside the section.
    const phone = await signedIn(PHONE);
    await phone.goto(`${app.url}/reports/sales?${query}`);
    await showsScreen(phone, 'Sales Report');
    await fold(phone, 'Tire Sales by DOT').click();
    const onPhone = section(phone, 'Tire Sales by DOT');
    const recallFilters = onPhone.getByRole('button', { name: /^Recall list filters/ });
    await recallFilters.getByText('Weeks 20/25 to 36/25 · Michelin').waitFor();
    expect(await onPhone.getByLabel('DOT From (week/year)').isVisible()).toBe(false);
    await recallFilters.click();
    expect(await onPhone.getByLabel('DOT From (week/year)').inputValue()).toBe('2025');
    await expect.poll(() => onPhone.locator('tbody tr').count()).toBe(expected.data.length);
    await expectThumbSized(phone);
    await shot(phone, 'recall-list');
    await phone.close();
  });
});
