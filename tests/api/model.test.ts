import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { signIn } from '../support/api.ts';
import { catalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';
import { batteryLookups, concurrentCommands, sequentialCommands, setupRun, summaryDrift, yearNumbersProblems, type FileFixture } from '../support/model.ts';

/**
 * Model-based tests of stock and money: random sequences of the everyday commands (invoices, sales,
 * receipts, purchase orders, stock adjustments and transfers) through the real API, each checked
 * against a model of what the shop should hold (tests/support/model.ts).
 *
 *   FUZZ_RUNS=100000   how many sequences (the default fits the regular suite's time)
 *   FUZZ_SEED=42       another seed (the default is fixed, so a regular run is repeatable)
 *   FUZZ_PATH=...      with FUZZ_SEED, replays the failing case fast-check reported (its `path`;
 *                      FUZZ_REPLAY_PATH=... takes the counterexample's replayPath too)
 *   FUZZ_FRESH_EVERY=200  sequences per database on PGlite and PostgreSQL: report_summary_drift()
 *                      recounts the whole database after every sequence, so a long run starts a
 *                      fresh one now and then to keep that cost flat
 *
 * A failure prints the seed, the path and the shrunk sequence of commands, and what each command
 * did in that run (which document it acted on, the answer, what the model expected).
 */

// Inside workerd the test sees the Worker's environment, not the shell's: there the FUZZ_* settings
// do not arrive and the defaults apply. Long runs are for PGlite and PostgreSQL.
const setting = (name: string): string | undefined => (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];

const SEED = Number(setting('FUZZ_SEED') ?? 20261123);
const PATH = setting('FUZZ_PATH');
const REPLAY_PATH = setting('FUZZ_REPLAY_PATH');
const MAX_COMMANDS = 30;
/**
 * Sequences per test unless FUZZ_RUNS says otherwise: what fits in well under a minute per runtime
 * on a 2-core machine, so that the whole suite stays well inside CI's 15 minutes (each step is also
 * checked against the database and the stock API, and each sequence against the summaries' drift). In workerd every request
 * through SELF.fetch gets slower the more the file has made (cloudflare/workers-sdk#15446), so it
 * runs few.
 */
const DEFAULT_RUNS = { pglite: 100, postgres: 100, workerd: 6 } as const;
const DEFAULT_CONCURRENT_RUNS = { pglite: 0, postgres: 80, workerd: 4 } as const;

const FRESH_EVERY = Number(setting('FUZZ_FRESH_EVERY') ?? 200);

let h: Harness;
let file: FileFixture;
async function fileFixture(harness: Harness): Promise<FileFixture> {
  const { token } = await signIn(harness);
  const f = await catalogueFixture(harness);
  // A rate of the shop's: documents whose tax the commands give otherwise are an administrator's overrides.
  await harness.withDb((db) => db.query(`update public.tax_rates set rate = 8.25 where is_default`));
  return { h: harness, token, f, ...(await batteryLookups(harness, f.tag)), deletedNumbers: [], stats: file?.stats ?? {} };
}
beforeAll(async () => {
  h = await createHarness();
  file = await fileFixture(h);
});
afterAll(async () => {
  // workerd's test files share one database: the rate goes back to what the others expect.
  await h?.withDb((db) => db.query('update public.tax_rates set rate = 0 where is_default'));
  await h?.close();
});

/** Every FRESH_EVERY sequences, a fresh database (not in workerd, whose test files share one). */
let sequences = 0;
async function freshDatabaseWhenDue() {
  if (h.runtime === 'workerd' || ++sequences % FRESH_EVERY !== 0) return;
  expect(await yearNumbersProblems(h, file.deletedNumbers)).toEqual([]);
  await h.close();
  h = await createHarness();
  file = await fileFixture(h);
}

const runsFor = (defaults: Record<Harness['runtime'], number>) => Number(setting('FUZZ_RUNS') ?? defaults[h.runtime]);
/** Long runs by hand need room: about two seconds a sequence at worst. */
const timeout = (defaults: Record<string, number>) => Math.max(300_000, Number(setting('FUZZ_RUNS') ?? Math.max(...Object.values(defaults))) * 2_000);

async function check(property: fc.IAsyncPropertyWithHooks<any>, numRuns: number) {
  const started = Date.now();
  await fc.assert(property, { numRuns, seed: SEED, path: PATH, verbose: 1 });
  const answers = Object.entries(file.stats).sort(([a], [b]) => a.localeCompare(b));
  const commands = answers.reduce((sum, [, n]) => sum + n, 0);
  console.info(
    `model (${h.runtime}): ${numRuns} sequences, ${commands} commands, seed ${SEED}, ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
      answers.map(([key, n]) => `  ${key}: ${n}`).join('\n'),
  );
  for (const key of Object.keys(file.stats)) delete file.stats[key];
  expect(await yearNumbersProblems(h, file.deletedNumbers)).toEqual([]);
}

describe('stock and money against a model', () => {
  it(
    'one command at a time: every answer is the one the model expects, a refusal changes nothing, and the books agree after each step',
    async () => {
      await check(
        fc.asyncProperty(sequentialCommands(MAX_COMMANDS, REPLAY_PATH), async (commands) => {
          await freshDatabaseWhenDue();
          await fc.asyncModelRun(() => setupRun(file, true), commands);
          expect(await summaryDrift(h)).toEqual([]);
        }),
        runsFor(DEFAULT_RUNS),
      );
    },
    timeout(DEFAULT_RUNS),
  );

  it(
    'three commands at once on separate connections: whatever wins each race, the books agree after each step',
    async (ctx) => {
      ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
      await check(
        fc.asyncProperty(concurrentCommands(Math.ceil(MAX_COMMANDS / 3), 3, REPLAY_PATH), async (commands) => {
          await freshDatabaseWhenDue();
          await fc.asyncModelRun(() => setupRun(file, false), commands);
          expect(await summaryDrift(h)).toEqual([]);
        }),
        runsFor(DEFAULT_CONCURRENT_RUNS),
      );
    },
    timeout(DEFAULT_CONCURRENT_RUNS),
  );
});
