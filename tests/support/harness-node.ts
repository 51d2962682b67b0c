import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createApp } from '../../worker/src/app.ts';
import { pgliteDb } from '../../worker/src/db/pglite.ts';
import { postgresDb } from '../../worker/src/db/postgres.ts';
import { defaultConfig } from '../../worker/src/env.ts';
import { TEST_JWT_SECRET, type Harness, type HarnessOptions } from './harness.ts';
import { cloneDatabase } from './postgres-admin.ts';

/** A fresh copy of the migrated schema for this test file, on PGlite or on PostgreSQL. */
export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const runtime = inject('dbRuntime');
  const db =
    runtime === 'pglite'
      ? await pgliteDb({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) })
      : postgresDb(await cloneDatabase(inject('postgresTemplate')), { max: 5, prepare: true });
  const config = { ...defaultConfig, jwtSecret: TEST_JWT_SECRET, statementTimeoutMs: options.statementTimeoutMs ?? defaultConfig.statementTimeoutMs };
  const app = createApp({ db, config, log: process.env.LOG_ERRORS ? console.error : () => {} });
  return {
    runtime,
    jwtSecret: TEST_JWT_SECRET,
    statementTimeoutMs: config.statementTimeoutMs,
    fetch: async (path, init) => app.request(path, init),
    withDb: (work) => work(db),
    close: () => db.close(),
  };
}
