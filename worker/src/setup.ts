import type { Db } from './db/port.ts';
import { migrate, type Migration } from './db/migrate.ts';
import { seedDemo } from './demo.ts';
import { upsertUser, userCount } from './users.ts';

export interface SetupOptions {
  migrations: Migration[];
  admin?: { email: string; password: string };
  demoData: boolean;
}

export interface SetupResult {
  applied: string[];
  adminCreated: boolean;
  demoSeeded: boolean;
}

/** Brings a database up to date; on an empty one, creates the first admin and the demo data. */
export async function setUpDatabase(db: Db, options: SetupOptions): Promise<SetupResult> {
  const applied = await migrate(db, options.migrations);
  const empty = (await userCount(db)) === 0;
  let adminCreated = false;
  if (empty && options.admin) {
    await upsertUser(db, { ...options.admin, name: 'Administrator', role: 'admin' });
    adminCreated = true;
  }
  const demoSeeded = empty && options.demoData;
  if (demoSeeded) await seedDemo(db);
  return { applied, adminCreated, demoSeeded };
}
