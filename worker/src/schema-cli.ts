import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from './db/migrate.ts';
import { pgliteDb } from './db/pglite.ts';
import { describeSchema, latestMigrationSource } from './db/schema.ts';
import { loadMigrations, projectRoot } from './node/runtime.ts';

/**
 * `npm run db:schema`: migrates a new database in memory and writes what it holds to
 * supabase/schema.sql, and the newest migration's name to the app (its health answer compares it with
 * the database's).
 */
const db = await pgliteDb();
try {
  const migrations = loadMigrations();
  await migrate(db, migrations);
  const file = join(projectRoot, 'supabase', 'schema.sql');
  writeFileSync(file, await describeSchema(db));
  const latestFile = join(projectRoot, 'worker', 'src', 'db', 'latest-migration.ts');
  writeFileSync(latestFile, latestMigrationSource(migrations.map((migration) => migration.name)));
  console.log(`Wrote ${file} and ${latestFile}.`);
} finally {
  await db.close();
}
