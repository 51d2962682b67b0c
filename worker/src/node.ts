import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { createApp } from './app.ts';
import { DEMO_LOGIN, DEMO_STAFF_LOGIN } from './demo/login.ts';
import { NODE_PBKDF2_ITERATIONS } from './auth/password.ts';
import { defaultConfig, sessionIdleHours, slowRequestMsOf, statementTimeoutOf } from './env.ts';
import { logLevelOf } from './http/request-log.ts';
import { pino } from 'pino';
import { withSecurityHeaders } from './http/security.ts';
import { directConnection, jwtSecret, loadMigrations, openDatabase, projectRoot, readSettings } from './node/runtime.ts';
import { setUpDatabase } from './setup.ts';

const settings = readSettings();
const statementTimeoutMs = statementTimeoutOf(process.env.STATEMENT_TIMEOUT_MS);
const db = await openDatabase(settings, statementTimeoutMs);
const setup = await setUpDatabase(db, {
  migrations: loadMigrations(),
  admin: settings.admin,
  demoData: settings.demoData,
  demoLogins: settings.demoLogins,
  passwordIterations: settings.passwordIterations,
});
const api = createApp({
  db,
  config: {
    ...defaultConfig,
    jwtSecret: jwtSecret(settings),
    sessionIdleHours: sessionIdleHours(process.env.SESSION_IDLE_HOURS),
    passwords: { iterations: settings.passwordIterations, maxIterations: Math.max(settings.passwordIterations, NODE_PBKDF2_ITERATIONS) },
    // The published demo password: fine on this computer; served to the network, it must be changed at
    // the next sign-in; never once a real administrator is configured.
    demoPassword: settings.demoLogins ? (settings.loopback ? 'allow' : 'change') : 'refuse',
    statementTimeoutMs,
    // A direct connection keeps the timeout; a transaction pooler does not (the embedded database ignores it).
    timeoutInEachTransaction: Boolean(settings.databaseUrl) && !directConnection(),
    slowRequestMs: slowRequestMsOf(process.env.SLOW_REQUEST_MS),
  },
  // One JSON line per request on stdout; `npm start | npx pino-pretty` reads them.
  logger: pino({ level: logLevelOf(process.env.LOG_LEVEL), timestamp: pino.stdTimeFunctions.isoTime }),
  clientAddress: (c) => {
    const forwarded = settings.trustProxy ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
    return forwarded || getConnInfo(c).remote.address;
  },
});

// `npm run dev` serves the web app from Vite instead, with the API on its own port.
const webDir = process.env.WEB_DIR ? resolve(process.env.WEB_DIR) : join(projectRoot, 'dist', 'web');
const webRoot = relative(process.cwd(), webDir) || '.';
const serveWeb = process.env.SERVE_WEB !== 'false' && existsSync(join(webDir, 'index.html'));
const web = new Hono();
if (serveWeb) {
  web.use(withSecurityHeaders);
  // index.html names the build's hashed assets, so browsers revalidate it on every visit and see a new
  // release at once; unknown paths (a stale /assets/ name too) answer it, so this goes by content type.
  web.use(async (c, next) => {
    await next();
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) c.res.headers.set('Cache-Control', 'no-cache');
  });
  web.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The build writes a brotli and a gzip copy of each text file; a browser that accepts one gets it.
  web.use(serveStatic({ root: webRoot, precompressed: true }));
  // The sign-in page and the screens most often opened afresh have HTML that names their own code
  // (web/vite.config.ts, `firstScreens`): /login is login.html, /reports/sales reports/sales.html, as
  // Cloudflare serves them; every other page is the app's index.html.
  for (const file of readdirSync(webDir, { recursive: true, encoding: 'utf8' })) {
    const path = file.split(sep).join('/');
    if (!path.endsWith('.html') || path === 'index.html') continue;
    web.get(`/${path.slice(0, -'.html'.length)}`, serveStatic({ root: webRoot, path, precompressed: true }));
  }
  web.get('*', serveStatic({ root: webRoot, path: 'index.html', precompressed: true }));
}

/**
 * Reads and drops what is left of a request body the API answered without reading (a 413, a 401),
 * up to 16 MB, so the client can finish sending and read the answer instead of a broken pipe.
 */
async function drainUnread(request: Request): Promise<void> {
  // Headers first: asking a Node request for its body builds a whole web Request.
  if (!(Number(request.headers.get('content-length')) > 0 || request.headers.has('transfer-encoding'))) return;
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  for (let read = 0; read <= 16 * 1024 * 1024; ) {
    const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (chunk.done || !chunk.value) return;
    read += chunk.value.byteLength;
  }
  await reader.cancel().catch(() => {});
}

const gzip = promisify(gzipCallback);

/**
 * The API's answers of 1 KB or more gzipped for a client that accepts it (Cloudflare does this for a
 * Worker at its edge). They are made whole in memory, so they are read whole here too.
 */
async function compressed(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  const accepts = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
  if (!response.body || response.headers.has('content-encoding') || !/json|csv|text/.test(type)) return response;
  const headers = new Headers(response.headers);
  headers.append('Vary', 'Accept-Encoding');
  const body = Buffer.from(await response.arrayBuffer());
  if (!accepts || body.length < 1024) return new Response(body, { status: response.status, headers });
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  return new Response(await gzip(body), { status: response.status, headers });
}

const server = serve({
  port: settings.port,
  hostname: settings.host,
  fetch: async (request, env) => {
    const { pathname } = new URL(request.url);
    if (pathname !== '/api' && !pathname.startsWith('/api/') && serveWeb) return web.fetch(request);
    const response = await api.fetch(request, env);
    await drainUnread(request);
    return compressed(request, response);
  },
});

server.once('listening', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${settings.dataDir}`;
  const shown = settings.loopback || settings.host === '0.0.0.0' || settings.host === '::' ? 'localhost' : settings.host;
  console.log(`Wheelhouse is running at http://${shown.includes(':') ? `[${shown}]` : shown}:${port} on ${where}`);
  if (!settings.loopback) console.log(`Listening on ${settings.host}: other computers on the network can reach it.`);
  if (setup.applied.length) console.log(`Applied migrations: ${setup.applied.join(', ')}`);
  if (setup.adminCreated) console.log(`Created the first admin: ${settings.admin?.email}`);
  if (settings.demoLogins) {
    console.log(`Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password} (administrator)`);
    console.log(`Demo staff login: ${DEMO_STAFF_LOGIN.email} / ${DEMO_STAFF_LOGIN.password}`);
    if (!settings.loopback) console.log('Served to the network: a demo login chooses a new password at its next sign-in.');
  }
  if (!serveWeb) console.log('The web app is not built here; the API answers under /api.');
});

const shutdown = () => {
  server.close();
  void db.close().finally(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
