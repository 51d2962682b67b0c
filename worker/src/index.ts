import { createApp } from './app.ts';
import { postgresDb } from './db/postgres.ts';
import { defaultConfig } from './env.ts';

export interface WorkerEnv {
  HYPERDRIVE: { connectionString: string };
  JWT_SECRET: string;
}

export default {
  /**
   * A database client per request: Workers cannot reuse a connection across requests. It is not
   * ended here: the runtime closes a request's sockets when the request is done, and postgres.js's
   * end() on Workers leaves an unhandled rejection ("Stream was cancelled") behind every time.
   */
  async fetch(request: Request, env: WorkerEnv): Promise<Response> {
    const db = postgresDb(env.HYPERDRIVE.connectionString, { max: 5 });
    return createApp({ db, config: { ...defaultConfig, jwtSecret: env.JWT_SECRET } }).fetch(request);
  },
};
