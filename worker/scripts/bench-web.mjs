// `npm run bench:web`: the built app (dist/node.mjs, as `npm start` runs it, on a new embedded
// database with the demo shop) in headless Chromium at a mid-range phone's profile: 4x CPU slowdown
// and Lighthouse's slow 4G (150 ms RTT, 1.6 Mbps down, 750 Kbps up, applied through DevTools with
// its factors: 562.5 ms, 1.47 Mbps, 675 Kbps). Each screen is opened afresh (empty cache), the
// signed-in ones with a session already in the browser and what it kept of the screen when it last
// opened it (`--first-visit`: as if never opened there before). For each it prints the bytes transferred
// (brotli: the page is opened on localhost, where Chromium asks for it as it does over HTTPS; on
// 127.0.0.1 it takes gzip), the Largest Contentful Paint, and the time a tap takes to
// answer (the Event Timing API's duration of the interaction, from the touch to the next paint, as
// INP counts it). Options: `--runs 3` (the median is printed), `--screens login,dashboard`;
// `--trace` lists each request's start and end and the page's main-thread tasks of 15 ms or more
// (with what took 3 ms or more in each); `WEB_DIR=dir` serves another build of the web app
// (to compare before and after).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, screens: { type: 'string' }, trace: { type: 'boolean' }, 'first-visit': { type: 'boolean' } } });
const RUNS = Number(values.runs);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const EMAIL = process.env.BENCH_EMAIL ?? 'demo@wheelhouse.local';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'wheelhouse-demo';
const PHONE = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true };
const SLOW_4G = { offline: false, latency: 150 * 3.75, downloadThroughput: ((1.6384 * 1024 * 1024) / 8) * 0.9, uploadThroughput: ((750 * 1024) / 8) * 0.9 };
const CPU_SLOWDOWN = 4;

/**
 * The screens: where each opens, what shows it is there, and the tap measured on it (a role and a name).
 * On the login the email is typed first and the tap is Sign In without a password (its message
 * appears); the others open what a phone opens there (the menu drawer, a list filter, the report's
 * filters).
 */
const SCREENS = [
  { name: 'login', path: '/login', ready: ['heading', 'Sign in to your account'], tap: ['button', 'Sign In'], signedIn: false, first: (page) => page.getByLabel('Email').fill(EMAIL) },
  { name: 'dashboard', path: '/', ready: ['heading', 'Dashboard'], tap: ['button', 'Open menu'], signedIn: true },
  { name: 'invoices', path: '/invoices', ready: ['heading', 'Invoices'], tap: ['checkbox', 'Overdue Only'], signedIn: true },
  { name: 'sales report', path: '/reports/sales', ready: ['heading', 'Sales Report'], tap: ['button', /^Filters/], signedIn: true },
].filter((screen) => !values.screens || values.screens.split(',').includes(screen.name));

/** Runs in the page before its scripts: keeps the last LCP candidate and the slowest interaction. */
function observe() {
  const perf = { lcp: 0, lcpElement: '', inp: 0 };
  window.__perf = perf;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      perf.lcp = entry.startTime;
      perf.lcpElement = entry.element ? `${entry.element.tagName.toLowerCase()}${entry.element.className ? `.${String(entry.element.className).split(' ')[0]}` : ''}` : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) perf.inp = Math.max(perf.inp, entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** The page's main-thread tasks of 15 ms or more, from `start` (seconds, as the network's times), each with its parts of 3 ms or more. */
