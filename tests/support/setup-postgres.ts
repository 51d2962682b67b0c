import type { TestProject } from 'vitest/node';
import { postgresDb } from '../../worker/src/db/postgres.ts';
import { migrate } from '../../worker/src/db/migrate.ts';
import { loadMigrations } from '../../worker/src/node/runtime.ts';
import { dropDatabases, recreateDatabase, testDatabaseName } from './postgres-admin.ts';

export const POSTGRES_TEMPLATE = testDatabaseName('test_template');

/** Migrates a template database; each test file gets `create database ... template` of it. */
export default async function setup(project: TestProject) {
  await dropDatabases(`${POSTGRES_TEMPLATE}_`);
  const db = postgresDb(await recreateDatabase(POSTGRES_TEMPLATE), { max: 1 });
  try {
    await migrate(db, loadMigrations());
  } finally {
    await db.close();
  }
  project.provide('dbRuntime', 'postgres');
  project.provide('postgresTemplate', POSTGRES_TEMPLATE);
  return () => dropDatabases(`${POSTGRES_TEMPLATE}_`);
}
