import type { Db } from './port.ts';

export interface Migration {
  name: string;
  sql: string;
}

/** Applies the migrations not yet recorded, in name order, each in its own transaction. */
export async function migrate(db: Db, migrations: Migration[]): Promise<string[]> {
  await db.exec(`create table if not exists public.schema_migrations (
    version text primary key,
    applied_at timestamptz not null default now()
  );
  alter table public.schema_migrations enable row level security;`);
  const applied: string[] = [];
  for (const migration of [...migrations].sort((a, b) => a.name.localeCompare(b.name))) {
    const done = await db.transaction(async (tx) => {
      // One runner at a time: a second process waits here, then sees the version recorded.
      await tx.query('select pg_advisory_xact_lock(7305423)');
      const seen = await tx.query('select 1 from public.schema_migrations where version = $1', [migration.name]);
      if (seen.length || (await pushedBySupabase(tx, migration.name))) return false;
      await tx.exec(migration.sql);
      await tx.query('insert into public.schema_migrations (version) values ($1)', [migration.name]);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}

/** `supabase db push` records the timestamp of each file it applied in its own table. */
async function pushedBySupabase(db: Db, name: string): Promise<boolean> {
  const [{ present }] = await db.query<{ present: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as present",
  );
  if (!present) return false;
  const rows = await db.query('select 1 from supabase_migrations.schema_migrations where version = $1', [name.split('_')[0]]);
  return rows.length > 0;
}
