import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { pgliteDb } from '../../worker/src/db/pglite.ts';
import { migrate } from '../../worker/src/db/migrate.ts';
import { loadMigrations, projectRoot } from '../../worker/src/node/runtime.ts';

/** Migrates one embedded database and dumps it; each test file loads its own copy. */
export default async function setup(project: TestProject) {
  const db = await pgliteDb();
  await migrate(db, loadMigrations(join(projectRoot, 'supabase', 'migrations')));
  const dump = await db.pg.dumpDataDir('none');
  await db.close();
  const folder = join(projectRoot, 'tests', '.artifacts');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'pglite-template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbRuntime', 'pglite');
  project.provide('pgliteTemplate', file);
}
