import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requireAuth, authRoutes, sessionRoutes } from './auth/routes.ts';
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

export const MAX_BODY_BYTES = 256 * 1024;

/** Answers hold customers' details and prices: no browser or proxy keeps a copy, errors included. */
const noStore: MiddlewareHandler = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  await next();
};

/**
 * An answer given before the request's body was read (413, 401, 404...) leaves that body on the
 * connection. @hono/node-server drains it for at most 500 ms, then drops the socket under a keep-alive
 * client's next request (Node fetch: UND_ERR_SOCKET); `Connection: close` has the client open a new one.
 */
const closeIfBodyUnread: MiddlewareHandler = async (c, next) => {
  const request = c.req.raw;
  await next();
  const hasBody = Number(request.headers.get('content-length')) > 0 || request.headers.has('transfer-encoding');
  if (hasBody && !request.bodyUsed) c.res.headers.set('Connection', 'close');
};

/** The whole `/api`, built from its dependencies; Web-standard APIs only. */
export function createApp({ db, config, log = console.error }: AppDeps) {
  if (new TextEncoder().encode(config.jwtSecret).length < 32) throw new Error('JWT_SECRET must be at least 32 bytes');
  const app = new Hono<AppEnv>().basePath('/api');

  app.use(withSecurityHeaders);
  app.use(noStore);
  app.use(closeIfBodyUnread);
  app.use(async (c, next) => {
    c.set('db', typeof db === 'function' ? db(c.env) : db);
    c.set('config', config);
    await next();
  });
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      // Also when the body came in chunks and was read only up to the limit.
      onError: (c) => c.json({ message: 'The request is too large.' }, 413, { Connection: 'close' }),
    }),
  );

  app.get('/health', async (c) => {
    try {
      await c.var.db.query('select 1');
      return c.json({ status: 'ok', database: 'up' });
    } catch (error) {
      log('health check: database did not answer', error);
      return c.json({ status: 'degraded', database: 'down' }, 503);
    }
  });
  app.route('/auth', authRoutes);

  app.use(requireAuth);
  app.route('/auth', sessionRoutes);
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
    if (error instanceof HttpError) return c.json(error.body, error.status);
    log(`${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
    return c.json({ message: 'Something went wrong' }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
