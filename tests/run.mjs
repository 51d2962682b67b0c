// npm test's suites. With DATABASE_URL the API suite also runs in workerd, one file at a time (its files
// share one database), and vitest runs such a project only after all the others, on one core while the
// other waits: here it runs in a vitest of its own beside the rest. Each line says which it came from;
// the exit code is the first failure's.
import { spawn } from 'node:child_process';

const filters = process.argv.slice(2);
// Files named by hand may all belong to one of the two.
const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/vitest.config.ts', ...filters, ...(filters.length ? ['--passWithNoTests'] : [])];
const runs = process.env.DATABASE_URL
  ? [
      { name: 'workerd', args: ['--project', 'api-workerd'] },
      { name: 'suites', args: ['--project', '!api-workerd'] },
    ]
  : [{ name: 'suites', args: [] }];

function run({ name, args }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...vitest, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = runs.length > 1 ? `[${name}] ` : '';
    for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      let rest = '';
      from.setEncoding('utf8');
      from.on('data', (text) => {
        const lines = (rest + text).split('\n');
        rest = lines.pop();
        for (const line of lines) to.write(`${prefix}${line}\n`);
      });
      from.on('end', () => rest && to.write(`${prefix}${rest}\n`));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(runs.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
