import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { projectRoot } from '../../worker/src/node/runtime.ts';
import { DEMO_LOGIN } from '../../worker/src/demo/login.ts';

const webDir = process.env.WEB_DIR || join(projectRoot, 'dist', 'web');
/** The built server; APP_ENTRY points at another build (a second checkout's tests running beside this one). */
export const appEntry = process.env.APP_ENTRY || join(projectRoot, 'dist', 'node.mjs');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Browser tests need Debian's chromium and the built app; without them they skip, except under CI. */
export function browserTestsCanRun(): boolean {
  const missing = [
    !existsSync(CHROMIUM) && `Chromium at ${CHROMIUM} (apt-get install -y chromium)`,
    !existsSync(appEntry) && 'the built app (npm run build)',
    !existsSync(join(webDir, 'index.html')) && 'the built web app (npm run build)',
  ].filter(Boolean);
  if (!missing.length) return true;
  if (process.env.CI) throw new Error(`Browser tests cannot run under CI without ${missing.join(' and ')}.`);
  console.warn(`Skipping browser tests: missing ${missing.join(' and ')}.`);
  return false;
}

export interface RunningApp {
  url: string;
  dataDir: string;
  /** Stops the server and keeps its data folder; with SIGKILL, as a crash would. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** What the server has written to stdout and stderr so far. */
  output(): string;
}

const dataDirs: string[] = [];
process.once('exit', () => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * `npm start`'s server on a free port, on an embedded database: `dataDir` when given, else a copy of
 * the shop the browser tests' setup started once (migrated, with the demo data), or with `fresh` a
 * new one the server migrates and fills itself. `env` adds to or overrides its environment.
 */
export async function startApp(options: { dataDir?: string; fresh?: boolean; env?: Record<string, string> } = {}): Promise<RunningApp> {
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = mkdtempSync(join(tmpdir(), 'wheelhouse-app-'));
    const template = options.fresh ? undefined : inject('appTemplate');
    if (template) cpSync(template, dataDir, { recursive: true });
  }
  dataDirs.push(dataDir);
  const child: ChildProcess = spawn(process.execPath, [appEntry], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'true', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the app exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

/** Chromium as the browser tests use it; `args` adds switches of its own (a fake camera). */
export function launchBrowser(args: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;
/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules: what we promise, without axe's best-practice advice. */
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  resultTypes: ['violations'],
};

/**
 * Runs axe-core on the page as it is now and fails on any critical or serious WCAG A/AA violation,
 * listing each rule, its impact, the elements it found and what to do.
 *
 * axe's source is run with `page.evaluate` (the DevTools protocol's Runtime.evaluate, in the page's
 * own world) rather than `page.addScriptTag`: the app's CSP allows only its own script files
 * (script-src 'self'), so an inline <script> would be refused, and `bypassCSP` on the browser
 * context would switch off the very policy the tests should keep running under.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Colours are judged as they end up, not halfway through a hover's or a drawer's transition
  // (a spinner's endless turn aside; two seconds at most).
  await page.evaluate(() => {
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const settled = Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
  // The app navigates without reloading, so axe stays loaded until the next page load.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };
    const results = await axe.run(document, options);
    return results.violations
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .map(({ id, impact, help, helpUrl, nodes }) => ({ id, impact, help, helpUrl, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) }));
  }, AXE_OPTIONS);
  if (!violations.length) return;
  const report = violations
    .map((violation) => {
      const targets = violation.nodes.map((node) => `    - ${node.target.map((part) => JSON.stringify(part)).join(' >> ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`);
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.helpUrl}\n${targets.join('\n')}`;
    })
    .join('\n');
  throw new Error(`Accessibility violations on ${label} (${new URL(page.url()).pathname}):\n${report}`);
}

/** Waits for a screen's heading, then checks the screen with axe-core (see expectAccessible). */
export async function showsScreen(page: Page, heading: string | RegExp, options: { exact?: boolean } = {}): Promise<void> {
  await page.getByRole('heading', { name: heading, ...options }).waitFor();
  await expectAccessible(page, `the screen "${heading}"`);
}

const SHOTS_DIR = process.env.SHOTS_DIR || '/tmp/shots-tests';

/**
 * With SHOTS=1, the page as it looks on a laptop and on a phone, saved as `{name}-{width}x{height}.png`
 * in SHOTS_DIR: nothing focused (an open picker list), from its top, once the menu has slid into its
 * drawer below 900 px.
 */
export async function takeShots(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS !== '1') return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.locator('#sidebar').waitFor({ state: width < 900 ? 'hidden' : 'visible' });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${width}x${height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Runs `action` and answers the HTML of the page it printed: react-to-print hands its frame to the
 * browser's print dialog, which a headless browser does not have, so the frame's print() is caught.
 */
export async function printedBy(page: Page, action: () => Promise<void>): Promise<string> {
  await page.evaluate(() => {
    const owner = window as unknown as { printedPages?: string[] };
    if (owner.printedPages) return;
    owner.printedPages = [];
    const contentWindow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      configurable: true,
      get(this: HTMLIFrameElement) {
        const frame = contentWindow.get!.call(this) as (Window & { caught?: boolean }) | null;
        if (frame && !frame.caught) {
          frame.caught = true;
          frame.print = () => owner.printedPages!.push(frame.document.documentElement.outerHTML);
        }
        return frame;
      },
    });
  });
  const before = await page.evaluate(() => (window as unknown as { printedPages: string[] }).printedPages.length);
  await action();
  await page.waitForFunction((count) => (window as unknown as { printedPages: string[] }).printedPages.length > count, before);
  return page.evaluate(() => (window as unknown as { printedPages: string[] }).printedPages.at(-1)!);
}

/** A page of `app` signed in as the demo shop's administrator, on the dashboard. */
export async function demoAdminPage(app: RunningApp, browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${app.url}/login`);
  await page.getByLabel('Email').fill(DEMO_LOGIN.email);
  await page.getByLabel('Password').fill(DEMO_LOGIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await showsScreen(page, 'Dashboard');
  return page;
}
