import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, takeShots, type RunningApp, demoAdminPage } from '../support/browser.ts';

const TIRE = 'Michelin Primacy 4 205 / 55 R 16';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const toCents = (amount: number) => Math.round(amount * 100);

describe.skipIf(!browserTestsCanRun())('the counter in the browser: disposal fees, the tax the server computes, battery cores', () => {
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
        const json = (await answer.json()) as { data?: unknown };
        return ('data' in json && !('current_page' in json) ? json.data : json) as unknown;
      },
      [method, path, body] as const,
    ) as Promise<T>;
  }
  const totals = (label: RegExp) => page.getByLabel('Totals').locator('div', { has: page.locator('dt', { hasText: label }) }).locator('dd');

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await demoAdminPage(app, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('sells four tires: four disposal fees under them, the tax computed as the lines change, one fee taken off with a reason', async () => {
    const rates = await api<{ data: { rate: number; is_default: boolean }[] }>('GET', 'tax-rates');
    const rate = rates.data.find((row) => row.is_default)!.rate;
    const fees = await api<{ data: { name: string; amount: number; applies_to: string }[] }>('GET', 'fee-rules');
    const disposal = fees.data.find((fee) => fee.applies_to === 'tire')!;

    await page.goto(`${app.url}/sales/create`);
    const form = page.getByRole('form', { name: 'New Sale' });
    await form.waitFor();
    await form.getByRole('combobox', { name: 'Customer' }).fill('gonzalez');
    await form.getByRole('option', { name: /^Maria Gonzalez/ }).click();
    await form.getByLabel('Location').selectOption({ label: 'Downtown Branch' });
    const entry = form.getByRole('group', { name: 'Add an item' });
    await entry.getByLabel('Product Type').selectOption({ label: 'Tire' });
    await entry.getByRole('combobox', { name: 'Product', exact: true }).fill('primacy 205');
    await entry.getByRole('option', { name: new RegExp(`^${escape(TIRE)}`) }).click();
    await entry.getByLabel('Quantity').fill('4');
    await entry.getByLabel('Price').fill('100');
    await entry.getByRole('button', { name: 'Add' }).click();

    const feeRow = form.getByRole('row', { name: disposal.name });
    await feeRow.getByText(money(toCents(disposal.amount) * 4)).waitFor();
    expect(await feeRow.locator('td[data-label="Quantity"]').textContent()).toBe('4');
    const tax = Math.round(40_000 * rate) / 100;
    await expect.poll(() => totals(/^Tax/).textContent()).toBe(money(Math.round(tax)));
    await expect.poll(() => totals(/^Total$/).textContent()).toBe(money(40_000 + toCents(disposal.amount) * 4 + Math.round(tax)));
    await expectAccessible(page, 'a sale of four tires with their disposal fees');
    await takeShots(page, 'sale-four-tires-fees');

    // The quantity changes: the fee follows, and so does the tax.
    await form.getByRole('spinbutton', { name: `Quantity of ${TIRE}` }).fill('2');
    await expect.poll(() => feeRow.locator('td[data-label="Quantity"]').textContent()).toBe('2');
    await expect.poll(() => totals(/^Tax/).textContent()).toBe(money(Math.round(Math.round(20_000 * rate) / 100)));

    // The customer keeps the old tires: no disposal fee, and why is kept.
    await feeRow.getByRole('button', { name: `Remove ${disposal.name}` }).click();
    await feeRow.getByLabel(`Why ${disposal.name} is not charged`).fill('The customer keeps the old tires');
    await feeRow.getByRole('button', { name: "Don't Charge" }).click();
    await form.getByRole('row', { name: `${disposal.name} not charged` }).waitFor();
    await expect.poll(() => totals(/^Subtotal$/).textContent()).toBe(money(20_000));
    await form.getByRole('button', { name: 'Create Sale' }).click();
    await page.waitForURL(/\/sales\/\d+$/);
    const id = Number(/\/sales\/(\d+)$/.exec(page.url())![1]);
    const sale = await api<{ items: { line_kind: string; waived_fees: { reason: string }[] }[]; tax_amount: number }>('GET', `sales/${id}`);
    expect(sale.items.map((line) => line.line_kind)).toEqual(['item']);
    expect(sale.items[0].waived_fees[0].reason).toBe('The customer keeps the old tires');
    expect(sale.tax_amount).toBe(Math.round(20_000 * rate) / 10_000);
  });

  it('credits a battery’s core charge when the old battery comes back a week later, and counts the core on hand', async () => {
    const customers = await api<{ data: { id: number; name: string }[] }>('GET', 'customers?search=gonzalez');
    const locations = await api<{ data: { id: number; name: string }[] }>('GET', 'locations');
    const downtown = locations.data.find((row) => row.name === 'Downtown Branch')!;
    const batteries = await api<{ data: { id: number; name: string; selling_price: number; stock: number }[] }>('GET', `products?type=battery&location_id=${downtown.id}`);
    const battery = batteries.data.find((row) => row.stock > 0)!;
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const sale = await api<{ id: number; number: string; net_amount: number; items: { line_kind: string; product_name: string }[] }>('POST', 'sales', {
      customer_id: customers.data[0].id, location_id: downtown.id, sale_date: weekAgo, status: 'completed',
      items: [{ product_id: battery.id, quantity: 1, selling_price: battery.selling_price }],
    });
    expect(sale.items.map((line) => line.line_kind)).toEqual(['item', 'fee']);
    const before = await api<{ on_hand: { location_id: number; quantity: number }[] }>('GET', 'reports/cores');
    const onHandBefore = before.on_hand.filter((row) => row.location_id === downtown.id).reduce((sum, row) => sum + row.quantity, 0);

    await page.goto(`${app.url}/sales/${sale.id}`);
    await page.getByRole('link', { name: 'Core Returned' }).click();
    await page.waitForURL(/\/credit-notes\/create\?sale_id=\d+&core_line_id=\d+$/);
    const form = page.getByRole('form', { name: 'Return Items' });
    await form.waitFor();
    expect(await form.getByLabel('Reason').inputValue()).toBe('Core returned');
    await expectAccessible(page, 'the core return form');
    await takeShots(page, 'core-return');
    await form.getByRole('button', { name: 'Save Return' }).click();
    await page.waitForURL(/\/credit-notes\/\d+$/);
    const noteId = Number(/\/credit-notes\/(\d+)$/.exec(page.url())![1]);
    const note = await api<{ items: { line_kind: string; quantity: number }[] }>('GET', `credit-notes/${noteId}`);
    expect(note.items).toEqual([expect.objectContaining({ line_kind: 'core_return', quantity: 1 })]);

    await page.goto(`${app.url}/reports/fees`);
    await showsScreen(page, 'Fees and Cores');
    const onHand = page.getByRole('table', { name: 'Cores on Hand' });
    await onHand.waitFor();
    const after = await api<{ on_hand: { location_id: number; quantity: number }[] }>('GET', 'reports/cores');
    expect(after.on_hand.filter((row) => row.location_id === downtown.id).reduce((sum, row) => sum + row.quantity, 0)).toBe(onHandBefore + 1);
    await expectAccessible(page, 'the fees and cores report');
    await takeShots(page, 'fees-and-cores');
  });
});
