import { describe, expect, it } from 'vitest';
import { migrate } from '../../worker/src/db/migrate.ts';
import { pgliteDb } from '../../worker/src/db/pglite.ts';

const migrations = [
  { name: '20260101000000_first', sql: 'create table public.first (id int);' },
  { name: '20260102000000_second', sql: 'create table public.second (id int);' },
];

// Starting an embedded database takes seconds on a busy machine.
describe('migrations', { timeout: 30_000 }, () => {
  it('applies each file once, in order', async () => {
    const db = await pgliteDb();
    expect(await migrate(db, [...migrations].reverse())).toEqual(['20260101000000_first', '20260102000000_second']);
    expect(await migrate(db, migrations)).toEqual([]);
    await db.close();
  });

  it('skips the files `supabase db push` already applied', async () => {
    const db = await pgliteDb();
    await db.exec(`create schema supabase_migrations;
      create table supabase_migrations.schema_migrations (version text primary key, name text);
      insert into supabase_migrations.schema_migrations values ('20260101000000', 'first');
      create table public.first (id int);`);
    expect(await migrate(db, migrations)).toEqual(['20260102000000_second']);
    await db.close();
  });
});
