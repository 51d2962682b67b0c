import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, takeShots, type RunningApp } from '../support/browser.ts';

/** Sets up what the tests need through the API, under names no demo row carries. */
async function apiClient(url: string) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_LOGIN.email, password: DEMO_LOGIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  return async function call<T = { id: number }>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { data: T };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };
}

const tag = `T${Date.now().toString(36).slice(-5)}`;
const brandA = `${tag} Roadmaster`;
const brandB = `${tag} Gripline`;

describe.skipIf(!browserTestsCanRun())('tires in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let tireIds: number[];
  let call: Awaited<ReturnType<typeof apiClient>>;
  let downtownId: number;

  const cards = () => page.locator('.tire-card');
  const stat = (label: string) => page.locator('.tire-stat', { hasText: label }).locator('dd');

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    call = await apiClient(app.url);
    const [a, b] = [await call('POST', '/tire-brands', { name: brandA }), await call('POST', '/tire-brands', { name: brandB })];
    const type = await call('POST', '/tire-types', { name: `${tag} Passenger` });
    const pattern = (name: string, brand: number) => call('POST', '/patterns', { name, category: 'automotive', price: 0, tire_brand_id: brand });
    const [touring] = [await pattern(`${tag} Touring`, a.id), await pattern(`${tag} Sport`, a.id), await pattern(`${tag} Mud`, b.id)];
    const locations = await call<{ id: number; name: string }[]>('GET', '/locations');
    downtownId = locations[0].id;
    const suppliers = await call<{ id: number }[]>('GET', '/suppliers');
    const tire = (size: string, run_flat: boolean, fuel_rating: string, quantity: number, brand = a.id) =>
      call('POST', '/tires', {
        tire_brand_id: brand,
        pattern_id: brand === a.id ? touring.id : null,
        supplier_id: suppliers[0].id,
        tire_type_id: type.id,
        location_id: locations[0].id,
        size,
        dot: '2324',
        made_in: 'Portugal',
        date_received: '2026-10-01',
        run_flat,
        fuel_rating,
        water_rating: 'B',
        cost_price: 80,
        selling_price: 100,
        quantity,
      });
    tireIds = [];
    for (const [size, runFlat, fuel, quantity] of [
      ['205 / 55 R 16', false, 'A', 12],
      ['215 / 60 R 16', true, 'A', 4],
      ['225 / 45 R 17', true, 'C', 0],
      ['235 / 40 R 18', false, 'E', 20],
    ] as const) {
      tireIds.push((await tire(size, runFlat, fuel, quantity)).id);
    }
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${app.url}/`);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('adds a tire through the four-step wizard', async () => {
    await page.goto(`${app.url}/tires`);
    await showsScreen(page, 'Tires', { exact: true });
    await page.getByRole('link', { name: 'Add New Tire' }).click();
    await showsScreen(page, 'Add New Tire');

    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of ['Brand is required', 'Supplier is required', 'DOT is required', 'Origin is required', 'Date received is required']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await expectAccessible(page, 'the first step with its errors');
    const brand = page.getByLabel('Brand', { exact: true });
    const pattern = page.getByLabel('Pattern');
    expect(await pattern.isDisabled()).toBe(true);
    await brand.selectOption({ label: brandB });
    await pattern.locator('option', { hasText: `${tag} Mud` }).waitFor({ state: 'attached' });
    expect(await pattern.locator('option').allTextContents()).toEqual(['No pattern', `${tag} Mud`]);
    await pattern.selectOption({ label: `${tag} Mud` });
    await brand.selectOption({ label: brandA });
    await pattern.locator('option', { hasText: `${tag} Sport` }).waitFor({ state: 'attached' });
    expect(await pattern.inputValue()).toBe('');
    expect(await pattern.locator('option').allTextContents()).toEqual(['No pattern', `${tag} Sport`, `${tag} Touring`]);
    await pattern.selectOption({ label: `${tag} Sport` });
    expect(await page.getByText('Brand is required').count()).toBe(0);

    await page.getByLabel('Supplier').selectOption({ index: 1 });
    await page.getByLabel('DOT').fill('4524');
    expect(await page.getByText('DOT is required').count()).toBe(0);
    await page.getByText('Origin is required').waitFor();
    await page.getByLabel('Origin').fill('Portugal');
    await page.getByLabel('Date Received').fill('2026-11-02');
    await page.getByRole('button', { name: 'Next' }).click();

    await showsScreen(page, 'Tire Specifications');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Tire type is required').waitFor();
    await page.getByText('Size is required').waitFor();
    await expectAccessible(page, 'the second step with its errors');
    expect(await page.getByLabel('Construction Type').inputValue()).toBe('radial');
    await page.getByLabel('Tire Type').selectOption({ label: `${tag} Passenger` });
    const size = page.getByLabel('Size');
    await size.pressSequentially('255 35 19');
    expect(await size.inputValue()).toBe('255 / 35 R 19');
    await page.getByLabel('Run Flat').check();
    await page.getByLabel('Fuel Rating').selectOption('B');
    await page.getByLabel('Wet Grip').selectOption('A');
    await page.getByRole('button', { name: 'Next' }).click();

    await showsScreen(page, 'Pricing & Inventory');
    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of ['Cost price is required', 'Selling price is required', 'Location is required', 'Quantity is required']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await expectAccessible(page, 'the third step with its errors');
    await page.getByRole('button', { name: 'Previous' }).click();
    expect(await page.getByLabel('Size').inputValue()).toBe('255 / 35 R 19');
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.getByLabel('Selling Price').getAttribute('step')).toBe('0.01');
    await page.getByLabel('Cost Price').fill('140');
    await page.getByLabel('Selling Price').fill('199.99');
    await page.getByLabel('Location').selectOption({ index: 1 });
    await page.getByLabel('Quantity').fill('6');
    await page.getByRole('button', { name: 'Next' }).click();

    await showsScreen(page, 'Review & Submit');
    const review = page.locator('.review');
    for (const text of [brandA, `${tag} Sport`, '255 / 35 R 19', '$199.99', 'Portugal']) await review.getByText(text, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create Tire' }).click();
    await page.waitForURL(`${app.url}/tires`);
    await page.getByText('Tire product created successfully!').waitFor();

    await page.getByPlaceholder('Search size, brand, pattern, DOT...').fill(`${tag} Sport`);
    await page.getByRole('article', { name: `${brandA} ${tag} Sport 255 / 35 R 19` }).waitFor();
    await expectAccessible(page, 'the tire list with the new tire');
  });

  it('filters the list by run flat and fuel rating, and the stat cards follow', async () => {
    await page.goto(`${app.url}/tires?search=${tag}`);
    await page.evaluate(() => localStorage.setItem('tires_view', 'grid'));
    await page.reload();
    await page.getByText('Total Products').waitFor();
    await expect.poll(() => stat('Total Products').textContent()).toBe('5');
    expect(await stat('Out of Stock').textContent()).toBe('1');
    expect(await stat('Low Stock').textContent()).toBe('2');

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Run Flat').waitFor();
    await expectAccessible(page, 'the tire grid with its filters');
    await page.getByLabel('Run Flat').selectOption('1');
    await page.waitForURL(/run_flat=1/);
    await expect.poll(() => stat('Total Products').textContent()).toBe('3');
    await page.getByLabel('Fuel Rating').selectOption('A');
    await page.waitForURL(/fuel_rating=A/);
    await expect.poll(() => stat('Total Products').textContent()).toBe('1');
    expect(await stat('Total Value').textContent()).toBe('$400.00');
    expect(await cards().count()).toBe(1);
    await cards().getByText('215 / 60 R 16').waitFor();

    await page.reload();
    await expect.poll(() => stat('Total Products').textContent()).toBe('1');
    expect(await page.getByLabel('Fuel Rating').inputValue()).toBe('A');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => stat('Total Products').textContent()).toBe('5');

    await page.getByRole('button', { name: 'List' }).click();
    await page.getByRole('row', { name: /215 \/ 60 R 16/ }).waitFor();
    expect(await cards().count()).toBe(0);
    await expectAccessible(page, 'the tire list as a table');
    await page.reload();
    await page.getByRole('row', { name: /215 \/ 60 R 16/ }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tires_view'))).toBe('list');
    await page.getByRole('button', { name: 'Grid' }).click();
    await expect.poll(() => cards().count()).toBe(5);
  });

  it('deletes two selected tires after asking', async () => {
    await page.goto(`${app.url}/tires?search=${tag}&fuel_rating=C`);
    await expect.poll(() => cards().count()).toBe(1);
    await page.goto(`${app.url}/tires?search=${tag}`);
    await expect.poll(() => cards().count()).toBe(5);
    const deleteSelected = page.getByRole('button', { name: 'Delete Selected' });
    expect(await deleteSelected.isDisabled()).toBe(true);

    await page.getByLabel('Select all on this page').check();
    await page.getByText('5 selected').waitFor();
    await page.getByRole('button', { name: 'Clear Selection' }).click();
    expect(await deleteSelected.isDisabled()).toBe(true);

    await page.getByLabel(`Select ${brandA} ${tag} Touring 225 / 45 R 17`).check();
    await page.getByLabel(`Select ${brandA} ${tag} Touring 235 / 40 R 18`).check();
    await deleteSelected.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete 2 tires?').waitFor();
    await expectAccessible(page, 'the delete dialog with two tires selected');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('2 tires deleted successfully!').waitFor();
    await expect.poll(() => stat('Total Products').textContent()).toBe('3');
    expect(await page.getByText('225 / 45 R 17').count()).toBe(0);
  });

  it('exports the filtered list to CSV and imports it back', async () => {
    await page.goto(`${app.url}/tires?search=${tag}&fuel_rating=A`);
    await expect.poll(() => stat('Total Products').textContent()).toBe('2');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('tires.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe(
      'id,brand,pattern,tire_type,size,dot,made_in,date_received,date_of_production,supplier,location,construction_type,run_flat,fuel_rating,water_rating,cost_price,selling_price,quantity,active,notes,barcode',
    );
    expect(lines).toHaveLength(3);
    expect(lines.filter((line) => line.includes('205 / 55 R 16') || line.includes('215 / 60 R 16'))).toHaveLength(2);

    const refusedRow = lines[1].replace(brandA, `${tag} Nobody`);
    const file = [...lines, refusedRow].join('\r\n');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Tires' });
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'tires.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('2 tires added.').waitFor();
    await dialog.getByText(`Row 4: Brand "${tag} Nobody" not found`).waitFor();
    await expectAccessible(page, 'the import dialog with its report');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => stat('Total Products').textContent()).toBe('4');
  });

  it('adjusts stock, refuses more than there is, and shows the move in History', async () => {
    await page.goto(`${app.url}/tires/${tireIds[0]}`);
    await showsScreen(page, `${brandA} ${tag} Touring 205 / 55 R 16`);
    await page.getByRole('tab', { name: 'Pricing & Inventory' }).click();
    await page.getByRole('tabpanel').getByText('25.00%').waitFor();
    await expectAccessible(page, 'the Pricing & Inventory tab');

    await page.getByRole('button', { name: 'Adjust Stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust Stock' });
    await expect.poll(() => dialog.getByLabel('Branch').locator('option:checked').textContent()).toBe('Downtown Branch (12 in stock)');
    await dialog.getByLabel('Change').fill('-50');
    await dialog.getByLabel('Reason').selectOption('other');
    await dialog.getByRole('button', { name: 'Adjust Stock' }).click();
    await dialog.getByText('Note is required when the reason is Other').waitFor();
    await dialog.getByLabel('Note').fill('Stolen from the yard');
    await dialog.getByRole('button', { name: 'Adjust Stock' }).click();
    await dialog.getByText(/Not enough stock at .*: only 12 available\./).waitFor();
    await expectAccessible(page, 'the Adjust Stock dialog with its refusal');

    await dialog.getByLabel('Change').fill('-2');
    await dialog.getByLabel('Reason').selectOption('damage');
    await dialog.getByLabel('Note').fill('Sidewall cut');
    await dialog.getByRole('button', { name: 'Adjust Stock' }).click();
    await page.getByText('Stock adjusted.').waitFor();
    expect(await dialog.count()).toBe(0);

    await page.getByRole('tab', { name: 'History' }).click();
    const newest = page.getByRole('row').nth(1);
    await newest.getByText('-2').waitFor();
    await newest.getByText('Damage').waitFor();
    await newest.getByText('Sidewall cut').waitFor();
    await newest.getByText(DEMO_LOGIN.name).waitFor();
    await page.getByRole('row', { name: /\+12/ }).getByText('Opening stock').waitFor();
    await expectAccessible(page, 'the History tab');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('tabpanel').getByText('In Stock (all branches)').locator('..').getByText('10').waitFor();
  });

  it('edits a tire, then deletes it after asking', async () => {
    await page.goto(`${app.url}/tires/${tireIds[1]}/edit`);
    await showsScreen(page, /^Edit /);
    const selling = page.getByLabel('Selling Price');
    expect(await selling.inputValue()).toBe('100.00');
    await page.getByLabel('DOT').fill('');
    await page.getByRole('button', { name: 'Update Tire' }).click();
    await page.getByText('DOT is required').waitFor();
    await expectAccessible(page, 'the tire edit form with its error');
    await page.getByLabel('DOT').fill('0125');
    await selling.fill('109.50');
    await page.getByRole('button', { name: 'Update Tire' }).click();
    await page.getByText('Tire product updated successfully!').waitFor();
    await page.waitForURL(`${app.url}/tires/${tireIds[1]}`);
    await page.getByRole('tabpanel').getByText('$109.50').waitFor();

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete this tire?').waitFor();
    await expectAccessible(page, 'the delete dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${app.url}/tires`);
    await page.getByText('Tire product deleted successfully!').waitFor();

    await page.goto(`${app.url}/tires/${tireIds[1]}`);
    await page.getByText('Tire not found').waitFor();
    await page.getByRole('link', { name: 'Back to Tires' }).waitFor();
    await expectAccessible(page, 'a tire that is not found');
  });

  it('keeps a form left open from undoing stock sold since: it says who changed the tire, and Reload shows it as it is now', async () => {
    await page.goto(`${app.url}/tires/${tireIds[0]}/edit`);
    await showsScreen(page, /^Edit /);
    const quantity = page.getByLabel('Quantity (all branches)');
    const opened = Number(await quantity.inputValue());
    expect(opened).toBeGreaterThan(2);
    await page.getByLabel('Selling Price').fill('150.00');
    await call('POST', `/products/${tireIds[0]}/stock-adjustments`, { location_id: downtownId, delta: -2, reason: 'damage', note: 'Sold meanwhile' });

    await page.getByRole('button', { name: 'Update Tire' }).click();
    const box = page.getByRole('alert');
    await box.getByText(new RegExp(`^Changed by ${DEMO_LOGIN.name} at \\d\\d:\\d\\d.*; reload to see the changes\\.$`)).waitFor();
    expect(await page.getByLabel('Selling Price').inputValue()).toBe('150.00');
    expect(await quantity.inputValue()).toBe(String(opened));
    await expectAccessible(page, 'a tire form refused as stale');
    await takeShots(page, 'tire-edit-stale');

    await box.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => quantity.inputValue()).toBe(String(opened - 2));
    expect(await page.getByLabel('Selling Price').inputValue()).toBe('100.00');
    await page.getByLabel('Selling Price').fill('150.00');
    await page.getByRole('button', { name: 'Update Tire' }).click();
    await page.waitForURL(`${app.url}/tires/${tireIds[0]}`);
    const tire = await call<{ quantity: number; selling_price: number }>('GET', `/tires/${tireIds[0]}`);
    expect(tire).toMatchObject({ quantity: opened - 2, selling_price: 150 });
  });

  it('fits a phone: one card per row, the wizard steps and the dialogs', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await phone.goto(`${app.url}/login`);
    await phone.getByLabel('Email').fill(DEMO_LOGIN.email);
    await phone.getByLabel('Password').fill(DEMO_LOGIN.password);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await phone.waitForURL(`${app.url}/`);
    const overflow = () => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    await phone.goto(`${app.url}/tires?search=${tag}`);
    await phone.evaluate(() => localStorage.setItem('tires_view', 'grid'));
    await phone.reload();
    const phoneCards = phone.locator('.tire-card');
    await phoneCards.first().waitFor();
    const [first, second] = [await phoneCards.nth(0).boundingBox(), await phoneCards.nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(await phone.getByLabel('Run Flat').count()).toBe(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(phone, 'the tire grid on a phone');

    await phone.goto(`${app.url}/tires/create`);
    await phone.getByRole('button', { name: 'Next' }).click();
    await phone.getByText('Brand is required').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(phone, 'the wizard with its errors on a phone');

    await phone.goto(`${app.url}/tires/${tireIds[0]}`);
    await phone.getByRole('button', { name: 'Transfer Stock' }).click();
    const box = await phone.getByRole('dialog', { name: 'Transfer Stock' }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(phone, 'the Transfer Stock dialog on a phone');
    await phone.close();
  });
});
