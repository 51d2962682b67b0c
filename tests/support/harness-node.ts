import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createApp } from '../../worker/src/app.ts';
import { pgliteDb } from '../../worker/src/db/pglite.ts';
import { postgresDb } from '../../worker/src/db/postgres.ts';
import { defaultConfig } from '../../worker/src/env.ts';
import { TEST_JWT_SECRET, TEST_PASSWORD_ITERATIONS, type Harness, type HarnessOptions } from './harness.ts';
import { NODE_PBKDF2_ITERATIONS } from '../../worker/src/auth/password.ts';
import { cloneDatabase } from './postgres-admin.ts';
import { consoleLogger, logLevelOf } from '../../worker/src/http/request-log.ts';

/** A fresh copy of the migrated schema for this test file, on PGlite or on PostgreSQL. */
export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const runtime = inject('dbRuntime');
  const statementTimeoutMs = options.statementTimeoutMs ?? defaultConfig.statementTimeoutMs;
  const timeoutInEachTransaction = options.timeoutInEachTransaction ?? false;
  // As `npm start` opens them: PostgreSQL on a direct connection that keeps the timeout (or as through a pooler).
  const db =
    runtime === 'pglite'
      ? await pgliteDb({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) })
      : postgresDb(
          await cloneDatabase(inject('postgresTemplate')),
          timeoutInEachTransaction ? { max: 5 } : { max: 5, prepare: true, statementTimeoutMs },
        );
  const config = {
    ...defaultConfig,
    jwtSecret: TEST_JWT_SECRET,
    passwords: { iterations: TEST_PASSWORD_ITERATIONS, maxIterations: NODE_PBKDF2_ITERATIONS },
    statementTimeoutMs,
    timeoutInEachTransaction,
  };
  const app = createApp({
    db,
    config,
    // As on Workers: the tests name the client's address.
    clientAddress: (c) => c.req.header('cf-connecting-ip'),
    logger: options.logger ?? (process.env.LOG_LEVEL ? consoleLogger(logLevelOf(process.env.LOG_LEVEL)) : undefined),
  });
  return {
    runtime,
    jwtSecret: TEST_JWT_SECRET,
    passwordIterations: TEST_PASSWORD_ITERATIONS,
    statementTimeoutMs: config.statementTimeoutMs,
    fetch: async (path, init) => app.request(path, init),
    withDb: (work) => work(db),
    close: () => db.close(),
  };
}
