import { SELF, env } from 'cloudflare:test';
import { postgresDb } from '../../worker/src/db/postgres.ts';
import type { WorkerEnv } from '../../worker/src/index.ts';
import { WORKERS_PBKDF2_ITERATIONS } from '../../worker/src/auth/password.ts';
import { statementTimeoutOf } from '../../worker/src/env.ts';
import type { Harness, HarnessOptions } from './harness.ts';

const workerEnv = env as unknown as WorkerEnv;

/** Requests go to the Worker itself (wrangler.toml's main), on Hyperdrive, inside workerd. */
export async function createHarness(_options: HarnessOptions = {}): Promise<Harness> {
  // One client for the test file's own look-ups, never ended: postgres.js's end() on Workers always
  // leaves an unhandled rejection behind, and the runtime closes the socket with the test file.
  const db = postgresDb(workerEnv.HYPERDRIVE.connectionString, { max: 1 });
  return {
    runtime: 'workerd',
    jwtSecret: workerEnv.JWT_SECRET,
    passwordIterations: WORKERS_PBKDF2_ITERATIONS,
    statementTimeoutMs: statementTimeoutOf(workerEnv.STATEMENT_TIMEOUT_MS),
    fetch: (path, init) => SELF.fetch(new URL(path, 'https://wheelhouse.test'), init),
    withDb: (work) => work(db),
    close: async () => {},
  };
}
