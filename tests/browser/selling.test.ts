import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { projectRoot } from '../../worker/src/node/runtime.ts';
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

const STAFF = { email: 'counter.clerk@example.test', password: 'clerk-password-1', name: 'Counter Clerk' };
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const toCents = (amount: number) => Math.round(amount * 100);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Invoice {
  id: number;
  number: string | null;
  status: string;
  payment_status: string;
  is_overdue: boolean;
  customer: { name: string };
  issued_date: string;
  net_amount: number;
  total_paid: number;
  balance_due: number;
  receipts?: { number: string; amount: number }[];
}

describe.skipIf(!browserTestsCanRun())('selling in the browser: invoices, counter sales, receipts, prints and settings', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token = '';
  let settings: { shop_name: string; print_footer: string | null };
  /** The demo shop's default tax rate and its tire disposal fee. */
  let taxRate: number;
  let tireFeeCents: number;
  let pdfDir = '';
  /** The invoice the first test creates and pays, printed by the second. */
  let invoice: Invoice;

  async function api<T>(path: string, init: RequestInit = {}, bearer = token): Promise<{ status: number; body: T }> {
    const answer = await fetch(`${app.url}/api/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...init.headers },
    });
    return { status: answer.status, body: (await answer.json()) as T };
  }
  const get = async <T>(path: string) => {
    const answer = await api<T>(path);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** One record: the API answers a detail as `{ data }`. */
  const getOne = async <T>(path: string) => (await get<{ data: T }>(path)).data;
  const stockAt = async (productId: number, branch: string) =>
    (await get<{ data: { location_name: string; quantity: number }[] }>(`products/${productId}/stock`)).data.find((row) => row.location_name === branch)!.quantity;
  const productNamed = async (type: string, search: string, name: string) =>
    (await get<{ data: { id: number; name: string; selling_price: number }[] }>(`products?type=${type}&search=${encodeURIComponent(search)}`)).data.find(
      (product) => product.name === name,
    )!;

  const open = (path: string) => page.goto(`${app.url}${path}`);

  async function signIn(target: Page, email: string, password: string) {
    await target.goto(`${app.url}/login`);
    await target.getByLabel('Email').fill(email);
    await target.getByLabel('Password').fill(password);
    await target.getByRole('button', { name: 'Sign In' }).click();
    await showsScreen(target, 'Dashboard');
  }

  /** With SHOTS=1, the page at a laptop's and a phone's width. */
  const shots = (name: string, target = page) => takeShots(target, name);

  /** A row of a detail list (Status, Payment, Number...). */
  const fact = (label: string) => page.locator('.detail-item', { has: page.locator('dt', { hasText: new RegExp(`^${escape(label)}$`) }) }).locator('dd');
  /** An amount of the Totals block (Subtotal, Total, Balance Due...). */
  const total = (label: string | RegExp) =>
    page
      .getByLabel('Totals')
      .locator('div', { has: page.locator('dt', { hasText: typeof label === 'string' ? new RegExp(`^${escape(label)}$`) : label }) })
      .locator('dd');

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
    // The staff user is added with the project's user command while the server is stopped:
    // the embedded database takes one process at a time.
    const startAsStaffShop = async () => {
      const first = await startApp();
      await first.stop();
      await run(process.execPath, [join(projectRoot, 'dist', 'cli.mjs'), '--email', STAFF.email, '--password', STAFF.password, '--name', STAFF.name, '--role', 'staff'], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: first.dataDir },
      });
      return startApp({ dataDir: first.dataDir });
    };
    pdfDir = mkdtempSync(join(tmpdir(), 'wheelhouse-pdf-'));
    [app, browser] = await Promise.all([startAsStaffShop(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    settings = (await get<{ data: typeof settings }>('settings')).data;
    taxRate = (await get<{ data: { rate: number; is_default: boolean }[] }>('tax-rates')).data.find((rate) => rate.is_default)!.rate;
    const fees = (await get<{ data: { name: string; amount: number; applies_to: string }[] }>('fee-rules')).data;
    tireFeeCents = toCents(fees.find((fee) => fee.applies_to === 'tire')!.amount);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (pdfDir) rmSync(pdfDir, { recursive: true, force: true });
  });

  it('creates a two-line invoice, sends it, and sees it go partial then paid as payments are recorded', async () => {
    const tire = await productNamed('tire', 'primacy', 'Michelin Primacy 4 205 / 55 R 16');
    const fitting = await productNamed('service', 'fitting', 'Tire fitting (per tire)');
    const downtownBefore = await stockAt(tire.id, 'Downtown Branch');

    await open('/invoices');
    await showsScreen(page, 'Invoices', { exact: true });
    await shots('invoice-list');
    await page.getByRole('link', { name: 'Create Invoice' }).click();
    const form = page.getByRole('form', { name: 'Create Invoice' });
    await form.waitFor();
    await expectAccessible(page, 'the new invoice form');
    const entry = form.getByRole('group', { name: 'Add an item' });

    await form.getByRole('button', { name: 'Create Invoice' }).click();
    await form.getByText('Please add at least one item').waitFor();
    await entry.getByRole('button', { name: 'Add' }).click();
    await entry.getByRole('alert').getByText('Please select a product and quantity').waitFor();
    await expectAccessible(page, 'the new invoice form with its errors');

    await form.getByRole('combobox', { name: 'Customer' }).fill('gonzalez');
    await form.getByRole('option', { name: /^Maria Gonzalez/ }).waitFor();
    await expectAccessible(page, 'the customer picker open');
    await form.getByRole('option', { name: /^Maria Gonzalez/ }).click();
    expect(await form.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe('Maria Gonzalez');
    await form.getByLabel('Location').selectOption({ label: 'Downtown Branch' });
    expect(await form.getByLabel('Due Date').inputValue()).not.toBe('');

    // Choosing a type alone is not enough either.
    await entry.getByLabel('Product Type').selectOption({ label: 'Tire' });
    await entry.getByRole('button', { name: 'Add' }).click();
    await entry.getByRole('alert').getByText('Please select a product and quantity').waitFor();

    const tireOption = await pickProduct('Tire', 'primacy 205', tire.name);
    expect(tireOption).toContain(`${money(toCents(tire.selling_price))} · ${downtownBefore} in stock`);
    expect(await entry.getByLabel('Unit Price').inputValue()).toBe(tire.selling_price.toFixed(2));
    await entry.getByLabel('Description').fill('Front axle, new valves');
    await entry.getByLabel('Quantity').fill('2');
    await entry.getByRole('button', { name: 'Add' }).click();
    const tireRow = form.getByRole('row', { name: tire.name });
    await tireRow.getByText(money(toCents(tire.selling_price) * 2)).waitFor();
    expect(await entry.getByRole('alert').count()).toBe(0);

    await pickProduct('Service', 'fitting', fitting.name);
    await entry.getByLabel('Description').fill('Mount and balance');
    await entry.getByLabel('Quantity').fill('2');
    // Enter in the quantity box adds the line.
    await entry.getByLabel('Quantity').press('Enter');
    const fittingRow = form.getByRole('row', { name: fitting.name });
    await fittingRow.getByText('Mount and balance').waitFor();
    await fittingRow.getByText(money(toCents(fitting.selling_price) * 2)).waitFor();
    await tireRow.getByText('Front axle, new valves').waitFor();

    // Each tire carries the shop's disposal fee, tax-free, under it; the server computes the tax.
    await form.getByRole('row', { name: 'Tire disposal fee' }).getByText(money(tireFeeCents * 2)).waitFor();
    const taxed = toCents(tire.selling_price) * 2 + toCents(fitting.selling_price) * 2;
    const subtotal = taxed + tireFeeCents * 2;
    const tax = Math.round((taxed * Math.round(taxRate * 100)) / 10_000);
    await expect.poll(() => total('Subtotal').textContent()).toBe(money(subtotal));
    await expect.poll(() => total(/^Tax/).textContent()).toBe(money(tax));
    expect(await total('Total').textContent()).toBe(money(subtotal + tax));
    // An administrator may set another tax; nobody types it by default.
    expect(await form.getByLabel('Tax Amount').count()).toBe(0);
    await form.getByRole('button', { name: 'Override Tax' }).waitFor();
    await expectAccessible(page, 'the new invoice with two lines');
    await shots('invoice-create');

    await form.getByRole('button', { name: 'Create Invoice' }).click();
    await page.waitForURL(`${app.url}/invoices`);
    await page.getByText('Invoice created successfully!').waitFor();
    const listed = page.getByRole('row', { name: /^Invoice \d+ \(draft\) Maria Gonzalez$/ }).first();
    await listed.getByText(money(subtotal + tax)).waitFor();
    expect(await listed.locator('td[data-label="Status"]').textContent()).toBe('Draft');
    await expectAccessible(page, 'the invoice list with the new draft');
    await listed.getByRole('link', { name: 'View' }).click();

    await showsScreen(page, /^Invoice #\d+ \(draft\)$/);
    const id = Number(/\/invoices\/(\d+)$/.exec(page.url())![1]);
    // A draft moves no stock.
    expect(await stockAt(tire.id, 'Downtown Branch')).toBe(downtownBefore);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const sendDialog = page.getByRole('dialog', { name: 'Send Invoice' });
    await sendDialog.getByText('its items leave the stock of Downtown Branch').waitFor();
    await expectAccessible(page, 'the Send Invoice dialog');
    await sendDialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Invoice sent successfully!').waitFor();
    const heading = page.getByRole('heading', { name: /^Invoice #INV-\d{4}-\d{5}$/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.replace('Invoice #', '');
    const sent = await getOne<Invoice>(`invoices/${id}`);
    expect(sent).toMatchObject({ number, status: 'sent', payment_status: 'pending', net_amount: (subtotal + tax) / 100 });
    expect(number.slice(4, 8)).toBe(sent.issued_date.slice(0, 4));
    expect(await fact('Number').textContent()).toBe(number);
    expect(await fact('Status').textContent()).toBe('Sent');
    expect(await stockAt(tire.id, 'Downtown Branch')).toBe(downtownBefore - 2);
    await page.getByRole('row', { name: tire.name }).getByText('Front axle, new valves').waitFor();
    await expectAccessible(page, 'the sent invoice');
    await shots('invoice-detail');

    // A first payment of part of the balance.
    await page.getByRole('button', { name: 'Record Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Record Payment' });
    await payment.getByText(`Invoice ${number} · Balance due ${money(subtotal + tax)}`).waitFor();
    expect(await payment.getByLabel('Amount').inputValue()).toBe(((subtotal + tax) / 100).toFixed(2));
    await expectAccessible(page, 'the Record Payment dialog');
    await payment.getByLabel('Amount').fill('100');
    await payment.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByText('Payment recorded successfully!').waitFor();
    await expect.poll(() => fact('Status').textContent()).toBe('Partial');
    expect(await fact('Payment').textContent()).toBe('Partial');
    await expect.poll(() => total('Balance Due').textContent()).toBe(money(subtotal + tax - 10_000));
    expect(await total('Paid').textContent()).toBe('$100.00');
    await page.getByRole('table', { name: 'Payments' }).getByRole('row', { name: /^RC-\d{4}-\d{5}$/ }).getByText('$100.00').waitFor();

    // The rest: the amount offered is what is still owed.
    await page.getByRole('button', { name: 'Record Payment' }).click();
    await payment.getByText(`Balance due ${money(subtotal + tax - 10_000)}`).waitFor();
    expect(await payment.getByLabel('Amount').inputValue()).toBe(((subtotal + tax - 10_000) / 100).toFixed(2));
    await payment.getByRole('button', { name: 'Record Payment' }).click();
    await expect.poll(() => fact('Status').textContent()).toBe('Paid');
    expect(await fact('Payment').textContent()).toBe('Paid');
    await expect.poll(() => total('Balance Due').textContent()).toBe('$0.00');
    expect(await page.getByRole('button', { name: 'Record Payment' }).count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Payments' }).locator('tbody').getByRole('row').count()).toBe(2);
    await expectAccessible(page, 'the paid invoice');

    invoice = await getOne<Invoice>(`invoices/${id}`);
    expect(invoice).toMatchObject({ status: 'paid', payment_status: 'paid', total_paid: (subtotal + tax) / 100, balance_due: 0 });
    expect(invoice.receipts?.map((receipt) => receipt.amount).sort((a, b) => a - b)).toEqual([100, (subtotal + tax - 10_000) / 100].sort((a, b) => a - b));
  });

  it.skipIf(!pdfToolsPresent())('prints the paid invoice on A4 and on an 80 mm ticket', async () => {
    expect(invoice?.number).toBeTruthy();
    const number = invoice.number!;
    await open(`/invoices/${invoice.id}/print`);
    await page.getByRole('heading', { name: `Print Invoice #${number}` }).waitFor();
    const preview = page.getByRole('region', { name: 'Print preview' });
    await preview.getByText(settings.shop_name).waitFor();
    expect(await page.getByRole('radio', { name: 'A4' }).isChecked()).toBe(true);
    await expectAccessible(page, 'the print page (A4)');
    await shots('invoice-print-a4');

    const a4 = await pdfOf(page, 'invoice-a4');
    expect(Math.round(a4.widthMm)).toBe(210);
    expect(Math.round(a4.heightMm)).toBe(297);
    expect(a4.pages).toBe(1);
    const paid = money(toCents(invoice.net_amount));
    // The title is upper-cased by the stylesheet.
    expect(a4.text).toMatch(/\bInvoice\b/i);
    expect(a4.text).not.toMatch(/\bQuote\b/i);
    for (const text of [settings.shop_name, number, 'Maria Gonzalez', 'Michelin Primacy 4 205 / 55 R 16', 'Front axle, new valves', 'Tire fitting (per tire)', 'Mount and balance', `Total ${paid}`, `Paid ${paid}`, 'Balance Due $0.00']) {
      expect(a4.text).toContain(text);
    }
    // The page prints the document alone: no menu, top bar or layout choice.
    expect(a4.text).not.toContain('80 mm receipt');
    expect(a4.text).not.toContain(DEMO_LOGIN.email);
    if (settings.print_footer) expect(a4.text).toContain(settings.print_footer.slice(0, 30));

    // The layout lives in the address: the radio shows checked once the address has changed.
    await page.getByRole('radio', { name: '80 mm receipt' }).click();
    await page.waitForURL(/layout=thermal/);
    await expect.poll(() => page.getByRole('radio', { name: '80 mm receipt' }).isChecked()).toBe(true);
    await preview.locator('.printout-thermal').waitFor();
    await expectAccessible(page, 'the print page (80 mm receipt)');
    await shots('invoice-print-80mm');
    const ticket = await pdfOf(page, 'invoice-80mm');
    expect(ticket.widthMm).toBeCloseTo(80, 0);
    expect(ticket.pages).toBe(1);
    for (const text of [settings.shop_name, number, 'Maria Gonzalez', 'Michelin Primacy 4 205 / 55 R 16', 'Tire fitting (per tire)', `Total ${paid}`, 'Balance Due $0.00']) {
      expect(ticket.text).toContain(text);
    }
  });

  it('sells from the counter: a completed, paid sale with a line discount takes the stock from the branch', async () => {
    const tire = await productNamed('tire', 'primacy', 'Michelin Primacy 4 225 / 45 R 17');
    const northsideBefore = await stockAt(tire.id, 'Northside Branch');
    expect(northsideBefore).toBeGreaterThanOrEqual(2);

    await open('/sales/create');
    await showsScreen(page, 'New Sale');
    const form = page.getByRole('form', { name: 'New Sale' });
    await form.getByRole('combobox', { name: 'Customer' }).fill('walk');
    await form.getByRole('option', { name: /^Walk-in customer/ }).click();
    await form.getByLabel('Location').selectOption({ label: 'Northside Branch' });
    await form.getByLabel('Status').selectOption({ label: 'Completed' });
    await form.getByText('The items leave the branch stock when the sale is saved.').waitFor();
    expect(await form.getByLabel('Payment Method').locator('option:checked').textContent()).toBe('Cash');

    const option = await pickProduct('Tire', 'primacy 225', tire.name);
    expect(option).toContain(`${northsideBefore} in stock`);
    const entry = form.getByRole('group', { name: 'Add an item' });
    expect(await entry.getByLabel('Price').inputValue()).toBe(tire.selling_price.toFixed(2));
    await entry.getByLabel('Quantity').fill('2');
    await entry.getByLabel('Discount %').fill('10');
    await entry.getByRole('button', { name: 'Add' }).click();
    let line = Math.round((toCents(tire.selling_price) * 2 * 9_000) / 10_000);
    const row = form.getByRole('row', { name: tire.name });
    expect(await row.getByRole('spinbutton', { name: `Discount of ${tire.name}` }).inputValue()).toBe('10');
    await row.getByText(money(line)).waitFor();

    const tax = Math.round((line * Math.round(taxRate * 100)) / 10_000);
    await expect.poll(() => total('Subtotal').textContent()).toBe(money(line + tireFeeCents * 2));
    line += tireFeeCents * 2;
    await expect.poll(() => total('Total').textContent()).toBe(money(line + tax));
    // Paid now follows the total of a completed sale.
    expect(await form.getByLabel('Paid now').inputValue()).toBe(((line + tax) / 100).toFixed(2));
    await expectAccessible(page, 'the new sale with a discounted line');
    await shots('sale-create');

    await form.getByRole('button', { name: 'Create Sale' }).click();
    await page.waitForURL(/\/sales\/\d+$/);
    await page.getByText('Sale created successfully!').waitFor();
    const heading = page.getByRole('heading', { name: /^Sale #S-\d{4}-\d{5}$/ });
    await heading.waitFor();
    expect(await fact('Status').textContent()).toBe('Completed');
    expect(await fact('Payment').textContent()).toBe('Paid');
    expect(await fact('Location').textContent()).toBe('Northside Branch');
    expect(await total('Total').textContent()).toBe(money(line + tax));
    expect(await total('Balance Due').textContent()).toBe('$0.00');
    await page.getByRole('table', { name: 'Payments' }).getByRole('row', { name: /^RC-\d{4}-\d{5}$/ }).getByText(money(line + tax)).waitFor();
    await expectAccessible(page, 'the completed sale');

    const id = Number(/\/sales\/(\d+)$/.exec(page.url())![1]);
    const sale = await getOne<{ number: string; status: string; payment_status: string; net_amount: number; balance_due: number; customer: { name: string } }>(`sales/${id}`);
    expect(sale).toMatchObject({ status: 'completed', payment_status: 'paid', net_amount: (line + tax) / 100, balance_due: 0, customer: { name: 'Walk-in customer' } });
    expect(`Sale #${sale.number}`).toBe(await heading.textContent());
    expect(await stockAt(tire.id, 'Northside Branch')).toBe(northsideBefore - 2);
  });

  it('records a receipt against an outstanding invoice, the amount prefilled with what is owed', async () => {
    const outstanding = (await get<{ data: Invoice[] }>('invoices?status=sent,overdue,partial&payment_status=pending,partial&per_page=100')).data;
    const owed = outstanding.find((candidate) => candidate.status === 'partial') ?? outstanding[0];
    expect(owed).toBeDefined();
    const due = toCents(owed.net_amount) - toCents(owed.total_paid);
    expect(due).toBe(toCents(owed.balance_due));

    await open('/receipts');
    await page.getByRole('table', { name: 'Receipts' }).waitFor();
    await showsScreen(page, 'Receipts', { exact: true });
    await shots('receipts-list');
    await page.getByRole('link', { name: 'New Receipt' }).click();
    const form = page.getByRole('form', { name: 'New receipt' });
    await form.waitFor();
    await expectAccessible(page, 'the new receipt form');
    await form.getByLabel('Related Document Type').selectOption({ label: 'Invoice' });
    expect(await form.getByLabel('Type', { exact: true }).locator('option:checked').textContent()).toMatch(/income/i);
    const document = form.getByLabel('Related Document', { exact: true });
    await expect.poll(() => document.isEnabled()).toBe(true);
    await document.selectOption({ label: `${owed.number} · ${owed.customer.name} · due ${money(due)}` });
    await expect.poll(() => form.getByLabel('Amount').inputValue()).toBe((due / 100).toFixed(2));
    await form.getByLabel('Reference Number').fill('Counter payment');
    await expectAccessible(page, 'the receipt form filled in');

    // The save is held at the network until the button has been seen saying so.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/receipts', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Create Receipt' }).click();
    const saving = form.getByRole('button', { name: 'Creating...' });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    release();
    await page.waitForURL(/\/receipts\/\d+$/);
    await page.unroute('**/api/receipts');

    const heading = page.getByRole('heading', { name: /^Receipt RC-\d{4}-\d{5}$/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.replace('Receipt ', '');
    await page.getByText(`Receipt ${number} created.`).waitFor();
    await page.getByText(money(due)).first().waitFor();
    await expectAccessible(page, 'the new receipt');

    const after = await getOne<Invoice>(`invoices/${owed.id}`);
    expect(after).toMatchObject({ balance_due: 0, status: 'paid', payment_status: 'paid' });
    expect(toCents(after.total_paid)).toBe(toCents(owed.total_paid) + due);
    expect(after.receipts?.some((receipt) => receipt.number === number && toCents(receipt.amount) === due)).toBe(true);

    await open('/receipts');
    await page.getByRole('searchbox', { name: 'Search receipts by reference' }).fill(number);
    await page.getByRole('row', { name: `Receipt ${number}` }).getByText(money(due)).waitFor();
  });

  it('highlights overdue invoices in the list, and lists only them with Overdue Only', async () => {
    const firstPage = (await get<{ data: Invoice[] }>('invoices?page=1&per_page=20')).data;
    const late = firstPage.find((row) => row.status === 'overdue');
    const onTime = firstPage.find((row) => !row.is_overdue && row.status !== 'overdue');
    expect(late, 'the demo shop has an overdue invoice on the first page').toBeDefined();
    expect(onTime).toBeDefined();

    // Every branch's invoices: the list starts at the demo user's home branch.
    await open('/invoices?location_id=all');
    const lateRow = page.getByRole('row', { name: `Invoice ${late!.number} ${late!.customer.name}` });
    const onTimeRow = page.getByRole('row', { name: `Invoice ${onTime!.number ?? `${onTime!.id} (draft)`} ${onTime!.customer.name}` }).first();
    await lateRow.getByText('Overdue', { exact: true }).waitFor();
    expect(await lateRow.getAttribute('class')).toContain('doc-row-overdue');
    expect((await onTimeRow.getAttribute('class')) ?? '').not.toContain('doc-row-overdue');
    const background = (row: Locator) => row.locator('td').nth(1).evaluate((cell) => getComputedStyle(cell).backgroundColor);
    expect(await background(lateRow)).toBe('rgb(255, 244, 242)');
    expect(await background(onTimeRow)).not.toBe(await background(lateRow));
    await expectAccessible(page, 'the invoice list with an overdue invoice');

    const overdue = (await get<{ data: Invoice[]; total: number }>('invoices?overdue=1&per_page=100')).data;
    await page.getByLabel('Overdue Only').check();
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/overdue=1/);
    const rows = page.getByRole('table', { name: 'Invoices' }).locator('tbody').getByRole('row');
    await expect.poll(() => rows.count()).toBe(overdue.length);
    await onTimeRow.waitFor({ state: 'detached' });
    const labels = await rows.evaluateAll((elements) => elements.map((element) => [element.getAttribute('aria-label'), element.className]));
    expect(labels.map(([label]) => label).sort()).toEqual(overdue.map((row) => `Invoice ${row.number} ${row.customer.name}`).sort());
    expect(labels.every(([, className]) => className!.includes('doc-row-overdue'))).toBe(true);
    await lateRow.waitFor();
    await expectAccessible(page, 'the overdue invoices');
  });

  it('lets an administrator change the print footer, and shows it to staff who cannot save the settings', async () => {
    const footer = `Thank you! Wheel torque checked after 100 km. ${Math.random().toString(36).slice(2, 8)}`;
    await open('/settings');
    await page.getByLabel('Shop Name').waitFor();
    await showsScreen(page, 'Settings', { exact: true });
    expect(await page.getByLabel('Shop Name').inputValue()).toBe(settings.shop_name);
    await page.getByLabel('Print Footer').fill(footer);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    await expectAccessible(page, 'the settings saved');
    await page.reload();
    await expect.poll(() => page.getByLabel('Print Footer').inputValue()).toBe(footer);
    expect((await get<{ data: { print_footer: string } }>('settings')).data.print_footer).toBe(footer);

    const staffPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await signIn(staffPage, STAFF.email, STAFF.password);
      await staffPage.goto(`${app.url}/settings`);
      await staffPage.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
      await staffPage.getByRole('note').getByText('Only an administrator can change the settings.').waitFor();
      await staffPage.getByText(settings.shop_name).waitFor();
      await staffPage.getByText(footer).waitFor();
      await expectAccessible(staffPage, 'the settings as staff see them');
      expect(await staffPage.getByRole('button', { name: 'Save Settings' }).count()).toBe(0);
      expect(await staffPage.getByRole('textbox').count()).toBe(0);
      expect(await staffPage.getByRole('spinbutton').count()).toBe(0);

      // Nor can the API be asked directly.
      const staffToken = (await staffPage.evaluate(() => localStorage.getItem('auth_token')))!;
      const refused = await api<{ message: string }>('settings', { method: 'PUT', body: JSON.stringify({ ...settings, print_footer: 'Staff was here' }) }, staffToken);
      expect(refused).toEqual({ status: 403, body: { message: 'Only an administrator can change the settings.' } });
      expect((await get<{ data: { print_footer: string } }>('settings')).data.print_footer).toBe(footer);
    } finally {
      await staffPage.close();
    }
  });
});
