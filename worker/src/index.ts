import { createApp, type App } from './app.ts';
import { postgresDb } from './db/postgres.ts';
import { defaultConfig, sessionIdleHours, slowRequestMsOf, statementTimeoutOf } from './env.ts';
import { consoleLogger, logLevelOf } from './http/request-log.ts';
import { WORKERS_PBKDF2_ITERATIONS } from './auth/password.ts';

export interface WorkerEnv {
  HYPERDRIVE: { connectionString: string };
  JWT_SECRET: string;
  /** Hours a session (not remembered) may go unused; 8 when unset. */
  SESSION_IDLE_HOURS?: string;
  STATEMENT_TIMEOUT_MS?: string;
  /** debug, info (the default), warn, error or silent. */
  LOG_LEVEL?: string;
  SLOW_REQUEST_MS?: string;
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
      // Passwords hash at WORKERS_PBKDF2_ITERATIONS (100,000), the most Workers accept. A Worker is
      // served to the world: a demo login loaded into its database must choose a new password.
      config: {
        ...defaultConfig,
        jwtSecret: env.JWT_SECRET,
        sessionIdleHours: sessionIdleHours(env.SESSION_IDLE_HOURS),
        passwords: { iterations: WORKERS_PBKDF2_ITERATIONS, maxIterations: WORKERS_PBKDF2_ITERATIONS },
        demoPassword: 'change',
        statementTimeoutMs: statementTimeoutOf(env.STATEMENT_TIMEOUT_MS),
        slowRequestMs: slowRequestMsOf(env.SLOW_REQUEST_MS),
      },
      // Workers Logs keeps what the Worker writes to its console (observability in wrangler.toml).
      logger: consoleLogger(logLevelOf(env.LOG_LEVEL)),
      clientAddress: (c) => c.req.header('cf-connecting-ip'),
    });
    return app.fetch(request, env);
  },
};
