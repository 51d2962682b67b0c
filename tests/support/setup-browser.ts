import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { appEntry, serve } from './browser.ts';

/**
 * Starts the built server once on a new embedded database, which it migrates and fills with the demo
 * data (about 10 s), and stops it: each test file's server starts on a copy of that folder instead.
 */
export default async function setup(project: TestProject) {
  // Without the build the browser tests skip (or fail under CI), saying why.
  if (!existsSync(appEntry)) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'wheelhouse-app-template-'));
  const { child } = await serve(dataDir);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  project.provide('appTemplate', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
