import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, type RunningApp, takeShots } from '../support/browser.ts';

const run = promisify(execFile);
const PDFTOTEXT = '/usr/bin/pdftotext';
const PDFINFO = '/usr/bin/pdfinfo';

/** The print checks read the PDF with poppler-utils; without it they skip, except under CI. */
function pdfToolsPresent(): boolean {
  if (existsSync(PDFTOTEXT) && existsSync(PDFINFO)) return true;
  if (process.env.CI) throw new Error(`The print test cannot run under CI without ${PDFTOTEXT} and ${PDFINFO} (apt-get install -y poppler-utils).`);
  console.warn(`Skipping the PDF checks of the print test: missing ${PDFTOTEXT} (apt-get install -y poppler-utils).`);
  return false;
}

const SUPPLIER = 'Apex Battery Supply';
const BRANCH = 'Northside Branch';
const BATTERY = 'Exide Premium EA640';
const TIRE = 'Michelin CrossClimate 2 195 / 65 R 15';
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const toCents = (amount: number) => Math.round(amount * 100);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Product {
  id: number;
  type: string;
  name: string;
  cost_price: number;
  selling_price: number;
}

interface Purchase {
  id: number;
  number: string;
  status: string;
  payment_status: string;
  is_partly_received: boolean;
  purchase_date: string;
  subtotal: number;
  tax_amount: number;
  net_amount: number;
  total_paid: number;
  balance_due: number;
  supplier: { name: string };
  location: { name: string };
  purchase_items: { id: number; product_id: number; quantity: number; received_quantity: number; cost_price_at_purchase: number; total_price: number; notes: string | null }[];
  payments?: { number: string; amount: number; type: string }[];
}

