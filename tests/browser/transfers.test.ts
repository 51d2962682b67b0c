import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { browserTestsCanRun, demoAdminPage, expectAccessible, launchBrowser, printedBy, showsScreen, startApp, takeShots, type RunningApp } from '../support/browser.ts';

interface Level {
  location_id: number;
  location_name: string;
  quantity: number;
  in_transit: number;
}

describe.skipIf(!browserTestsCanRun())('transfers in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token = '';

  async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const answer = await fetch(`${app.url}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as T };
  }
  const levelAt = async (productId: number, branch: string) =>
    (await api<{ data: Level[] }>('GET', `products/${productId}/stock`)).body.data.find((row) => row.location_name === branch)!;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await demoAdminPage(app, browser);
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_LOGIN.email, password: DEMO_LOGIN.password }),
    });
    token = ((await login.json()) as { token: string }).token;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('makes a transfer, ships it so the destination has it in transit and cannot sell it, and receives it with one line short written off', async () => {
    const branches = (await api<{ data: { id: number; name: string }[] }>('GET', 'locations?per_page=100')).body.data;
    const from = branches.find((branch) => branch.name === 'Downtown Branch')!;
    const to = branches.find((branch) => branch.name === 'Northside Branch')!;
    const goods = (await api<{ data: { id: number; name: string; type: string; stock: number }[] }>('GET', `products?type=battery&location_id=${from.id}&per_page=50`)).body.data
      .filter((product) => (product.stock ?? 0) >= 3)
      .slice(0, 2);
    expect(goods).toHaveLength(2);
    const [full, short] = goods;
    const before = { full: await levelAt(full.id, to.name), short: await levelAt(short.id, to.name), source: await levelAt(short.id, from.name) };

    expect(await page.locator('#sidebar a[href="/transfers"]').textContent()).toBe('Transfers');
    await page.goto(`${app.url}/transfers`);
    await showsScreen(page, 'Transfers');
    await page.getByRole('link', { name: 'New Transfer' }).click();
    await showsScreen(page, 'New Transfer');
    const form = page.getByRole('form', { name: 'Transfer details' });
    await form.getByLabel('From Branch').selectOption(String(from.id));
    await form.getByLabel('To Branch').selectOption(String(to.id));
    for (const [product, quantity] of [
      [full, '2'],
      [short, '3'],
    ] as const) {
      const picker = form.getByRole('combobox', { name: 'Product' });
      await picker.fill(product.name);
      await page.getByRole('listbox').getByRole('option', { name: new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().waitFor();
      await picker.press('Enter');
      await form.getByLabel('Quantity', { exact: true }).fill(quantity);
      await form.getByRole('button', { name: 'Add' }).click();
      await form.getByRole('row', { name: product.name }).waitFor();
    }
    await expectAccessible(page, 'the new transfer form');
    await takeShots(page, 'transfer-form');
    await form.getByRole('button', { name: 'Create Transfer' }).click();

    await page.waitForURL(/\/transfers\/\d+$/);
    const heading = page.getByRole('heading', { level: 1, name: /^Transfer TR-\d{4}-\d{5}$/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.replace('Transfer ', '');
    const transferPath = new URL(page.url()).pathname;
    await expectAccessible(page, 'a draft transfer');
    await takeShots(page, 'transfer-draft');

    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ship' }).click();
    await page.getByText('In transit: not on the shelf').waitFor();
    expect(await page.locator('.badge').first().textContent()).toBe('In Transit');
    expect((await levelAt(short.id, to.name)).in_transit).toBe(before.short.in_transit + 3);
    expect((await levelAt(short.id, to.name)).quantity).toBe(before.short.quantity);
    await takeShots(page, 'transfer-shipped');

    // The destination's stock tab shows it in transit, and a sale there cannot take it.
    await page.goto(`${app.url}/batteries/${short.id}`);
    const row = page.getByRole('row', { name: to.name, exact: true });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe(String(before.short.in_transit + 3));
    const sale = await api('POST', 'sales', {
      customer_id: (await api<{ data: { id: number }[] }>('GET', 'customers?per_page=1')).body.data[0].id,
      location_id: to.id,
      sale_date: new Date().toISOString().slice(0, 10),
      status: 'completed',
      items: [{ product_id: short.id, quantity: before.short.quantity + 1, selling_price: 100 }],
    });
    expect(sale.status).toBe(409);
    // Its stock history names the transfer that put it on the road.
    await page.getByRole('table', { name: 'Stock history' }).getByRole('link', { name: 'In transit' }).first().waitFor();
    expect(await page.getByRole('table', { name: 'Stock history' }).getByRole('link', { name: 'In transit' }).first().getAttribute('href')).toBe(transferPath);
    await takeShots(page, 'transfer-product-in-transit');

    await page.goBack();
    await heading.waitFor();
    await page.getByRole('button', { name: 'Receive' }).click();
    const dialog = page.getByRole('dialog', { name: `Receive ${number}` });
    await dialog.getByLabel(`Received of ${short.name}`).fill('1');
    await dialog.getByLabel('The 2 short').selectOption('write_off');
    await dialog.getByLabel(`Reason for writing off ${short.name}`).fill('Dropped in the van');
    await expectAccessible(page, 'the receive dialog');
    await takeShots(page, 'transfer-receive');
    await dialog.getByRole('button', { name: 'Receive' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`${number} received, 2 short.`).waitFor();
    expect(await page.getByRole('row', { name: short.name }).getByRole('cell').nth(3).textContent()).toBe('2 written off: Dropped in the van');
    expect(await levelAt(full.id, to.name)).toMatchObject({ quantity: before.full.quantity + 2, in_transit: before.full.in_transit });
    expect(await levelAt(short.id, to.name)).toMatchObject({ quantity: before.short.quantity + 1, in_transit: before.short.in_transit });
    expect((await levelAt(short.id, from.name)).quantity).toBe(before.source.quantity - 3);
    await takeShots(page, 'transfer-received');

    await page.getByRole('link', { name: 'Packing Slip' }).click();
    await showsScreen(page, `Packing Slip ${number}`);
    const printed = await printedBy(page, () => page.getByRole('button', { name: 'Print' }).click());
    expect(printed).toContain(number);
    expect(printed).toContain(short.name);
    await takeShots(page, 'transfer-packing-slip');

    await page.goto(`${app.url}/transfers?status=received`);
    await page.getByRole('row', { name: number }).waitFor();
    await takeShots(page, 'transfer-list');
  });
});
