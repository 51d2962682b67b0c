import { Hono } from 'hono';
import { requireAuth, authRoutes, sessionRoutes } from './auth/routes.ts';
import { enforcePermissions } from './auth/permissions.ts';
import { inOneTransaction } from './http/transaction.ts';
import { PgCode, pgErrorCode } from './db/port.ts';
import { profileRoutes } from './routes/profile.ts';
import { userRoutes } from './routes/users.ts';
import { auditRoutes } from './routes/audit.ts';
import type { AppDeps, AppEnv } from './env.ts';
import { HttpError } from './http/errors.ts';
import { withSecurityHeaders } from './http/security.ts';
import { customerRoutes } from './routes/customers.ts';
import { supplierRoutes } from './routes/suppliers.ts';
import { lookupRoutes } from './routes/lookups.ts';
import { productRoutes } from './routes/products/index.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { documentRoutes } from './routes/documents/index.ts';
import { settingsRoutes } from './routes/settings.ts';
import { reportRoutes } from './routes/reports.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { describe, openApiDocument } from './http/openapi.ts';
import { DOCS_PAGE } from './http/docs-page.ts';
import { limitBody } from './http/body-limit.ts';
import { z } from 'zod';

const TOO_SLOW = 'The database took too long to answer; try again in a moment.';
const TOO_LARGE = 'The amounts are too large to be kept.';

const health = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

/** The whole `/api`, built from its dependencies; Web-standard APIs only. */
export function createApp({ db, config, clientAddress, log = console.error }: AppDeps) {
  if (new TextEncoder().encode(config.jwtSecret).length < 32) throw new Error('JWT_SECRET must be at least 32 bytes');
  const app = new Hono<AppEnv>().basePath('/api');

  app.use(withSecurityHeaders);
  app.use(async (c, next) => {
    // Answers hold customers' details and prices: no browser or proxy keeps a copy, errors included.
    c.header('Cache-Control', 'no-store');
    c.set('db', typeof db === 'function' ? db(c.env) : db);
    c.set('config', config);
    c.set('clientAddress', clientAddress?.(c)?.slice(0, 100) || undefined);
    await next();
  });
  app.use(limitBody);

  app.get(
    '/openapi.json',
    describe({ tag: 'Reference', summary: 'This API described as OpenAPI 3.1', ok: z.record(z.string(), z.unknown()) }),
    async (c) => c.json(await openApiDocument(app)),
  );
  app.get('/docs', (c) => c.html(DOCS_PAGE));

  app.get('/health', describe({ tag: 'Reference', summary: 'Whether the server and its database answer', ok: health, errors: [503] }), async (c) => {
    try {
      await c.get('db').query('select 1');
      return c.json({ status: 'ok', database: 'up' });
    } catch (error) {
      log('health check: database did not answer', error);
      return c.json({ status: 'degraded', database: 'down' }, 503);
    }
  });
  app.route('/auth', authRoutes);

  app.use(requireAuth);
  app.use(enforcePermissions);
  app.use(inOneTransaction);
  app.route('/auth', sessionRoutes);
  app.route('/profile', profileRoutes);
  app.route('/users', userRoutes);
  app.route('/', auditRoutes);
  app.route('/customers', customerRoutes);
  app.route('/suppliers', supplierRoutes);
  app.route('/', lookupRoutes);
  app.route('/', productRoutes);
  app.route('/notifications', notificationRoutes);
  app.route('/settings', settingsRoutes);
  app.route('/', documentRoutes);
  app.route('/reports', reportRoutes);
  app.route('/dashboard', dashboardRoutes);

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body, error.status, error.headers);
    const code = pgErrorCode(error);
    if (code === PgCode.queryCanceled) {
      log(`${c.req.method} ${new URL(c.req.url).pathname} stopped by the statement timeout`, error);
      return c.json({ message: TOO_SLOW }, 503);
    }
    // A change whose stock, amounts or kept totals (added up at its commit) pass what their columns hold.
    if (code === PgCode.outOfRange && c.req.method !== 'GET') return c.json({ message: TOO_LARGE, errors: { _: [TOO_LARGE] } }, 422);
    log(`${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
    return c.json({ message: 'Something went wrong' }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
