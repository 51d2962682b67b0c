import { createApp } from './app.ts';
import { postgresDb } from './db/postgres.ts';
import { defaultConfig } from './env.ts';

export interface WorkerEnv {
  HYPERDRIVE: { connectionString: string };
  JWT_SECRET: string;
}

interface WorkerContext {
  waitUntil(promise: Promise<unknown>): void;
}

export default {
  /** A database client per request: Workers cannot reuse a connection across requests. */
  async fetch(request: Request, env: WorkerEnv, ctx: WorkerContext): Promise<Response> {
    const db = postgresDb(env.HYPERDRIVE.connectionString, { max: 5 });
    try {
      return await createApp({ db, config: { ...defaultConfig, jwtSecret: env.JWT_SECRET } }).fetch(request);
    } finally {
      ctx.waitUntil(db.close());
    }
  },
};
