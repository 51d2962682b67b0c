/**
 * `npm run bench`: what a counter's calls cost on the database named by DATABASE_URL (the scale data
 * set, see seed:scale). Starts the server as `npm start` runs it (dist/node.mjs) on 127.0.0.1, signs
 * in, and for each list, search, detail and write measures:
 *
 *   - requests per second with 10 connections (autocannon), and the p50 and p99 latency of that run;
 *   - the p50 and p99 at a fixed 200 requests per second, sent as an open loop (a request every 5 ms
 *     whatever the answers before it) and timed from when each was due, so waiting counts.
 *
 * For three of the calls it also runs a bare node:http + postgres.js handler (bare.ts, in a process of
 * its own like the server) that executes the same SQL: the statements are captured from the app
 * itself (createApp on a recording database port, authentication included), so they stay the app's
 * whatever it runs, and replayed with the same concurrency. The app's rate over the bare one is what
 * the framework costs.
 *
 *   DATABASE_URL=postgres://... npm run bench -- [--duration 5] [--only tires,customers] [--json file]
 *
 * --beside names calls (as --only does) that run over and over, one at a time each, for as long as the
 * others are measured: the counter's calls while the owner's report runs.
 *
 * --stock-count N counts every tire at the first branch instead (stock-count.ts), one line in N off.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createApp } from '../../src/app.ts';
import type { Db } from '../../src/db/port.ts';
import { pgliteDb } from '../../src/db/pglite.ts';
import { postgresDb } from '../../src/db/postgres.ts';
import { defaultConfig } from '../../src/env.ts';
import { NODE_PBKDF2_ITERATIONS, WORKERS_PBKDF2_ITERATIONS } from '../../src/auth/password.ts';
import { pgliteFolder } from '../../src/node/runtime.ts';
import type { Captured, Group } from './bare.ts';
import { benchStockCount } from './stock-count.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    'warm-up': { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    rate: { type: 'string', default: '200' },
    only: { type: 'string' },
    beside: { type: 'string' },
    'stock-count': { type: 'string' },
    'data-dir': { type: 'string' },
    json: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log('DATABASE_URL=postgres://... npm run bench -- [--duration 5] [--warm-up 3] [--connections 10] [--rate 200] [--only tires,customers] [--json results.json]');
  console.log('npm run bench -- --data-dir /tmp/wheelhouse-10k --connections 1   (the embedded database, seeded with seed:scale --data-dir)');
  console.log('  --beside "customer balance, 40 days"   the calls so named run over and over (one at a time each) while the others are measured');
  console.log('  --stock-count 20   instead: start, count and post a count of every tire at the first branch, one line in 20 off (it moves stock)');
  process.exit(0);
}
// The embedded database (--data-dir) serves one statement at a time: measure it as one counter would use it.
const dataDir = values['data-dir'];
const databaseUrl = dataDir ? '' : process.env.DATABASE_URL;
if (!databaseUrl && !dataDir) {
  console.error('DATABASE_URL (or --data-dir for the embedded database) is required (the scale data set: npm run seed:scale).');
  process.exit(2);
}
const DURATION = Number(values.duration);
const WARM_UP = Number(values['warm-up']);
/** The app / bare ratio: rounds of one short run of each, back to back, the first one taking turns. */
const COMPARE_ROUNDS = 9;
const COMPARE_SECONDS = 3;
const CONNECTIONS = Number(values.connections);
const RATE = Number(values.rate);
const HOST = '127.0.0.1';
const email = process.env.BENCH_EMAIL ?? 'demo@wheelhouse.local';
const password = process.env.BENCH_PASSWORD ?? 'wheelhouse-demo';
const jwtSecret = process.env.JWT_SECRET ?? randomBytes(48).toString('base64url');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A Node process serving on a free port of 127.0.0.1; answers its base URL once `ready` (a path) answers. */
async function startProcess(script: string, args: string[], env: Record<string, string>, ready: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  // The server's request log lines (JSON) are read and dropped, as a log shipper would; its other lines are shown.
  child.stdout!.on('data', (chunk: Buffer) => {
    const shown = String(chunk)
      .split('\n')
      .filter((line) => line && !line.startsWith('{'));
    if (shown.length) process.stdout.write(shown.map((line) => `    [server] ${line}\n`).join(''));
  });
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`    [server] ${chunk}`));
  const base = `http://${HOST}:${port}`;
  // Migrations pending on the database are applied at start, which may take a while on a large one.
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode})`);
    try {
      await fetch(`${base}${ready}`);
      return { base, child };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${script} did not answer within 5 minutes`);
}

