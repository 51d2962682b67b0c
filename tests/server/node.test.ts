import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, DEMO_STAFF_LOGIN } from '../../worker/src/demo/shop.ts';
import { projectRoot } from '../../worker/src/node/runtime.ts';
import { startApp, type RunningApp } from '../support/browser.ts';

const built = existsSync(join(projectRoot, 'dist', 'node.mjs')) && existsSync(join(projectRoot, 'dist', 'web', 'index.html'));
if (!built && process.env.CI) throw new Error('The server tests need the built app (npm run build).');

describe.skipIf(!built)('npm start', () => {
  let app: RunningApp;
  beforeAll(async () => {
    // A new data folder: the first start migrates it and fills in the demo data.
    app = await startApp({ fresh: true });
  });
  afterAll(() => app?.stop());

  const login = (email: string, password: string) =>
    fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  it('serves the web app, with the app answering its own routes on reload', async () => {
    for (const path of ['/', '/customers', '/customers/12/edit', '/login']) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    // Each first screen's HTML names its code, fetched beside the entry: the sign-in page, or the
    // signed-in frame with the dashboard.
    const signIn = await (await fetch(`${app.url}/login`)).text();
    expect(signIn).toMatch(/rel="modulepreload"[^>]*\/assets\/forms-/);
    expect(signIn).not.toContain('/assets/frame-');
    expect(await (await fetch(`${app.url}/customers`)).text()).toMatch(/rel="modulepreload"[^>]*\/assets\/frame-/);
    // A screen often opened afresh names its own code too, and a page under it is the app's index.html.
    const invoices = await (await fetch(`${app.url}/invoices`)).text();
    for (const chunk of ['frame', 'pages', 'lists']) expect(invoices).toMatch(new RegExp(`rel="modulepreload"[^>]*/assets/${chunk}-`));
    expect(await (await fetch(`${app.url}/reports/sales`)).text()).toMatch(/rel="modulepreload"[^>]*\/assets\/SalesReportPage-/);
    expect(await (await fetch(`${app.url}/invoices/12`)).text()).not.toContain('/assets/lists-');
  });

  it('answers the API on the same port, and unknown API paths as JSON', async () => {
    const health = await fetch(`${app.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'up', migrations: { pending: false } });
    const unknown = await fetch(`${app.url}/api/nothing-here`);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('writes one JSON line per request to stdout, with its route and times and no secret', async () => {
    const signedIn = await login(DEMO_STAFF_LOGIN.email, DEMO_STAFF_LOGIN.password);
    const { token } = await signedIn.json();
    const customers = await fetch(`${app.url}/api/customers/1`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'counter-1405' } });
    expect(customers.headers.get('x-request-id')).toBe('counter-1405');
    const lines = () =>
      app
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line));
    // The server writes its log lines asynchronously: on a busy machine the line comes a little later.
    await expect.poll(() => lines().some((each) => each.request_id === 'counter-1405'), { timeout: 10_000 }).toBe(true);
    const line = lines().find((each) => each.request_id === 'counter-1405');
    expect(line).toMatchObject({ level: 30, method: 'GET', route: '/api/customers/:id', status: 200, branch_id: expect.any(Number), msg: 'GET /api/customers/:id 200' });
    expect(line.user_id).toEqual(expect.any(Number));
    expect(new Date(line.time).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(line.duration_ms).toEqual(expect.any(Number));
    expect(line.db_ms).toBeGreaterThan(0);
    expect(lines().find((each) => each.route === '/api/auth/login')).toMatchObject({ method: 'POST', status: 200 });
    // The console's banner names the demo password; no request's line does, nor the token.
    expect(JSON.stringify(lines())).not.toContain(DEMO_STAFF_LOGIN.password);
    expect(JSON.stringify(lines())).not.toContain(token);
  });

  it('keeps a keep-alive connection working after refusing a body it did not read', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
        const request = http.request(`${app.url}${path}`, { method, agent, headers }, (response) => {
          response.resume().on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
        });
        request.on('error', reject).end(body);
      });
    try {
      // Refused at once from its Content-Length (413), and before it is read (401): either way the
      // server closes that connection, and the agent's next requests go on a new one.
      for (const [path, size, status] of [['/api/auth/login', 2 * 1024 * 1024, 413], ['/api/customers', 200 * 1024, 401]] as const) {
        expect(await send('POST', path, 'x'.repeat(size))).toEqual({ status, connection: 'close' });
        expect((await send('GET', '/api/health')).status).toBe(200);
        expect((await send('GET', '/api/health')).status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
    // Node's fetch, on its own keep-alive pool (where UND_ERR_SOCKET was seen), with a body sent in chunks too.
    for (const body of ['x'.repeat(2 * 1024 * 1024), new Blob(['x'.repeat(2 * 1024 * 1024)]).stream()]) {
      const refused = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
      expect(refused.status).toBe(413);
      expect(await refused.json()).toEqual({ message: 'The request is too large.' });
      for (let i = 0; i < 2; i++) expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
    }
  });

  it('has browsers revalidate the page on every visit, keep the hashed assets, and keep no API answer', async () => {
    const page = await fetch(`${app.url}/customers`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(asset).toBeTruthy();
    const script = await fetch(`${app.url}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A name no build has answers the page, and that must not be kept for a year under the asset's name.
    const stale = await fetch(`${app.url}/assets/index-0000000000.js`);
    expect(stale.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${app.url}/api/health`)).headers.get('cache-control')).toBe('no-store');
  });

  it('sends the built files precompressed to a browser that accepts it, and the API\'s larger answers gzipped', async () => {
    const raw = (path: string, encoding?: string, token?: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        if (token) headers.authorization = `Bearer ${token}`;
        http
          .get(`${app.url}${path}`, { headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec((await raw('/')).bytes.toString())?.[1] ?? '';
    const plain = await raw(asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await raw(asset, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.bytes).equals(plain.bytes)).toBe(true);
    expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 2);
    const gzip = await raw(asset, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);

    const { token } = await (await login(DEMO_LOGIN.email, DEMO_LOGIN.password)).json();
    const list = await raw('/api/tires?per_page=25', 'gzip, br', token);
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.bytes).toString()).data.length).toBeGreaterThan(5);
    const small = await raw('/api/health', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('loads the demo shop with the demo login the console shows', async () => {
    const response = await login(DEMO_LOGIN.email, DEMO_LOGIN.password);
    expect(response.status).toBe(200);
    const { token } = await response.json();
    const total = async (path: string) => (await (await fetch(`${app.url}/api/${path}`, { headers: { authorization: `Bearer ${token}` } })).json()).total;
    // A dozen customers and the walk-in customer of counter sales.
    expect(await total('customers?per_page=1')).toBe(13);
    expect(await total('suppliers?per_page=1')).toBe(12);
    expect(await total('invoices?status=overdue')).toBeGreaterThan(0);
    expect(await total('invoices?status=partial')).toBeGreaterThan(0);
    expect(await total('sales?status=completed')).toBeGreaterThan(0);
    expect(await total('receipts')).toBeGreaterThan(0);
    const settings = await (await fetch(`${app.url}/api/settings`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(settings.data.shop_name).toBe('Springfield Tire & Battery');
  });

  it('creates a user and resets a password from the shell', async () => {
    const run = promisify(execFile);
    const cli = (args: string[]) =>
      run(process.execPath, [join(projectRoot, 'dist', 'cli.mjs'), ...args], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: app.dataDir },
      });
    // The embedded database takes one process at a time: the server lets go of it first.
    await app.stop();
    const created = await cli(['--email', 'clerk@example.test', '--password', 'first-password', '--name', 'Counter Clerk']);
    expect(created.stdout).toContain('Created user clerk@example.test.');
    const reset = await cli(['--email', 'clerk@example.test', '--password', 'second-password']);
    expect(reset.stdout).toContain('Reset the password of clerk@example.test.');
    await expect(cli(['--email', 'clerk@example.test', '--password', 'short'])).rejects.toMatchObject({
      stderr: expect.stringContaining('the password must be at least 8 characters'),
    });
    await expect(cli(['--email', 'clerk@example.test', '--password', 'password123'])).rejects.toMatchObject({
      stderr: expect.stringContaining('This password is too easy to guess. This is a commonly used password.'),
    });

    app = await startApp({ dataDir: app.dataDir });
    expect((await login('clerk@example.test', 'first-password')).status).toBe(401);
    const signedIn = await login('clerk@example.test', 'second-password');
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).user).toMatchObject({ name: 'Counter Clerk', role: 'staff' });
  });

  it('listens on 127.0.0.1 only, unless HOST says otherwise', async () => {
    const port = new URL(app.url).port;
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    // Another loopback address reaches a server listening on every interface, not this one.
    await expect(fetch(`http://127.0.0.2:${port}/api/health`)).rejects.toThrow();
  });

  it("counts failed sign-ins by the connection's address, not by X-Forwarded-For", async () => {
    const signInFrom = (localAddress: string, forwardedFor: string) =>
      new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
        const body = JSON.stringify({ email: `nobody-${forwardedFor}@example.test`, password: 'wrong-guess' });
        const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': forwardedFor };
        const request = http.request(`${app.url.replace('localhost', '127.0.0.1')}/api/auth/login`, { method: 'POST', headers, localAddress }, (response) => {
          response.resume().on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] }));
        });
        request.on('error', reject).end(body);
      });
    for (let i = 1; i <= 20; i++) expect((await signInFrom('127.0.0.3', `198.51.100.${i}`)).status).toBe(401);
    const refused = await signInFrom('127.0.0.3', '198.51.100.21');
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await signInFrom('127.0.0.1', '198.51.100.21')).status).toBe(401);
  });

  it('makes a demo login served to the network choose a new password at its next sign-in', async () => {
    await app.stop();
    app = await startApp({ dataDir: app.dataDir, env: { HOST: '0.0.0.0' } });
    const port = new URL(app.url).port;
    expect((await fetch(`http://127.0.0.2:${port}/api/health`)).status).toBe(200);
    const response = await login(DEMO_STAFF_LOGIN.email, DEMO_STAFF_LOGIN.password);
    expect(response.status).toBe(200);
    const { token, user } = await response.json();
    expect(user.must_change_password).toBe(true);
    const customers = await fetch(`${app.url}/api/customers`, { headers: { authorization: `Bearer ${token}` } });
    expect(customers.status).toBe(403);
  });

  it('makes no demo login when ADMIN_EMAIL is given, and never signs anyone in with the demo password then', async () => {
    await app.stop();
    // The demo logins of the shop made before stay, but their published password no longer opens them.
    app = await startApp({ dataDir: app.dataDir, env: { ADMIN_EMAIL: 'owner@example.test', ADMIN_PASSWORD: 'tread-carefully-81' } });
    expect((await login(DEMO_LOGIN.email, DEMO_LOGIN.password)).status).toBe(401);

    const fresh = await startApp({ fresh: true, env: { ADMIN_EMAIL: 'owner@example.test', ADMIN_PASSWORD: 'tread-carefully-81' } });
    try {
      const owner = await fetch(`${fresh.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.test', password: 'tread-carefully-81' }),
      });
      expect(owner.status).toBe(200);
      const { token } = await owner.json();
      const users = await (await fetch(`${fresh.url}/api/users`, { headers: { authorization: `Bearer ${token}` } })).json();
      expect(users.data.map((user: { email: string }) => user.email)).toEqual(['owner@example.test']);
      const customers = await (await fetch(`${fresh.url}/api/customers?per_page=1`, { headers: { authorization: `Bearer ${token}` } })).json();
      expect(customers.total).toBe(13);
    } finally {
      await fresh.stop();
    }
  });
});
