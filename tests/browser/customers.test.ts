import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, type RunningApp } from '../support/browser.ts';

describe.skipIf(!browserTestsCanRun())('a shop assistant in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('is sent to the login page, and told when the password is wrong', async () => {
    await page.goto(`${app.url}/customers`);
    await page.waitForURL(`${app.url}/login`);
    await expectAccessible(page, 'the login page');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await expectAccessible(page, 'the login page with its errors');

    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('These credentials do not match our records.').waitFor();
    await expectAccessible(page, 'the refused sign-in');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  it('signs in and sees who is signed in', async () => {
    await page.getByLabel('Password').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${app.url}/`);
    await showsScreen(page, 'Dashboard');
    await page.getByText(`Welcome back, ${DEMO_LOGIN.name}.`).waitFor();
    await page.locator('#sidebar').getByText(DEMO_LOGIN.email).waitFor();
    // The bell's name says the count its badge shows.
    const bell = page.getByRole('button', { name: /^Notifications: \d+ stock alerts?$/ });
    const count = (await bell.locator('.notification-count').textContent())!;
    expect(await bell.getAttribute('aria-label')).toContain(`: ${count} stock alert`);
    await bell.click();
    const alerts = page.locator('#notifications-panel');
    await alerts.getByText('Stock alerts').waitFor();
    await alerts.getByRole('link', { name: /Continental VanContact Ultra 215 \/ 65 R 16\s*Out of stock/ }).waitFor();
    await expectAccessible(page, 'the stock alerts');
    await page.keyboard.press('Escape');

    await page.getByPlaceholder('Search products, customers...').fill('primacy 205');
    const results = page.getByRole('listbox', { name: 'Search results' });
    const primacy = results.getByRole('option', { name: /Michelin Primacy 4 205 \/ 55 R 16\s*Tire · \$119\.00/ });
    await primacy.waitFor();
    await expectAccessible(page, 'the search results');
    await primacy.click();
    await showsScreen(page, 'Michelin Primacy 4 205 / 55 R 16');
    await page.getByPlaceholder('Search products, customers...').fill('whitfield');
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: /^James Whitfield/ }).click();
    await showsScreen(page, 'Customer Details');
    const stored = await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('user')]);
    expect(stored[0]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(stored[1]!)).toMatchObject({ email: DEMO_LOGIN.email, name: DEMO_LOGIN.name });
  });

  it('adds a customer, finds it by search, edits it and deletes it', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' }).click();
    await showsScreen(page, 'Customer List');
    await page.getByRole('link', { name: 'Add New Customer' }).click();
    await showsScreen(page, 'Add New Customer');

    await page.getByRole('button', { name: 'Save Customer' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Phone is required').waitFor();
    await expectAccessible(page, 'the customer form with its errors');

    await page.getByLabel('Name', { exact: true }).fill('Olga Petrova');
    await page.getByLabel('Email').fill('olga.petrova@example.com');
    await page.getByLabel('Phone').fill('(555) 864-2097');
    await page.getByLabel('Address').fill('31 Quarry Lane, Springfield');
    await page.getByLabel('Company').fill('Petrova Deliveries');
    await page.getByRole('button', { name: 'Save Customer' }).click();
    await page.getByText('Customer added successfully!').waitFor();
    await expectAccessible(page, 'the customer list with its message');

    const search = page.getByPlaceholder('Search by name or phone');
    await search.fill('864 2097');
    await page.waitForURL(/search=864/);
    await page.getByRole('row', { name: /Maria Gonzalez/ }).waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Olga Petrova/ }).waitFor();
    await search.fill('petrova');
    await page.getByRole('row', { name: /Olga Petrova/ }).getByRole('link', { name: 'Edit' }).click();

    await showsScreen(page, 'Edit Customer');
    await page.getByLabel('Name', { exact: true }).fill('Olga Petrova-Lind');
    await page.getByLabel('Email').fill('not an email');
    await page.getByRole('button', { name: 'Update Customer' }).click();
    await page.getByText('Email must be a valid email address').waitFor();
    await page.getByLabel('Email').fill('olga@petrova.example');
    await page.getByRole('button', { name: 'Update Customer' }).click();
    await page.getByText('Customer updated successfully!').waitFor();
    await showsScreen(page, 'Customer Details');
    await page.getByRole('definition').filter({ hasText: 'olga@petrova.example' }).waitFor();
    // Its activity names the change.
    await page.getByRole('region', { name: 'Activity' }).getByRole('row', { name: /Updated$/ }).getByText('olga@petrova.example').waitFor();

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete this customer?').waitFor();
    await expectAccessible(page, 'the delete dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Customer Details' }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await showsScreen(page, 'Customer List');

    await page.getByPlaceholder('Search by name or phone').fill('Petrova');
    await page.getByText('No customers found').waitFor();
    await expectAccessible(page, 'the empty customer list');
  });

  it('logs out, and the old token no longer opens the API', async () => {
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const before = await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(before.status).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Logout' });
    await dialog.getByText('Are you sure you want to logout?').waitFor();
    await expectAccessible(page, 'the logout dialog');
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    const after = await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    await page.goto(`${app.url}/customers`);
    await page.waitForURL(`${app.url}/login`);
  });

  it('on a phone, opens the menu as a drawer', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await phone.goto(`${app.url}/login`);
    await phone.getByLabel('Email').waitFor();
    await expectAccessible(phone, 'the login page on a phone');
    await phone.getByLabel('Email').fill(DEMO_LOGIN.email);
    await phone.getByLabel('Password').fill(DEMO_LOGIN.password);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await showsScreen(phone, 'Dashboard');
    expect(await phone.locator('#sidebar').isVisible()).toBe(false);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const suppliers = phone.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Suppliers' });
    await suppliers.waitFor();
    await expectAccessible(phone, 'the menu drawer on a phone');
    await suppliers.click();
    await phone.getByRole('heading', { name: 'Supplier List' }).waitFor();
    await phone.getByText('Apex Battery Supply').waitFor();
    await expectAccessible(phone, 'the supplier list on a phone');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.close();
  });
});
