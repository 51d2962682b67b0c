import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsCanRun, launchBrowser, startApp, type RunningApp } from '../support/browser.ts';

describe.skipIf(!browserTestsCanRun())('the API reference at /api/docs', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('requestfailed', (request) => problems.push(`${request.url()} failed`));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows every group of operations from the document, under the app’s own CSP', async () => {
    await page.goto(`${app.url}/api/docs`);
    await page.getByRole('heading', { name: /Wheelhouse API/ }).waitFor();
    for (const tag of ['Customers', 'Tires', 'Invoices', 'Receipts', 'Reports', 'Users']) {
      await expect(page.locator(`#operations-tag-${tag}`).count()).resolves.toBe(1);
    }
    const customers = page.locator('#operations-tag-Customers');
    if ((await page.locator('#operations-Customers-getApiCustomers').count()) === 0) await customers.click();
    await page.locator('#operations-Customers-getApiCustomers').click();
    await page.getByText('Add a customer').waitFor();
    await page.locator('#operations-Customers-getApiCustomers').getByText('per_page', { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await shots(page, 'api-docs');
  });
});

/** With SHOTS=1, the reference at a laptop's and a phone's width. */
async function shots(page: Page, name: string) {
  if (process.env.SHOTS !== '1') return;
  const dir = process.env.SHOTS_DIR || '/tmp/shots-tests';
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(dir, `${name}-${width}x${height}.png`) });
  }
}
