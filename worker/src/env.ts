import type { Context } from 'hono';
import type { Db } from './db/port.ts';
import type { SessionUser } from './schemas/auth.ts';
import { WORKERS_PBKDF2_ITERATIONS } from './auth/password.ts';
import type { Logger } from './http/request-log.ts';
import type { KeptAnswers } from './http/kept-answers.ts';

export interface LoginThrottle {
  /** Failed attempts answered at once; each one after these is answered more slowly. */
  slowAfter: number;
  /** Failed attempts that lock the account. */
  lockAfter: number;
  lockMinutes: number;
  /** Added per failed attempt past slowAfter. */
  delayStepMs: number;
  /** Failed sign-ins (any e-mails) a client address may make in a minute; past them it is refused... */
  addressLimit: number;
  /** ...for this long. */
  addressBlockMinutes: number;
}

export interface PasswordHashing {
  /** PBKDF2-SHA256 iterations of new hashes; a weaker stored hash is upgraded at its next sign-in. */
  iterations: number;
  /** The most a stored hash may have and still be checked: what the runtime allows. */
  maxIterations: number;
}

export interface AppConfig {
  /** At least 32 bytes. */
  jwtSecret: string;
  sessionHours: number;
  rememberDays: number;
  /** A session (not a remembered one) unused this long ends at its next request. */
  sessionIdleHours: number;
  throttle: LoginThrottle;
  passwords: PasswordHashing;
  /**
   * What the published demo password does at sign-in: `allow` it (the demo shop on this computer),
   * `change` (served to the network: the user must choose a new password first), or `refuse` it.
   */
  demoPassword: 'allow' | 'change' | 'refuse';
  /** How long one statement of a request may run before it is stopped (503); 0: no limit. */
  statementTimeoutMs: number;
  /**
   * The database's connections do not keep the timeout (Hyperdrive and transaction poolers reset
   * session settings): every request, reads too, sets it in a transaction of its own. A direct
   * connection takes it once, as a connection parameter, and a read needs no transaction.
   */
  timeoutInEachTransaction: boolean;
  /** A request that takes longer is logged as a warning, with its slowest statements. */
  slowRequestMs: number;
}

export const defaultConfig: Omit<AppConfig, 'jwtSecret'> = {
  sessionHours: 12,
  rememberDays: 30,
  sessionIdleHours: 8,
  throttle: { slowAfter: 3, lockAfter: 5, lockMinutes: 15, delayStepMs: 500, addressLimit: 20, addressBlockMinutes: 5 },
  passwords: { iterations: WORKERS_PBKDF2_ITERATIONS, maxIterations: WORKERS_PBKDF2_ITERATIONS },
  demoPassword: 'refuse',
  statementTimeoutMs: 15_000,
  timeoutInEachTransaction: true,
  slowRequestMs: 500,
};

/** SESSION_IDLE_HOURS as a number of hours, 8 when unset. */
export function sessionIdleHours(value: string | undefined): number {
  if (value === undefined || value === '') return defaultConfig.sessionIdleHours;
  const hours = Number(value);
  if (!Number.isFinite(hours) || hours <= 0) throw new Error(`SESSION_IDLE_HOURS must be a number of hours, not "${value}"`);
  return hours;
}

/** STATEMENT_TIMEOUT_MS as configured: milliseconds, 0 for no limit; the default when not set. */
export function statementTimeoutOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return defaultConfig.statementTimeoutMs;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 2_147_483_647) throw new Error(`STATEMENT_TIMEOUT_MS must be a whole number of milliseconds, not "${value}"`);
  return ms;
}

/** SLOW_REQUEST_MS as configured: a request that takes longer is logged as a warning with its statements. */
export function slowRequestMsOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return defaultConfig.slowRequestMs;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1) throw new Error(`SLOW_REQUEST_MS must be a whole number of milliseconds, not "${value}"`);
  return ms;
}

export interface AppDeps {
  /** The database, or a function making one per request from the runtime's bindings (on Workers). */
  db: Db | ((bindings: unknown) => Db);
  config: AppConfig;
  /** The client's address as the runtime tells it (a socket, a trusted header); undefined when unknown. */
  clientAddress?: (c: Context) => string | undefined;
  /** Where each request's line goes; nowhere when not given. */
  logger?: Logger;
}

export interface AppEnv {
  Variables: {
    db: Db;
    config: AppConfig;
    clientAddress: string | undefined;
    user: SessionUser;
    sessionId: string;
    /** X-Request-Id: named in the log line and in a 500's answer. */
    requestId: string;
    /** What went wrong on our side, for the request's log line. */
    failure: unknown;
    /** The reports' answers, kept while the database stands where it was (http/kept-answers.ts). */
    answers: KeptAnswers;
  };
}