async function stopProcess(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * The server as `npm start` runs it, on DATABASE_URL. DEMO_DATA names the scale set's login a demo
 * login, whose published password a server on this computer accepts (the set is not empty, so
 * nothing is loaded).
 */
const startServer = () =>
  startProcess('dist/node.mjs', [], { DATABASE_URL: databaseUrl ?? '', DATA_DIR: dataDir ?? '', JWT_SECRET: jwtSecret, SERVE_WEB: 'false', DEMO_DATA: 'true' }, '/api/health');

async function signIn(fetcher: (path: string, init: RequestInit) => Promise<Response>): Promise<string> {
  const response = await fetcher('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

interface Call {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  /** For a write: the requests a connection repeats (each leaves the data as it found it). */
  requests?: autocannon.Request[];
  bare?: boolean;
}

/** Ids the detail pages and writes use: typical rows, picked the same way on every run. */
async function pickIds(db: Db) {
  const [row] = await db.query<Record<string, number>>(`select
      (select product_id from public.tires order by product_id offset (select count(*) / 2 from public.tires) limit 1) as tire,
      (select product_id from public.stock_moves group by product_id order by count(*) desc, product_id limit 1) as moved,
      (select id from public.invoices where status = 'sent' order by id offset (select count(*) / 2 from public.invoices) limit 1) as invoice,
      (select id from public.sales order by id offset (select count(*) / 2 from public.sales) limit 1) as sale,
      (select id from public.receipts order by id offset (select count(*) / 2 from public.receipts) limit 1) as receipt,
      (select id from public.purchases order by id offset (select count(*) / 2 from public.purchases) limit 1) as purchase,
      (select min(id) from public.locations) as location,
      (select created_by from public.invoices where created_by is not null limit 1) as user`);
  const adjustable = (
    await db.query<{ id: number }>(
      // With stock to spare at the branch, so a -1 that reaches the server before its +1 still succeeds.
      `select p.id from public.products p
        where p.kind <> 'service' and p.id % 97 = 0
          and exists (select 1 from public.stock_levels sl where sl.product_id = p.id and sl.location_id = (select min(id) from public.locations) and sl.quantity >= 5)
        order by p.id limit 500`,
    )
  ).map((r) => Number(r.id));
  const id = (key: string) => Number(row[key]);
  return {
    tire: id('tire'), moved: id('moved'), invoice: id('invoice'), sale: id('sale'), receipt: id('receipt'), purchase: id('purchase'),
    location: id('location'), user: id('user'), adjustable,
  };
}

function callsOf(ids: Awaited<ReturnType<typeof pickIds>>): Call[] {
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
  // A stock adjustment: +1 on a product, then -1 on the same one, so the stock ends as it began.
  const adjust = (delta: number): autocannon.Request => ({
    method: 'POST',
    setupRequest: (request, context) => {
      if (delta > 0) context.product = ids.adjustable[Math.floor(Math.random() * ids.adjustable.length)];
      return {
        ...request,
        path: `/api/products/${context.product}/stock-adjustments`,
        body: JSON.stringify({ location_id: ids.location, delta, reason: 'count_correction', note: 'bench' }),
      };
    },
  });
  return [
    { name: 'tires, page 1 of 25', path: '/api/tires?page=1&per_page=25', bare: true },
    { name: 'tires, search "205 55 16"', path: '/api/tires?search=205%2055%2016' },
    { name: 'batteries', path: '/api/batteries' },
    { name: 'wipers', path: '/api/wiper-products' },
    { name: 'shop supplies', path: '/api/inventories' },
    { name: 'products picker "michelin"', path: '/api/products?search=michelin', bare: true },
    { name: 'customers, search "smith"', path: '/api/customers?search=smith', bare: true },
    { name: 'suppliers', path: '/api/suppliers' },
    { name: 'notifications (the bell)', path: '/api/notifications' },
    { name: 'stock moves of a product', path: `/api/products/${ids.moved}/stock-moves` },
    { name: 'tire detail', path: `/api/tires/${ids.tire}` },
    { name: 'stock adjustment (write)', path: '/api/products/0/stock-adjustments', method: 'POST', requests: [adjust(1), adjust(-1)] },
    { name: 'invoices', path: '/api/invoices' },
    { name: 'invoice detail', path: `/api/invoices/${ids.invoice}` },
    { name: 'sales', path: '/api/sales' },
    { name: 'sale detail', path: `/api/sales/${ids.sale}` },
    { name: 'receipts', path: '/api/receipts' },
    { name: 'receipt detail', path: `/api/receipts/${ids.receipt}` },
    { name: 'purchase orders', path: '/api/purchases' },
    { name: 'purchase order detail', path: `/api/purchases/${ids.purchase}` },
    { name: 'reorder suggestions for a branch', path: `/api/reorder-suggestions?location_id=${ids.location}` },
    { name: 'audit trail, page 1', path: '/api/audit-events' },
    { name: 'audit trail, one user\'s sends', path: `/api/audit-events?user_id=${ids.user}&action=sent` },
    { name: 'activity of an invoice', path: `/api/activity?record_type=invoice&record_id=${ids.invoice}` },
    { name: 'dashboard', path: '/api/dashboard' },
    { name: 'report: inventory', path: '/api/reports/inventory-summary' },
    { name: 'report: sales, this month by day', path: '/api/reports/sales' },
    { name: 'report: sales, a year by month', path: `/api/reports/sales?dateFrom=${yearAgo}&group=month` },
    { name: 'report: tire recall by DOT', path: '/api/reports/tire-sales?dot=23' },
    { name: 'report: purchases, a year by month', path: `/api/reports/purchases?dateFrom=${yearAgo}&group=month` },
    { name: 'report: customer balance', path: '/api/reports/customer-balance' },
    { name: 'report: customer balance, 40 days ago', path: `/api/reports/customer-balance?as_of=${fortyDaysAgo}` },
    { name: 'report: supplier balance', path: '/api/reports/supplier-balance' },
  ];
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Answers counted: a call slower than the run is measured over a fixed number of requests instead. */
  answered: number;
  errors: number;
  /** The fixed-rate run's; null when it was not run (the server's rate with CONNECTIONS connections is below RATE). */
  rateP50: number | null;
  rateP99: number | null;
  rateAchieved: number;
  rateErrors: number;
}

/** autocannon's options for a call on the server at `base`, signed in with `token` when given. */
function optionsOf(base: string, call: Call, token: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return { url: `${base}${call.path}`, method: call.method ?? 'GET', headers, requests: call.requests, timeout: 120 };
}

async function measure(base: string, call: Call, token: string | null): Promise<Figures> {
  const options = optionsOf(base, call, token);
  // Warm-up (every connection of the server's pool opened, its statements prepared, the route's code
  // compiled), then the runs, each followed by a pause for the server to finish what was in flight.
  const warm = await autocannon({ ...options, connections: CONNECTIONS, duration: WARM_UP });
  await sleep(Math.min(10_000, 200 + warm.latency.p99));
  let open = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
  await sleep(Math.min(10_000, 200 + open.latency.p99));
  if (open.requests.total < 2 * CONNECTIONS) {
    // Slower than the run allows for a figure: a fixed, small number of requests instead (bounded by the timeout).
    const started = Date.now();
    open = await autocannon({ ...options, connections: CONNECTIONS, amount: 3 * CONNECTIONS });
    open.requests.average = (open.requests.total * 1000) / (Date.now() - started);
    await sleep(1000);
  }
  const figures: Figures = {
    rps: open.requests.average,
    p50: open.latency.p50,
    p99: open.latency.p99,
    answered: open.requests.total,
    errors: open.errors + open.timeouts + open.non2xx,
    rateP50: null,
    rateP99: null,
    rateAchieved: open.requests.average,
    rateErrors: 0,
  };
  if (open.requests.average < RATE) return figures;
  const rated = await atFixedRate(base, call, options.headers);
  await sleep(Math.min(10_000, 200 + rated.p99));
  return { ...figures, rateP50: rated.p50, rateP99: rated.p99, rateAchieved: rated.achieved, rateErrors: rated.errors };
}

/** One request over a keep-alive connection of `agent`; answers its status (0 when it failed). */
function send(agent: Agent, base: string, request: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<number> {
  return new Promise((resolve) => {
    const sent = httpRequest(`${base}${request.path}`, { method: request.method, headers: request.headers, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    sent.on('error', () => resolve(0));
    sent.end(request.body);
  });
}

/**
 * The latency at a fixed rate, as an open loop: request i is sent at start + i / RATE whether or not
 * the answers before it have come, over as many connections as are busy, and is timed from when it
 * was due, so a server (or a load generator) that falls behind shows in the figures instead of
 * slowing the rate. (autocannon's overallRate lets each connection send its share of a second back
 * to back at the start of each second: a burst, not a rate.)
 */
async function atFixedRate(base: string, call: Call, headers: Record<string, string>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const method = call.method ?? 'GET';
  const context: Record<string, unknown> = {};
  let step = 0;
  // A write's requests in turn (a +1 then its -1), each made by its setupRequest as autocannon would.
  const next = () => {
    const request = { method, path: call.path, headers, body: undefined as string | undefined };
    if (!call.requests) return request;
    const made = call.requests[step++ % call.requests.length].setupRequest!({ ...request }, context) ?? request;
    return { ...request, path: made.path ?? call.path, body: made.body as string | undefined };
  };
  // Connections opened before the clock starts, as the closed-loop run has them.
  if (!call.requests) await Promise.all(Array.from({ length: 20 }, () => send(agent, base, next())));
  const total = Math.round(RATE * DURATION);
  const interval = 1000 / RATE;
  const latencies: number[] = [];
  const answers: Promise<void>[] = [];
  let errors = 0;
  const start = performance.now() + 20;
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    answers.push(
      send(agent, base, next()).then((status) => {
        latencies.push(performance.now() - due);
        if (status < 200 || status >= 300) errors++;
      }),
    );
  }
  await Promise.all(answers);
  const answeredIn = performance.now() - start;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
  return { p50: at(0.5), p99: at(0.99), achieved: (total * 1000) / Math.max(answeredIn, total * interval), errors };
}

/** Requests per second with CONNECTIONS connections for COMPARE_SECONDS, then the pause for what was in flight. */
async function closedLoopRate(base: string, call: Call, token: string | null): Promise<number> {
  const run = await autocannon({ ...optionsOf(base, call, token), connections: CONNECTIONS, duration: COMPARE_SECONDS });
  await sleep(Math.min(10_000, 200 + run.latency.p99));
  return run.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ratiosOf = (turns: { app: number[]; bare: number[] }) => turns.app.map((rate, i) => rate / turns.bare[i]);

// ---- The bare handler: the same statements, node:http and postgres.js only --------------------

/**
 * Runs the app in this process on a recording port, and answers the statements each call runs,
 * grouped as they ran concurrently, and whether it ran them in a transaction (a signed-in request does).
 */
async function captureStatements(calls: Call[]): Promise<Map<string, Captured>> {
  const real = postgresDb(databaseUrl!, { max: 4 });
  let groups: Group[] | null = null;
  let inTransaction = false;
  let inFlight = 0;
  const recording = (db: Db): Db => ({
    async query(sql, params = []) {
      if (groups) {
        if (inFlight === 0 || !groups.length) groups.push([]);
        groups[groups.length - 1].push({ sql, params });
      }
      inFlight++;
      try {
        return await db.query(sql, params);
      } finally {
        inFlight--;
      }
    },
    exec: (sql) => db.exec(sql),
    transaction: (work) =>
      db.transaction((tx) => {
        if (groups) inTransaction = true;
        return work(recording(tx));
      }),
  });
  // Checks a hash of up to Node's iterations (a sign-in on the Node server makes the scale login's
  // hash Node's) and never makes it again; the scale set's login has the published demo password,
  // with which it may sign in on this computer.
  const passwords = { iterations: WORKERS_PBKDF2_ITERATIONS, maxIterations: NODE_PBKDF2_ITERATIONS };
  // As the Node server on a direct connection: a read runs without a transaction of its own.
  const config = { ...defaultConfig, jwtSecret, passwords, demoPassword: 'allow' as const, timeoutInEachTransaction: false };
  const app = createApp({ db: recording(real), config });
  const fetcher = (path: string, init: RequestInit) => Promise.resolve(app.request(`http://${HOST}${path}`, init));
  const token = await signIn(fetcher);
  const captured = new Map<string, Captured>();
  for (const call of calls) {
    groups = [];
    inTransaction = false;
    const response = await fetcher(call.path, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${call.path} answered ${response.status} in the capture`);
    await response.arrayBuffer();
    captured.set(call.path, { inTransaction, groups });
    groups = null;
  }
  await real.close();
  return captured;
}

/** The bare handler (bare.ts) in a process of its own, answering the captured statements. */
async function startBare(captured: Map<string, Captured>) {
  const file = join(mkdtempSync(join(tmpdir(), 'wheelhouse-bench-')), 'statements.json');
  writeFileSync(file, JSON.stringify([...captured]));
  return startProcess('dist/bench-bare.mjs', [file], { DATABASE_URL: databaseUrl! }, '/');
}

// ---- The run ---------------------------------------------------------------------------------

const fixed = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number) => fixed(n);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n');
}

const ids = await (async () => {
  const db = dataDir ? await pgliteDb({ dataDir: pgliteFolder(dataDir) }) : postgresDb(databaseUrl!, { max: 1 });
  try {
    return await pickIds(db);
  } finally {
    await db.close();
  }
})();
const named = (list: string) => {
  const wanted = list.split(',').map((word) => word.trim().toLowerCase());
  return callsOf(ids).filter((call) => wanted.some((word) => call.name.toLowerCase().includes(word) || call.path.includes(word)));
};
const stockCountEvery = values['stock-count'] ? Number(values['stock-count']) : null;
if (stockCountEvery !== null && (!Number.isInteger(stockCountEvery) || stockCountEvery < 1 || dataDir)) {
  console.error('--stock-count takes a whole number of 1 or more, on PostgreSQL (DATABASE_URL)');
  process.exit(2);
}
let calls = stockCountEvery === null ? callsOf(ids) : [];
if (values.only) calls = named(values.only);
const besideCalls = values.beside ? named(values.beside) : [];

const atRate = (f: Figures) =>
  f.rateP99 === null ? `cannot (max ${fixed(f.rateAchieved, 1)}/s)` : `${ms(f.rateP50!)} / ${ms(f.rateP99)}${f.rateAchieved < RATE * 0.95 ? ` (${fixed(f.rateAchieved)}/s)` : ''}`;
const load = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} on ${cpus().length} cores`;
console.log(`Bench on ${dataDir ? `the embedded database in ${dataDir}` : databaseUrl!.replace(/\/\/[^@/]*@/, '//')}: ${DURATION} s per run, ${CONNECTIONS} connections, then ${RATE} requests/s (${load()})`);
console.log('  Anything else busy on this machine (a test suite, a build) shows in the figures: run it on a quiet machine.');
// The bare handler's statements are captured before the servers start; each call is measured on the
// app and then at once on the bare handler, so both see the machine as it is at that moment.
const bareCalls = dataDir ? [] : calls.filter((call) => call.bare);
const captured = bareCalls.length ? await captureStatements(bareCalls) : null;
const { base, child } = await startServer();
const bare = captured ? await startBare(captured) : null;
const results: { call: Call; app: Figures; bare?: Figures; compared?: { app: number[]; bare: number[] } }[] = [];
const beside = { running: true, answers: 0, errors: 0, loops: [] as Promise<void>[] };
try {
  const token = await signIn((path, init) => fetch(`${base}${path}`, init));
  for (const call of besideCalls) {
    console.log(`  beside, over and over: ${call.name}`);
    beside.loops.push(
      (async () => {
        // A write's requests in their order, sharing one context as a connection of autocannon's does.
        const requests = call.requests ?? [{ method: 'GET' as const }];
        while (beside.running) {
          const context: Record<string, unknown> = {};
          for (const request of requests) {
            const made = request.setupRequest?.({ ...request, path: call.path }, context) ?? { ...request, path: call.path };
            const response = await fetch(`${base}${made.path}`, {
              method: made.method ?? 'GET',
              headers: { authorization: `Bearer ${token}`, ...(made.body ? { 'content-type': 'application/json' } : {}) },
              body: made.body as string | undefined,
            });
            await response.arrayBuffer();
            if (response.ok) beside.answers++;
            else beside.errors++;
          }
        }
      })(),
    );
  }
  if (stockCountEvery !== null) {
    const db = postgresDb(databaseUrl!, { max: 1 });
    try {
      const figures = await benchStockCount(base, token, db, ids.location, stockCountEvery);
      console.log(
        `  a count of ${fixed(figures.lines)} tires: started in ${fixed(figures.startMs)} ms; counted in ${figures.countRequests} requests in ${fixed(figures.countingMs)} ms; ` +
          `posted with ${fixed(figures.corrections)} corrections in ${fixed(figures.postMs)} ms`,
      );
    } finally {
      await db.close();
    }
  }
  for (const call of calls) {
    process.stdout.write(`  ${call.name} ... `);
    const figures = await measure(base, call, token);
    results.push({ call, app: figures });
    console.log(`${fixed(figures.rps, 1)} req/s, p50 ${ms(figures.p50)} ms, p99 ${ms(figures.p99)} ms (${figures.answered} answers); at ${RATE}/s p50 / p99: ${atRate(figures)}`);
    if (!bare || !call.bare) continue;
    process.stdout.write(`    bare node:http + postgres.js handler, same SQL (${captured!.get(call.path)!.groups.flat().length} statements) ... `);
    const bareFigures = await measure(bare.base, call, null);
    results[results.length - 1].bare = bareFigures;
    console.log(`${fixed(bareFigures.rps, 1)} req/s, p50 ${ms(bareFigures.p50)} ms, p99 ${ms(bareFigures.p99)} ms; at ${RATE}/s p50 / p99: ${atRate(bareFigures)}`);
    // The rates move with the machine by a third from one run to the next, so the ratio is the median
    // of the ratios of runs made back to back (which see the machine alike), each in turn first.
    process.stdout.write(`    app and bare in turns, ${COMPARE_ROUNDS} x ${COMPARE_SECONDS} s each ... `);
    const compared = { app: [] as number[], bare: [] as number[] };
    for (let round = 0; round < COMPARE_ROUNDS; round++) {
      const appFirst = round % 2 === 0;
      const first = await closedLoopRate(appFirst ? base : bare.base, call, appFirst ? token : null);
      const second = await closedLoopRate(appFirst ? bare.base : base, call, appFirst ? null : token);
      compared.app.push(appFirst ? first : second);
      compared.bare.push(appFirst ? second : first);
    }
    results[results.length - 1].compared = compared;
    console.log(`app ${compared.app.map((n) => fixed(n)).join(', ')}; bare ${compared.bare.map((n) => fixed(n)).join(', ')} req/s; app / bare ${ratiosOf(compared).map((n) => fixed(n, 2)).join(', ')}`);
  }
} finally {
  beside.running = false;
  await Promise.all(beside.loops);
  await stopProcess(child);
  if (bare) await stopProcess(bare.child);
}

console.log(`\nFinished (${load()}).`);
if (besideCalls.length) console.log(`Beside them: ${besideCalls.map((call) => call.name).join(', ')}, answered ${beside.answers} times (${beside.errors} errors).`);
console.log(
  `\nThe app (${CONNECTIONS} connections for ${DURATION} s, or ${3 * CONNECTIONS} requests when slower; then ${RATE} requests/s sent as an open loop, timed from when each was due, the achieved rate in brackets when lower; not run when the server's rate is below ${RATE}/s):\n`,
);
console.log(
  table(
    ['call', 'req/s', 'p50 ms', 'p99 ms', `p50 / p99 ms at ${RATE}/s`, 'errors'],
    results.map(({ call, app }) => [
      `\`${call.method ?? 'GET'} ${call.path.replace(/\/\d+(\/|$)/, '/{id}$1')}\``,
      fixed(app.rps, 1),
      ms(app.p50),
      ms(app.p99),
      atRate(app),
      String(app.errors + app.rateErrors),
    ]),
  ),
);
const compared = results.filter((result) => result.bare);
if (compared.length) {
  console.log(
    `\nThe framework's cost: the same SQL from a bare node:http + postgres.js handler (req/s: the median of ${COMPARE_ROUNDS} runs of ${COMPARE_SECONDS} s of each, made back to back in turns; app / bare: the median of the ${COMPARE_ROUNDS} pairs' ratios, and their range):\n`,
  );
  console.log(
    table(
      ['call', 'app req/s', 'bare req/s', 'app / bare', 'pairs', 'bare p50 ms', 'bare p99 ms', `bare p50 / p99 ms at ${RATE}/s`],
      compared.map(({ call, bare, compared: turns }) => {
        const ratios = ratiosOf(turns!);
        return [
          `\`${call.path}\``,
          fixed(median(turns!.app), 1),
          fixed(median(turns!.bare), 1),
          fixed(median(ratios), 2),
          `${fixed(Math.min(...ratios), 2)}–${fixed(Math.max(...ratios), 2)}`,
          ms(bare!.p50),
          ms(bare!.p99),
          atRate(bare!),
        ];
      }),
    ),
  );
}
if (values.json) {
  writeFileSync(values.json, JSON.stringify(results.map(({ call, app, bare }) => ({ name: call.name, path: call.path, app, bare })), null, 2));
  console.log(`\nFigures written to ${values.json}`);
}
