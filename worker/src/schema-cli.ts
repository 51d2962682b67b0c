import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from './db/migrate.ts';
import { pgliteDb } from './db/pglite.ts';
import { describeSchema } from './db/schema.ts';
import { loadMigrations, projectRoot } from './node/runtime.ts';

/** `npm run db:schema`: migrates a new database in memory and writes what it holds to supabase/schema.sql. */
const db = await pgliteDb();
try {
  await migrate(db, loadMigrations());
  const file = join(projectRoot, 'supabase', 'schema.sql');
  writeFileSync(file, await describeSchema(db));
  console.log(`Wrote ${file}.`);
} finally {
  await db.close();
}
