import { LATEST_MIGRATION } from './latest-migration.ts';
import type { Db } from './port.ts';

export interface MigrationStatus {
  /** The newest migration the database has: its file name, or its timestamp where `supabase db push` applied it. */
  last_applied: string | null;
  /** The newest migration this version of the app needs. */
  latest: string;
  /** The database is behind the app: its migrations have to be applied (`supabase db push`, or a restart on Node). */
  pending: boolean;
}

const stamp = (name: string | null) => name?.split('_')[0] ?? '';

/** What the database has applied, from the app's own record (Node) and from `supabase db push`'s. */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const [tables] = await db.query<{ ours: boolean; supabase: boolean }>(
    `select to_regclass('public.schema_migrations') is not null as ours,
            to_regclass('supabase_migrations.schema_migrations') is not null as supabase`,
  );
  const applied: string[] = [];
  if (tables.ours) applied.push(...(await db.query<{ v: string }>('select max(version) as v from public.schema_migrations')).map((row) => row.v));
  if (tables.supabase) applied.push(...(await db.query<{ v: string }>('select max(version) as v from supabase_migrations.schema_migrations')).map((row) => row.v));
  const last = applied.filter(Boolean).sort((a, b) => stamp(a).localeCompare(stamp(b)) || a.length - b.length).at(-1) ?? null;
  return { last_applied: last, latest: LATEST_MIGRATION, pending: stamp(last) < stamp(LATEST_MIGRATION) };
}