function printMainThread(events, start) {
  const named = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const own = events.filter((event) => event.ph === 'X' && event.pid === named?.pid && event.tid === named?.tid);
  console.log('    main thread (ms from the first request, for how long: what in it):');
  for (const task of own.filter((event) => event.name === 'RunTask' && event.dur >= 15_000)) {
    const parts = own.filter((event) => event !== task && event.name !== 'RunTask' && event.dur >= 3000 && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur);
    const part = (event) => `${event.name}${event.args?.data?.url ? ` ${event.args.data.url.split('/').pop().slice(0, 40)}` : ''} ${Math.round(event.dur / 1000)}`;
    console.log(`    ${String(Math.round((task.ts / 1e6 - start) * 1000)).padStart(6)} ${String(Math.round(task.dur / 1000)).padStart(4)}: ${parts.slice(0, 6).map(part).join(' | ')}`);
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wheelhouse-bench-web-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/node.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`dist/node.mjs exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

async function signIn(base) {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  if (!response.ok) throw new Error(`sign-in as ${EMAIL} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** What the browser keeps of a signed-in screen once it has opened it (its first asks: web/src/shared/api/firstAsks.ts), opened at full speed. */
async function openedBefore(browser, base, screen, session) {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(signedIn, session);
  const page = await context.newPage();
  await page.goto(`${base}${screen.path}`);
  await page.getByRole(screen.ready[0], { name: screen.ready[1] }).first().waitFor({ timeout: 60_000 });
  const firstAsks = await page.evaluate(() => localStorage.getItem('first_asks'));
  await context.close();
  return firstAsks;
}

function signedIn({ token, user, firstAsks }) {
  localStorage.setItem('auth_token', token);
  localStorage.setItem('user', JSON.stringify(user));
  if (firstAsks) localStorage.setItem('first_asks', firstAsks);
}

async function measure(browser, base, screen, session) {
  const context = await browser.newContext(PHONE);
  if (screen.signedIn) await context.addInitScript(signedIn, session);
  await context.addInitScript(observe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const types = new Map();
  const bytes = { script: 0, scripts: 0, css: 0, api: 0, other: 0 };
  const trace = [];
  const pending = new Set();
  let lastActivity = Date.now();
  const settle = ({ requestId }) => {
    pending.delete(requestId);
    lastActivity = Date.now();
  };
  /**
   * Until no request has been open for 2 s: a render at 4x slowdown can leave the network quiet for
   * longer than Playwright's networkidle (500 ms) with the page's own data still to ask for.
   */
  const quiet = async () => {
    const until = Date.now() + 30_000;
    while ((pending.size || Date.now() - lastActivity < 2000) && Date.now() < until) await sleep(100);
  };
  cdp.on('Network.loadingFailed', settle);
  cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
    if (!request.url.startsWith('data:')) pending.add(requestId);
    lastActivity = Date.now();
    trace.push({ requestId, url: request.url, sent: timestamp });
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    types.set(requestId, type);
    if (response.status >= 400) console.warn(`  ${screen.name}: ${response.status} for ${response.url}`);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => {
    settle({ requestId });
    const traced = trace.find((request) => request.requestId === requestId);
    if (traced) traced.done = timestamp;
    const type = types.get(requestId);
    if (type === 'Script') {
      bytes.script += encodedDataLength;
      bytes.scripts += 1;
    } else if (type === 'Stylesheet') bytes.css += encodedDataLength;
    else if (type === 'Fetch' || type === 'XHR') bytes.api += encodedDataLength;
    else bytes.other += encodedDataLength;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (values.trace) await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline'] });
  await page.goto(`${base}${screen.path}`);
  // The page is asked whether it shows the screen only once its network is quiet: a locator runs
  // Playwright's script in the page, which would take the page's main thread while it loads.
  await quiet();
  const [role, name] = screen.ready;
  await page.getByRole(role, { name, exact: typeof name === 'string' }).first().waitFor({ timeout: 60_000 });
  const perf = await page.evaluate(() => ({ ...window.__perf }));
  const loaded = { ...bytes };
  if (values.trace) {
    const start = trace[0]?.sent ?? 0;
    const at = (time) => (time === undefined ? '…' : String(Math.round((time - start) * 1000)).padStart(6));
    console.log(`  ${screen.name}, LCP ${Math.round(perf.lcp)} ms (${perf.lcpElement}):`);
    for (const request of trace.filter((request) => !request.url.startsWith('data:'))) console.log(`    ${at(request.sent)} ${at(request.done)}  ${new URL(request.url).pathname}`);
    printMainThread(JSON.parse((await browser.stopTracing()).toString()).traceEvents, start);
  }
  if (screen.first) {
    await screen.first(page);
    await quiet();
  }
  await sleep(500);
  await page.evaluate(() => (window.__perf.inp = 0));
  const [tapRole, tapName] = screen.tap;
  await page.getByRole(tapRole, { name: tapName, exact: typeof tapName === 'string' }).first().tap();
  await sleep(1500);
  const inp = await page.evaluate(() => window.__perf.inp);
  await context.close();
  return { ...loaded, lcp: perf.lcp, lcpElement: perf.lcpElement, inp };
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const kb = (n) => (n / 1024).toFixed(1);
const ms = (n) => String(Math.round(n));

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  const session = await signIn(server.base);
  console.log(`load average before: ${loadavg().map((n) => n.toFixed(2)).join(' ')}; ${RUNS} runs per screen, medians`);
  const rows = [];
  for (const screen of SCREENS) {
    const runs = [];
    const firstAsks = screen.signedIn && !values['first-visit'] ? await openedBefore(browser, server.base, screen, session) : null;
    for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.base, screen, { ...session, firstAsks }));
    const m = (key) => median(runs.map((run) => run[key]));
    rows.push([screen.name, String(m('scripts')), kb(m('script')), kb(m('css')), kb(m('api')), kb(m('script') + m('css') + m('api') + m('other')), ms(m('lcp')), ms(m('inp')), runs.map((run) => run.lcpElement)[0] ?? '']);
  }
  const head = ['screen', 'scripts', 'JS KB', 'CSS KB', 'API KB', 'all KB', 'LCP ms', 'tap ms', 'LCP element'];
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => (i === 0 || i === 8 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((width, i) => (i === 0 || i === 8 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log(`load average after: ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
} finally {
  await browser.close();
  await server.stop();
}
