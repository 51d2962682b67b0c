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

  it('shows each group of operations from the document, found with its filter, under the app’s own CSP', async () => {
    await page.goto(`${app.url}/api/docs`);
    await page.getByRole('heading', { name: /Wheelhouse API/ }).waitFor();
    await page.locator('#operations-tag-Reference').waitFor();
    // Swagger UI draws the groups as they scroll into view; its filter box brings one up by name.
    const filter = page.getByPlaceholder('Filter by tag or path');
    for (const tag of ['Tires', 'Invoices', 'Receipts', 'Reports', 'Users', 'Customers']) {
      await filter.fill(tag);
      await page.locator(`#operations-tag-${tag}`).waitFor();
    }
    await page.locator('#operations-Customers-getApiCustomers').click();
    await page.locator('#operations-Customers-getApiCustomers').getByText('per_page', { exact: true }).waitFor();
    await page.locator('#operations-Customers-postApiCustomers').getByText('Add a customer').waitFor();
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
