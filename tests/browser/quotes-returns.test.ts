import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, printedBy, showsScreen, startApp, takeShots, type RunningApp } from '../support/browser.ts';

const TIRE = 'Michelin Primacy 4 205 / 55 R 16';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(!browserTestsCanRun())('quotes and returns in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    return page.evaluate(
      async ([method, path, body]) => {
        const answer = await fetch(`/api/${path}`, {
          method,
          headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return ((await answer.json()) as { data: unknown }).data;
      },
      [method, path, body] as const,
    ) as Promise<T>;
  }

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await showsScreen(page, 'Dashboard');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('quotes four tires, prints the quote, marks it sent and accepted, and converts it into an invoice at the quoted price', async () => {
    // The menu lists it under Sales.
    expect(await page.locator('#sidebar a[href="/quotes"]').textContent()).toBe('Quotes');
    await page.goto(`${app.url}/quotes`);
    await showsScreen(page, 'Quotes', { exact: true });
    await page.getByRole('link', { name: 'Create Quote' }).click();
    const form = page.getByRole('form', { name: 'Create Quote' });
    await form.waitFor();
    // The validity follows the issue date by the days in Settings (14) until it is typed.
    const issued = await form.getByLabel('Issue Date').inputValue();
    const validUntil = new Date(Date.parse(issued) + 14 * 86_400_000).toISOString().slice(0, 10);
    expect(await form.getByLabel('Valid Until').inputValue()).toBe(validUntil);

    await form.getByRole('combobox', { name: 'Customer' }).fill('gonzalez');
    await form.getByRole('option', { name: /^Maria Gonzalez/ }).click();
    await form.getByLabel('Location').selectOption({ label: 'Downtown Branch' });
    const entry = form.getByRole('group', { name: 'Add an item' });
    await entry.getByLabel('Product Type').selectOption({ label: 'Tire' });
    await entry.getByRole('combobox', { name: 'Product', exact: true }).fill('primacy');
    await entry.getByRole('option', { name: new RegExp(`^${escape(TIRE)}`) }).click();
    await entry.getByLabel('Quantity').fill('4');
    await entry.getByLabel('Unit Price').fill('99.50');
    await entry.getByRole('button', { name: 'Add' }).click();
    await form.getByRole('row', { name: TIRE }).waitFor();
    await expectAccessible(page, 'the new quote form');
    await takeShots(page, 'quote-form');
    await form.getByRole('button', { name: 'Create Quote' }).click();

    await page.waitForURL(/\/quotes\/\d+$/);
    const heading = page.getByRole('heading', { level: 1, name: /^Quote #/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.replace('Quote #', '');
    expect(number).toMatch(/^Q-\d{4}-\d{5}$/);
    const line = page.getByRole('row', { name: new RegExp(escape(TIRE)) });
    // Its page shows what the branch holds of each line.
    const stock = await page.evaluate(async (path) => {
      const token = localStorage.getItem('auth_token');
      const answer = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
      return ((await answer.json()) as { data: { items: { stock: number }[] } }).data.items[0].stock;
    }, `/api/quotes/${page.url().split('/').pop()}`);
    expect(await line.textContent()).toContain(`4${stock}$99.50$398.00`);
    await expectAccessible(page, 'the quote');
    await takeShots(page, 'quote-detail');

    const printed = await printedBy(page, () => page.getByRole('button', { name: 'Print' }).click());
    expect(printed).toContain('Quote');
    expect(printed).toContain(number);
    expect(printed).toContain('Valid Until');
    expect(printed).not.toContain('Balance Due');

    await page.getByRole('button', { name: 'Mark as Sent' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as Sent' }).click();
    await page.getByText('Quote marked as sent.').waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.locator('.badge', { hasText: 'Accepted' }).waitFor();

    await page.getByRole('button', { name: 'Convert to Invoice' }).click();
    await page.waitForURL(/\/invoices\/\d+$/);
    await page.getByText('Quote converted into an invoice.').waitFor();
    await page.getByRole('link', { name: number }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(escape(TIRE)) }).textContent()).toContain('$398.00');
    await takeShots(page, 'quote-converted-invoice');

    await page.getByRole('link', { name: number }).click();
    await page.waitForURL(/\/quotes\/\d+$/);
    await page.locator('.badge', { hasText: 'Converted' }).waitFor();
    expect(await page.getByRole('button', { name: /^Convert to/ }).count()).toBe(0);
    await page.goto(`${app.url}/quotes`);
    await page.getByRole('link', { name: number }).waitFor();
    await takeShots(page, 'quotes-list');
  });

  it('takes back one tire of a paid invoice as store credit, puts it back in stock, and prints the credit note', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const [customer] = await api<{ id: number }[]>('GET', 'customers?search=gonzalez');
    const [location] = await api<{ id: number }[]>('GET', 'locations?search=Downtown');
    const [tire] = await api<{ id: number; stock: number }[]>('GET', `products?type=tire&search=primacy&location_id=${location.id}`);
    const invoice = await api<{ id: number; number: string; net_amount: number; items: { id: number }[] }>('POST', 'invoices', {
      customer_id: customer.id, location_id: location.id, issued_date: today, due_date: today, status: 'sent', tax_amount: 0,
      items: [{ product_id: tire.id, quantity: 2, unit_price: 120 }],
    });
    await api('POST', 'receipts', { receipt_date: today, type: 'income', receiptable_type: 'Invoice', receiptable_id: invoice.id, amount: invoice.net_amount, payment_method: 'cash' });

    await page.goto(`${app.url}/invoices/${invoice.id}`);
    await page.getByRole('link', { name: 'Return Items' }).click();
    const form = page.getByRole('form', { name: 'Return Items' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Save Return' }).click();
    await form.getByText('Enter how many come back of at least one line.').waitFor();
    await form.getByLabel(`Return of ${TIRE}`).fill('1');
    await form.getByLabel('Reason').fill('Wrong size');
    await form.getByLabel('Give Back What Was Overpaid As').selectOption({ label: 'Store credit' });
    await expectAccessible(page, 'the return form');
    await takeShots(page, 'return-form');
    await form.getByRole('button', { name: 'Save Return' }).click();

    await page.waitForURL(/\/credit-notes\/\d+$/);
    const heading = page.getByRole('heading', { level: 1, name: /^Credit Note #/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.replace('Credit Note #', '');
    expect(number).toMatch(/^CN-\d{4}-\d{5}$/);
    await page.getByText('$120.00 store credit').waitFor();
    expect(await page.getByRole('row', { name: new RegExp(escape(TIRE)) }).textContent()).toContain('Back in stock');
    await takeShots(page, 'credit-note');
    const printed = await printedBy(page, async () => {
      await page.getByRole('button', { name: 'Print' }).click();
      await page.getByRole('button', { name: '80 mm receipt' }).click();
    });
    expect(printed).toContain('Credit Note');
    expect(printed).toContain(number);
    expect(printed).toContain('Wrong size');
    const after = await api<{ stock: number }[]>('GET', `products?type=tire&search=primacy&location_id=${location.id}`);
    expect(after[0].stock).toBe(tire.stock - 1);

    await page.getByRole('link', { name: `Invoice ${invoice.number}` }).click();
    await page.waitForURL(/\/invoices\/\d+$/);
    await page.getByLabel('Totals').getByText('Credited').waitFor();
    await page.goto(`${app.url}/credit-notes`);
    await page.getByRole('link', { name: number }).waitFor();
    await takeShots(page, 'credit-notes-list');
  });

  it('sends one tire of a received purchase order back to its supplier, and prints the supplier return', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const [supplier] = await api<{ id: number }[]>('GET', 'suppliers?per_page=1');
    const [location] = await api<{ id: number }[]>('GET', 'locations?search=Downtown');
    const [tire] = await api<{ id: number; stock: number }[]>('GET', `products?type=tire&search=primacy&location_id=${location.id}`);
    const order = await api<{ id: number; number: string }>('POST', 'purchases', {
      supplier_id: supplier.id, location_id: location.id, purchase_date: today, status: 'received', items: [{ product_id: tire.id, quantity: 2 }],
    });

    await page.goto(`${app.url}/purchases/${order.id}`);
    await page.getByRole('link', { name: 'Return to Supplier' }).click();
    const form = page.getByRole('form', { name: 'Return to Supplier' });
    await form.waitFor();
    await form.getByLabel(`Return of ${TIRE}`).fill('1');
    await form.getByLabel('Reason').fill('Sidewall bulge');
    await takeShots(page, 'supplier-return-form');
    await form.getByRole('button', { name: 'Save Return' }).click();

    await page.waitForURL(/\/supplier-returns\/\d+$/);
    const heading = page.getByRole('heading', { level: 1, name: /^Supplier Return #/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.replace('Supplier Return #', '');
    expect(number).toMatch(/^SR-\d{4}-\d{5}$/);
    await page.getByRole('link', { name: `Purchase Order ${order.number}` }).waitFor();
    await takeShots(page, 'supplier-return');
    const printed = await printedBy(page, () => page.getByRole('button', { name: 'Print' }).click());
    expect(printed).toContain('Supplier Return');
    expect(printed).toContain('Sidewall bulge');
    const after = await api<{ stock: number }[]>('GET', `products?type=tire&search=primacy&location_id=${location.id}`);
    expect(after[0].stock).toBe(tire.stock + 1);
  });
});
