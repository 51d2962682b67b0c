import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { describeSchema, latestMigrationSource } from '../../worker/src/db/schema.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

it('supabase/schema.sql is the database the migrations make (npm run db:schema writes it)', async (ctx) => {
  // The file is written from the embedded database; PostgreSQL 15 prints some definitions otherwise.
  ctx.skip(h.runtime !== 'pglite', 'compared on the embedded database, which writes it');
  const { readFileSync } = await import('node:fs');
  const file = readFileSync(new URL('../../supabase/schema.sql', import.meta.url), 'utf8');
  expect(await h.withDb(describeSchema), 'supabase/schema.sql differs from the migrations: run npm run db:schema').toBe(file);
});

it('the app knows the newest migration, so its health answer can say when the database is behind', async (ctx) => {
  ctx.skip(h.runtime === 'workerd', 'reads the project folder, which workerd cannot');
  const { readFileSync, readdirSync } = await import('node:fs');
  const names = readdirSync(new URL('../../supabase/migrations/', import.meta.url)).map((file) => file.replace(/\.sql$/, ''));
  const source = readFileSync(new URL('../../worker/src/db/latest-migration.ts', import.meta.url), 'utf8');
  expect(source, 'worker/src/db/latest-migration.ts is behind the migrations: run npm run db:schema').toBe(latestMigrationSource(names));
});
