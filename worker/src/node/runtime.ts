import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from '../db/migrate.ts';
import { pgliteDb, type PgliteDb } from '../db/pglite.ts';
import type { Db } from '../db/port.ts';
import { postgresDb } from '../db/postgres.ts';
import { holdDataDir } from './backup.ts';
import { NODE_PBKDF2_ITERATIONS } from '../auth/password.ts';

/** The project folder: the nearest one above this module that holds package.json. */
export const projectRoot = (() => {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json')) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
})();

export function loadMigrations(folder = join(projectRoot, 'supabase', 'migrations')): Migration[] {
  return readdirSync(folder)
    .filter((file) => /^\d{14}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(join(folder, file), 'utf8') }));
}

export interface NodeSettings {
  port: number;
  /** Where `npm start` listens: loopback unless HOST says otherwise. */
  host: string;
  /** Whether only this computer can reach it. */
  loopback: boolean;
  dataDir: string;
  databaseUrl?: string;
  demoData: boolean;
  /** The demo logins are made only when no ADMIN_EMAIL is given. */
  demoLogins: boolean;
  admin?: { email: string; password: string };
  /** PBKDF2 iterations of new password hashes. */
  passwordIterations: number;
  /** X-Forwarded-For names the client (its last address, the one the trusted proxy added). */
  trustProxy: boolean;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): NodeSettings {
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = Number(env.PORT || 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) throw new Error('ADMIN_PASSWORD is required with ADMIN_EMAIL');
  const admin = env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined;
  const host = env.HOST || '127.0.0.1';
  const passwordIterations = Number(env.PASSWORD_ITERATIONS || NODE_PBKDF2_ITERATIONS);
  if (!Number.isInteger(passwordIterations) || passwordIterations < 100_000) {
    throw new Error(`PASSWORD_ITERATIONS must be a whole number of at least 100000, not "${env.PASSWORD_ITERATIONS}"`);
  }
  const demoData = flag(env.DEMO_DATA, !databaseUrl);
  return {
    port,
    host,
    loopback: /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i.test(host),
    dataDir: resolve(env.DATA_DIR || join(projectRoot, '.data')),
    databaseUrl,
    demoData,
    demoLogins: demoData && !admin,
    admin,
    passwordIterations,
    trustProxy: flag(env.TRUST_PROXY, false),
  };
}

/** Where the embedded database lives inside the data folder. */
export const pgliteFolder = (dataDir: string) => join(dataDir, 'pglite');

/** DATABASE_PREPARE=false names a transaction pooler: no prepared statements, and no setting a connection keeps. */
export const directConnection = () => process.env.DATABASE_PREPARE !== 'false';

/** The database; on a direct PostgreSQL connection, under `statementTimeoutMs` (see AppConfig.timeoutInEachTransaction). */
export async function openDatabase(settings: NodeSettings, statementTimeoutMs?: number): Promise<Db & { close(): Promise<void> }> {
  if (settings.databaseUrl) {
    const prepare = directConnection();
    return postgresDb(settings.databaseUrl, { prepare, statementTimeoutMs: prepare ? statementTimeoutMs : undefined });
  }
  return openEmbedded(settings.dataDir);
}

/**
 * The embedded database in `dataDir` (loaded from a backup's tarball when given), held by this
 * process until it is closed: another process cannot open it meanwhile, and can ask this one for a
 * backup (node/backup.ts).
 */
export async function openEmbedded(dataDir: string, loadDataDir?: Blob): Promise<PgliteDb> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // PGlite makes its files writable by everyone (0666): only the folder keeps other accounts out.
  if (process.platform !== 'win32' && statSync(dataDir).mode & 0o077) chmodSync(dataDir, 0o700);
  const hold = await holdDataDir(dataDir);
  try {
    const db = await pgliteDb({ dataDir: pgliteFolder(dataDir), loadDataDir });
    hold.serve(db.dump);
    return { ...db, close: () => db.close().finally(() => hold.close()) };
  } catch (error) {
    await hold.close();
    throw error;
  }
}

/** JWT_SECRET, or for the embedded database one generated once and kept in the data folder. */
export function jwtSecret(settings: NodeSettings, env: NodeJS.ProcessEnv = process.env): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (settings.databaseUrl) throw new Error('JWT_SECRET is required with DATABASE_URL (at least 32 bytes)');
  const file = join(settings.dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
