import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, DEMO_STAFF_LOGIN } from '../../worker/src/demo/shop.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, takeShots, type RunningApp } from '../support/browser.ts';

const SESSION_ENDED = 'Your session ended. Sign in again to carry on; what you typed is kept.';
const RESTORED = 'Restored the draft you had not saved yet.';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** With SHOTS=1, the sign-in page (no menu to wait for) at a laptop's and a phone's width. */
async function signInShots(page: Page, name: string) {
  if (process.env.SHOTS !== '1') return;
  const dir = process.env.SHOTS_DIR || '/tmp/shots-tests';
  mkdirSync(dir, { recursive: true });
  const before = page.viewportSize()!;
  for (const { width, height } of WIDTHS.map((entry) => entry.viewport)) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(dir, `${name}-${width}x${height}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}

describe.skipIf(!browserTestsCanRun())('nothing typed is lost when the session ends', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: T }> {
    const { token, ...rest } = init;
    const answer = await fetch(`${app.url}/api/${path}`, {
      ...rest,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...rest.headers },
    });
    return { status: answer.status, body: (answer.status === 204 ? null : await answer.json()) as T };
  }
  async function apiToken(email: string, password: string): Promise<string> {
    const answer = await api<{ token: string }>('auth/login', { method: 'POST', body: JSON.stringify({ email, password }) });
    expect(answer.status).toBe(200);
    return answer.body.token;
  }

  async function newPage(viewport = WIDTHS[0].viewport): Promise<Page> {
    const context = await browser.newContext({ viewport });
    return context.newPage();
  }
  async function fillSignIn(page: Page, email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }
  let signedInState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  /**
   * A browser of its own signed in as the administrator, with a session of its own (each test ends
   * it): the first signs in on the sign-in page, the others start from what it kept, with a new token.
   */
  async function signedInPage(viewport = WIDTHS[0].viewport): Promise<Page> {
    if (signedInState) {
      const token = await apiToken(DEMO_LOGIN.email, DEMO_LOGIN.password);
      const origins = signedInState.origins.map((origin) => ({
        ...origin,
        localStorage: origin.localStorage.map((item) => (item.name === 'auth_token' ? { ...item, value: token } : item)),
      }));
      const context = await browser.newContext({ viewport, storageState: { ...signedInState, origins } });
      return context.newPage();
    }
    const page = await newPage(viewport);
    await page.goto(`${app.url}/login`);
    await fillSignIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    signedInState = await page.context().storageState();
    return page;
  }
  /** Ends the page's session on the server, as signing out in another browser would: its next request answers 401. */
  async function endSession(page: Page) {
    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    expect((await api('auth/logout', { method: 'POST', token })).status).toBe(204);
    expect((await api('auth/me', { token })).status).toBe(401);
  }
  const draftKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('draft:')));

  async function pickProduct(page: Page, type: string, search: string, name: string) {
    const entry = page.getByRole('group', { name: 'Add an item' });
    await entry.getByLabel('Product Type').selectOption({ label: type });
    await entry.getByRole('combobox', { name: 'Product', exact: true }).fill(search);
    await entry.getByRole('option', { name: new RegExp(`^${escape(name)}`) }).click();
  }

  /** An invoice for Maria Gonzalez with a tire and a fitting, not yet saved. */
  async function halfAnInvoice(page: Page, notes: string) {
    await page.goto(`${app.url}/invoices/create`);
    const form = page.getByRole('form', { name: 'Create Invoice' });
    await form.getByRole('combobox', { name: 'Customer' }).fill('gonzalez');
    await form.getByRole('option', { name: /^Maria Gonzalez/ }).click();
    const entry = form.getByRole('group', { name: 'Add an item' });
    await pickProduct(page, 'Tire', 'primacy 205', 'Michelin Primacy 4 205 / 55 R 16');
    await entry.getByLabel('Quantity').fill('2');
    await entry.getByRole('button', { name: 'Add' }).click();
    await form.getByRole('row', { name: /Michelin Primacy 4 205 \/ 55 R 16/ }).waitFor();
    await pickProduct(page, 'Service', 'fitting', 'Tire fitting (per tire)');
    await entry.getByLabel('Description').fill('Mount and balance');
    await entry.getByLabel('Quantity').fill('2');
    await entry.getByRole('button', { name: 'Add' }).click();
    await form.getByRole('row', { name: /Tire fitting \(per tire\)/ }).waitFor();
    await form.getByLabel('Notes').fill(notes);
    // The fees and tax of the lines have come: no request of the form is on its way.
    await expect.poll(() => form.getByRole('button', { name: 'Create Invoice' }).isEnabled()).toBe(true);
    return form;
  }

  it('brings a half-built invoice back after signing in again, and drops it once saved', async () => {
    const page = await signedInPage();
    const notes = 'Kept through a new sign-in';
    const form = await halfAnInvoice(page, notes);
    expect(await draftKeys(page)).toHaveLength(1);

    await endSession(page);
    // The next request the form makes (a product search, or the live fees and tax) answers 401.
    const entry = page.getByRole('group', { name: 'Add an item' });
    await entry.getByLabel('Product Type').selectOption({ label: 'Tire' }, { timeout: 5_000 }).catch(() => undefined);
    await entry.getByRole('combobox', { name: 'Product', exact: true }).fill('energy', { timeout: 5_000 }).catch(() => undefined);
    await page.waitForURL(`${app.url}/login`);
    await page.getByRole('status').getByText(SESSION_ENDED).waitFor();
    await expectAccessible(page, 'the sign-in page after the session ended');
    await signInShots(page, 'drafts-session-ended');

    await fillSignIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.waitForURL(`${app.url}/invoices/create`);
    await page.getByRole('status').getByText(RESTORED).waitFor();
    expect(await form.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe('Maria Gonzalez');
    await form.getByRole('row', { name: /Michelin Primacy 4 205 \/ 55 R 16/ }).waitFor();
    await form.getByRole('row', { name: /Tire fitting \(per tire\)/ }).getByText('Mount and balance').waitFor();
    expect(await form.getByLabel('Notes').inputValue()).toBe(notes);
    await expectAccessible(page, 'the restored invoice');
    await takeShots(page, 'drafts-restored-invoice');

    await form.getByRole('button', { name: 'Create Invoice' }).click();
    await page.waitForURL(`${app.url}/invoices`);
    expect(await draftKeys(page)).toEqual([]);
    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    const list = await api<{ data: { id: number; notes: string | null }[] }>(`invoices?per_page=100`, { token });
    const saved = list.body.data.find((invoice) => invoice.notes === notes)!;
    const invoice = await api<{ data: { customer: { name: string }; items: { product_name: string; quantity: number }[] } }>(`invoices/${saved.id}`, { token });
    expect(invoice.body.data.customer.name).toBe('Maria Gonzalez');
    // The lines restored, and the disposal fee the server adds under the tires.
    expect(invoice.body.data.items.map((item) => [item.product_name, item.quantity])).toEqual([
      ['Michelin Primacy 4 205 / 55 R 16', 2],
      ['Tire disposal fee', 2],
      ['Tire fitting (per tire)', 2],
    ]);

    // Opening the form again starts from nothing.
    await page.goto(`${app.url}/invoices/create`);
    await page.getByRole('form', { name: 'Create Invoice' }).waitFor();
    expect(await page.getByText(RESTORED).count()).toBe(0);
    expect(await page.getByRole('row', { name: /Michelin Primacy/ }).count()).toBe(0);
    await page.context().close();
  });

  it("never shows another user's draft on this browser", async () => {
    const page = await signedInPage();
    await halfAnInvoice(page, 'Not for anyone else');
    await endSession(page);
    // Typing asks for products, whose 401 sends the page to the sign-in; a request of the page's own (the
    // bell, a refetch) may have sent it there first, and then there is nothing left to type into.
    await page
      .getByRole('group', { name: 'Add an item' })
      .getByRole('combobox', { name: 'Product', exact: true })
      .fill('energy', { timeout: 5_000 })
      .catch(() => {});
    await page.waitForURL(`${app.url}/login`);
    await page.getByText(SESSION_ENDED).waitFor();

    // Someone else signs in at the same counter: their own start page, and none of the first user's draft.
    await fillSignIn(page, DEMO_STAFF_LOGIN.email, DEMO_STAFF_LOGIN.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await draftKeys(page)).toEqual([]);
    await page.goto(`${app.url}/invoices/create`);
    const form = page.getByRole('form', { name: 'Create Invoice' });
    await form.waitFor();
    expect(await page.getByText(RESTORED).count()).toBe(0);
    expect(await form.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe('');
    expect(await form.getByRole('row', { name: /Michelin Primacy/ }).count()).toBe(0);
    expect(await form.getByLabel('Notes').inputValue()).toBe('');
    await page.context().close();
  });

  it('brings a new customer back after signing in again, and Discard drops it (phone)', async () => {
    const page = await signedInPage(WIDTHS[1].viewport);
    await page.goto(`${app.url}/customers/create`);
    await showsScreen(page, 'Add New Customer');
    await page.getByLabel('Name').fill('Priya Raman');
    await page.getByLabel('Phone').fill('555-0142');
    await page.getByLabel('Address').fill('12 Harbour Road');

    await endSession(page);
    await page.getByRole('button', { name: 'Save Customer' }).click();
    await page.waitForURL(`${app.url}/login`);
    await page.getByText(SESSION_ENDED).waitFor();

    await fillSignIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.waitForURL(`${app.url}/customers/create`);
    await page.getByRole('status').getByText(RESTORED).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Priya Raman');
    expect(await page.getByLabel('Phone').inputValue()).toBe('555-0142');
    expect(await page.getByLabel('Address').inputValue()).toBe('12 Harbour Road');
    await expectAccessible(page, 'the restored customer form');
    await takeShots(page, 'drafts-restored-customer');

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByText(RESTORED).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(await draftKeys(page)).toEqual([]);
    await page.reload();
    await showsScreen(page, 'Add New Customer');
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    await page.context().close();
  });

  /**
   * Customer James Whitfield's edit form with a new phone typed; meanwhile a colleague changes the
   * customer and this browser's session ends; saving sends the user to sign in, and back to the form.
   */
  async function editRestoredAfterAChange(page: Page, phone: string) {
    const colleague = await apiToken(DEMO_STAFF_LOGIN.email, DEMO_STAFF_LOGIN.password);
    const customer = (await api<{ data: { id: number }[] }>('customers?search=whitfield', { token: colleague })).body.data[0];
    await page.goto(`${app.url}/customers/${customer.id}/edit`);
    await showsScreen(page, 'Edit Customer');
    await page.getByLabel('Phone').fill(phone);

    const current = (await api<{ data: Record<string, unknown> & { version: number } }>(`customers/${customer.id}`, { token: colleague })).body.data;
    const address = `Moved to ${current.version + 1} Quay Street`;
    const changed = await api(`customers/${customer.id}`, {
      method: 'PUT',
      token: colleague,
      headers: { 'if-match': `"${current.version}"` },
      body: JSON.stringify({ name: current.name, phone: '555-0100', address, email: current.email ?? '', company_name: current.company_name ?? '' }),
    });
    expect(changed.status).toBe(200);
    await endSession(page);

    await page.getByRole('button', { name: 'Update Customer' }).click();
    await page.waitForURL(`${app.url}/login`);
    await fillSignIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.waitForURL(`${app.url}/customers/${customer.id}/edit`);
    await page.getByRole('status').getByText(RESTORED).waitFor();
    expect(await page.getByLabel('Phone').inputValue()).toBe(phone);
    return { id: customer.id, colleague, address };
  }

  it('keeps the version an edit form opened with: a restored edit of a record changed meanwhile is refused (412), not saved over it', async () => {
    const page = await signedInPage();
    const customer = await editRestoredAfterAChange(page, '555-0199');

    await page.getByRole('button', { name: 'Update Customer' }).click();
    await page.getByRole('alert').getByText(/^Changed by Casey Counter at .*; reload to see the changes\.$/).waitFor();
    const after = (await api<{ data: { phone: string; address: string } }>(`customers/${customer.id}`, { token: customer.colleague })).body.data;
    expect(after).toMatchObject({ phone: '555-0100', address: customer.address });

    // Reload opens the customer as it is now, without the draft.
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByLabel('Phone').inputValue()).toBe('555-0100');
    expect(await page.getByText(RESTORED).count()).toBe(0);
    expect(await draftKeys(page)).toEqual([]);
    await page.context().close();
  });

  it('opens the record as it is now when a restored edit is discarded, and then saves it', async () => {
    const page = await signedInPage();
    const customer = await editRestoredAfterAChange(page, '555-0177');

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => page.getByLabel('Phone').inputValue()).toBe('555-0100');
    expect(await page.getByLabel('Address').inputValue()).toBe(customer.address);
    expect(await page.getByText(RESTORED).count()).toBe(0);
    expect(await draftKeys(page)).toEqual([]);

    await page.getByLabel('Phone').fill('555-0188');
    await page.getByRole('button', { name: 'Update Customer' }).click();
    await showsScreen(page, 'Customer Details');
    const after = (await api<{ data: { phone: string; address: string } }>(`customers/${customer.id}`, { token: customer.colleague })).body.data;
    expect(after).toMatchObject({ phone: '555-0188', address: customer.address });
    expect(await draftKeys(page)).toEqual([]);
    await page.context().close();
  });
});
