import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { browserTestsCanRun, launchBrowser, startApp, type RunningApp } from '../support/browser.ts';

/**
 * What a first screen may load, in gzip (the server sends brotli to browsers that take it, about a
 * tenth less): 100 KB of JavaScript each, of which React, react-router and TanStack Query are about
 * 85 (docs/performance.md). Files count too: over HTTP/1.1 a browser fetches six at a time, each a
 * round trip on a phone.
 */
const BUDGETS = {
  'login screen': { script: 100 * 1024, stylesheet: 10 * 1024 },
  dashboard: { script: 100 * 1024, stylesheet: 10 * 1024 },
};
const MAX_SCRIPTS = 8;
/** The files of the login and the dashboard (scripts and stylesheets) come in one batch of the six a browser fetches at once over HTTP/1.1. */
const ONE_BATCH = 6;
/** What a document list (/invoices) once loaded, in 33 scripts, and does not show: each known by a text of its code that minifying keeps. */
const NOT_IN_A_LIST = { zod: 'ZodError', 'the document editor': 'Please select a product and quantity', 'the print': 'printout-hidden' };
type Screen = keyof typeof BUDGETS;
type Kind = keyof (typeof BUDGETS)[Screen];
const PHONE = { width: 390, height: 844 };

interface Loaded {
  url: string;
  type: string;
  bytes: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Opens `path` in `context` (a new one: an empty cache) and answers every script and stylesheet the
 * browser fetched until the screen's heading showed and the network stayed idle, each with its size
 * in gzip at the level the build writes it; the API paths asked for go into `asked`.
 */
async function firstLoad(context: BrowserContext, url: string, heading: string, asked: string[] = []): Promise<Loaded[]> {
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('requestfinished', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType())) requests.push(request);
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  await page.goto(url);
  await page.getByRole('heading', { name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(
    requests.map(async (request) => {
      const body = await (await request.response())!.body();
      return { url: new URL(request.url()).pathname, type: request.resourceType(), bytes: gzipSync(body, { level: 9 }).length };
    }),
  );
  await page.close();
  return loaded;
}

/** Fails naming every file when the screen loads more than one batch of them. */
function expectOneBatch(screen: Screen, loaded: Loaded[]) {
  const list = loaded.map((file) => `  ${file.url}`).join('\n');
  expect(loaded.length, `The ${screen} loads ${loaded.length} files, more than the ${ONE_BATCH} a browser fetches at once:\n${list}\n`).toBeLessThanOrEqual(ONE_BATCH);
}

/** Fails naming each file of the kind, largest first, when their sum (or the scripts' count) is over the budget. */
function expectWithinBudget(screen: Screen, loaded: Loaded[], type: Kind) {
  const budget = BUDGETS[screen][type];
  const files = loaded.filter((file) => file.type === type).sort((a, b) => b.bytes - a.bytes);
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  const list = files.map((file) => `  ${kb(file.bytes).padStart(9)}  ${file.url}`).join('\n');
  expect(total, `The ${screen} loads ${kb(total)} of ${type} (gzip), over its budget of ${kb(budget)}:\n${list}\n`).toBeLessThanOrEqual(budget);
  if (type === 'script') expect(files.length, `The ${screen} loads ${files.length} scripts, more than ${MAX_SCRIPTS}:\n${list}\n`).toBeLessThanOrEqual(MAX_SCRIPTS);
}

/**
 * The first screens stay light on a phone (docs/performance.md): the login screen, and the
 * dashboard opened afresh once signed in, each load no more JavaScript and CSS than their budget,
 * counting everything the browser fetched for them, not what the build meant to split.
 */
describe.skipIf(!browserTestsCanRun())('the first screens', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('load the login screen within the budget', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const loaded = await firstLoad(context, `${app.url}/login`, 'Sign in to your account');
    await context.close();
    expect(loaded.some((file) => file.type === 'script')).toBe(true);
    expectWithinBudget('login screen', loaded, 'script');
    expectWithinBudget('login screen', loaded, 'stylesheet');
    expectOneBatch('login screen', loaded);
  });

  /** A browser's session once signed in as the demo user, to open a page afresh with. */
  async function signedIn() {
    const signingIn = await browser.newContext({ viewport: PHONE });
    const page = await signingIn.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const session = await signingIn.storageState();
    await signingIn.close();
    return session;
  }

  it('load the dashboard, opened afresh after signing in, within the budget', async () => {
    const context = await browser.newContext({ viewport: PHONE, storageState: await signedIn() });
    const asked: string[] = [];
    const loaded = await firstLoad(context, `${app.url}/`, 'Dashboard', asked);
    await context.close();
    expectWithinBudget('dashboard', loaded, 'script');
    expectWithinBudget('dashboard', loaded, 'stylesheet');
    expectOneBatch('dashboard', loaded);
    // Asked for with the page's code, and not again once the page shows.
    expect(asked.filter((path) => path === '/api/dashboard')).toHaveLength(1);
  });

  it('load a list of documents without the schemas, the editor or the print, and show it whole', async () => {
    const context = await browser.newContext({ viewport: PHONE, storageState: await signedIn() });
    // The page's spinner while its code comes, then the frame, then the page, each a step to paint.
    await context.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('.spinner-page')) Object.assign(window, { pageSpinnerShown: true });
      }).observe(document, { subtree: true, childList: true });
    });
    const page = await context.newPage();
    const scripts: { url: string; body: string }[] = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() === 'script') scripts.push({ url: new URL(request.url()).pathname, body: (await (await request.response())!.text()) });
    });
    await page.goto(`${app.url}/invoices`);
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await page.getByRole('table', { name: 'Invoices' }).waitFor();
    await page.waitForLoadState('networkidle');
    const pageSpinnerShown = await page.evaluate(() => 'pageSpinnerShown' in window);
    await context.close();
    expect(pageSpinnerShown, 'the invoice list showed the page spinner while its preloaded code came').toBe(false);
    const list = scripts.map((script) => script.url).join('\n  ');
    for (const [part, text] of Object.entries(NOT_IN_A_LIST)) {
      expect(scripts.filter((script) => script.body.includes(text)).map((script) => script.url), `${part} loaded with the invoice list`).toEqual([]);
    }
    expect(scripts.length, `The invoice list loads ${scripts.length} scripts:\n  ${list}\n`).toBeLessThanOrEqual(MAX_SCRIPTS);
  });

  it("ask for a page's first answers before its code comes, once the page has been opened in the browser", async () => {
    const context = await browser.newContext({ viewport: PHONE, storageState: await signedIn() });
    const address = `${app.url}/invoices?status=draft`;
    /** Opens the list and answers who asked for each /api/invoices: the page's HTML (its first script) or the app's code. */
    const open = async () => {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const askers: string[] = [];
      cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
        if (new URL(request.url).pathname === '/api/invoices') askers.push(initiator.stack?.callFrames[0]?.url ?? initiator.type);
      });
      await cdp.send('Network.enable');
      await page.goto(address);
      await page.getByRole('table', { name: 'Invoices' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.close();
      return askers.map((asker) => (asker === address ? 'the HTML' : /\/assets\/.*\.js$/.test(asker) ? 'the app' : asker));
    };
    // Opened the first time: asked for by the app as its code runs; then by the HTML, and once only.
    expect(await open()).toEqual(['the app']);
    expect(await open()).toEqual(['the HTML']);
    await context.close();
  });
});
