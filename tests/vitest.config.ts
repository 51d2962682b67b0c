import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { TEST_JWT_SECRET } from './support/harness.ts';
import { databaseUrl } from './support/postgres-admin.ts';
import { WORKERD_DATABASE } from './support/setup-workerd.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const harness = (file: string) => ({ '#harness': fileURLToPath(new URL(`./support/${file}`, import.meta.url)) });
/** Hyperdrive insists on a password in its URL; a trust-auth server ignores it. */
function hyperdriveUrl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.password) parsed.password = 'postgres';
  return parsed.toString();
}

const apiTests = ['tests/api/**/*.test.ts'];
/**
 * The unit and Node API files share their worker's loaded modules (each file still makes its own
 * app and database): importing the app afresh for each file took about a third of the API suites'
 * time. What a support module keeps for a test file it sets again in the file's beforeAll.
 */
const sharedModules = { isolate: false };
/** Each project's own: a project defined here does not take the root's test options. */
const timeouts = { testTimeout: 20_000, hookTimeout: 60_000 };

const projects: TestProjectInlineConfiguration[] = [
  {
    root,
    resolve: { alias: { '@schemas': fileURLToPath(new URL('../worker/src/schemas', import.meta.url)) } },
    test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], ...sharedModules, ...timeouts },
  },
  {
    resolve: { alias: harness('harness-node.ts') },
    root, test: { name: 'api-pglite', include: apiTests, globalSetup: ['tests/support/setup-pglite.ts'], ...sharedModules, ...timeouts },
  },
  // Each of these starts the server, some several times: on a slow 2-core machine running both halves of the suite a backup test took 57 to 60 s.
  { root, test: { name: 'server', include: ['tests/server/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 180_000 } },
  {
    root,
    test: { name: 'browser', include: ['tests/browser/**/*.test.ts'], globalSetup: ['tests/support/setup-browser.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
  },
];

if (process.env.DATABASE_URL) {
  // wrangler.toml names the web build as static assets; the API suite does not need it built.
  mkdirSync(`${root}/dist/web`, { recursive: true });
  projects.push(
    {
      resolve: { alias: harness('harness-node.ts') },
      root, test: { name: 'api-postgres', include: apiTests, globalSetup: ['tests/support/setup-postgres.ts'], ...sharedModules, ...timeouts },
    },
    {
      plugins: [
        cloudflareTest({
          wrangler: { configPath: './wrangler.toml' },
          miniflare: {
            // Twice the production default: the races' 30 to 50 requests at once queue on the same rows
            // inside one workerd thread, and on a slow 2-core machine running both halves of the suite
            // the last waited more than 15 s for its turn (a deadlock still fails at once).
            // tests/api/statement-timeout.test.ts sets its own, shorter one.
            bindings: { JWT_SECRET: TEST_JWT_SECRET, STATEMENT_TIMEOUT_MS: '30000', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
            hyperdrives: { HYPERDRIVE: hyperdriveUrl(databaseUrl(WORKERD_DATABASE)) },
          },
        }),
      ],
      root,
      resolve: { alias: harness('harness-workerd.ts') },
      test: {
        name: 'api-workerd',
        include: apiTests,
        // Its answers are checked against the document with compiled schemas, which workerd does not allow.
        exclude: ['tests/api/fuzz.test.ts'],
        globalSetup: ['tests/support/setup-workerd.ts'],
        fileParallelism: false,
        ...timeouts,
      },
    },
  );
} else if (process.env.CI) {
  throw new Error('DATABASE_URL must be set under CI: the PostgreSQL and workerd suites may not be skipped.');
} else {
  console.warn('DATABASE_URL is not set: skipping the PostgreSQL and workerd API suites.');
}

export default defineConfig({
  root,
  // A test file waits on PostgreSQL, Chromium or the app's server much of the time: one file per
  // core (vitest's default leaves one core out, which on two cores runs one file at a time).
  test: { projects, maxWorkers: availableParallelism() },
});
