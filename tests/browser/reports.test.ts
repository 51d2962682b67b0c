import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../worker/src/schemas/csv.ts';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, type RunningApp, takeShots } from '../support/browser.ts';
import type { Dashboard } from '../../web/src/features/dashboard/api.ts';

const run = promisify(execFile);
const PDFTOTEXT = '/usr/bin/pdftotext';
const PDFINFO = '/usr/bin/pdfinfo';

/** The print checks read the PDF with poppler-utils; without it they skip, except under CI. */
function pdfToolsPresent(): boolean {
  if (existsSync(PDFTOTEXT) && existsSync(PDFINFO)) return true;
  if (process.env.CI) throw new Error(`The report print checks cannot run under CI without ${PDFTOTEXT} and ${PDFINFO} (apt-get install -y poppler-utils).`);
  console.warn(`Skipping the PDF checks of the report prints: missing ${PDFTOTEXT} (apt-get install -y poppler-utils).`);
  return false;
}
const canReadPdf = browserTestsCanRun() && pdfToolsPresent();

const SHOTS_DIR = '/tmp/shots-tests';
const PHONE = { width: 390, height: 844 };

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const moneyText = (value: number) => dollars.format(value);
const countText = (value: number) => value.toLocaleString('en-US');
const dateText = (date: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const monthText = (date: string) => new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ways a CSV value may read on screen: money, a count, a percent, a date, a week or a month. */
function screenForms(value: string): string[] {
  const forms = [value];
  if (value === '') forms.push('—');
  if (/^-?\d+(\.\d+)?$/.test(value)) {
    const number = Number(value);
    forms.push(moneyText(number), countText(number), `${number.toFixed(1)}%`);
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) forms.push(dateText(value), `Week of ${dateText(value)}`, monthText(value));
  return forms;
}

interface ScreenTable {
  headers: string[];
  rows: string[][];
  foot: string[] | null;
}

interface PrintedPdf {
  text: string;
  widthMm: number;
  heightMm: number;
  pages: number;
}

interface Named {
  id: number;
  name: string;
}

interface InventorySummary {
  summary: { product_type: string; location: Named; total_quantity: number; unique_products: number; cost_value: number; retail_value: number }[];
  totals: { product_type: string; total_quantity: number; unique_products: number; cost_value: number; retail_value: number }[];
  low_stock_items: { id: number; quantity: number }[];
  low_stock_total: number;
}

interface PeriodReport {
  filters: { dateFrom: string; dateTo: string; group: string };
  series: { period: string }[];
}

interface SalesReport extends PeriodReport {
  totals: { revenue: number; cost: number; gross_profit: number; paid: number; outstanding: number; count: number };
}

interface PurchasesReport extends PeriodReport {
  totals: { ordered: number; received: number; outstanding: number; paid: number; balance: number; count: number };
  by_supplier: { supplier: Named }[];
}

interface TireSales {
  data: { dot: string | null; document_number: string | null }[];
  total: number;
}

interface BalanceAnswer {
  as_of: string;
  data: ({ name: string; balance: number; customer_id?: number; supplier_id?: number } & Record<string, unknown>)[];
  totals: { balance: number; current: number; days_over_90: number } & Record<string, number>;
}

interface StatementAnswer {
  as_of: string;
  documents: { number: string | null; balance: number }[];
  totals: { balance: number; billed: number; paid: number };
}

describe.skipIf(!browserTestsCanRun())('reports and the dashboard in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token = '';
  let shopName = '';
  let pdfDir = '';
  let locations: Named[] = [];

  async function get<T>(path: string): Promise<T> {
    const answer = await fetch(`${app.url}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status, `GET /api/${path}`).toBe(200);
    return (await answer.json()) as T;
  }

  const open = (path: string) => page.goto(`${app.url}${path}`);
  /** A report's section (a card with a heading) by its title. */
  const section = (title: string, target = page) => target.getByRole('region', { name: title, exact: true });
  /** A headline figure: the card's value under its label. */
  const stat = (label: string, target = page) => target.locator('.report-stat', { has: target.locator('dt', { hasText: new RegExp(`^${escape(label)}$`) }) }).locator('dd').first();
  const dashboardCard = (label: string) => page.locator('.stat-card', { has: page.locator('.stat-label', { hasText: new RegExp(`^${escape(label)}$`) }) });

  async function signIn(target: Page) {
    await target.goto(`${app.url}/login`);
    await target.getByLabel('Email').fill(DEMO_LOGIN.email);
    await target.getByLabel('Password').fill(DEMO_LOGIN.password);
    await target.getByRole('button', { name: 'Sign In' }).click();
    await showsScreen(target, 'Dashboard');
  }

  /** The table of a section as its cells read (without the small detail line under a name), header and totals line apart. */
  function tableOf(region: Locator): Promise<ScreenTable> {
    return region.locator('table.data-table').evaluate((table) => {
      const text = (cell: Element) => {
        const copy = cell.cloneNode(true) as Element;
        copy.querySelectorAll('.report-cell-detail').forEach((node) => node.remove());
        return (copy.textContent ?? '').trim();
      };
      const foot = table.querySelector('tfoot tr');
      return {
        headers: Array.from(table.querySelectorAll('thead th'), (th) => (th.textContent ?? '').trim()),
        rows: Array.from(table.querySelectorAll('tbody tr'), (tr) => Array.from(tr.querySelectorAll('td'), text)),
        foot: foot ? Array.from(foot.querySelectorAll('td'), text) : null,
      };
    });
  }

  /** Clicks the section's Export CSV and reads the file it offers. */
  async function csvOf(region: Locator): Promise<{ fileName: string; header: string[]; rows: string[][] }> {
    const [download] = await Promise.all([page.waitForEvent('download'), region.getByRole('button', { name: /^Export CSV/ }).click()]);
    const [header, ...rows] = parseCsv(readFileSync((await download.path())!, 'utf8'));
    return { fileName: download.suggestedFilename(), header, rows };
  }

  /** The CSV holds every row and column the table shows (and the totals line last), money as plain numbers. */
  async function expectCsvMatchesTable(region: Locator) {
    const table = await tableOf(region);
    const csv = await csvOf(region);
    expect(csv.fileName).toMatch(/\.csv$/);
    const shownRows = table.foot ? [...table.rows, table.foot] : table.rows;
    expect(csv.rows).toHaveLength(shownRows.length);
    table.headers.forEach((header, column) => {
      const csvColumn = csv.header.indexOf(header);
      expect(csvColumn, `CSV column ${header}`).toBeGreaterThanOrEqual(0);
      shownRows.forEach((row, index) => {
        expect(screenForms(csv.rows[index][csvColumn]), `${header} of row ${index + 1}`).toContain(row[column]);
      });
    });
    // Money is a plain number in the file.
    for (const row of csv.rows) for (const cell of row) expect(cell).not.toMatch(/^\$/);
    return { table, csv };
  }

  async function pdfFile(pdf: Buffer, name: string): Promise<PrintedPdf> {
    const file = join(pdfDir, `${name}.pdf`);
    writeFileSync(file, pdf);
    const text = (await run(PDFTOTEXT, [file, '-'])).stdout.replace(/\s+/g, ' ');
    const info = (await run(PDFINFO, [file])).stdout;
    const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
    return { text, widthMm: (Number(width) * 25.4) / 72, heightMm: (Number(height) * 25.4) / 72, pages: Number(/Pages:\s+(\d+)/.exec(info)![1]) };
  }

  /**
   * Clicks the print button and reads what react-to-print hands the browser: the frame's print() is
   * caught (a headless browser has no print dialog), and the frame's page is made into a PDF.
   */
  async function printed(button: Locator, name: string): Promise<PrintedPdf> {
    await page.evaluate(() => {
      const owner = window as unknown as { printedPages?: string[] };
      if (owner.printedPages) return;
      owner.printedPages = [];
      const contentWindow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
      Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
        configurable: true,
        get(this: HTMLIFrameElement) {
          const frame = contentWindow.get!.call(this) as (Window & { caught?: boolean }) | null;
          if (frame && !frame.caught) {
            frame.caught = true;
            frame.print = () => owner.printedPages!.push(frame.document.documentElement.outerHTML);
          }
          return frame;
        },
      });
    });
    const before = await page.evaluate(() => (window as unknown as { printedPages: string[] }).printedPages.length);
    await button.click();
    await page.waitForFunction((count) => (window as unknown as { printedPages: string[] }).printedPages.length > count, before);
    const html = await page.evaluate(() => (window as unknown as { printedPages: string[] }).printedPages.at(-1)!);
    // The frame's page is served from the app's address under the app's own CSP, as the frame had them.
    const csp = (await fetch(`${app.url}/`)).headers.get('content-security-policy')!;
    const sheet = await browser.newPage();
    try {
      await sheet.route(`${app.url}/printed-report`, (route) => route.fulfill({ contentType: 'text/html', headers: { 'content-security-policy': csp }, body: `<!DOCTYPE html>${html}` }));
      await sheet.goto(`${app.url}/printed-report`, { waitUntil: 'load' });
      return await pdfFile(await sheet.pdf({ preferCSSPageSize: true, printBackground: true }), name);
    } finally {
      await sheet.close();
    }
  }

  /** What the browser's own Print (Ctrl+P) makes of the page as it is. */
  async function pagePdf(name: string): Promise<PrintedPdf> {
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    return pdfFile(pdf, name);
  }

  /** The header every printed report carries: the shop, the title, the filters and the date printed, on A4. */
  function expectReportHeader(pdf: PrintedPdf, title: string, facts: string[]) {
    expect(pdf.widthMm).toBeCloseTo(210, 0);
    expect(pdf.heightMm).toBeCloseTo(297, 0);
    expect(pdf.text).toContain(shopName);
    expect(pdf.text.toUpperCase()).toContain(title.toUpperCase());
    for (const fact of facts) expect(pdf.text).toContain(fact);
    expect(pdf.text).toContain(`Printed ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date())}`);
    // The page prints the report alone: no menu, top bar or buttons.
    expect(pdf.text).not.toContain('Logout');
    expect(pdf.text).not.toContain('Export CSV');
    expect(pdf.text).not.toContain('Print Report');
  }

  /** With SHOTS=1, the page at a laptop's and a phone's width. */
  const shots = (name: string) => takeShots(page, `report-${name}`);

  /** On a phone the page does not scroll sideways: its headline figures stack, wide tables scroll in their own box. */
  async function expectFitsPhone(target: Page, name: string) {
    await target.locator('#sidebar').waitFor({ state: 'hidden' });
    await target.evaluate(() => document.fonts.ready);
    expect(await target.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    mkdirSync(SHOTS_DIR, { recursive: true });
    await target.screenshot({ path: join(SHOTS_DIR, `report-${name}-phone.png`), fullPage: true });
  }

  beforeAll(async () => {
    pdfDir = mkdtempSync(join(tmpdir(), 'wheelhouse-report-pdf-'));
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page);
    token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    shopName = (await get<{ data: { shop_name: string } }>('settings')).data.shop_name;
    locations = (await get<{ data: Named[] }>('locations?per_page=100')).data;
    expect(locations.length).toBeGreaterThan(1);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (pdfDir) rmSync(pdfDir, { recursive: true, force: true });
  });

  it('shows the dashboard of the demo data, as the API answers it, and follows its links', async () => {
    const figures = await get<Dashboard>('dashboard');
    expect(figures.monthly_sales).toHaveLength(12);
    expect(figures.recent_activity.length).toBeGreaterThan(0);
    expect(figures.customers).toBeGreaterThan(0);

    await open('/');
    await showsScreen(page, 'Dashboard');
    await expect.poll(() => dashboardCard('Revenue This Month').locator('.stat-value').textContent()).toBe(moneyText(figures.revenue.this_month));
    expect(await dashboardCard('Owed by Customers').locator('.stat-value').textContent()).toBe(moneyText(figures.receivable));
    expect(await dashboardCard('Owed to Suppliers').locator('.stat-value').textContent()).toBe(moneyText(figures.payable));
    expect(await dashboardCard('Customers').locator('.stat-value').textContent()).toBe(countText(figures.customers));
    expect(await dashboardCard('Products').locator('.stat-value').textContent()).toBe(countText(figures.products));
    expect(await dashboardCard('Stock Units').locator('.stat-value').textContent()).toBe(countText(figures.stock_units));
    expect(await dashboardCard('Low Stock').locator('.stat-value').textContent()).toBe(countText(figures.low_stock_count));
    expect(await dashboardCard('Revenue This Month').locator('.stat-note').textContent()).toContain(moneyText(figures.revenue.last_month));

    // Sales per month: the chart, and its table newest first.
    const sales = section('Sales per Month');
    await sales.getByRole('img', { name: /^Revenue per month/ }).waitFor();
    const months = await tableOf(sales);
    expect(months.rows).toEqual(
      [...figures.monthly_sales].reverse().map((month) => [monthText(month.period), countText(month.count), moneyText(month.revenue)]),
    );
    const stock = section('Inventory Status');
    const { in_stock, low, out } = figures.inventory_status;
    await stock.getByRole('img', { name: `Products by stock: ${countText(in_stock)} in stock, ${countText(low)} low, ${countText(out)} out of stock` }).waitFor();
    const top = await tableOf(section('Top Products (Last 30 Days)'));
    expect(top.rows.map((row) => row[2])).toEqual(figures.top_products.map((product) => moneyText(product.revenue)));
    await shots('dashboard');

    // Every recent document or payment is a link to its page.
    const paths = { Invoice: '/invoices', Sale: '/sales', Purchase: '/purchases', Receipt: '/receipts' };
    const activity = section('Recent Activity').getByRole('link');
    expect(await activity.count()).toBe(figures.recent_activity.length);
    for (const [index, item] of figures.recent_activity.entries()) {
      expect(await activity.nth(index).getAttribute('href')).toBe(`${paths[item.type]}/${item.id}`);
    }
    const first = figures.recent_activity[0];
    await activity.first().click();
    await page.waitForURL(`${app.url}${paths[first.type]}/${first.id}`);
    if (first.number) await page.getByText(first.number).first().waitFor();
    await page.goBack();

    await dashboardCard('Low Stock').click();
    await page.waitForURL(`${app.url}/reports/inventory`);
    await showsScreen(page, 'Inventory Report');
    await section('Low Stock Items').waitFor();
    await page.goBack();
    await dashboardCard('Owed by Customers').click();
    await page.waitForURL(`${app.url}/reports/customer-balance`);
    await showsScreen(page, 'Customer Balance Report');
    await page.goBack();

    // One branch: the address keeps it and every figure is that branch's.
    const branch = locations[0];
    const branchFigures = await get<Dashboard>(`dashboard?location_id=${branch.id}`);
    await page.getByLabel('Location', { exact: true }).selectOption({ label: branch.name });
    await page.waitForURL(`${app.url}/?location_id=${branch.id}`);
    await expect.poll(() => dashboardCard('Stock Units').locator('.stat-value').textContent()).toBe(countText(branchFigures.stock_units));
    expect(await dashboardCard('Revenue This Month').locator('.stat-value').textContent()).toBe(moneyText(branchFigures.revenue.this_month));
    expect(await dashboardCard('Low Stock').locator('.stat-value').textContent()).toBe(countText(branchFigures.low_stock_count));
    await expectAccessible(page, 'the dashboard of one branch');
  });

  it('says so when the dashboard cannot be loaded, with the reference staff can quote', async () => {
    const failure = { message: 'Something went wrong on our side (ref 3f9c2a1b)' };
    await page.route('**/api/dashboard*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(failure) }));
    try {
      await open('/');
      await page.getByRole('alert').getByText('Error loading the dashboard: Something went wrong on our side (ref 3f9c2a1b)').waitFor({ timeout: 15_000 });
      await expectAccessible(page, 'the dashboard that failed to load');
    } finally {
      await page.unroute('**/api/dashboard*');
    }
  });

  it('shows the inventory report: the three cards, stock by location, low stock labelled Critical, a location filter, CSV and print', async () => {
    const all = await get<InventorySummary>('reports/inventory-summary');
    await open('/reports/inventory');
    await showsScreen(page, 'Inventory Report');
    expect(await page.getByLabel('Location', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Location', { exact: true }).locator('option:checked').textContent()).toBe('All Locations');
    for (const type of all.totals) {
      await expect.poll(() => stat(`Total ${type.product_type}`).textContent()).toBe(countText(type.total_quantity));
      await page.locator('.report-stat', { hasText: `Total ${type.product_type}` }).getByText(`${countText(type.unique_products)} unique product`).waitFor();
    }
    expect(all.totals.map((type) => type.product_type)).toEqual(['Tires', 'Batteries', 'Wipers']);

    const byLocation = section('Inventory by Location');
    const table = await tableOf(byLocation);
    expect(table.rows.map((row) => [row[0], row[1], row[2]])).toEqual(all.summary.map((row) => [row.location.name, row.product_type, countText(row.total_quantity)]));
    const lowStock = await tableOf(section('Low Stock Items'));
    expect(lowStock.rows).toHaveLength(all.low_stock_items.length);
    for (const row of lowStock.rows) expect(row.at(-1)).toBe('Critical');
    await expectCsvMatchesTable(byLocation);
    await expectCsvMatchesTable(section('Low Stock Items'));
    await shots('inventory');

    if (canReadPdf) {
      const pdf = await printed(page.getByRole('button', { name: 'Print Report' }), 'inventory-all');
      expectReportHeader(pdf, 'Inventory Report', ['Location All Locations']);
      expect(pdf.text.toUpperCase()).toContain('INVENTORY BY LOCATION');
      expect(pdf.text).toContain(moneyText(all.summary[0].retail_value));
      expect(pdf.text).toContain('Critical');
    }

    // One branch: the address keeps it, and only that branch's rows show.
    const branch = locations[1];
    const one = await get<InventorySummary>(`reports/inventory-summary?location_id=${branch.id}`);
    await page.getByLabel('Location', { exact: true }).selectOption({ label: branch.name });
    await page.waitForURL(`${app.url}/reports/inventory?location_id=${branch.id}`);
    await expect.poll(async () => (await tableOf(byLocation)).rows.map((row) => row[0])).toEqual(one.summary.map((row) => row.location.name));
    expect(new Set(one.summary.map((row) => row.location.name))).toEqual(new Set([branch.name]));
    await expect.poll(() => stat('Total Tires').textContent()).toBe(countText(one.totals[0].total_quantity));
    await expectAccessible(page, 'the inventory report of one branch');

    if (canReadPdf) {
      // The browser's own Print prints the same report, not the screen.
      const own = await pagePdf('inventory-branch-own-print');
      expectReportHeader(own, 'Inventory Report', [`Location ${branch.name}`]);
      expect(own.text).not.toContain('All Locations');
    }
  });

  it('shows the sales report with its chart, changes with the filters, exports CSV and prints', async () => {
    const month = await get<SalesReport>('reports/sales');
    await open('/reports/sales');
    await showsScreen(page, 'Sales Report');
    await expect.poll(() => stat('Revenue').textContent()).toBe(moneyText(month.totals.revenue));
    expect(await stat('Gross Profit').textContent()).toBe(moneyText(month.totals.gross_profit));
    expect(await stat('Outstanding').textContent()).toBe(moneyText(month.totals.outstanding));
    expect(await page.getByLabel('From Date').inputValue()).toBe(month.filters.dateFrom);
    expect(await page.getByLabel('To Date').inputValue()).toBe(month.filters.dateTo);
    const byPeriod = section('Sales by Period');
    await byPeriod.getByRole('img', { name: /^Revenue and gross profit per day/ }).waitFor();
    const { table } = await expectCsvMatchesTable(byPeriod);
    expect(table.rows).toHaveLength(month.series.length);
    expect(table.foot?.[2]).toBe(moneyText(month.totals.revenue));

    // The demo's four months by month: the address keeps the filters, the figures follow them.
    const from = new Date(Date.now() - 150 * 86_400_000).toISOString().slice(0, 10);
    const byMonth = await get<SalesReport>(`reports/sales?dateFrom=${from}&dateTo=${month.filters.dateTo}&group=month`);
    await page.getByLabel('From Date').fill(from);
    await page.waitForURL(new RegExp(`dateFrom=${from}`));
    await page.getByLabel('Group By').selectOption('month');
    await page.waitForURL(/group=month/);
    await expect.poll(() => stat('Revenue').textContent()).toBe(moneyText(byMonth.totals.revenue));
    expect(byMonth.totals.revenue).toBeGreaterThan(month.totals.revenue);
    await byPeriod.getByRole('img', { name: /^Revenue and gross profit per month/ }).waitFor();
    const monthly = await expectCsvMatchesTable(byPeriod);
    expect(monthly.table.rows.map((row) => row[0])).toEqual(byMonth.series.map((row) => monthText(row.period)));
    await expectCsvMatchesTable(section('Sales by Product Type'));
    await expectCsvMatchesTable(section('Payments by Method'));
    await expectCsvMatchesTable(section('Top 10 Products by Revenue'));
    await expectAccessible(page, 'the sales report by month');
    await shots('sales');

    // A reload keeps the report as filtered.
    await page.reload();
    await expect.poll(() => stat('Revenue').textContent()).toBe(moneyText(byMonth.totals.revenue));
    expect(await page.getByLabel('Group By').inputValue()).toBe('month');
    // The sections come with their own answers; the print is of what is on the screen.
    await section('Top 10 Products by Revenue').waitFor();
    // The recall list prints once its own answer is in: its table shows then.
    await section('Tire Sales by DOT').getByRole('table').waitFor();

    if (canReadPdf) {
      const pdf = await printed(page.getByRole('button', { name: 'Print Report' }), 'sales');
      expectReportHeader(pdf, 'Sales Report', [`Period ${dateText(from)} to ${dateText(byMonth.filters.dateTo)}`, 'Location All Locations', 'Grouped By Month']);
      expect(pdf.text).toContain(moneyText(byMonth.totals.revenue));
      expect(pdf.text.toUpperCase()).toContain('TOP 10 PRODUCTS BY REVENUE');
      expect(pdf.text.toUpperCase()).toContain('TIRE SALES BY DOT');
    }
  });

  it('lists tire sales by DOT and brand for a recall on the sales report page', async () => {
    const all = await get<TireSales>('reports/tire-sales');
    expect(all.data.length).toBeGreaterThan(0);
    const dot = all.data.find((row) => row.dot)!.dot!.slice(0, 2);
    const matching = await get<TireSales>(`reports/tire-sales?dot=${dot}`);

    await open('/reports/sales');
    await showsScreen(page, 'Sales Report');
    const recall = section('Tire Sales by DOT');
    await expect.poll(async () => (await tableOf(recall)).rows.length).toBe(Math.min(all.total, 25));
    await recall.getByLabel('DOT Code').fill(dot);
    await page.waitForURL(new RegExp(`dot=${dot}`));
    await expect.poll(async () => (await tableOf(recall)).rows.length).toBe(Math.min(matching.total, 25));
    const { table } = await expectCsvMatchesTable(recall);
    for (const row of table.rows) expect(row[0].startsWith(dot)).toBe(true);
    expect(table.rows.map((row) => row[table.headers.indexOf('Document')])).toEqual(matching.data.map((row) => row.document_number));
    await expectAccessible(page, 'the recall list');
  });

  it('shows the purchases report with its chart, a supplier filter, CSV and print', async () => {
    const from = new Date(Date.now() - 150 * 86_400_000).toISOString().slice(0, 10);
    const all = await get<PurchasesReport>(`reports/purchases?dateFrom=${from}`);
    await open(`/reports/purchases?dateFrom=${from}`);
    await showsScreen(page, 'Purchases Report');
    await expect.poll(() => stat('Ordered').textContent()).toBe(moneyText(all.totals.ordered));
    expect(await stat('Received').textContent()).toBe(moneyText(all.totals.received));
    expect(await stat('Outstanding').textContent()).toBe(moneyText(all.totals.outstanding));
    const byPeriod = section('Purchases by Period');
    await byPeriod.getByRole('img', { name: /^Ordered and received value per/ }).waitFor();
    expect((await expectCsvMatchesTable(byPeriod)).table.rows).toHaveLength(all.series.length);
    await expectCsvMatchesTable(section('Purchases by Supplier'));
    await shots('purchases');

    const supplier = all.by_supplier[0].supplier;
    const one = await get<PurchasesReport>(`reports/purchases?dateFrom=${from}&supplier_id=${supplier.id}`);
    await page.getByLabel('Supplier', { exact: true }).selectOption({ label: supplier.name });
    await page.waitForURL(new RegExp(`supplier_id=${supplier.id}`));
    await expect.poll(() => stat('Ordered').textContent()).toBe(moneyText(one.totals.ordered));
    await expect.poll(async () => (await tableOf(section('Purchases by Supplier'))).rows.map((row) => row[0])).toEqual([supplier.name]);
    await expectAccessible(page, 'the purchases report of one supplier');

    if (canReadPdf) {
      const pdf = await printed(page.getByRole('button', { name: 'Print Report' }), 'purchases');
      expectReportHeader(pdf, 'Purchases Report', [`Supplier ${supplier.name}`, 'Location All Locations']);
      expect(pdf.text).toContain(moneyText(one.totals.ordered));
    }
  });

  it('shows the customer balance with its ageing, opens a customer statement from a row and prints it', async () => {
    const report = await get<BalanceAnswer>('reports/customer-balance');
    expect(report.data.length).toBeGreaterThan(0);
    await open('/reports/customer-balance');
    await showsScreen(page, 'Customer Balance Report');
    await expect.poll(() => stat('Total Balance').textContent()).toBe(moneyText(report.totals.balance));
    // An empty ageing bucket is not a figure of its own.
    if (report.totals.days_over_90) expect(await stat('Over 90 Days').textContent()).toBe(moneyText(report.totals.days_over_90));
    else expect(await stat('Over 90 Days').count()).toBe(0);
    const ageing = section('Ageing');
    await ageing.getByRole('img', { name: /^Balances by days past due/ }).waitFor();
    await expectCsvMatchesTable(ageing);
    const balances = section('Balances by Customer');
    const { table } = await expectCsvMatchesTable(balances);
    expect(table.rows.map((row) => row[0])).toEqual(report.data.map((row) => row.name));
    await shots('customer-balance');

    if (canReadPdf) {
      const pdf = await printed(page.getByRole('button', { name: 'Print Report' }), 'customer-balance');
      expectReportHeader(pdf, 'Customer Balance Report', [`As Of ${dateText(report.as_of)}`]);
      expect(pdf.text).toContain(report.data[0].name);
      expect(pdf.text).toContain(moneyText(report.totals.balance));
    }

    // A click on the row (not only its link) opens the customer's statement.
    const customer = report.data[0];
    const statement = await get<StatementAnswer>(`reports/customer-balance/${customer.customer_id}`);
    await balances.getByRole('row', { name: customer.name, exact: true }).locator('td').nth(3).click();
    await page.waitForURL(`${app.url}/reports/customer-balance/${customer.customer_id}`);
    await showsScreen(page, `Customer Statement: ${customer.name}`);
    await expect.poll(() => stat('Balance').textContent()).toBe(moneyText(statement.totals.balance));
    const documents = section('Open Documents');
    const listed = await expectCsvMatchesTable(documents);
    expect(listed.table.rows.map((row) => row[0])).toEqual(statement.documents.map((row) => row.number));
    expect(statement.totals.balance).toBe(customer.balance);
    if (canReadPdf) {
      const pdf = await printed(page.getByRole('button', { name: 'Print Statement' }), 'statement');
      expectReportHeader(pdf, 'Customer Statement', [`Customer ${customer.name}`, `As Of ${dateText(statement.as_of)}`]);
      for (const row of statement.documents) if (row.number) expect(pdf.text).toContain(row.number);
    }

    // As of an earlier date: the address keeps it, and the figures are those of that day.
    const earlier = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
    const then = await get<BalanceAnswer>(`reports/customer-balance?as_of=${earlier}`);
    await page.getByRole('link', { name: 'Back to Customer Balance Report' }).click();
    await page.getByLabel('As Of').fill(earlier);
    await page.waitForURL(new RegExp(`as_of=${earlier}`));
    await expect.poll(() => stat('Total Balance').textContent()).toBe(moneyText(then.totals.balance));
    await expectAccessible(page, 'the customer balance as of an earlier date');
  });

  it('shows the supplier balance and a supplier statement', async () => {
    const report = await get<BalanceAnswer>('reports/supplier-balance');
    expect(report.data.length).toBeGreaterThan(0);
    await open('/reports/supplier-balance');
    await showsScreen(page, 'Supplier Balance Report');
    await expect.poll(() => stat('Total Balance').textContent()).toBe(moneyText(report.totals.balance));
    await section('Ageing').getByRole('img').waitFor();
    const balances = section('Balances by Supplier');
    await expectCsvMatchesTable(balances);
    await shots('supplier-balance');

    const supplier = report.data[0];
    const statement = await get<StatementAnswer>(`reports/supplier-balance/${supplier.supplier_id}`);
    await balances.getByRole('link', { name: supplier.name }).click();
    await showsScreen(page, `Supplier Statement: ${supplier.name}`);
    await expect.poll(async () => (await tableOf(section('Open Documents'))).rows.map((row) => row[0])).toEqual(statement.documents.map((row) => row.number));
    if (canReadPdf) {
      const pdf = await printed(page.getByRole('button', { name: 'Print Statement' }), 'supplier-statement');
      expectReportHeader(pdf, 'Supplier Statement', [`Supplier ${supplier.name}`]);
    }
  });

  it('fits the dashboard and the customer balance on a 390 px phone', async () => {
    const phone = await browser.newPage({ viewport: PHONE });
    try {
      await signIn(phone);
      await phone.locator('.stat-card').first().waitFor();
      await phone.getByRole('img', { name: /^Revenue per month/ }).waitFor();
      await expectAccessible(phone, 'the dashboard on a phone');
      await expectFitsPhone(phone, 'dashboard');
      // The headline figures stack in two columns, none cut off.
      const cards = await phone.locator('.stat-card').evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().right));
      for (const right of cards) expect(right).toBeLessThanOrEqual(PHONE.width);

      await phone.goto(`${app.url}/reports/customer-balance`);
      await showsScreen(phone, 'Customer Balance Report');
      // On a phone the table waits behind its title.
      await phone.getByRole('button', { name: 'Balances by Customer', exact: true }).click();
      await phone.getByRole('region', { name: 'Balances by Customer', exact: true }).locator('tbody tr').first().waitFor();
      await expectFitsPhone(phone, 'customer-balance');
      const figures = await phone.locator('.report-stat').evaluateAll((nodes) => nodes.map((node) => ({ right: node.getBoundingClientRect().right, width: node.scrollWidth - node.clientWidth })));
      for (const figure of figures) {
        expect(figure.right).toBeLessThanOrEqual(PHONE.width);
        expect(figure.width).toBeLessThanOrEqual(0);
      }
    } finally {
      await phone.close();
    }
  });
});
