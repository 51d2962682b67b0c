import type { Db } from './db/port.ts';
import { migrate, type Migration } from './db/migrate.ts';
import { seedDemo } from './demo/shop.ts';
import { upsertUser, userCount } from './users.ts';
import { passwordStrength } from './schemas/password-strength.ts';

export interface SetupOptions {
  migrations: Migration[];
  admin?: { email: string; password: string };
  demoData: boolean;
  /** Whether the demo data brings the demo logins. */
  demoLogins: boolean;
  passwordIterations: number;
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
    const { problem } = passwordStrength(options.admin.password, [options.admin.email]);
    if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
    await upsertUser(db, { ...options.admin, name: 'Administrator', role: 'admin' }, options.passwordIterations);
    adminCreated = true;
  }
  const demoSeeded = empty && options.demoData;
  if (demoSeeded) await seedDemo(db, { logins: options.demoLogins, iterations: options.passwordIterations });
  return { applied, adminCreated, demoSeeded };
}
