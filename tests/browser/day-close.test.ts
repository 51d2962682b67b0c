import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsCanRun, expectAccessible, launchBrowser, printedBy, showsScreen, startApp, takeShots, type RunningApp, demoAdminPage } from '../support/browser.ts';

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

describe.skipIf(!browserTestsCanRun())('closing the day in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await demoAdminPage(app, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("counts a branch's drawer, sees it over, saves the close, prints its Z report, and finds it in the list and on the dashboard", async () => {
    expect(await page.locator('#sidebar a[href="/day-close"]').textContent()).toBe('Close the Day');
    await page.goto(`${app.url}/day-close`);
    await showsScreen(page, 'Close the Day');
    const branch = await page.getByLabel('Branch', { exact: true }).evaluate((select: HTMLSelectElement) => select.selectedOptions[0].text);
    const form = page.getByRole('form', { name: new RegExp(`^Close .* at ${branch}$`) });
    await form.waitFor();

    const row = (method: string) => form.getByRole('row', { name: new RegExp(`^${method}`) });
    const expectedOf = async (method: string) => cents((await row(method).getByRole('cell').nth(2).textContent())!);
    const expectedCash = await expectedOf('Cash');
    // Every method counted as expected, but the cash $5.00 over.
    for (const method of ['Credit Card', 'Bank Transfer', 'Cheque']) {
      await form.getByLabel(`${method} counted`).fill(((await expectedOf(method)) / 100).toFixed(2));
    }
    const counted = expectedCash + 500;
    await form.getByLabel('Cash counted').fill((counted / 100).toFixed(2));
    await expect.poll(() => form.getByTestId('over-short-cash').textContent()).toBe('Over $5.00');
    expect(await form.getByTestId('over-short-total').textContent()).toBe('Over $5.00');

    // Counting by notes and coins adds them up.
    await form.getByLabel('Count cash by notes and coins').check();
    await form.getByLabel('$20.00 count').fill('3');
    await form.getByLabel('$0.25 count').fill('2');
    expect(await form.getByLabel('Cash counted').inputValue()).toBe('60.50');
    await form.getByLabel('Count cash by notes and coins').uncheck();
    expect(await form.getByLabel('Cash counted').inputValue()).toBe((counted / 100).toFixed(2));

    const deposit = Math.max(0, counted - 10_000);
    await form.getByLabel('Deposit to the bank').fill((deposit / 100).toFixed(2));
    expect(await form.getByTestId('closing-float').textContent()).toBe(money(counted - deposit));
    await expectAccessible(page, 'the day close form');
    await takeShots(page, 'day-close-form');

    await form.getByRole('button', { name: 'Close the Day' }).click();
    await page.waitForURL(/\/day-closes\/\d+$/);
    const heading = page.getByRole('heading', { level: 1, name: /^Day Close DC-\d{4}-\d{5}$/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.replace('Day Close ', '');
    expect(await page.getByTestId('close-over-short').textContent()).toBe('Over $5.00');
    await expectAccessible(page, 'the day close page');
    await takeShots(page, 'day-close-detail');

    // Its day is closed: the page says so instead of offering a second count.
    await page.goto(`${app.url}/day-close`);
    await page.getByText(`is closed at ${branch}:`).waitFor();

    await page.goto(`${app.url}/day-closes?over_short=1`);
    await showsScreen(page, 'Day Closes', { exact: true });
    const listed = page.getByRole('row', { name: new RegExp(number) });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('Over $5.00');
    await takeShots(page, 'day-closes-list');

    await listed.getByRole('link', { name: number }).click();
    await page.getByRole('link', { name: 'Print Z Report' }).click();
    await showsScreen(page, `Z Report ${number}`);
    const printed = await printedBy(page, () => page.getByRole('button', { name: 'Print' }).click());
    expect(printed).toContain(number);
    expect(printed).toContain('Over $5.00');
    await page.getByLabel('80 mm receipt').click();
    await page.locator('.printout-thermal').waitFor();
    await takeShots(page, 'day-close-z-report');

    await page.goto(`${app.url}/reports/over-short`);
    await showsScreen(page, 'Over/Short by Branch');
    await page.getByRole('row', { name: new RegExp(branch) }).first().waitFor();
    await takeShots(page, 'over-short-report');

    await page.goto(`${app.url}/`);
    await showsScreen(page, 'Dashboard');
    const closes = page.getByRole('region', { name: "Today's Day Closes" });
    const item = closes.getByRole('listitem').filter({ hasText: branch });
    expect(await item.textContent()).toContain('Over $5.00');
    await takeShots(page, 'dashboard-closes');
  });
});
