import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, type RunningApp } from '../support/browser.ts';

describe.skipIf(!browserTestsCanRun())('catalogue lookups in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  const menu = (name: string) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });
  /** Opens a menu entry and waits until its page is the one shown (and checked with axe), so the next step acts on it. */
  const go = async (name: string) => {
    const link = menu(name);
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL(`${app.url}${href}`);
    await showsScreen(page, name, { exact: true });
  };
  const confirmDelete = async (question: string) => {
    const dialog = page.getByRole('dialog');
    await dialog.getByText(question).waitFor();
    await expectAccessible(page, 'the delete dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await showsScreen(page, 'Dashboard');
    const group = page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Product Management' });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('adds a tire brand', async () => {
    await go('Tire Brands');
    await page.getByRole('link', { name: 'Add Tire Brand' }).click();
    await showsScreen(page, 'Add Tire Brand');
    await page.getByRole('button', { name: 'Save Tire Brand' }).click();
    await page.getByText('Name is required').waitFor();
    await expectAccessible(page, 'the tire brand form with its error');
    await page.getByLabel('Name', { exact: true }).fill('Nokian');
    await page.getByLabel('Country').fill('Finland');
    await page.getByRole('button', { name: 'Save Tire Brand' }).click();
    await page.getByText('Tire brand created successfully!').waitFor();
    await page.getByRole('row', { name: 'Nokian' }).getByText('Finland').waitFor();
    await expectAccessible(page, 'the tire brands with the new one');
  });

  it('adds two tags', async () => {
    for (const [name, section] of [
      ['Studless', 'Season'],
      ['Quiet ride', 'Comfort'],
    ]) {
      await go('Tags');
      await page.getByRole('link', { name: 'Add Tag' }).click();
      await showsScreen(page, 'Add Tag');
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Section').fill(section);
      await page.getByRole('button', { name: 'Save Tag' }).click();
      await page.getByText('Tag created successfully!').waitFor();
      await page.getByRole('row', { name }).waitFor();
    }
  });

  it('adds a pattern of that brand with both tags', async () => {
    await go('Patterns');
    await page.getByRole('link', { name: 'Add Pattern' }).click();
    await showsScreen(page, 'Add Pattern');
    await page.getByRole('button', { name: 'Save Pattern' }).click();
    for (const message of ['Name is required', 'Category is required', 'Price is required']) await page.getByText(message).waitFor();
    await expectAccessible(page, 'the pattern form with its errors');

    await page.getByLabel('Name', { exact: true }).fill('Hakkapeliitta R5');
    await page.getByLabel('Category').selectOption({ label: 'Automotive' });
    await page.getByLabel('Price').fill('189.9');
    await page.getByLabel('Brand').selectOption({ label: 'Nokian' });
    await page.getByLabel('Tire Type').selectOption({ label: 'Passenger' });
    await page.getByLabel('Description').fill('Studless winter tire');
    await page.getByLabel('Studless').check();
    await page.getByLabel('Quiet ride').check();
    await page.getByRole('button', { name: 'Save Pattern' }).click();
    await page.getByText('Pattern created successfully!').waitFor();

    await page.getByPlaceholder('Search by name').fill('hakka');
    await page.waitForURL(/search=hakka/);
    const row = page.getByRole('row', { name: 'Hakkapeliitta R5' });
    for (const text of ['Nokian', 'Passenger', 'Automotive', '$189.90', 'Yes', 'Quiet ride, Studless']) {
      await row.getByText(text, { exact: true }).waitFor();
    }
    // The list found (the previous page stays on screen until it comes).
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await expectAccessible(page, 'the patterns found');
  });

  it('refuses to delete the brand while the pattern uses it', async () => {
    await go('Tire Brands');
    await page.getByRole('row', { name: 'Nokian' }).getByRole('button', { name: 'Delete' }).click();
    await confirmDelete('Are you sure you want to delete this tire brand?');
    await page.getByRole('alert').getByText('This tire brand is used by 1 pattern.').waitFor();
    await expectAccessible(page, 'the tire brands with the refusal');
  });

  it("shows the tag's pattern count and its patterns, and refuses to delete it while used", async () => {
    await go('Tags');
    await page.getByPlaceholder('Search by name').fill('studless');
    await page.waitForURL(/search=studless/);
    const row = page.getByRole('row', { name: 'Studless' });
    await row.getByRole('cell', { name: '1', exact: true }).waitFor();
    await row.getByRole('link', { name: 'View' }).click();

    await showsScreen(page, 'Tag Details');
    await page.getByText('Season', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Hakkapeliitta R5' }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmDelete('Are you sure you want to delete this tag?');
    await page.getByRole('alert').getByText('This tag is used by 1 pattern.').waitFor();
    await page.getByRole('heading', { name: 'Tag Details' }).waitFor();
  });

  it('deletes the pattern, then the tag', async () => {
    await page.getByRole('link', { name: 'Hakkapeliitta R5' }).click();
    await showsScreen(page, 'Edit Pattern');
    expect(await page.getByLabel('Studless').isChecked()).toBe(true);
    expect(await page.getByLabel('Price').inputValue()).toBe('189.90');

    await go('Patterns');
    await page.getByRole('row', { name: 'Hakkapeliitta R5' }).getByRole('button', { name: 'Delete' }).click();
    await confirmDelete('Are you sure you want to delete this pattern?');
    await page.getByText('Pattern deleted successfully!').waitFor();
    expect(await page.getByRole('row', { name: 'Hakkapeliitta R5' }).count()).toBe(0);

    await go('Tags');
    await page.getByPlaceholder('Search by name').fill('studless');
    await page.waitForURL(/search=studless/);
    const row = page.getByRole('row', { name: 'Studless' });
    await row.getByRole('cell', { name: '0', exact: true }).waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    await confirmDelete('Are you sure you want to delete this tag?');
    await page.getByText('Tag deleted successfully!').waitFor();
    await page.getByText('No tags found').waitFor();
    await expectAccessible(page, 'the empty tag list');
  });

  it('keeps the page clicked while it loads, when a search typed just before ends its pause', async () => {
    await go('Tags');
    // The next page's code comes slowly, so the search's pause ends while that page is still loading.
    await page.route('**/assets/**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByPlaceholder('Search by name').fill('quiet');
    await menu('Made In').click();
    await showsScreen(page, 'Made In', { exact: true });
    expect(new URL(page.url()).pathname).toBe('/made-in');
    await page.unroute('**/assets/**/*.js');
  });

  it('sends a tag that cannot be loaded for editing back to the list, saying so', async () => {
    await page.goto(`${app.url}/tags/999999/edit`);
    await page.waitForURL(`${app.url}/tags`);
    await page.getByRole('alert').getByText('Tag not found').waitFor();
    await showsScreen(page, 'Tags');
  });
});
