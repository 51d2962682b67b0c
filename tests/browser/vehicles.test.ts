import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsCanRun, expectAccessible, launchBrowser, printedBy, showsScreen, startApp, takeShots, type RunningApp, demoAdminPage } from '../support/browser.ts';

const TIRE = 'Michelin Primacy 4 205 / 55 R 16';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(!browserTestsCanRun())("a vehicle's history in the browser", () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  async function api<T>(method: string, path: string): Promise<T> {
    return page.evaluate(
      async ([method, path]) => {
        const answer = await fetch(`/api/${path}`, { method, headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}` } });
        return ((await answer.json()) as { data: unknown }).data;
      },
      [method, path] as const,
    ) as Promise<T>;
  }

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await demoAdminPage(app, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** A sale to Maria Gonzalez on her car at `mileage`, of four tires of the size the vehicle offers. */
  async function visit(mileage: string, offeredSize: string) {
    await page.goto(`${app.url}/sales/create`);
    const form = page.getByRole('form', { name: 'New Sale' });
    await form.waitFor();
    await form.getByRole('combobox', { name: 'Customer' }).fill('gonzalez');
    await form.getByRole('option', { name: /^Maria Gonzalez/ }).click();
    await form.getByLabel('Location').selectOption({ label: 'Downtown Branch' });
    await form.getByLabel('Vehicle').selectOption({ label: 'GZ 4821 · Toyota Corolla 2018' });
    await form.getByLabel('Mileage', { exact: true }).fill(mileage);
    const entry = form.getByRole('group', { name: 'Add an item' });
    // The vehicle offers its tire size, and the product box then lists tires of that size.
    await entry.getByRole('button', { name: `Tires in ${offeredSize}` }).click();
    await entry.getByRole('option', { name: new RegExp(`^${escape(TIRE)}`) }).click();
    await entry.getByLabel('Quantity').fill('4');
    await entry.getByRole('button', { name: 'Add' }).click();
    await form.getByRole('row', { name: new RegExp(escape(TIRE)) }).waitFor();
    return form;
  }

  it('adds a car to a customer, sells it tires twice, and shows both visits on its page with the mileage and each tire’s DOT', async () => {
    const [customer] = await api<{ id: number }[]>('GET', 'customers?search=gonzalez');
    await page.goto(`${app.url}/customers/${customer.id}`);
    await showsScreen(page, 'Customer Details');
    const vehicles = page.getByRole('region', { name: 'Vehicles' });
    await vehicles.getByText('No vehicles recorded yet.').waitFor();
    await vehicles.getByRole('button', { name: 'Add Vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
    await dialog.getByLabel('Plate').fill('gz 4821');
    await dialog.getByLabel('VIN').fill('2T1BURHE5JC012345');
    await dialog.getByLabel('Make').fill('Toyota');
    await dialog.getByLabel('Model').fill('Corolla');
    await dialog.getByLabel('Year').fill('2018');
    await dialog.getByLabel('Tire Sizes').fill('205/55R16');
    await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
    // The VIN's 9th character is its check digit: a typing slip is caught.
    await dialog.getByText(/This VIN does not check out/).waitFor();
    await expectAccessible(page, 'the vehicle form with its error');
    await dialog.getByLabel('VIN').fill('2T1BURHE3JC012345');
    await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
    await dialog.waitFor({ state: 'detached' });
    await vehicles.getByRole('link', { name: 'GZ 4821' }).waitFor();
    await takeShots(page, 'vehicles-customer');

    // First visit: the size recorded on the car.
    let form = await visit('41000', '205/55R16');
    await expectAccessible(page, 'the sale form with its vehicle');
    await takeShots(page, 'vehicles-sale-form');
    await form.getByRole('button', { name: 'Complete and pay' }).click();
    await page.waitForURL(/\/sales\/\d+$/);
    await page.getByText('Sale created successfully!').waitFor();
    const first = (await page.getByRole('heading', { level: 1 }).textContent())!.replace(/^Sale #/, '');

    // Second visit: the size last fitted; a mileage below the last one is questioned.
    form = await visit('40000', '205 / 55 R 16');
    await form.getByRole('combobox', { name: 'Quick add' }).fill('tire fitting');
    await form.getByRole('listbox', { name: 'Quick add' }).getByRole('option').first().waitFor();
    await form.getByRole('combobox', { name: 'Quick add' }).press('Enter');
    await form.getByRole('row', { name: /Tire fitting/ }).waitFor();
    await form.getByRole('button', { name: 'Complete and pay' }).click();
    await form.getByText('The last recorded mileage of this vehicle is 41,000. Check the mileage, or confirm it is right.').waitFor();
    await expectAccessible(page, 'the sale form with its mileage questioned');
    await form.getByLabel('Mileage', { exact: true }).fill('48200');
    await form.getByRole('button', { name: 'Complete and pay' }).click();
    await page.waitForURL(/\/sales\/\d+$/);
    await page.getByText('Sale created successfully!').waitFor();
    const second = (await page.getByRole('heading', { level: 1 }).textContent())!.replace(/^Sale #/, '');
    const sold = await api<{ items: { dot: string }[] }>('GET', `sales/${page.url().split('/').pop()}`);
    await page.getByRole('link', { name: 'GZ 4821 · Toyota Corolla 2018' }).waitFor();
    await page.getByText('48,200').first().waitFor();
    const printed = await printedBy(page, () => page.getByRole('button', { name: 'Print receipt' }).click());
    expect(printed).toContain('GZ 4821 · Toyota Corolla 2018');
    expect(printed).toContain('48,200');

    // The top search finds the car by its plate and opens its history.
    await page.getByPlaceholder('Search products, customers...').fill('gz 48');
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: /^GZ 4821 · Toyota Corolla 2018/ }).click();
    await showsScreen(page, 'Vehicle GZ 4821 · Toyota Corolla 2018');
    const history = page.getByRole('region', { name: 'History' }).getByRole('article');
    await expect.poll(() => history.count()).toBe(2);
    await expect.poll(() => history.nth(0).getByRole('heading').textContent()).toBe(`Sale ${second}`);
    expect(await history.nth(1).getByRole('heading').textContent()).toBe(`Sale ${first}`);
    expect(await history.nth(0).textContent()).toContain('Mileage 48,200');
    expect(await history.nth(1).textContent()).toContain('Mileage 41,000');
    const row = history.nth(0).getByRole('row', { name: new RegExp(escape(TIRE)) });
    expect(await row.textContent()).toContain(sold.items[0].dot);
    expect(await row.textContent()).toContain('Michelin');
    expect(await row.textContent()).toContain('Primacy 4');
    expect(await history.nth(0).getByRole('row', { name: /Tire fitting/ }).textContent()).toContain('Service');
    expect(await history.nth(1).getByRole('row', { name: /Tire fitting/ }).count()).toBe(0);
    // Fees are charged, not fitted.
    expect(await history.getByRole('row', { name: /disposal fee/i }).count()).toBe(0);
    await takeShots(page, 'vehicles-history');
  });
});
