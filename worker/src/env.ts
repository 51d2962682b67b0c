import type { Db } from './db/port.ts';
import type { SessionUser } from './schemas/auth.ts';

export interface LoginThrottle {
  /** Failed attempts answered at once; each one after these is answered more slowly. */
  slowAfter: number;
  /** Failed attempts that lock the account. */
  lockAfter: number;
  lockMinutes: number;
  /** Added per failed attempt past slowAfter. */
  delayStepMs: number;
}

export interface AppConfig {
  /** At least 32 bytes. */
  jwtSecret: string;
  sessionHours: number;
  rememberDays: number;
  throttle: LoginThrottle;
  /** How long one statement of a request may run before it is stopped (503); 0: no limit. */
  statementTimeoutMs: number;
}

export const defaultConfig: Omit<AppConfig, 'jwtSecret'> = {
  sessionHours: 12,
  rememberDays: 30,
  throttle: { slowAfter: 3, lockAfter: 5, lockMinutes: 15, delayStepMs: 500 },
  statementTimeoutMs: 15_000,
};

/** STATEMENT_TIMEOUT_MS as configured: milliseconds, 0 for no limit; the default when not set. */
export function statementTimeoutOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return defaultConfig.statementTimeoutMs;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 2_147_483_647) throw new Error(`STATEMENT_TIMEOUT_MS must be a whole number of milliseconds, not "${value}"`);
  return ms;
}

export interface AppDeps {
  /** The database, or a function making one per request from the runtime's bindings (on Workers). */
  db: Db | ((bindings: unknown) => Db);
  config: AppConfig;
  log?: (message: string, error?: unknown) => void;
}

export interface AppEnv {
  Variables: {
    db: Db;
    config: AppConfig;
    user: SessionUser;
    sessionId: string;
  };
}
