import { createApp, type App } from './app.ts';
import { postgresDb } from './db/postgres.ts';
import { defaultConfig, statementTimeoutOf } from './env.ts';

export interface WorkerEnv {
  HYPERDRIVE: { connectionString: string };
  JWT_SECRET: string;
  STATEMENT_TIMEOUT_MS?: string;
}

let app: App | undefined;

export default {
  /**
   * The app is built once; its database client is made per request, since Workers cannot reuse a
   * connection across requests. The client is not ended: the runtime closes a request's sockets when
   * the request is done, and postgres.js's end() on Workers leaves an unhandled rejection
   * ("Stream was cancelled") behind every time.
   */
  fetch(request: Request, env: WorkerEnv): Response | Promise<Response> {
    app ??= createApp({
      db: (bindings) => postgresDb((bindings as WorkerEnv).HYPERDRIVE.connectionString, { max: 5 }),
      config: { ...defaultConfig, jwtSecret: env.JWT_SECRET, statementTimeoutMs: statementTimeoutOf(env.STATEMENT_TIMEOUT_MS) },
    });
    return app.fetch(request, env);
  },
};
