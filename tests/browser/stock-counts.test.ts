import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueTag } from '../support/api.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, printedBy, showsScreen, startApp, takeShots, type RunningApp, demoAdminPage } from '../support/browser.ts';

/** An EAN-13 no other test has: twelve random digits and their check digit. */
function ean13(): string {
  const body = `2${Array.from({ length: 11 }, () => Math.floor(Math.random() * 10)).join('')}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe.skipIf(!browserTestsCanRun())('counting stock in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token = '';

  const api = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${app.url}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: await answer.json() };
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await demoAdminPage(app, browser);
    token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('starts a count of a brand, counts one tire by its barcode and one by name while one is sold, reviews and posts it', async () => {
    const tag = uniqueTag();
    const brandName = `Countwell ${tag}`;
    const brand = await api('POST', 'tire-brands', { name: brandName });
    expect(brand.status, JSON.stringify(brand.body)).toBe(201);
    const location = (await api('GET', 'locations?per_page=1')).body.data[0];
    const type = (await api('GET', 'tire-types?per_page=1')).body.data[0];
    const customer = (await api('GET', 'customers?per_page=1')).body.data[0];
    const supplier = (await api('GET', 'suppliers?per_page=1')).body.data[0];
    const tire = async (size: string, quantity: number, barcode?: string) => {
      const created = await api('POST', 'tires', {
        tire_brand_id: brand.body.data.id, tire_type_id: type.id, supplier_id: supplier.id, location_id: location.id, dot: '2326', made_in: 'France', date_received: '2026-11-01',
        size: `${size} ${tag}`, construction_type: 'radial', run_flat: 0, cost_price: 50, selling_price: 90, quantity, active: 1, product_type_id: 1,
        barcode,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data as { id: number; name: string };
    };
    const code = ean13();
    const scanned = await tire('205 / 55 R 16', 10, code);
    const typed = await tire('225 / 45 R 17', 5);

    expect(await page.locator('#sidebar a[href="/stock-counts"]').textContent()).toBe('Stock Counts');
    await page.goto(`${app.url}/stock-counts`);
    await showsScreen(page, 'Stock Counts', { exact: true });
    await page.getByRole('link', { name: 'Start a Count' }).click();
    await showsScreen(page, 'Start a Stock Count');
    await page.getByLabel('Branch').selectOption({ label: location.name });
    await page.getByLabel('What to count').selectOption({ label: 'One tire brand' });
    await page.getByLabel('Brand').selectOption({ label: brandName });
    await expectAccessible(page, 'the start of a count');
    await takeShots(page, 'stock-count-start');
    await page.getByRole('button', { name: 'Start Count' }).click();

    const heading = page.getByRole('heading', { level: 1, name: /^Stock Count SC-\d{4}-\d{5}$/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.replace('Stock Count ', '');
    expect(await page.getByTestId('counted-progress').textContent()).toBe('0 of 2 counted');
    // Blind: the counting page never shows what the book says.
    expect(await page.getByRole('table', { name: 'Products in the count' }).textContent()).not.toContain('Expected');

    // A USB scanner types the digits and Enter; the number and Enter save it and go back to the search box.
    const search = page.getByLabel('Scan or search');
    await search.pressSequentially(code, { delay: 5 });
    await search.press('Enter');
    const quantity = page.getByRole('spinbutton');
    await expect.poll(() => quantity.evaluate((input) => input === document.activeElement)).toBe(true);
    await quantity.fill('8');
    await quantity.press('Enter');
    await page.getByRole('status').filter({ hasText: `Saved: ${scanned.name} — 8` }).waitFor();
    await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);

    // One of the other tire is sold at the counter meanwhile.
    const sale = await api('POST', 'sales', {
      customer_id: customer.id, location_id: location.id, sale_date: new Date().toISOString().slice(0, 10), status: 'completed', amount_paid: 90,
      payment_method: 'cash', items: [{ product_id: typed.id, quantity: 1, selling_price: 90 }],
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);

    await search.fill('225/45R17');
    await search.press('Enter');
    await quantity.fill('3');
    await quantity.press('Enter');
    await page.getByRole('status').filter({ hasText: `Saved: ${typed.name} — 3` }).waitFor();
    await expect.poll(() => page.getByTestId('counted-progress').textContent()).toBe('2 of 2 counted');
    await expectAccessible(page, 'a count');
    await takeShots(page, 'stock-count-counting');

    await page.getByRole('link', { name: 'Count Sheet' }).click();
    await showsScreen(page, `Count Sheet ${number}`);
    const printed = await printedBy(page, () => page.getByRole('button', { name: 'Print' }).click());
    expect(printed).toContain(scanned.name);
    expect(printed).toContain(code);
    await takeShots(page, 'stock-count-sheet');
    await page.getByRole('link', { name: 'Back to Count' }).click();

    // The sale is no difference: 4 were expected of the sold tire when it was counted, 3 found.
    await page.getByRole('link', { name: 'Review and Post' }).click();
    await showsScreen(page, `Variances ${number}`);
    const scannedRow = page.getByRole('row', { name: new RegExp(scanned.name.replace(/[/]/g, '\\/')) });
    await scannedRow.waitFor();
    expect(await scannedRow.textContent()).toContain('−2 short');
    const typedRow = page.getByRole('row', { name: new RegExp(typed.name.replace(/[/]/g, '\\/')) });
    expect(await typedRow.textContent()).toContain('−1 short');
    expect(await typedRow.getByRole('cell').nth(2).textContent()).toBe('-1');
    expect(await page.getByTestId('variance-value').textContent()).toBe('-$150.00');
    await expectAccessible(page, 'the variance review');
    await takeShots(page, 'stock-count-review');

    await page.getByRole('button', { name: 'Post' }).click();
    const dialog = page.getByRole('dialog');
    await takeShots(page, 'stock-count-post-dialog');
    await dialog.getByRole('button', { name: 'Post' }).click();
    await page.getByText(`${number} posted`).waitFor();
    await page.getByText('Posted', { exact: true }).first().waitFor();

    const stock = async (id: number) =>
      (await api('GET', `products/${id}/stock`)).body.data.find((row: { location_id: number }) => row.location_id === location.id)?.quantity;
    expect(await stock(scanned.id)).toBe(8);
    expect(await stock(typed.id)).toBe(3);

    await page.goto(`${app.url}/stock-counts?status=posted`);
    const listed = page.getByRole('row', { name: new RegExp(number) });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('-$150.00');
    await takeShots(page, 'stock-counts-list');
  });
});
