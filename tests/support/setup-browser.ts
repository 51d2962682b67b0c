import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { appEntry, startApp } from './browser.ts';

/**
 * Starts the built server once on a new embedded database, which it migrates and fills with the demo
 * data (about 10 s), and stops it: each test file's server starts on a copy of that folder instead.
 * The folder is removed at exit with the other servers' folders.
 */
export default async function setup(project: TestProject) {
  // Without the build the browser tests skip (or fail under CI), saying why.
  if (!existsSync(appEntry)) return;
  const app = await startApp({ dataDir: mkdtempSync(join(tmpdir(), 'wheelhouse-app-template-')) });
  await app.stop();
  project.provide('appTemplate', app.dataDir);
}