describe.skipIf(!browserTestsCanRun())('purchasing in the browser: purchase orders, receiving into stock, supplier payments, print, Order more', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token = '';
  let settings: { shop_name: string };
  let pdfDir = '';
  /** The order the first test creates; the later tests receive, pay and print it. */
  let order: Purchase;
  let battery: Product;
  let tire: Product;
  /** Each product's stock at the delivery branch (and the tire's in all branches) before anything was received. */
  const before = { battery: 0, tire: 0, tireTotal: 0 };
  /** The ordered quantities and cost prices (in cents) of the two lines. */
  const BATTERY_QUANTITY = 5;
  const TIRE_QUANTITY = 4;
  const TIRE_COST = 7050;
  let batteryCost = 0;

  async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
    const answer = await fetch(`${app.url}/api/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
    return { status: answer.status, body: (await answer.json()) as T };
  }
  const get = async <T>(path: string) => {
    const answer = await api<T>(path);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const getOne = async <T>(path: string) => (await get<{ data: T }>(path)).data;
  const stockAt = async (productId: number, branch: string) =>
    (await get<{ data: { location_name: string; quantity: number }[] }>(`products/${productId}/stock`)).data.find((row) => row.location_name === branch)?.quantity ?? 0;
  const productNamed = async (type: string, search: string, name: string) =>
    (await get<{ data: Product[] }>(`products?type=${type}&search=${encodeURIComponent(search)}`)).data.find((product) => product.name === name)!;

  const open = (path: string) => page.goto(`${app.url}${path}`);

  /** With SHOTS=1, the page at a laptop's and a phone's width. */
  const shots = (name: string, target = page) => takeShots(target, name);

  /** A row of a detail list (PO Number, Status, Payment...). */
  const fact = (label: string) => page.locator('.detail-item', { has: page.locator('dt', { hasText: new RegExp(`^${escape(label)}$`) }) }).locator('dd');
  /** An amount of a definition-list block: the Totals or the Payment Summary. */
  const amount = (block: 'Totals' | 'Payment Summary', label: string | RegExp) =>
    page
      .getByLabel(block, { exact: true })
      .locator('div', { has: page.locator('dt', { hasText: typeof label === 'string' ? new RegExp(`^${escape(label)}$`) : label }) })
      .locator('dd');
  /** A cell of a line of the order's Items table. */
  const lineCell = (product: string, column: string) =>
    page.getByRole('table', { name: 'Items' }).getByRole('row', { name: product, exact: true }).locator(`td[data-label="${column}"]`);

  /** Chooses a product in the item entry row: its type, then a search and the match. */
  async function pickProduct(type: string, search: string, name: string) {
    const entry = page.getByRole('group', { name: 'Add an item' });
    await entry.getByLabel('Product Type').selectOption({ label: type });
    await entry.getByRole('combobox', { name: 'Product', exact: true }).fill(search);
    const option = entry.getByRole('option', { name: new RegExp(`^${escape(name)}`) });
    await option.waitFor();
    const shown = (await option.textContent())!;
    await option.click();
    return shown;
  }

  /** The stock at the delivery branch as the battery's page shows it (its Stock panel). */
  async function batteryPageStock() {
    await open(`/batteries/${battery.id}`);
    const panel = page.getByRole('region', { name: 'Stock', exact: true });
    const cell = panel.getByRole('table', { name: 'Stock per branch' }).getByRole('row', { name: BRANCH, exact: true }).locator('td[data-label="Quantity"]');
    await cell.waitFor();
    return cell;
  }

  /** The stock at the delivery branch as the tire's page shows it (Pricing & Inventory, Stock per branch). */
  async function tirePageStock() {
    await open(`/tires/${tire.id}`);
    await page.getByRole('tab', { name: 'Pricing & Inventory' }).click();
    const cell = page
      .getByRole('tabpanel')
      .getByRole('table', { name: 'Stock per branch' })
      .getByRole('row', { name: BRANCH, exact: true })
      .locator('td[data-label="Quantity"]');
    await cell.waitFor();
    return cell;
  }

  async function pdfOf(target: Page, name: string) {
    await target.emulateMedia({ media: 'print' });
    const pdf = await target.pdf({ preferCSSPageSize: true, printBackground: true });
    await target.emulateMedia({ media: 'screen' });
    const file = join(pdfDir, `${name}.pdf`);
    writeFileSync(file, pdf);
    const text = (await run(PDFTOTEXT, [file, '-'])).stdout.replace(/\s+/g, ' ');
    const info = (await run(PDFINFO, [file])).stdout;
    const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    return { text, widthMm: (Number(width) * 25.4) / 72, heightMm: (Number(height) * 25.4) / 72, pages };
  }

  beforeAll(async () => {
    pdfDir = mkdtempSync(join(tmpdir(), 'wheelhouse-pdf-'));
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    settings = (await get<{ data: typeof settings }>('settings')).data;
    battery = await productNamed('battery', 'exide', BATTERY);
    tire = await productNamed('tire', 'crossclimate', TIRE);
    expect(battery).toBeDefined();
    expect(tire).toBeDefined();
    before.battery = await stockAt(battery.id, BRANCH);
    before.tire = await stockAt(tire.id, BRANCH);
    before.tireTotal = (await get<{ data: { quantity: number }[] }>(`products/${tire.id}/stock`)).data.reduce((sum, row) => sum + row.quantity, 0);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (pdfDir) rmSync(pdfDir, { recursive: true, force: true });
  });

  it('creates a two-line purchase order: supplier, delivery location, cost prices from the products, one changed, notes on a line', async () => {
    await open('/purchases');
    await page.getByRole('table', { name: 'Purchase orders' }).waitFor();
    await showsScreen(page, 'Purchase Orders', { exact: true });
    await shots('purchase-list');
    await page.getByRole('link', { name: 'New Purchase Order' }).click();
    await page.waitForURL(`${app.url}/purchases/create`);
    const form = page.getByRole('form', { name: 'New Purchase Order' });
    await form.waitFor();
    await expectAccessible(page, 'the new purchase order form');
    const entry = form.getByRole('group', { name: 'Add an item' });

    // Nothing ordered yet.
    await form.getByRole('button', { name: 'Create Purchase Order' }).click();
    await form.getByText('Please add at least one item').waitFor();
    await expectAccessible(page, 'the new purchase order form with its error');
    expect(page.url()).toBe(`${app.url}/purchases/create`);

    // Only what can be bought is offered.
    expect(await entry.getByLabel('Product Type').locator('option').allTextContents()).not.toContain('Service');

    await form.getByRole('combobox', { name: 'Supplier' }).fill('apex');
    await form.getByRole('option', { name: new RegExp(`^${escape(SUPPLIER)}`) }).waitFor();
    await expectAccessible(page, 'the supplier picker open');
    await form.getByRole('option', { name: new RegExp(`^${escape(SUPPLIER)}`) }).click();
    expect(await form.getByRole('combobox', { name: 'Supplier' }).inputValue()).toBe(SUPPLIER);
    await form.getByLabel('Delivery Location').selectOption({ label: BRANCH });
    expect(await form.getByLabel('Status').locator('option:checked').textContent()).toBe('Pending');

    // The battery at the cost price the product has, with a note for the supplier.
    await pickProduct('Battery', 'exide', BATTERY);
    batteryCost = toCents(battery.cost_price);
    expect(await entry.getByLabel('Cost Price').inputValue()).toBe(battery.cost_price.toFixed(2));
    await entry.getByLabel('Quantity').fill(String(BATTERY_QUANTITY));
    await entry.getByLabel('Item Notes').fill('Deliver with fresh date codes');
    await entry.getByRole('button', { name: 'Add' }).click();
    const batteryRow = form.getByRole('row', { name: BATTERY, exact: true });
    await batteryRow.getByText('Deliver with fresh date codes').waitFor();
    await batteryRow.getByText(money(batteryCost * BATTERY_QUANTITY)).waitFor();

    // The tire: its cost price is offered, and changed to the supplier's quote.
    await pickProduct('Tire', 'crossclimate', TIRE);
    expect(await entry.getByLabel('Cost Price').inputValue()).toBe(tire.cost_price.toFixed(2));
    expect(toCents(tire.cost_price)).not.toBe(TIRE_COST);
    await entry.getByLabel('Cost Price').fill((TIRE_COST / 100).toFixed(2));
    await entry.getByLabel('Quantity').fill(String(TIRE_QUANTITY));
    await entry.getByLabel('Quantity').press('Enter');
    const tireRow = form.getByRole('row', { name: TIRE, exact: true });
    await tireRow.getByText(money(TIRE_COST)).waitFor();
    await tireRow.getByText(money(TIRE_COST * TIRE_QUANTITY)).waitFor();
    expect(await tireRow.getByRole('spinbutton', { name: `Quantity of ${TIRE}` }).inputValue()).toBe(String(TIRE_QUANTITY));
    expect(await entry.getByRole('alert').count()).toBe(0);

    const subtotal = batteryCost * BATTERY_QUANTITY + TIRE_COST * TIRE_QUANTITY;
    // The tax is what the supplier's invoice says, typed.
    const tax = 4_125;
    await form.getByLabel('Tax Amount').fill('41.25');
    expect(await amount('Totals', 'Subtotal').textContent()).toBe(money(subtotal));
    expect(await amount('Totals', 'Tax').textContent()).toBe(money(tax));
    expect(await amount('Totals', 'Total').textContent()).toBe(money(subtotal + tax));
    await expectAccessible(page, 'the new purchase order with two lines');
    await shots('purchase-create');

    await form.getByRole('button', { name: 'Create Purchase Order' }).click();
    await page.waitForURL(/\/purchases\/\d+$/);
    await page.getByText('Purchase order created successfully!').waitFor();
    const heading = page.getByRole('heading', { name: /^Purchase Order #PO-\d{4}-\d{5}$/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.replace('Purchase Order #', '');
    const id = Number(/\/purchases\/(\d+)$/.exec(page.url())![1]);
    order = await getOne<Purchase>(`purchases/${id}`);
    expect(order).toMatchObject({ number, status: 'pending', payment_status: 'pending', supplier: { name: SUPPLIER }, location: { name: BRANCH } });
    expect(number.slice(3, 7)).toBe(order.purchase_date.slice(0, 4));
    expect(toCents(order.net_amount)).toBe(subtotal + tax);

    expect(await fact('PO Number').textContent()).toBe(number);
    expect(await fact('Status').textContent()).toBe('Pending');
    expect(await fact('Payment').textContent()).toBe('Pending');
    expect(await fact('Delivery Location').textContent()).toBe(BRANCH);
    expect(await page.locator('.doc-party-name').textContent()).toBe(SUPPLIER);
    expect(await lineCell(BATTERY, 'Quantity').textContent()).toBe(String(BATTERY_QUANTITY));
    expect(await lineCell(BATTERY, 'Received').textContent()).toBe(`0 of ${BATTERY_QUANTITY}`);
    expect(await lineCell(BATTERY, 'Cost Price').textContent()).toBe(money(batteryCost));
    expect(await lineCell(BATTERY, 'Total').textContent()).toBe(money(batteryCost * BATTERY_QUANTITY));
    expect(await lineCell(BATTERY, 'Notes').textContent()).toBe('Deliver with fresh date codes');
    expect(await lineCell(TIRE, 'Quantity').textContent()).toBe(String(TIRE_QUANTITY));
    expect(await lineCell(TIRE, 'Cost Price').textContent()).toBe(money(TIRE_COST));
    expect(await lineCell(TIRE, 'Total').textContent()).toBe(money(TIRE_COST * TIRE_QUANTITY));
    expect(await amount('Totals', 'Subtotal').textContent()).toBe(money(subtotal));
    expect(await amount('Totals', `Tax (${((tax * 100) / subtotal).toFixed(2)}%)`).textContent()).toBe(money(tax));
    expect(await amount('Totals', 'Total').textContent()).toBe(money(subtotal + tax));
    expect(await amount('Payment Summary', 'Total Amount').textContent()).toBe(money(subtotal + tax));
    expect(await amount('Payment Summary', 'Outstanding').textContent()).toBe(money(subtotal + tax));
    await page.getByText('No payments recorded yet.').waitFor();
    await expectAccessible(page, 'the new purchase order');
    await shots('purchase-detail');

    // Saving moved no stock.
    expect(await stockAt(battery.id, BRANCH)).toBe(before.battery);
    expect(await stockAt(tire.id, BRANCH)).toBe(before.tire);
  });

  it('receives part of the order, then the rest with Mark as Received, and the stock on the products’ pages rises', async () => {
    expect(order?.id).toBeTruthy();
    const PART = 2;
    await open(`/purchases/${order.id}`);
    await showsScreen(page, `Purchase Order #${order.number}`);
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Receive Items' });
    await dialog.getByText(`Enter what came in this delivery of ${order.number}: it is added to the stock of ${BRANCH}.`).waitFor();
    const batteryNow = dialog.getByRole('spinbutton', { name: `Receive now: ${BATTERY} (${BATTERY_QUANTITY} outstanding)` });
    const tireNow = dialog.getByRole('spinbutton', { name: `Receive now: ${TIRE} (${TIRE_QUANTITY} outstanding)` });
    // Each line offers what is still outstanding.
    expect(await batteryNow.inputValue()).toBe(String(BATTERY_QUANTITY));
    expect(await tireNow.inputValue()).toBe(String(TIRE_QUANTITY));
    await expectAccessible(page, 'the Receive Items dialog');
    await shots('purchase-receive');

    // Nothing at all is refused in the dialog.
    await batteryNow.fill('0');
    await tireNow.fill('0');
    await dialog.getByRole('button', { name: 'Receive' }).click();
    await dialog.getByText('Enter the quantity received for at least one item.').waitFor();
    await expectAccessible(page, 'the Receive Items dialog with its refusal');

    // The delivery came short: two batteries, no tires.
    await batteryNow.fill(String(PART));
    await dialog.getByRole('button', { name: 'Receive' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Delivery received: the stock is updated.').waitFor();
    await expect.poll(() => fact('Status').textContent()).toBe('Partly received');
    expect(await lineCell(BATTERY, 'Received').textContent()).toBe(`${PART} of ${BATTERY_QUANTITY}`);
    expect(await lineCell(TIRE, 'Received').textContent()).toBe(`0 of ${TIRE_QUANTITY}`);
    expect(await fact('Actual Delivery').textContent()).not.toBe('-');
    // Something came in: the order can no longer be cancelled or deleted, only received.
    expect(await page.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    const partly = await getOne<Purchase>(`purchases/${order.id}`);
    expect(partly).toMatchObject({ status: 'ordered', is_partly_received: true });
    await expectAccessible(page, 'the partly received order');

    // The battery's page shows the two more at the branch; the tire's shows none yet.
    await expect.poll(async () => (await batteryPageStock()).textContent()).toBe(String(before.battery + PART));
    await expectAccessible(page, "the battery's page");
    await expect.poll(async () => (await tirePageStock()).textContent()).toBe(String(before.tire));
    await expectAccessible(page, "the tire's Pricing & Inventory tab");

    // The rest, all at once.
    await open(`/purchases/${order.id}`);
    await page.getByRole('button', { name: 'Mark as Received' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark as Received' });
    await confirm.getByText('Mark this purchase order as received? This will update inventory.').waitFor();
    await expectAccessible(page, 'the Mark as Received dialog');
    await confirm.getByRole('button', { name: 'Mark as Received' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Purchase order received: the stock is updated.').waitFor();
    await expect.poll(() => fact('Status').textContent()).toBe('Received');
    expect(await lineCell(BATTERY, 'Received').textContent()).toBe(`${BATTERY_QUANTITY} of ${BATTERY_QUANTITY}`);
    expect(await lineCell(TIRE, 'Received').textContent()).toBe(`${TIRE_QUANTITY} of ${TIRE_QUANTITY}`);
    expect(await page.getByRole('button', { name: 'Receive', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark as Received' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await expectAccessible(page, 'the received order');
    const received = await getOne<Purchase>(`purchases/${order.id}`);
    expect(received).toMatchObject({ status: 'received', is_partly_received: false });
    expect(received.purchase_items.map((item) => item.received_quantity).sort()).toEqual([BATTERY_QUANTITY, TIRE_QUANTITY].sort());

    await expect.poll(async () => (await batteryPageStock()).textContent()).toBe(String(before.battery + BATTERY_QUANTITY));
    await expect.poll(async () => (await tirePageStock()).textContent()).toBe(String(before.tire + TIRE_QUANTITY));
    // The tire's cost is now the weighted average of the stock it had (all branches) and the four bought at the quote.
    const averaged = Math.round((before.tireTotal * toCents(tire.cost_price) + TIRE_QUANTITY * TIRE_COST) / (before.tireTotal + TIRE_QUANTITY));
    const costShown = page.getByRole('tabpanel', { name: 'Pricing & Inventory' }).locator('.detail-item', { has: page.locator('dt', { hasText: /^Cost Price$/ }) }).locator('dd');
    expect(await costShown.textContent()).toBe(money(averaged));
    expect(await stockAt(battery.id, BRANCH)).toBe(before.battery + BATTERY_QUANTITY);
    expect(await stockAt(tire.id, BRANCH)).toBe(before.tire + TIRE_QUANTITY);

    // The list says so too, and offers no Receive for it.
    await open(`/purchases?location_id=all&supplier=${encodeURIComponent('Apex')}`);
    const row = page.getByRole('row', { name: `Purchase order ${order.number} ${SUPPLIER}` });
    await row.locator('td[data-label="Status"]').getByText('Received').waitFor();
    expect(await row.getByRole('button', { name: 'Receive' }).count()).toBe(0);
    await expectAccessible(page, "the supplier's purchase orders");
    order = received;
  });

  it('records a part payment to the supplier: the payment summary, the history and the purchase receipts show it', async () => {
    expect(order?.id).toBeTruthy();
    const total = toCents(order.net_amount);
    const PAID = 15_000;
    await open(`/purchases/${order.id}`);
    await showsScreen(page, `Purchase Order #${order.number}`);
    expect(await amount('Payment Summary', 'Paid Amount').textContent()).toBe('$0.00');
    await page.getByRole('button', { name: 'Record Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record Payment' });
    await dialog.getByText(`Purchase Order ${order.number} · Outstanding ${money(total)}`).waitFor();
    // The amount offered is what is outstanding.
    expect(await dialog.getByLabel('Amount').inputValue()).toBe((total / 100).toFixed(2));
    await expectAccessible(page, 'the Record Payment dialog');
    await dialog.getByLabel('Amount').fill((PAID / 100).toFixed(2));
    await dialog.getByLabel('Payment Method').selectOption({ label: 'Cash' });
    await dialog.getByLabel('Reference Number').fill('Deposit on delivery');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Payment recorded successfully!').waitFor();

    await expect.poll(() => amount('Payment Summary', 'Paid Amount').textContent()).toBe(money(PAID));
    expect(await amount('Payment Summary', 'Total Amount').textContent()).toBe(money(total));
    expect(await amount('Payment Summary', 'Outstanding').textContent()).toBe(money(total - PAID));
    expect(await fact('Payment').textContent()).toBe('Partial');
    const history = page.getByRole('table', { name: 'Payments' });
    const payment = history.getByRole('row', { name: /^RC-\d{4}-\d{5}$/ });
    await payment.waitFor();
    expect(await history.locator('tbody').getByRole('row').count()).toBe(1);
    expect(await payment.locator('td[data-label="Amount"]').textContent()).toBe(money(PAID));
    expect(await payment.locator('td[data-label="Type"]').textContent()).toBe('Expense');
    expect(await payment.locator('td[data-label="Reference"]').textContent()).toBe('Deposit on delivery');
    const receiptNumber = (await payment.getAttribute('aria-label'))!;
    await expectAccessible(page, 'the order with a part payment');

    const paid = await getOne<Purchase>(`purchases/${order.id}`);
    expect(paid).toMatchObject({ payment_status: 'partial', total_paid: PAID / 100 });
    expect(toCents(paid.balance_due)).toBe(total - PAID);
    expect(paid.payments?.map((receipt) => [receipt.number, receipt.type, receipt.amount])).toEqual([[receiptNumber, 'expense', PAID / 100]]);

    // The receipts screen, purchase side: the payment and the order it pays.
    await open('/receipts?type=purchase');
    await page.getByText('Payments of purchase orders').waitFor();
    expect(await page.getByRole('navigation', { name: 'Whose receipts' }).getByRole('link', { name: 'Purchase orders' }).getAttribute('aria-current')).toBe('page');
    const listed = page.getByRole('row', { name: `Receipt ${receiptNumber}` });
    await listed.waitFor();
    expect(await listed.locator('td[data-label="Amount"]').textContent()).toBe(money(PAID));
    await listed.locator('td[data-label="Related To"]').getByRole('link', { name: order.number }).waitFor();
    await listed.locator('td[data-label="Type"]').getByText('Expense').waitFor();
    await expectAccessible(page, 'the receipts of purchase orders');
    order = paid;
  });

  it.skipIf(!pdfToolsPresent())('prints the purchase order on one A4 page for the supplier', async () => {
    expect(order?.id).toBeTruthy();
    await open(`/purchases/${order.id}/print`);
    await page.getByRole('heading', { name: `Print Purchase Order #${order.number}` }).waitFor();
    const preview = page.getByRole('region', { name: 'Print preview' });
    await preview.getByText(settings.shop_name).waitFor();
    await preview.getByText(SUPPLIER).first().waitFor();
    // Purchase orders print on A4 only: no layout to choose.
    expect(await page.getByRole('radio').count()).toBe(0);
    await expectAccessible(page, 'the print page');
    await shots('purchase-print');

    const a4 = await pdfOf(page, 'purchase-a4');
    expect(Math.round(a4.widthMm)).toBe(210);
    expect(Math.round(a4.heightMm)).toBe(297);
    expect(a4.pages).toBe(1);
    for (const text of [settings.shop_name, order.number, SUPPLIER, BRANCH, BATTERY, TIRE, 'Deliver with fresh date codes', `Total ${money(toCents(order.net_amount))}`]) {
      expect(a4.text).toContain(text);
    }
    // The page prints the order alone: no menu, top bar or Print button.
    expect(a4.text).not.toContain(DEMO_LOGIN.email);
    expect(a4.text).not.toContain('Print Purchase Order');
  });

  it('opens a new purchase order from "Order more" on a stock alert, and from the inventory overview, with the product in the item entry row', async () => {
    await open('/');
    await showsScreen(page, 'Dashboard');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await expect.poll(() => bell.getAttribute('aria-expanded')).toBe('true');
    const orderMore = page.locator('#notifications-panel').getByRole('link', { name: /^Order more / }).first();
    await orderMore.waitFor();
    await expectAccessible(page, 'the stock alerts');
    const name = (await orderMore.getAttribute('aria-label'))!.replace(/^Order more /, '');
    await orderMore.click();
    await page.waitForURL(/\/purchases\/create\?product_id=\d+&product_type=\w+$/);
    const params = new URL(page.url()).searchParams;
    const form = page.getByRole('form', { name: 'New Purchase Order' });
    await form.waitFor();
    const entry = form.getByRole('group', { name: 'Add an item' });
    await expect.poll(() => entry.getByRole('combobox', { name: 'Product', exact: true }).inputValue()).toBe(name);
    expect(await entry.getByLabel('Product Type').inputValue()).toBe(params.get('product_type'));
    const [product] = (await get<{ data: Product[] }>(`products?id=${params.get('product_id')}`)).data;
    expect(product).toMatchObject({ name, type: params.get('product_type') });
    // The cost price is offered, as when the product is chosen by hand.
    expect(await entry.getByLabel('Cost Price').inputValue()).toBe(product.cost_price.toFixed(2));
    // It waits for its quantity: the row adds it as it is.
    await expect.poll(() => entry.getByLabel('Quantity').evaluate((input) => input === document.activeElement)).toBe(true);
    await entry.getByLabel('Quantity').fill('3');
    await entry.getByRole('button', { name: 'Add' }).click();
    await form.getByRole('row', { name, exact: true }).waitFor();
    await expectAccessible(page, 'the new purchase order from Order more');

    // The inventory overview offers it on an item running low.
    await open('/inventories?lowStock=1');
    const low = page.getByRole('link', { name: /^Order more / }).first();
    await low.waitFor();
    await showsScreen(page, 'Inventory Overview');
    const item = (await low.getAttribute('aria-label'))!.replace(/^Order more /, '');
    await low.click();
    await page.waitForURL(/\/purchases\/create\?product_id=\d+&product_type=item$/);
    const itemEntry = page.getByRole('form', { name: 'New Purchase Order' }).getByRole('group', { name: 'Add an item' });
    await expect.poll(() => itemEntry.getByRole('combobox', { name: 'Product', exact: true }).inputValue()).toBe(item);
    expect(await itemEntry.getByLabel('Product Type').inputValue()).toBe('item');
  });
});
