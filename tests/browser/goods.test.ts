import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, type RunningApp } from '../support/browser.ts';

describe.skipIf(!browserTestsCanRun())('batteries, wipers and inventory in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const tag = Math.random().toString(36).slice(2, 8);
  const brand = `Voltmax ${tag}`;
  const origin = `Korea ${tag}`;
  /** The battery the first test adds, for the stock test. */
  let batteryPath = '';

  /** Lookup rows of this test's own, added through the API with the signed-in user's token. */
  async function addLookup(path: string, name: string) {
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const answer = await fetch(`${app.url}/api/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(answer.status).toBe(201);
  }

  const open = (path: string) => page.goto(`${app.url}${path}`);

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await addLookup('battery-brands', brand);
    await addLookup('made-ins', origin);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('adds a battery, edits it from the list, and sees the new values on its detail page', async () => {
    await open('/batteries');
    await showsScreen(page, 'Batteries List');
    await page.getByRole('link', { name: 'Add New Battery' }).click();
    await showsScreen(page, 'Add New Battery & Product');

    await page.getByRole('button', { name: 'Save Battery' }).click();
    for (const message of ['Battery name is required', 'Battery brand is required', 'Made in is required', 'Shape is required', 'Ampere is required', 'Battery type is required', 'Location is required', 'Quantity is required']) {
      await page.getByText(message).waitFor();
    }
    await expectAccessible(page, 'the battery form with its errors');

    await page.getByLabel('Battery Name').fill(`Voltmax 60 ${tag}`);
    await page.getByLabel('Brand').selectOption({ label: brand });
    await page.getByLabel('Made In').selectOption({ label: origin });
    await page.getByLabel('Shape').selectOption('thick');
    await page.getByLabel('Ampere (AH)').fill('60');
    await page.getByLabel('Reversed').selectOption({ label: 'Yes' });
    await page.getByLabel('Type').selectOption('acid');
    await page.getByLabel('Date Received').fill('2026-11-02');
    await page.getByLabel('Cost Price').fill('70');
    await page.getByLabel('Selling Price').fill('109.50');
    await page.getByLabel('Location').selectOption({ label: 'Downtown Branch' });
    await page.getByLabel('Quantity').fill('8');
    await page.getByRole('button', { name: 'Save Battery' }).click();
    await page.getByText('Battery added successfully!').waitFor();

    await page.getByPlaceholder('Search by name or brand').fill(tag);
    const row = page.getByRole('row', { name: `Voltmax 60 ${tag}` });
    await row.getByText('60 AH').waitFor();
    await row.getByText('$109.50').waitFor();
    await expectAccessible(page, 'the battery list with the new battery');
    await row.getByRole('link', { name: 'Edit' }).click();

    await showsScreen(page, 'Edit Battery & Product');
    expect(await page.getByLabel('Reversed').inputValue()).toBe('1');
    await page.getByLabel('Battery Name').fill(`Voltmax 74 ${tag}`);
    await page.getByLabel('Ampere (AH)').fill('74');
    await page.getByLabel('Reversed').selectOption({ label: 'No' });
    await page.getByLabel('Type').selectOption('gel');
    await page.getByLabel('Quantity (all branches)').fill('11');
    await page.getByRole('button', { name: 'Update Battery' }).click();
    await page.getByText('Battery updated successfully!').waitFor();

    await showsScreen(page, 'Battery Product Details');
    const detail = async (label: string) => (await page.locator('.detail-item', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').textContent())?.trim();
    expect(await detail('Battery Name')).toBe(`Voltmax 74 ${tag}`);
    expect(await detail('Ampere')).toBe('74 AH');
    expect(await detail('Reversed')).toBe('No');
    expect(await detail('Type')).toBe('Gel');
    expect(await detail('Shape')).toBe('Thick');
    expect(await detail('Made In')).toBe(origin);
    expect(await detail('Total Stock')).toBe('11');
    expect(await detail('Stock per Branch')).toBe('Downtown Branch: 11');

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Reversed').selectOption({ label: 'Yes' });
    await page.getByRole('button', { name: 'Update Battery' }).click();
    await page.getByRole('heading', { name: 'Battery Product Details' }).waitFor();
    expect(await detail('Reversed')).toBe('Yes');
    batteryPath = new URL(page.url()).pathname;
  });

  it("adjusts and transfers a battery's stock on its detail page, and refuses more than there is", async () => {
    await open(batteryPath);
    const panel = page.getByRole('region', { name: 'Stock', exact: true });
    const branch = (name: string) => panel.getByRole('row', { name, exact: true }).locator('td[data-label="Quantity"]');
    const history = panel.getByRole('table', { name: 'Stock history' });
    const total = page.locator('.detail-item', { has: page.locator('dt', { hasText: /^Total Stock$/ }) }).locator('dd');
    await expect.poll(() => branch('Downtown Branch').textContent()).toBe('11');
    expect(await branch('Northside Branch').textContent()).toBe('0');
    await panel.getByText('Total (all branches): 11').waitFor();
    await expectAccessible(page, "the battery's stock panel");

    await panel.getByRole('button', { name: 'Adjust Stock' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust Stock' });
    await expect.poll(() => adjust.getByLabel('Branch').locator('option:checked').textContent()).toBe('Downtown Branch (11 in stock)');
    await expectAccessible(page, 'the Adjust Stock dialog');
    await adjust.getByLabel('Change').fill('3');
    await adjust.getByLabel('Reason').selectOption({ label: 'Return' });
    await adjust.getByRole('button', { name: 'Adjust Stock' }).click();
    await page.getByText('Stock adjusted.').waitFor();
    const newest = history.getByRole('row').nth(1);
    await newest.getByText('+3').waitFor();
    await newest.getByText('Return', { exact: true }).waitFor();
    await newest.getByText('Downtown Branch').waitFor();
    await newest.getByText(DEMO_LOGIN.name).waitFor();
    await expect.poll(() => branch('Downtown Branch').textContent()).toBe('14');
    await expect.poll(() => total.textContent()).toBe('14');

    await panel.getByRole('button', { name: 'Transfer Stock' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transfer Stock' });
    await transfer.getByLabel('From Branch').selectOption({ label: 'Downtown Branch (14 in stock)' });
    await transfer.getByLabel('To Branch').selectOption({ label: 'Northside Branch (0 in stock)' });
    await transfer.getByLabel('Quantity').fill('1');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await page.getByText('Stock transferred.').waitFor();
    await history.getByRole('row', { name: /Downtown Branch -1$/ }).getByText('Transfer out').waitFor();
    await history.getByRole('row', { name: /Northside Branch \+1$/ }).getByText('Transfer in').waitFor();
    await expect.poll(() => branch('Downtown Branch').textContent()).toBe('13');
    expect(await branch('Northside Branch').textContent()).toBe('1');
    await panel.getByText('Total (all branches): 14').waitFor();

    await panel.getByRole('button', { name: 'Transfer Stock' }).click();
    await transfer.getByLabel('From Branch').selectOption({ label: 'Northside Branch (1 in stock)' });
    await transfer.getByLabel('To Branch').selectOption({ label: 'Downtown Branch (13 in stock)' });
    await transfer.getByLabel('Quantity').fill('5');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await transfer.getByText('Not enough stock at Northside Branch: only 1 available.').waitFor();
    await expectAccessible(page, 'the Transfer Stock dialog with its refusal');
    await transfer.getByRole('button', { name: 'Cancel' }).click();
    expect(await transfer.count()).toBe(0);
    expect(await branch('Northside Branch').textContent()).toBe('1');
  });

  it('adds a wiper with the inline form, sees it in the list, and edits it inline', async () => {
    await open('/wiper-products');
    await showsScreen(page, 'Wiper Products');
    const form = page.getByRole('form', { name: 'Quick Add' });
    expect(await form.getByLabel('Compatibility Year').inputValue()).toBe(String(new Date().getFullYear()));

    await form.getByLabel('Compatibility Year').fill('');
    await form.getByRole('button', { name: 'Add Wiper' }).click();
    for (const message of ['Size is required', 'Type is required', 'Frame material is required', 'Compatibility year is required', 'Compatible cars is required', 'Made in is required']) {
      await form.getByText(message).waitFor();
    }
    await expectAccessible(page, 'the Quick Add form with its errors');

    await form.getByLabel('Size (inches)').fill('21');
    await form.getByLabel('Type').fill('Beam');
    await form.getByLabel('Frame Material').fill('Rubber');
    await form.getByLabel('Compatibility Year').fill('1899');
    await form.getByLabel('Compatible Cars').fill(`Civic ${tag}`);
    await form.getByLabel('Made In').selectOption({ label: origin });
    await form.getByLabel('Selling Price').fill('14.99');
    await form.getByRole('button', { name: 'Add Wiper' }).click();
    await form.getByText(`Compatibility year must be between 1900 and ${new Date().getFullYear() + 1}`).waitFor();
    await form.getByLabel('Compatibility Year').fill('2021');
    await form.getByRole('button', { name: 'Add Wiper' }).click();
    await page.getByText('Wiper product added successfully!').waitFor();
    expect(await form.getByLabel('Type').inputValue()).toBe('');

    await page.getByPlaceholder('Search by size, type, cars or origin').fill(tag);
    const row = page.getByRole('row', { name: '21" Beam wiper (Rubber)' });
    await row.getByText(`Civic ${tag}`).waitFor();
    await row.getByText('$14.99').waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();

    const editing = page.getByRole('form', { name: 'Edit 21" Beam wiper (Rubber)' });
    expect(await editing.getByLabel('Compatible Cars').inputValue()).toBe(`Civic ${tag}`);
    await expectAccessible(page, 'a wiper edited inline');
    await editing.getByLabel('Size (inches)').fill('26');
    await editing.getByLabel('Frame Material').fill('Silicone');
    await editing.getByRole('button', { name: 'Update Wiper' }).click();
    await page.getByText('Wiper product updated successfully!').waitFor();
    const updated = page.getByRole('row', { name: '26" Beam wiper (Silicone)' });
    await updated.getByText('Silicone').waitFor();
    await updated.getByText('2021').waitFor();
    expect(await page.getByRole('row', { name: '21" Beam wiper (Rubber)' }).count()).toBe(0);
    await page.getByRole('form', { name: 'Quick Add' }).waitFor();
  });

  it('shows an item at or below its minimum as Low Stock, highlighted, and filters to low stock', async () => {
    await open('/inventories');
    await showsScreen(page, 'Inventory Overview');
    for (const [name, stock] of [
      [`Coolant ${tag}`, '10'],
      [`Brake fluid ${tag}`, '25'],
    ]) {
      await page.getByRole('link', { name: 'Add Inventory Item' }).click();
      await showsScreen(page, 'Add Inventory Item');
      expect(await page.getByLabel('Min Stock').inputValue()).toBe('10');
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Category').selectOption('oils');
      await page.getByLabel('Current Stock').fill(stock);
      await page.getByLabel('Unit Price').fill('12.50');
      await page.getByRole('button', { name: 'Save Item' }).click();
      await page.getByText('Inventory item added successfully!').waitFor();
    }

    await page.getByPlaceholder('Search by name').fill(tag);
    const low = page.getByRole('row', { name: `Coolant ${tag}` });
    const fine = page.getByRole('row', { name: `Brake fluid ${tag}` });
    await low.getByText('Low Stock').waitFor();
    await low.getByText('$125.00').waitFor();
    await fine.getByText('In Stock').waitFor();
    expect(await low.getAttribute('class')).toContain('row-low');
    expect(await fine.getAttribute('class')).toBeNull();
    const background = (row: typeof low) => row.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(low)).not.toBe(await background(fine));
    await expectAccessible(page, 'the inventory with a low stock row');

    await page.getByLabel('Low stock only').check();
    await page.waitForURL(/lowStock=1/);
    await fine.waitFor({ state: 'detached' });
    await low.waitFor();
    await page.getByLabel('Category').selectOption('parts');
    await page.getByText('No inventory items found').waitFor();
    await expectAccessible(page, 'the empty inventory');
    await page.getByLabel('Category').selectOption('oils');
    await low.waitFor();

    await page.getByLabel('Low stock only').uncheck();
    await fine.waitFor();
    await fine.getByRole('link', { name: 'Edit' }).click();
    await showsScreen(page, 'Edit Inventory Item');
    const stockPanel = page.getByRole('region', { name: 'Stock', exact: true });
    await stockPanel.getByRole('button', { name: 'Adjust Stock' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust Stock' });
    await adjust.getByLabel('Branch').selectOption({ label: 'Downtown Branch (25 in stock)' });
    await adjust.getByLabel('Change').fill('2');
    await adjust.getByRole('button', { name: 'Adjust Stock' }).click();
    await stockPanel.getByRole('table', { name: 'Stock history' }).getByRole('row', { name: /Downtown Branch \+2$/ }).getByText('Count correction').waitFor();
    await expect.poll(() => page.getByLabel('Current Stock (all branches)').inputValue()).toBe('27');
    await page.getByLabel('Current Stock (all branches)').fill('3');
    await page.getByRole('button', { name: 'Update Item' }).click();
    await page.getByText('Inventory item updated successfully!').waitFor();
    await page.getByPlaceholder('Search by name').fill(tag);
    await fine.getByText('Low Stock').waitFor();

    await fine.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to delete this inventory item?').waitFor();
    await expectAccessible(page, 'the delete dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await fine.waitFor({ state: 'detached' });
  });
});
