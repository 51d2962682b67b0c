import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { postgresDb } from '../../worker/src/db/postgres.ts';
import worker, { type WorkerEnv } from '../../worker/src/index.ts';
import type { Harness } from './harness.ts';

const workerEnv = env as unknown as WorkerEnv;

/** Requests go through the Worker's own fetch handler, on Hyperdrive, inside workerd. */
export async function createHarness(): Promise<Harness> {
  return {
    runtime: 'workerd',
    jwtSecret: workerEnv.JWT_SECRET,
    async fetch(path, init) {
      const ctx = createExecutionContext();
      const response = await worker.fetch(new Request(new URL(path, 'https://wheelhouse.test'), init), workerEnv, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    },
    async withDb(work) {
      const db = postgresDb(workerEnv.HYPERDRIVE.connectionString, { max: 1 });
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    },
    close: async () => {},
  };
}
