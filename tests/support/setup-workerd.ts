import { postgresDb } from '../../worker/src/db/postgres.ts';
import { migrate } from '../../worker/src/db/migrate.ts';
import { loadMigrations } from '../../worker/src/node/runtime.ts';
import { recreateDatabase, testDatabaseName } from './postgres-admin.ts';

export const WORKERD_DATABASE = testDatabaseName('workerd_test');

/** One migrated database behind the Hyperdrive binding; the test files share it. */
export default async function setup() {
  const db = postgresDb(await recreateDatabase(WORKERD_DATABASE), { max: 1 });
  try {
    await migrate(db, loadMigrations());
  } finally {
    await db.close();
  }
}
