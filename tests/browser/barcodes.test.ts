import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueTag } from '../support/api.ts';
import { browserTestsCanRun, launchBrowser, showsScreen, startApp, takeShots, type RunningApp, demoAdminPage } from '../support/browser.ts';

/** An EAN-13 no other test has: twelve random digits and their check digit. */
function ean13(): string {
  const body = `2${Array.from({ length: 11 }, () => Math.floor(Math.random() * 10)).join('')}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe.skipIf(!browserTestsCanRun())('a barcode scanner at the counter', () => {
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

  it('adds the product whose barcode is scanned into the sale form\'s quick add, Enter following at once', async () => {
    const code = ean13();
    const name = `Valve caps ${uniqueTag()}`;
    const location = (await api('GET', 'locations?per_page=1')).body.data[0].id;
    const created = await api('POST', 'inventories', {
      name, category: 'parts', current_stock: 5, unit_price: 4, cost_price: 1, location_id: location, barcode: code,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    await page.goto(`${app.url}/inventories/${created.body.data.id}/edit`);
    expect(await page.getByLabel('Barcode').inputValue()).toBe(code);
    await takeShots(page, 'barcode-product-form');

    await page.goto(`${app.url}/sales/create`);
    await showsScreen(page, 'New Sale');
    const form = page.getByRole('form', { name: 'New Sale' });
    const quickAdd = form.getByRole('combobox', { name: 'Quick add' });
    // A scanner types the digits a few milliseconds apart and sends Enter straight after, before any search has answered.
    await quickAdd.pressSequentially(code, { delay: 5 });
    await quickAdd.press('Enter');
    const row = form.getByRole('row', { name });
    await row.waitFor();
    expect(await row.getByRole('spinbutton', { name: `Quantity of ${name}` }).inputValue()).toBe('1');
    expect(await quickAdd.inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/sales/create');
    await takeShots(page, 'barcode-scanned-into-sale');
  });
});
