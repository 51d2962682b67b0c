import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from '../db/migrate.ts';
import { pgliteDb, type PgliteDb } from '../db/pglite.ts';
import type { Db } from '../db/port.ts';
import { postgresDb } from '../db/postgres.ts';
import { holdDataDir } from './backup.ts';

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
  dataDir: string;
  databaseUrl?: string;
  demoData: boolean;
  admin?: { email: string; password: string };
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): NodeSettings {
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = Number(env.PORT || 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const admin = env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined;
  return {
    port,
    dataDir: resolve(env.DATA_DIR || join(projectRoot, '.data')),
    databaseUrl,
    demoData: flag(env.DEMO_DATA, !databaseUrl),
    admin,
  };
}

/** Where the embedded database lives inside the data folder. */
export const pgliteFolder = (dataDir: string) => join(dataDir, 'pglite');

export async function openDatabase(settings: NodeSettings): Promise<Db & { close(): Promise<void> }> {
  if (settings.databaseUrl) return postgresDb(settings.databaseUrl, { prepare: process.env.DATABASE_PREPARE !== 'false' });
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
