import postgres from 'postgres';

/** Names this run's test databases; set TEST_DATABASE_TAG to run two suites side by side. */
export function testDatabaseName(base: string): string {
  const tag = process.env.TEST_DATABASE_TAG;
  if (tag && !/^[a-z0-9]+$/.test(tag)) throw new Error('TEST_DATABASE_TAG must be lowercase letters and digits');
  return tag ? `wheelhouse_${tag}_${base}` : `wheelhouse_${base}`;
}

/** The server's maintenance connection, from DATABASE_URL. */
export function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function recreateDatabase(name: string, template?: string): Promise<string> {
  const sql = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
    await sql.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await sql.end();
  }
  return databaseUrl(name);
}

/** A new database copied from the migrated template, for one test file. */
export async function cloneDatabase(template: string): Promise<string> {
  const name = `${template}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  return recreateDatabase(name, template);
}

export async function dropDatabases(prefix: string): Promise<void> {
  const sql = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`select datname from pg_database where datname like ${prefix + '%'}`;
    for (const { datname } of rows) await sql.unsafe(`drop database if exists "${datname}" with (force)`);
  } finally {
    await sql.end();
  }
}
