import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadMigrations, openDatabase, readSettings } from './node/runtime.ts';
import { migrate } from './db/migrate.ts';
import { MIN_PASSWORD_LENGTH, upsertUser } from './users.ts';
import { passwordStrength } from './schemas/password-strength.ts';

const usage = `Creates a user, or resets the password of an existing one (and unlocks it).

  npm run user -- --email EMAIL [--password PASSWORD] [--name NAME] [--role admin|staff]

Without --password it is read from standard input. Uses DATABASE_URL or the embedded
database in DATA_DIR, like npm start.`;

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    help: { type: 'boolean' },
  },
});

if (values.help || !values.email) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
if (values.role && values.role !== 'admin' && values.role !== 'staff') {
  console.error('--role must be admin or staff');
  process.exit(2);
}

let password = values.password;
if (!password) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  password = (await prompt.question('Password: ')).trim();
  prompt.close();
}

const problem =
  password.length < MIN_PASSWORD_LENGTH
    ? `the password must be at least ${MIN_PASSWORD_LENGTH} characters`
    : passwordStrength(password, [values.email, values.name]).problem;
if (problem) {
  console.error(`Could not save the user: ${problem}`);
  process.exit(1);
}

const settings = readSettings();
const db = await openDatabase(settings);
try {
  await migrate(db, loadMigrations());
  const outcome = await upsertUser(
    db,
    { email: values.email, password, name: values.name, role: values.role as 'admin' | 'staff' | undefined },
    settings.passwordIterations,
  );
  console.log(outcome === 'created' ? `Created user ${values.email}.` : `Reset the password of ${values.email}.`);
} catch (error) {
  console.error(`Could not save the user: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
