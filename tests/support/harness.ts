import type { Db } from '../../worker/src/db/port.ts';
import type { Logger } from '../../worker/src/http/request-log.ts';

/** What an API test needs, whichever runtime and database run the app. */
export interface Harness {
  runtime: 'pglite' | 'postgres' | 'workerd';
  jwtSecret: string;
  /** What the app hashes new passwords with (tests' own users too). */
  passwordIterations: number;
  /** The app's statement timeout (STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  withDb<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Low, so that tests stay quick; one test proves a weaker hash is upgraded to it. */
export const TEST_PASSWORD_ITERATIONS = 1_000;

export interface HarnessOptions {
  /**
   * The app's statement timeout. In workerd, given, the requests go to an app wired as the Worker
   * wires its own (which it builds once, from the project's STATEMENT_TIMEOUT_MS binding).
   */
  statementTimeoutMs?: number;
  /**
   * On PostgreSQL from Node: connections that do not keep the timeout, as through Hyperdrive or a
   * transaction pooler, so every request sets it in a transaction of its own (as in workerd).
   */
  timeoutInEachTransaction?: boolean;
  /** Receives the app's log lines (not in workerd, whose lines go to its console). */
  logger?: Logger;
}
