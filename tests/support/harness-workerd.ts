import { SELF, env } from 'cloudflare:test';
import { createApp } from '../../worker/src/app.ts';
import { postgresDb } from '../../worker/src/db/postgres.ts';
import type { WorkerEnv } from '../../worker/src/index.ts';
import { WORKERS_PBKDF2_ITERATIONS } from '../../worker/src/auth/password.ts';
import { defaultConfig, statementTimeoutOf } from '../../worker/src/env.ts';
import type { Harness, HarnessOptions } from './harness.ts';

const workerEnv = env as unknown as WorkerEnv;
const origin = 'https://wheelhouse.test';

/**
 * The app as the Worker wires it (a client per request on the Hyperdrive binding, the timeout set in
 * each transaction) under another statement timeout than the binding's, in the test's own workerd.
 */
function workerApp(statementTimeoutMs: number): Harness['fetch'] {
  const app = createApp({
    db: (bindings) => postgresDb((bindings as WorkerEnv).HYPERDRIVE.connectionString, { max: 5 }),
    config: { ...defaultConfig, jwtSecret: workerEnv.JWT_SECRET, statementTimeoutMs },
    clientAddress: (c) => c.req.header('cf-connecting-ip'),
  });
  return async (path, init) => app.fetch(new Request(new URL(path, origin), init), workerEnv);
}

/**
 * Requests go to the Worker itself (wrangler.toml's main), on Hyperdrive, inside workerd; with
 * `statementTimeoutMs`, to the app wired as the Worker wires it (see workerApp).
 */
export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  // One client for the test file's own look-ups, never ended: postgres.js's end() on Workers always
  // leaves an unhandled rejection behind, and the runtime closes the socket with the test file.
  const db = postgresDb(workerEnv.HYPERDRIVE.connectionString, { max: 1 });
  return {
    runtime: 'workerd',
    jwtSecret: workerEnv.JWT_SECRET,
    passwordIterations: WORKERS_PBKDF2_ITERATIONS,
    statementTimeoutMs: options.statementTimeoutMs ?? statementTimeoutOf(workerEnv.STATEMENT_TIMEOUT_MS),
    fetch:
      options.statementTimeoutMs === undefined
        ? (path, init) => SELF.fetch(new URL(path, origin), init)
        : workerApp(options.statementTimeoutMs),
    withDb: (work) => work(db),
    close: async () => {},
  };
}
