import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, type RunningApp, takeShots } from '../support/browser.ts';

const STAFF = { name: 'Riley Counter', email: 'riley.counter@example.test', first: 'first-pass-4821', chosen: 'riley-own-pass-77' };
const HOME_BRANCH = 'Northside Branch';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Named {
  id: number;
  name: string;
}

describe.skipIf(!browserTestsCanRun())('staff accounts in the browser: users, a forced password change, roles and the audit trail', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Page;
  let staffContext: BrowserContext;
  let staff: Page;
  let adminToken = '';
  let staffToken = '';
  let staffId = 0;
  /** The invoice the staff user creates, found again in the audit trail. */
  let createdInvoiceId = 0;

  async function api<T>(path: string, init: RequestInit = {}, bearer = adminToken): Promise<{ status: number; body: T }> {
    const answer = await fetch(`${app.url}/api/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...init.headers },
    });
    const text = await answer.text();
    return { status: answer.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async function signIn(target: Page, email: string, password: string) {
    await target.goto(`${app.url}/login`);
    await target.getByLabel('Email').fill(email);
    await target.getByLabel('Password').fill(password);
    await target.getByRole('button', { name: 'Sign In' }).click();
  }

  const tokenOf = async (target: Page) => (await target.evaluate(() => localStorage.getItem('auth_token')))!;

  /** With SHOTS=1, the page at a laptop's and a phone's width. */
  const shots = (name: string, target: Page) => takeShots(target, `staff-${name}`);

  const userRow = (target: Page, name: string) => target.getByRole('row', { name, exact: true });

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(admin, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await showsScreen(admin, 'Dashboard');
    adminToken = await tokenOf(admin);
    // A second browser: its own storage, so its own session.
    staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    staff = await staffContext.newPage();
  });
  afterAll(async () => {
    await staffContext?.close();
    await browser?.close();
    await app?.stop();
  });

  it('lets an administrator add a staff user at a home branch', async () => {
    const settings = admin.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Settings' });
    if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
    await admin.getByRole('link', { name: 'Users' }).click();
    await showsScreen(admin, 'Users', { exact: true });
    await userRow(admin, DEMO_LOGIN.name).getByText('(you)').waitFor();
    // No Disable on one's own account.
    expect(await userRow(admin, DEMO_LOGIN.name).getByRole('button', { name: 'Disable' }).count()).toBe(0);
    await shots('user-list', admin);

    await admin.getByRole('link', { name: 'Add User' }).click();
    await showsScreen(admin, 'Add User');
    await admin.getByRole('button', { name: 'Create User' }).click();
    await admin.getByText('Name is required').waitFor();
    await expectAccessible(admin, 'the new user form with its errors');

    await admin.getByLabel('Name').fill(STAFF.name);
    await admin.getByLabel('Email').fill(STAFF.email);
    await admin.getByLabel('Role').selectOption({ label: 'Staff' });
    await admin.getByLabel('Home Branch').selectOption({ label: HOME_BRANCH });
    await admin.getByLabel('First password').fill(STAFF.first);
    await admin.getByLabel('Confirm password').fill(`${STAFF.first}-typo`);
    await admin.getByRole('button', { name: 'Create User' }).click();
    await admin.getByText('The passwords do not match').waitFor();
    await admin.getByLabel('Confirm password').fill(STAFF.first);
    await shots('user-create', admin);
    await admin.getByRole('button', { name: 'Create User' }).click();

    await admin.waitForURL(`${app.url}/settings/users`);
    await admin.getByText(`User created. ${STAFF.name} chooses a new password at the first sign-in.`).waitFor();
    const row = userRow(admin, STAFF.name);
    expect(await row.locator('td[data-label="Role"]').textContent()).toBe('Staff');
    expect(await row.locator('td[data-label="Home Branch"]').textContent()).toBe(HOME_BRANCH);
    expect(await row.locator('td[data-label="Last Sign-in"]').textContent()).toBe('Never');
    await row.getByText('Active').waitFor();
    await row.getByText('New password due').waitFor();
    await expectAccessible(admin, 'the user list with the new user');
    await admin.getByRole('searchbox', { name: 'Search users' }).fill('nobody-by-this-name');
    await admin.getByText('No users match your search').waitFor();
    await admin.getByRole('searchbox', { name: 'Search users' }).fill('riley');
    await userRow(admin, STAFF.name).waitFor();
    await expect.poll(() => admin.getByRole('table', { name: 'Users' }).locator('tbody tr').count()).toBe(1);

    const users = (await api<{ data: { id: number; email: string; home_location: Named | null; must_change_password: boolean }[] }>(`users?search=${encodeURIComponent(STAFF.email)}`)).body.data;
    const created = users.find((user) => user.email === STAFF.email)!;
    expect(created).toMatchObject({ home_location: { name: HOME_BRANCH }, must_change_password: true });
    staffId = created.id;

    // The same email twice is refused under its field.
    await admin.getByRole('link', { name: 'Add User' }).click();
    await admin.getByLabel('Name').fill('Someone Else');
    await admin.getByLabel('Email').fill(STAFF.email);
    await admin.getByLabel('First password').fill(STAFF.first);
    await admin.getByLabel('Confirm password').fill(STAFF.first);
    await admin.getByRole('button', { name: 'Create User' }).click();
    await admin.getByText('The email has already been taken.').waitFor();
    await admin.getByRole('link', { name: 'Cancel' }).click();
    await showsScreen(admin, 'Users', { exact: true });
  });

  it('has the staff user choose a new password at the first sign-in, then land on the dashboard', async () => {
    await signIn(staff, STAFF.email, STAFF.first);
    await staff.waitForURL(`${app.url}/profile`);
    await staff.getByText('Choose a new password before you continue.').waitFor();
    await showsScreen(staff, 'My Profile');
    await shots('forced-password', staff);

    // Every other screen sends them back here.
    await staff.goto(`${app.url}/invoices`);
    await staff.waitForURL(`${app.url}/profile`);
    await staff.getByText('Choose a new password before you continue.').waitFor();
    staffToken = await tokenOf(staff);
    expect((await api<{ message: string }>('invoices', {}, staffToken)).body.message).toBe('Choose a new password before you continue.');

    // The strength meter judges as the server does: a common password, then the one chosen.
    await staff.getByLabel('New password', { exact: true }).fill('password123');
    await staff.getByText('Very weak. This is a commonly used password.', { exact: false }).waitFor();
    await staff.getByLabel('Current password').fill('not-the-password');
    await staff.getByLabel('New password', { exact: true }).fill(STAFF.chosen);
    await staff.getByText('Very strong').waitFor();
    await expect.poll(() => staff.getByRole('meter', { name: 'Password strength' }).getAttribute('value')).toBe('5');
    await staff.getByLabel('Confirm new password').fill(STAFF.chosen);
    await staff.getByRole('button', { name: 'Change Password' }).click();
    await staff.getByText('The current password is incorrect').waitFor();
    await expectAccessible(staff, 'the password change refused');

    await staff.getByLabel('Current password').fill(STAFF.first);
    await staff.getByRole('button', { name: 'Change Password' }).click();
    await staff.waitForURL(`${app.url}/`);
    await showsScreen(staff, 'Dashboard');
    const me = await api<{ data: { must_change_password: boolean; home_location: Named | null } }>('auth/me', {}, staffToken);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ must_change_password: false, home_location: { name: HOME_BRANCH } });
  });

  it("keeps the administrator's pages out of the staff user's menu and screens", async () => {
    const nav = staff.getByRole('navigation', { name: 'Main menu' });
    const settings = nav.getByRole('button', { name: 'Settings' });
    if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
    await nav.getByRole('link', { name: 'Shop Settings' }).waitFor();
    await nav.getByRole('link', { name: 'My Profile' }).waitFor();
    expect(await staff.locator('a[href="/settings/users"]').count()).toBe(0);
    expect(await staff.locator('a[href="/settings/audit"]').count()).toBe(0);

    for (const [path, title] of [
      ['/settings/users', 'Users'],
      ['/settings/users/create', 'Users'],
      ['/settings/audit', 'Audit Trail'],
    ]) {
      await staff.goto(`${app.url}${path}`);
      await staff.getByText('Only an administrator can open this page.').waitFor();
      await showsScreen(staff, title, { exact: true });
    }
    await shots('admin-only', staff);
    expect((await api('users', {}, staffToken)).status).toBe(403);
    expect((await api('audit-events', {}, staffToken)).status).toBe(403);
  });

  it('shows the staff user no Delete on a sent invoice, and the API refuses it', async () => {
    const sent = (await api<{ data: { id: number; number: string }[] }>('invoices?status=sent&per_page=1')).body.data[0];
    expect(sent).toBeTruthy();
    await staff.goto(`${app.url}/invoices/${sent.id}`);
    await showsScreen(staff, `Invoice #${sent.number}`);
    expect(await staff.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    const refused = await api<{ message: string }>(`invoices/${sent.id}`, { method: 'DELETE' }, staffToken);
    expect([403, 409]).toContain(refused.status);
    expect((await api(`invoices/${sent.id}`)).status).toBe(200);
  });

  it("starts the staff user's new invoice at their home branch", async () => {
    const fitting = (await api<{ data: Named[] }>('products?type=service&search=fitting')).body.data.find((product) => product.name === 'Tire fitting (per tire)')!;
    await staff.goto(`${app.url}/invoices/create`);
    const form = staff.getByRole('form', { name: 'Create Invoice' });
    await form.waitFor();
    await expect.poll(async () => (await form.getByLabel('Location').locator('option:checked').textContent())?.trim()).toBe(HOME_BRANCH);

    await form.getByRole('combobox', { name: 'Customer' }).fill('gonzalez');
    await form.getByRole('option', { name: /^Maria Gonzalez/ }).click();
    const entry = form.getByRole('group', { name: 'Add an item' });
    await entry.getByLabel('Product Type').selectOption({ label: 'Service' });
    await entry.getByRole('combobox', { name: 'Product', exact: true }).fill('fitting');
    await entry.getByRole('option', { name: new RegExp(`^${escape(fitting.name)}`) }).click();
    await entry.getByLabel('Quantity').fill('1');
    await entry.getByRole('button', { name: 'Add' }).click();
    await form.getByRole('row', { name: fitting.name }).waitFor();
    await form.getByRole('button', { name: 'Create Invoice' }).click();
    await staff.getByText('Invoice created successfully!').waitFor();

    const events = await api<{ data: { record_id: number; record_type: string; action: string }[] }>(
      `audit-events?user_id=${staffId}&record_type=invoice&action=created`,
    );
    expect(events.body.data).toHaveLength(1);
    createdInvoiceId = events.body.data[0].record_id;
    const invoice = (await api<{ data: { location: Named; created_by_id?: number } }>(`invoices/${createdInvoiceId}`)).body.data;
    expect(invoice.location.name).toBe(HOME_BRANCH);
  });

  it("shows the administrator the staff user's sign-in and new invoice in the audit trail, and exports it", async () => {
    await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit Trail' }).click();
    await showsScreen(admin, 'Audit Trail');
    await admin.getByLabel('User', { exact: true }).selectOption({ label: STAFF.name });
    await admin.getByRole('button', { name: 'Filter' }).click();
    await admin.waitForURL(new RegExp(`[?&]user_id=${staffId}(&|$)`));

    const table = admin.getByRole('table', { name: 'Audit trail' });
    await table.locator('td[data-label="Action"]', { hasText: /^Signed in$/ }).first().waitFor();
    await table.locator('td[data-label="Action"]', { hasText: /^Password changed$/ }).first().waitFor();
    const created = table.getByRole('row').filter({ has: admin.locator(`a[href="/invoices/${createdInvoiceId}"]`) });
    await created.locator('td[data-label="Action"]', { hasText: /^Created$/ }).waitFor();
    expect(await created.locator('td[data-label="User"]').textContent()).toBe(STAFF.name);
    expect(await created.locator('td[data-label="Branch"]').textContent()).toBe(HOME_BRANCH);
    // The list shown before stays on screen until the filtered one comes.
    await expect.poll(async () => [...new Set(await table.locator('td[data-label="User"]').allTextContents())]).toEqual([STAFF.name]);
    await expectAccessible(admin, 'the audit trail of one user');
    await shots('audit', admin);

    // The filters stay in the address: a reload shows the same events.
    await admin.getByLabel('Action', { exact: true }).selectOption({ label: 'Signed in' });
    await admin.getByRole('button', { name: 'Filter' }).click();
    await admin.waitForURL(/action=signed\+in|action=signed%20in/);
    await admin.reload();
    await showsScreen(admin, 'Audit Trail');
    await expect.poll(() => admin.getByLabel('Action', { exact: true }).inputValue()).toBe('signed in');
    await expect.poll(() => admin.getByLabel('User', { exact: true }).inputValue()).toBe(String(staffId));
    await table.locator('tbody tr').first().waitFor();
    for (const cell of await table.locator('td[data-label="Action"]').allTextContents()) expect(cell).toBe('Signed in');

    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('When,User,Branch,Action,Record type,Record,Changes');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) {
      expect(line).toContain(STAFF.name);
      expect(line).toContain('signed in');
    }

    await admin.getByRole('link', { name: 'Clear' }).click();
    await admin.waitForURL(`${app.url}/settings/audit`);
    await admin.getByLabel('User', { exact: true }).selectOption({ label: STAFF.name });
    await admin.getByLabel('Record Type').selectOption({ label: 'Invoice' });
    await admin.getByRole('button', { name: 'Filter' }).click();
    await admin.locator(`a[href="/invoices/${createdInvoiceId}"]`).first().click();
    await admin.waitForURL(`${app.url}/invoices/${createdInvoiceId}`);

    // A product's record opens the page of its kind.
    await admin.goto(`${app.url}/settings/audit?record_type=product`);
    await showsScreen(admin, 'Audit Trail');
    const product = table.locator('td[data-label="Record"] a').first();
    await expect.poll(() => product.getAttribute('href')).toMatch(/^\/(tires|batteries|wiper-products|services|inventories)\/\d+/);
  });

  it('tells the administrator why the last administrator cannot become staff', async () => {
    const me = (await api<{ data: { id: number } }>('auth/me')).body.data;
    await admin.goto(`${app.url}/settings/users/${me.id}/edit`);
    await showsScreen(admin, 'Edit User');
    await admin.getByLabel('Role').selectOption({ label: 'Staff' });
    await admin.getByRole('button', { name: 'Update User' }).click();
    await admin.getByRole('alert').getByText('There must be at least one active administrator.').waitFor();
    await expectAccessible(admin, 'the refused demotion');
  });

  it('ends the staff session when an administrator disables the account', async () => {
    await staff.goto(`${app.url}/`);
    await showsScreen(staff, 'Dashboard');

    await admin.goto(`${app.url}/settings/users/${staffId}`);
    await showsScreen(admin, STAFF.name);
    await admin.getByRole('button', { name: 'Disable' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Disable User' });
    await dialog.getByText(`Disable ${STAFF.name}?`, { exact: false }).waitFor();
    await expectAccessible(admin, 'the Disable User dialog');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await admin.getByText(`${STAFF.name} is disabled and signed out.`).waitFor();
    await admin.locator('.detail-item', { hasText: 'Status' }).getByText('Disabled').waitFor();
    await shots('user-detail', admin);

    // Their next request is refused and the app sends them to sign in.
    await staff.locator('a.sidebar-user').click();
    await staff.waitForURL(`${app.url}/login`);
    expect((await api('auth/me', {}, staffToken)).status).toBe(401);
    await signIn(staff, STAFF.email, STAFF.chosen);
    await staff.getByText('This account has been disabled. Ask an administrator.').waitFor();

    await admin.getByRole('button', { name: 'Enable' }).click();
    await admin.getByText(`${STAFF.name} can sign in again.`).waitFor();

    // A reset password is a first password again: the user chooses their own at the next sign-in.
    const given = 'reset-pass-3210';
    await admin.getByRole('button', { name: 'Reset Password' }).click();
    const reset = admin.getByRole('dialog', { name: `Reset Password: ${STAFF.name}` });
    await reset.getByLabel('New password', { exact: true }).fill(given);
    await reset.getByLabel('Confirm new password').fill('something-else');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await reset.getByText('The passwords do not match').waitFor();
    await expectAccessible(admin, 'the Reset Password dialog');
    await reset.getByLabel('Confirm new password').fill(given);
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await admin.getByText(`Password reset. ${STAFF.name} chooses a new one at the next sign-in.`).waitFor();

    await signIn(staff, STAFF.email, given);
    await staff.waitForURL(`${app.url}/profile`);
    await staff.getByText('Choose a new password before you continue.').waitFor();
    await staff.getByLabel('Current password').fill(given);
    await staff.getByLabel('New password', { exact: true }).fill(STAFF.chosen);
    await staff.getByLabel('Confirm new password').fill(STAFF.chosen);
    await staff.getByRole('button', { name: 'Change Password' }).click();
    await staff.waitForURL(`${app.url}/`);
    await showsScreen(staff, 'Dashboard');
  });

  it('lets a user rename themselves and sign out their other sessions from the profile', async () => {
    const other = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/130.0' },
      body: JSON.stringify({ email: STAFF.email, password: STAFF.chosen }),
    });
    const otherToken = ((await other.json()) as { token: string }).token;

    await staff.getByRole('link', { name: /My Profile/ }).first().click();
    await showsScreen(staff, 'My Profile');
    const sessions = staff.getByRole('table', { name: 'Active sessions' });
    await sessions.getByText('This device').waitFor();
    await expect.poll(() => sessions.locator('tbody tr').count()).toBe(2);
    await shots('profile', staff);

    await staff.getByLabel('Name').fill(`${STAFF.name} Jr`);
    await staff.getByRole('button', { name: 'Save Name' }).click();
    await staff.getByText('Your name is saved.').waitFor();
    await staff.locator('.sidebar-user-name', { hasText: `${STAFF.name} Jr` }).waitFor();

    await staff.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Sign Out Other Sessions' });
    await expectAccessible(staff, 'the sign-out dialog');
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await staff.getByText('1 other session is signed out.').waitFor();
    await expect.poll(() => sessions.locator('tbody tr').count()).toBe(1);
    expect((await api('auth/me', {}, otherToken)).status).toBe(401);
    expect((await api('auth/me', {}, await tokenOf(staff))).status).toBe(200);
  });
});
