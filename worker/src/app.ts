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
import { vehicleRoutes } from './routes/vehicles.ts';
import { supplierRoutes } from './routes/suppliers.ts';
import { lookupRoutes } from './routes/lookups.ts';
import { productRoutes } from './routes/products/index.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { documentRoutes } from './routes/documents/index.ts';
import { settingsRoutes } from './routes/settings.ts';
import { taxRoutes } from './routes/tax.ts';
import { feeRoutes } from './routes/fees.ts';
import { coreRoutes, feeReportRoutes } from './routes/cores.ts';
import { reportRoutes } from './routes/reports.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { dayCloseRoutes } from './routes/day-closes.ts';
import { reorderRoutes } from './routes/reorder.ts';
import { transferRoutes } from './routes/transfers.ts';
import { stockCountRoutes } from './routes/stock-counts.ts';
import { describe, openApiDocument } from './http/openapi.ts';
import { DOCS_PAGE } from './http/docs-page.ts';
import { limitBody } from './http/body-limit.ts';
import { requestLog, type Logger } from './http/request-log.ts';
import { migrationStatus } from './db/migration-status.ts';
import { isPrioritised } from './db/gate.ts';
import { keptAnswers } from './http/kept-answers.ts';
import { version } from '../../package.json';
import { z } from 'zod';

const TOO_SLOW = 'The database took too long to answer; try again in a moment.';
const TOO_LARGE = 'The amounts are too large to be kept.';

const BEHIND = 'The database is behind this version of Wheelhouse: its pending migrations have to be applied (supabase db push).';

const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  /** The app's version (package.json). */
  version: z.string(),
  migrations: z
    .object({ last_applied: z.string().nullable(), latest: z.string(), pending: z.boolean() })
    .optional()
    .describe('Absent when the database does not answer.'),
  message: z.string().optional(),
});

// A table, column or function the app expects is missing: the database has not been migrated to this version.
const MISSING_OBJECT = new Set(['42P01', '42703', '42883']);

/** The owner's reading (reports, the dashboard): on the embedded database it waits behind the counter's work. */
const REPORT_PATHS = /^\/api\/(reports|dashboard)(\/|$)/;

const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** The whole `/api`, built from its dependencies; Web-standard APIs only. */
export function createApp({ db, config, clientAddress, logger = silentLogger }: AppDeps) {
  if (new TextEncoder().encode(config.jwtSecret).length < 32) throw new Error('JWT_SECRET must be at least 32 bytes');
  const app = new Hono<AppEnv>().basePath('/api');
  const answers = keptAnswers();

  app.use(
    requestLog(
      logger,
      (c) => {
        const database = typeof db === 'function' ? db(c.env) : db;
        return isPrioritised(database) && REPORT_PATHS.test(c.req.path) ? database.reports : database;
      },
      config.slowRequestMs,
    ),
  );
  app.use(withSecurityHeaders);
  app.use(async (c, next) => {
    // Answers hold customers' details and prices: no browser or proxy keeps a copy, errors included.
    c.header('Cache-Control', 'no-store');
    c.set('config', config);
    c.set('answers', answers);
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
      const migrations = await migrationStatus(c.get('db'));
      if (migrations.pending) return c.json({ status: 'degraded', database: 'up', version, migrations, message: BEHIND });
      return c.json({ status: 'ok', database: 'up', version, migrations });
    } catch (error) {
      c.set('failure', error);
      return c.json({ status: 'degraded', database: 'down', version }, 503);
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
  app.route('/', vehicleRoutes);
  app.route('/suppliers', supplierRoutes);
  app.route('/', lookupRoutes);
  app.route('/', productRoutes);
  app.route('/notifications', notificationRoutes);
  app.route('/settings', settingsRoutes);
  app.route('/', taxRoutes);
  app.route('/fee-rules', feeRoutes);
  app.route('/cores', coreRoutes);
  app.route('/', documentRoutes);
  app.route('/reports', reportRoutes);
  app.route('/reports', feeReportRoutes);
  app.route('/dashboard', dashboardRoutes);
  app.route('/day-closes', dayCloseRoutes);
  app.route('/', reorderRoutes);
  app.route('/transfers', transferRoutes);
  app.route('/stock-counts', stockCountRoutes);

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body, error.status, error.headers);
    const code = pgErrorCode(error);
    // A change whose stock, amounts or kept totals (added up at its commit) pass what their columns hold.
    if (code === PgCode.outOfRange && c.req.method !== 'GET') return c.json({ message: TOO_LARGE, errors: { _: [TOO_LARGE] } }, 422);
    c.set('failure', error);
    if (code === PgCode.queryCanceled) return c.json({ message: TOO_SLOW }, 503);
    if (code && MISSING_OBJECT.has(code)) return c.json({ message: BEHIND }, 503);
    return c.json({ message: `Something went wrong on our side (ref ${c.get('requestId')})` }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
