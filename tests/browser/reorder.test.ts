import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsCanRun, demoAdminPage, expectAccessible, launchBrowser, showsScreen, startApp, takeShots, type RunningApp } from '../support/browser.ts';

describe.skipIf(!browserTestsCanRun())('reorder suggestions in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const name = `Wheel weights ${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await demoAdminPage(app, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('sets a reorder point on the stock tab, sees the suggestion, orders it, and sees it gone', async () => {
    await page.goto(`${app.url}/inventories/create`);
    await showsScreen(page, 'Add Inventory Item');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Category').selectOption('parts');
    await page.getByLabel('Current Stock').fill('3');
    await page.getByLabel('Unit Price').fill('12.50');
    await page.getByLabel('Cost Price').fill('4.00');
    const supplier = page.getByLabel('Preferred Supplier');
    await expect.poll(() => supplier.locator('option').count()).toBeGreaterThan(1);
    const supplierName = (await supplier.locator('option').nth(1).textContent())!;
    await supplier.selectOption({ label: supplierName });
    await page.getByLabel('Location').selectOption({ label: 'Downtown Branch' });
    await page.getByRole('button', { name: 'Save Item' }).click();
    await page.getByText('Inventory item added successfully!').waitFor();

    await page.getByPlaceholder('Search by name').fill(name);
    await page.getByRole('row', { name }).getByRole('link', { name: 'Edit', exact: true }).click();
    await showsScreen(page, 'Edit Inventory Item');
    const panel = page.getByRole('region', { name: 'Stock', exact: true });
    await panel.getByRole('button', { name: 'Reorder Point' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reorder Point' });
    await dialog.getByLabel('Branch').selectOption({ label: 'Downtown Branch (3 in stock)' });
    await dialog.getByLabel('Reorder Point').fill('5');
    await dialog.getByLabel('Order Up To').fill('20');
    await expectAccessible(page, 'the Reorder Point dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Reorder point saved.').waitFor();
    const downtown = panel.getByRole('row', { name: 'Downtown Branch', exact: true });
    await expect.poll(() => downtown.locator('td[data-label="Reorder Point"]').textContent()).toBe('5');
    expect(await downtown.locator('td[data-label="Order Up To"]').textContent()).toBe('20');
    await takeShots(page, 'reorder-stock-tab');

    expect(await page.locator('#sidebar a[href="/reorder"]').textContent()).toBe('Reorder');
    await page.goto(`${app.url}/reorder`);
    await showsScreen(page, 'Reorder Suggestions');
    await page.getByLabel('Branch').selectOption({ label: 'Downtown Branch' });
    const group = page.getByRole('region', { name: supplierName });
    const row = group.getByRole('row', { name });
    await row.waitFor();
    expect(await row.locator('td[data-label="On Hand"]').textContent()).toBe('3');
    expect(await row.locator('td[data-label="To Order"]').textContent()).toBe('17');
    await expectAccessible(page, 'the reorder suggestions');
    await takeShots(page, 'reorder-suggestions');

    await page.getByRole('button', { name: 'Create Purchase Orders' }).click();
    const made = page.getByRole('status').filter({ hasText: /draft purchase orders? made/ });
    await made.waitFor();
    await row.waitFor({ state: 'detached' });
    await takeShots(page, 'reorder-made');
    const link = made.getByRole('listitem').filter({ hasText: supplierName }).getByRole('link');
    const number = (await link.textContent())!;
    await link.click();
    await showsScreen(page, new RegExp(number));
    await page.getByText(name).first().waitFor();

    await page.goto(`${app.url}/reorder`);
    await page.getByLabel('Branch').selectOption({ label: 'Downtown Branch' });
    await page.getByRole('heading', { level: 1, name: 'Reorder Suggestions' }).waitFor();
    await expect.poll(async () => (await page.locator('.reorder-group, .reorder-empty').count()) > 0).toBe(true);
    expect(await page.getByRole('row', { name }).count()).toBe(0);
  });
});
