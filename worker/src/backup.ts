import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { DataDirInUse, gzipped, requestBackup } from './node/backup.ts';
import { openEmbedded, pgliteFolder, projectRoot, readSettings } from './node/runtime.ts';

const usage = `Backs up the embedded database, or restores a backup into an empty data folder.

  npm run backup [FILE or FOLDER]   (default: backups/wheelhouse-YYYY-MM-DDTHHMM.tar.gz)
  npm run restore FILE

Uses the embedded database in DATA_DIR, like npm start. A backup can be taken while the server
runs; a restore needs a DATA_DIR without a database.`;

const postgresAdvice = `DATABASE_URL names a PostgreSQL database: back it up with pg_dump, for instance

  pg_dump -Fc --no-owner "$DATABASE_URL" > wheelhouse.dump

and restore it into an empty database with

  pg_restore --no-owner -d "$DATABASE_URL" wheelhouse.dump

Supabase backs up every project daily (Database > Backups in its dashboard, kept 7 days or more
on paid plans); on the Free plan, take your own with pg_dump as above.`;

const { values, positionals } = parseArgs({
  options: { restore: { type: 'boolean' }, help: { type: 'boolean' } },
  allowPositionals: true,
});
if (values.help || positionals.length > 1 || (values.restore && !positionals.length)) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

const settings = readSettings();
if (settings.databaseUrl) {
  console.error(postgresAdvice);
  process.exit(1);
}
// npm runs scripts in the project folder; a path the user typed is relative to where they typed it.
const here = process.env.INIT_CWD || process.cwd();
function shown(path: string): string {
  const inside = relative(here, path);
  return inside && !inside.startsWith('..') ? inside : path;
}

try {
  if (values.restore) await restore(resolve(here, positionals[0]));
  else await backup(positionals[0] === undefined ? join(projectRoot, 'backups') : resolve(here, positionals[0]));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}

async function backup(target: string) {
  const file = existsSync(target) && statSync(target).isDirectory() ? join(target, `wheelhouse-${stamp(new Date())}.tar.gz`) : target;
  if (existsSync(file)) throw new Error(`${shown(file)} already exists: name another file.`);
  let data = await requestBackup(settings.dataDir);
  const from = data ? 'from the running server' : 'with no server running';
  if (!data) {
    if (!existsSync(join(pgliteFolder(settings.dataDir), 'PG_VERSION'))) throw new Error(`There is no database in ${settings.dataDir} to back up.`);
    const db = await openEmbedded(settings.dataDir);
    try {
      data = await gzipped(await db.dump());
    } finally {
      await db.close();
    }
  }
  mkdirSync(dirname(file), { recursive: true });
  // Written beside and renamed, so a backup file is never half written.
  writeFileSync(`${file}.partial`, data, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  console.log(`Backed up the embedded database in ${settings.dataDir} (${from}) to ${shown(file)} (${megabytes(data.byteLength)}).`);
}

async function restore(file: string) {
  if (!existsSync(file)) throw new Error(`There is no file ${shown(file)}.`);
  const folder = pgliteFolder(settings.dataDir);
  if (existsSync(folder) && readdirSync(folder).length) {
    throw new Error(
      `${settings.dataDir} already holds a database: restore into an empty data folder (set DATA_DIR to a new folder, or move this one away first).`,
    );
  }
  let tarball: Buffer;
  try {
    tarball = gunzipSync(readFileSync(file));
  } catch {
    tarball = Buffer.alloc(0);
  }
  // A gzipped tar file (its first header says "ustar"); PGlite checks the rest.
  if (tarball.toString('latin1', 257, 262) !== 'ustar') throw new Error(`${shown(file)} is not a backup made by npm run backup.`);
  try {
    const db = await openEmbedded(settings.dataDir, new Blob([tarball as Buffer<ArrayBuffer>], { type: 'application/x-tar' }));
    try {
      const [{ found }] = await db.query<{ found: boolean }>(`select to_regclass('public.sales') is not null as found`);
      if (!found) throw new Error('it holds no Wheelhouse database');
    } finally {
      await db.close();
    }
  } catch (error) {
    if (error instanceof DataDirInUse) throw error;
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`Could not restore ${shown(file)}: ${error instanceof Error ? error.message : error}`);
  }
  console.log(`Restored ${shown(file)} into ${settings.dataDir}. Start the server with npm start; everyone signs in again.`);
}

/** 2026-11-25T1405, in local time: what the shop's clock said. */
function stamp(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}${two(date.getMinutes())}`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
