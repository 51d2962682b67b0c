/**
 * The scale data set: `npm run seed:scale -- --products 100000` fills the (empty) PostgreSQL
 * database named by DATABASE_URL with a chain's year: the catalogue (80% tires, 10% batteries, 5%
 * wipers, 5% shop supplies), stock in 3 branches with the moves that add up to it, customers,
 * suppliers, invoices, sales, receipts and purchase orders; reorder levels on a tenth of the goods.
 * Set-based SQL (generate_series, insert ... select) in one transaction, then checks that the rules
 * the app keeps hold, then VACUUM ANALYZE.
 *
 * The rows are written against the schema of SEED_SCHEMA: the app's runner applies the migrations up
 * to it first, and the later ones (which may backfill what they add) after the data is in, as they
 * would reach a shop's database.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from '../../src/db/migrate.ts';
import { pgliteDb } from '../../src/db/pglite.ts';
import { postgresDb } from '../../src/db/postgres.ts';
import type { Db } from '../../src/db/port.ts';
import { loadMigrations, pgliteFolder, projectRoot } from '../../src/node/runtime.ts';
import { upsertUser } from '../../src/users.ts';
import { WORKERS_PBKDF2_ITERATIONS } from '../../src/auth/password.ts';

const SEED_SCHEMA = '20261123000200_purchasing';
export const SCALE_LOGIN = { email: 'demo@wheelhouse.local', password: 'wheelhouse-demo', name: 'Dana Demo' };

const usage = `Fills an empty PostgreSQL database (DATABASE_URL), or the embedded one of a new data
folder (--data-dir, the app's DATA_DIR), with the scale data set.

  DATABASE_URL=postgres://... npm run seed:scale -- [--products 100000]
  npm run seed:scale -- --data-dir /tmp/wheelhouse-10k --products 10000

--products is rounded to a multiple of 20 (80% tires, 10% batteries, 5% wipers, 5% supplies); at
100,000: 10,000 customers, ~900,000 stock moves and ~1,000,000 document lines over a year.`;

const { values } = parseArgs({
  options: { products: { type: 'string', default: '100000' }, 'data-dir': { type: 'string' }, help: { type: 'boolean' } },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const url = process.env.DATABASE_URL;
const dataDir = values['data-dir'];
if (!url && !dataDir) {
  console.error(`DATABASE_URL (or --data-dir for the embedded database) is required.\n\n${usage}`);
  process.exit(2);
}
const requested = Number(values.products);
if (!Number.isInteger(requested) || requested < 20 || requested > 5_000_000) {
  console.error('--products must be a whole number from 20 to 5,000,000');
  process.exit(2);
}

// Sizes, all scaled from the product count.
const N = Math.round(requested / 20) * 20;
const scale = N / 100_000;
const T = (N / 20) * 16; // tires
const B = (N / 20) * 2; // batteries
const W = N / 20; // wipers
const I = N / 20; // shop supplies
const CUSTOMERS = Math.max(50, Math.round(10_000 * scale));
const INVOICES = Math.max(20, Math.round(160_000 * scale));
const SALES = Math.max(20, Math.round(160_000 * scale));
const PURCHASES = Math.max(10, Math.round(44_000 * scale));
const ADJUSTMENTS = Math.max(10, Math.round(40_000 * scale));
const TRANSFERS = Math.max(5, Math.round(20_000 * scale));
const TAX_RATE = 8.25;

const lit = (value: string | number | boolean | null) =>
  value === null ? 'null' : typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value);
const rows = (list: (string | number | boolean | null)[][]) => list.map((row) => `(${row.map(lit).join(', ')})`).join(',\n  ');

// ---- Realistic master data -----------------------------------------------------------------

const branches = [
  ['Downtown Branch', '14 Market Street, Springfield'],
  ['Northside Branch', '210 Ridge Road, Springfield'],
  ['Airport Road Branch', '5 Airport Road, Shelbyville'],
];

// brand, country, patterns: [name, type (P passenger, U SUV, V van), list price, season (S, W, A), performance]
const tireBrands: [string, string, [string, string, number, string, boolean][]][] = [
  ['Michelin', 'France', [['Primacy 4', 'P', 119, 'S', false], ['Pilot Sport 5', 'P', 189, 'S', true], ['CrossClimate 2', 'P', 112, 'A', false], ['Alpin 6', 'P', 128, 'W', false], ['LTX Trail', 'U', 176, 'A', false], ['Agilis 3', 'V', 142, 'S', false]]],
  ['Bridgestone', 'Japan', [['Turanza T005', 'P', 104, 'S', false], ['Potenza Sport', 'P', 172, 'S', true], ['Blizzak LM005', 'P', 121, 'W', false], ['Dueler A/T 002', 'U', 198, 'A', false], ['Duravis R660', 'V', 136, 'S', false]]],
  ['Continental', 'Germany', [['PremiumContact 7', 'P', 122, 'S', false], ['EcoContact 6', 'P', 98, 'S', false], ['WinterContact TS 870', 'P', 127, 'W', false], ['CrossContact ATR', 'U', 165, 'A', false], ['VanContact Ultra', 'V', 139, 'S', false]]],
  ['Pirelli', 'Italy', [['Cinturato P7', 'P', 149, 'S', false], ['P Zero PZ4', 'P', 215, 'S', true], ['Winter Sottozero 3', 'P', 176, 'W', true], ['Scorpion Verde', 'U', 168, 'S', false], ['Carrier', 'V', 131, 'S', false]]],
  ['Hankook', 'South Korea', [['Ventus Prime 4', 'P', 79, 'S', false], ['Ventus S1 evo3', 'P', 118, 'S', true], ['Kinergy 4S2', 'P', 84, 'A', false], ['Dynapro AT2', 'U', 129, 'A', false], ['Vantra LT', 'V', 97, 'S', false]]],
  ['Goodyear', 'United States', [['EfficientGrip Performance 2', 'P', 108, 'S', false], ['Eagle F1 Asymmetric 6', 'P', 182, 'S', true], ['Vector 4Seasons Gen-3', 'P', 111, 'A', false], ['Wrangler AT Adventure', 'U', 158, 'A', false], ['Cargo Vector 2', 'V', 124, 'A', false]]],
  ['Dunlop', 'United Kingdom', [['Sport BluResponse', 'P', 92, 'S', false], ['Sport Maxx RT2', 'P', 155, 'S', true], ['Winter Sport 5', 'P', 117, 'W', false], ['Grandtrek AT5', 'U', 149, 'A', false], ['Econodrive LT', 'V', 118, 'S', false]]],
  ['Yokohama', 'Japan', [['BluEarth-GT AE51', 'P', 96, 'S', false], ['Advan Sport V107', 'P', 178, 'S', true], ['BluEarth-Winter V906', 'P', 119, 'W', false], ['Geolandar A/T G015', 'U', 146, 'A', false], ['BluEarth-Van RY55', 'V', 112, 'S', false]]],
  ['Toyo', 'Japan', [['Proxes Comfort', 'P', 94, 'S', false], ['Proxes Sport 2', 'P', 151, 'S', true], ['Observe S944', 'P', 113, 'W', false], ['Open Country A/T III', 'U', 152, 'A', false]]],
  ['Falken', 'Japan', [['Ziex ZE310 Ecorun', 'P', 82, 'S', false], ['Azenis FK520', 'P', 139, 'S', true], ['Eurowinter HS01', 'P', 99, 'W', false], ['Wildpeak A/T AT3WA', 'U', 141, 'A', false]]],
  ['Kumho', 'South Korea', [['Ecsta HS52', 'P', 78, 'S', false], ['Solus 4S HA32', 'P', 76, 'A', false], ['WinterCraft WP52', 'P', 81, 'W', false], ['Road Venture AT52', 'U', 118, 'A', false]]],
  ['Nexen', 'South Korea', [["N'blue 4Season 2", 'P', 74, 'A', false], ["N'Fera Sport", 'P', 96, 'S', true], ['Winguard Sport 2', 'P', 84, 'W', false], ['Roadian ATX', 'U', 112, 'A', false]]],
  ['Nokian', 'Finland', [['Wetproof 1', 'P', 104, 'S', false], ['Snowproof 2', 'P', 131, 'W', false], ['Seasonproof 1', 'P', 109, 'A', false], ['Hakkapeliitta R5', 'P', 144, 'W', false]]],
  ['BFGoodrich', 'United States', [['Advantage', 'P', 96, 'S', false], ['g-Force Winter 2', 'P', 112, 'W', false], ['All-Terrain T/A KO2', 'U', 199, 'A', false], ['Mud-Terrain T/A KM3', 'U', 226, 'S', false]]],
  ['Firestone', 'United States', [['Roadhawk 2', 'P', 88, 'S', false], ['Multiseason 2', 'P', 86, 'A', false], ['Winterhawk 4', 'P', 92, 'W', false], ['Vanhawk 2', 'V', 109, 'S', false]]],
  ['Vredestein', 'Netherlands', [['Ultrac', 'P', 94, 'S', false], ['Quatrac', 'P', 92, 'A', false], ['Wintrac Pro', 'P', 121, 'W', true]]],
];
const tireTypes = [['P', 'Passenger', 'Car'], ['U', 'SUV / 4x4', 'Off-road'], ['V', 'Van', 'Light truck']];
const tireSizes: Record<string, string[]> = {
  P: ['175/65R14', '185/65R15', '195/65R15', '195/55R16', '205/55R16', '205/60R16', '215/55R16', '205/50R17', '215/55R17', '225/45R17', '225/50R17', '235/45R18', '225/40R18', '245/40R18', '225/45R18', '235/40R19', '245/35R19', '255/35R19'],
  U: ['215/65R16', '225/65R17', '235/65R17', '265/65R17', '235/60R18', '255/55R18', '265/60R18', '255/50R19', '275/45R20'],
  V: ['195/70R15', '205/65R16', '215/65R16', '215/70R15', '225/65R16', '235/65R16', '215/60R17'],
};
const factories = ['Spain', 'Poland', 'Thailand', 'China', 'United States', 'Germany', 'Japan', 'South Korea', 'Hungary', 'Romania', 'Czech Republic', 'Mexico', 'France', 'Italy'];
const madeIns = ['Germany', 'Japan', 'South Korea', 'United States', 'France', 'Spain', 'Czech Republic', 'Poland', 'Mexico', 'Italy', 'China', 'Thailand'];
const tagNames = [['Summer', 'Season'], ['Winter', 'Season'], ['All-season', 'Season'], ['Touring', 'Use'], ['Performance', 'Use'], ['Off-road', 'Use'], ['Low rolling resistance', 'Economy']];
// brand, series (gel when AGM or spiral cell)
const batteryLines: [string, string[]][] = [
  ['Varta', ['Blue Dynamic', 'Silver Dynamic AGM', 'Black Dynamic', 'Promotive EFB']],
  ['Bosch', ['S3', 'S4', 'S5', 'S5 AGM']],
  ['Exide', ['Premium', 'Excell', 'EFB', 'AGM']],
  ['Optima', ['YellowTop AGM', 'RedTop AGM', 'BlueTop AGM']],
  ['Yuasa', ['YBX3000', 'YBX5000', 'YBX9000 AGM']],
  ['Banner', ['Power Bull', 'Running Bull AGM']],
  ['Odyssey', ['Extreme AGM', 'Performance AGM']],
  ['Interstate', ['MTP', 'MTX AGM']],
];
const amperes = [35, 40, 44, 45, 52, 55, 60, 62, 63, 70, 72, 74, 80, 85, 90, 95, 100, 105, 110];
const wiperKinds = [['Beam', 'Rubber'], ['Beam', 'Silicone'], ['Conventional', 'Steel'], ['Hybrid', 'Rubber'], ['Hybrid', 'Silicone'], ['Rear', 'Plastic']];
const cars = ['Toyota Corolla', 'Honda Civic', 'Mazda 3', 'Ford Focus', 'VW Golf', 'Tesla Model 3', 'Kia EV6', 'Hyundai Tucson', 'Nissan Qashqai', 'BMW 3 Series', 'Audi A4', 'Skoda Octavia', 'Renault Clio', 'Peugeot 308', 'Toyota RAV4', 'Ford Transit', 'Mercedes Sprinter', 'Subaru Outback', 'Volvo XC60', 'Chevrolet Malibu'];
// category, min stock, base names with a price range
const supplies: [string, number, [string, number][]][] = [
  ['oils', 10, ['Castrol', 'Mobil 1', 'Shell Helix', 'Liqui Moly', 'Total Quartz', 'Valvoline', 'Motul'].flatMap((brand) =>
    ['0W-20', '5W-30', '5W-40', '10W-40', '0W-30'].flatMap((grade) => [[`${brand} Engine oil ${grade}, 1 L`, 12], [`${brand} Engine oil ${grade}, 4 L`, 38], [`${brand} Engine oil ${grade}, 5 L`, 44]] as [string, number][]))],
  ['parts', 100, [['Tire valve TR414', 1.5], ['Tire valve TR413 chrome', 2.5], ['TPMS sensor 433 MHz', 49], ['Wheel balancing weights, 5 g', 0.25], ['Wheel balancing weights, 10 g adhesive', 0.4], ['Wheel nut M12x1.5', 1.9], ['Wheel bolt M14x1.5', 2.4], ['Locking wheel nut set', 34], ['Valve cap, black', 0.3], ['Hub centring ring 72.6/57.1', 3.5], ['Tire repair plug kit', 14], ['Inner tube 13"', 11], ['Brake fluid DOT 4, 1 L', 9.5], ['Coolant G12, 5 L', 21]]],
  ['accessories', 8, [['Tire pressure gauge', 12], ['Tire shine spray 500 ml', 9], ['Snow chains 9 mm', 69], ['Tire storage bags, set of 4', 15], ['Torque wrench 40-200 Nm', 59], ['Windscreen washer fluid, 5 L', 7.5], ['Battery terminal cleaner', 7.99], ['Car jack 2 t', 45]]],
  ['batteries', 5, [['Jump starter cables 3 m', 24.99], ['Battery charger 12 V 6 A', 54], ['Jump starter pack 1000 A', 89], ['Battery terminal set', 11], ['Battery tester', 39]]],
];
const services: [string, string, number][] = [
  ['Tire fitting (per tire)', 'Mount and fit one tire, including valve check', 15],
  ['Wheel balancing (per wheel)', 'Dynamic balancing with weights', 10],
  ['Valve replacement', 'New rubber valve, fitted', 5],
  ['Tire disposal fee', 'Environmental disposal of one old tire', 3.5],
  ['Battery fitting and test', 'Fit the battery and test the charging system', 12],
  ['Puncture repair', 'Plug and patch repair from inside', 25],
];
const firstNames = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Maria', 'Luis', 'Priya', 'Aisha', 'Kwame', 'Sofia', 'Daniel', 'Emily', 'Hannah', 'Tom', 'Wei', 'Yuki', 'Omar', 'Fatima', 'Ivan', 'Olga', 'Carlos', 'Ana', 'Mohammed', 'Grace'];
const lastNames = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Nguyen', 'Hill', 'Becker', 'Novak', 'Raman', 'Karim', 'Mensah', 'Rossi', 'Cho', 'Schultz', 'Ortega', 'Whitfield', 'Smithers', 'Goldsmith'];
const streets = ['Oak Avenue', 'Elm Court', 'Lakeview Drive', 'Depot Lane', 'Cedar Street', 'Harbor Road', 'Birch Close', 'Pine Hill', 'Vine Street', 'River Walk', 'Meadow Way', 'Main Street', 'Maple Road', 'Church Lane', 'Station Road', 'Park Avenue', 'Mill Street', 'High Street', 'Willow Drive', 'Sunset Boulevard'];
const cities = ['Springfield', 'Shelbyville', 'Capital City', 'Ogdenville', 'North Haverbrook', 'Brockway', 'Green Valley'];
const companySuffixes = ['Logistics', 'Taxi Co.', 'Catering', 'Farms Ltd.', 'Couriers', 'Plumbing', 'Rentals', 'Builders', 'Transport', 'Florist'];
const supplierNames = [
  ...tireBrands.map(([brand]) => `${brand} Trade Partners`),
  'Apex Battery Supply', 'Sparkline Batteries', 'ClearView Wipers Wholesale', 'Valve & Fitting Parts Co.', 'Roadstar Imports',
  'EcoDispose Recycling', 'TreadWorks Retreading', 'Continental Tire Distribution', 'Bridgestone Regional Depot', 'Lubricant Wholesale Direct',
];
const wholesaleWords = ['Tire', 'Wheel', 'Auto', 'Motor', 'Rubber', 'Road', 'Fleet', 'Parts', 'Traction', 'Axle'];
const wholesaleKinds = ['Wholesale', 'Distribution', 'Supply', 'Depot', 'Imports', 'Trading'];

// ---- The run -------------------------------------------------------------------------------

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
if (dataDir) mkdirSync(dataDir, { recursive: true });
const db = dataDir ? await pgliteDb({ dataDir: pgliteFolder(dataDir) }) : postgresDb(url!, { max: 1 });

async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  process.stdout.write(`  ${label} ... `);
  const result = await work();
  console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return result;
}
const count = async (tx: Db, sql: string) => Number((await tx.query<{ n: number }>(sql))[0].n);

try {
  const [{ database }] = await db.query<{ database: string }>('select current_database() as database');
  if (database === 'test' || database.startsWith('wheelhouse_test')) {
    throw new Error(`refusing to fill "${database}": the test suites use it. Create a database of its own (createdb wheelhouse_scale).`);
  }
  console.log(`Seeding ${database}: ${N.toLocaleString('en-US')} products (${T} tires, ${B} batteries, ${W} wipers, ${I} supplies)`);
  const migrations = loadMigrations();
  const early = await step(`migrations up to ${SEED_SCHEMA}`, () => migrate(db, migrations.filter((m) => m.name <= SEED_SCHEMA)));
  if (early.length) console.log(`    applied ${early.join(', ')}`);
  const [{ used }] = await db.query<{ used: number }>(
    `select (select count(*) from public.users) + (select count(*) from public.products) + (select count(*) from public.customers)
          + (select count(*) from public.locations) as used`,
  );
  const [{ pending }] = await db.query<{ pending: number }>(
    `select count(*)::int as pending from public.schema_migrations where version > $1`,
    [SEED_SCHEMA],
  );
  if (Number(used) > 0 || Number(pending) > 0) {
    throw new Error('the database is not empty: seed:scale fills an empty database only (dropdb and createdb it first).');
  }

  await db.transaction(async (tx) => {
    const sql = (text: string) => tx.exec(text);
    await sql(`set local synchronous_commit = off; set local work_mem = '256MB'; set local maintenance_work_mem = '512MB';
               set local max_parallel_workers_per_gather = 0; select setseed(0.20261123);`);

    const userId = await step('demo user', async () => {
      await upsertUser(tx, { ...SCALE_LOGIN, role: 'admin' }, WORKERS_PBKDF2_ITERATIONS);
      const [row] = await tx.query<{ id: number }>('select id from public.users where lower(email) = lower($1)', [SCALE_LOGIN.email]);
      return Number(row.id);
    });

    const locations = await step('branches, settings, lookups', async () => {
      await sql(`insert into public.locations (name, address) values ${rows(branches)};
        update public.settings set shop_name = 'Springfield Tire & Battery', address = '14 Market Street, Springfield',
               phone = '(555) 200-1000', email = 'office@springfieldtire.example', tax_number = 'TX-48-1029384',
               tax_rate = ${TAX_RATE}, payment_terms_days = 30,
               print_footer = 'Thank you for your business. Tires and batteries carry the manufacturer''s warranty: keep this document as proof of purchase.';
        insert into public.tire_brands (name, country) values ${rows(tireBrands.map(([name, country]) => [name, country]))};
        insert into public.tire_types (name, section) values ${rows(tireTypes.map(([, name, section]) => [name, section]))};
        insert into public.made_ins (name) values ${rows(madeIns.map((name) => [name]))};
        insert into public.battery_brands (name) values ${rows(batteryLines.map(([name]) => [name]))};
        insert into public.tags (name, section) values ${rows(tagNames)};
        create temp table pattern_spec (brand text, name text, type_code text, price numeric, season text, performance boolean) on commit drop;
        insert into pattern_spec values ${rows(tireBrands.flatMap(([brand, , patterns]) => patterns.map(([name, type, price, season, perf]) => [brand, name, type, price, season, perf])))};
        create temp table type_spec (code text, name text) on commit drop;
        insert into type_spec values ${rows(tireTypes.map(([code, name]) => [code, name]))};
        insert into public.patterns (name, description, category, price, tire_brand_id, tire_type_id)
        select s.name, s.brand || ' ' || s.name, case s.type_code when 'V' then 'commercial' else 'automotive' end, s.price, b.id, ty.id
          from pattern_spec s join public.tire_brands b on b.name = s.brand
          join type_spec ts on ts.code = s.type_code join public.tire_types ty on ty.name = ts.name
         order by b.id, s.name;
        insert into public.pattern_tags (pattern_id, tag_id)
        select p.id, t.id
          from pattern_spec s
          join public.tire_brands b on b.name = s.brand
          join public.patterns p on p.name = s.name and p.tire_brand_id = b.id
          join public.tags t on t.name = any (array[
                 case s.season when 'S' then 'Summer' when 'W' then 'Winter' else 'All-season' end,
                 case when s.performance then 'Performance' when s.type_code = 'U' then 'Off-road' else 'Touring' end,
                 case when s.price < 100 and s.season = 'S' then 'Low rolling resistance' end]);`);
      return (await tx.query<{ id: number }>('select id from public.locations order by id')).map((row) => Number(row.id));
    });
    const locArray = `array[${locations.join(',')}]::bigint[]`;
    const pickLocation = `(${locArray})[1 + floor(random() * ${locations.length})::int]`;

    await step(`${CUSTOMERS.toLocaleString('en-US')} customers and suppliers`, () =>
      sql(`
        insert into public.customers (id, name, email, phone, address, company_name, created_at, updated_at) overriding system value
        select g, f.name || ' ' || l.name,
               case when random() < 0.7 then lower(f.name || '.' || l.name || case when g > 400 then g::text else '' end) || '@example.com' end,
               '(555) ' || lpad((200 + floor(random() * 700))::int::text, 3, '0') || '-' || lpad(floor(random() * 10000)::int::text, 4, '0'),
               (1 + floor(random() * 400))::int || ' ' || (array[${streets.map(lit).join(',')}])[1 + floor(random() * ${streets.length})::int]
                 || ', ' || (array[${cities.map(lit).join(',')}])[1 + floor(random() * ${cities.length})::int],
               case when random() < 0.08 then l.name || ' ' || (array[${companySuffixes.map(lit).join(',')}])[1 + floor(random() * ${companySuffixes.length})::int] end,
               now() - interval '400 days' + g * interval '1 minute', now() - interval '400 days' + g * interval '1 minute'
          from generate_series(1, ${CUSTOMERS}) g
          cross join lateral (select (array[${firstNames.map(lit).join(',')}])[1 + floor(random() * ${firstNames.length} + g * 0)::int] as name) f
          cross join lateral (select (array[${lastNames.map(lit).join(',')}])[1 + floor(random() * ${lastNames.length} + g * 0)::int] as name) l;
        insert into public.customers (id, name, phone, address) overriding system value values (${CUSTOMERS + 1}, 'Walk-in customer', '-', 'Counter sale');
        select setval(pg_get_serial_sequence('public.customers', 'id'), ${CUSTOMERS + 1});
        insert into public.suppliers (name, contact_person, email, phone, address)
        select n.name, case when random() < 0.85 then (array[${firstNames.map(lit).join(',')}])[1 + floor(random() * ${firstNames.length})::int] || ' ' || (array[${lastNames.map(lit).join(',')}])[1 + floor(random() * ${lastNames.length})::int] end,
               case when random() < 0.8 then 'orders' || n.i || '@' || lower(regexp_replace(n.name, '[^A-Za-z]', '', 'g')) || '.example' end,
               '(555) 1' || lpad(n.i::text, 2, '0') || '-' || lpad(floor(random() * 10000)::int::text, 4, '0'),
               (1 + floor(random() * 300))::int || ' ' || (array['Industrial Park', 'Commerce Blvd', 'Freight Road', 'Port Avenue', 'Distribution Way', 'Workshop Lane'])[1 + floor(random() * 6)::int]
                 || ', ' || (array[${cities.map(lit).join(',')}])[1 + floor(random() * ${cities.length})::int]
          from (select row_number() over () as i, name from (
                  select unnest(array[${supplierNames.map(lit).join(',')}]) as name
                  union all
                  select w || ' ' || k || ' ' || c from generate_series(0, ${Math.max(1, Math.round(200 * scale) - supplierNames.length) - 1}) g
                  cross join lateral (select (array[${wholesaleWords.map(lit).join(',')}])[1 + (g % ${wholesaleWords.length})] as w,
                                             (array[${wholesaleKinds.map(lit).join(',')}])[1 + (g / ${wholesaleWords.length}) % ${wholesaleKinds.length}] as k,
                                             (array[${cities.map(lit).join(',')}])[1 + (g / ${wholesaleWords.length * wholesaleKinds.length}) % ${cities.length}] as c) x
                ) s) n;`),
    );
    const supplierCount = await count(tx, 'select count(*)::int as n from public.suppliers');
    const firstSupplier = await count(tx, 'select min(id)::int as n from public.suppliers');

    await step(`${N.toLocaleString('en-US')} products with their details`, () =>
      sql(`
        -- Product ids interleave the kinds as a shop adds them: of every 20, 16 tires, 2 batteries, a wiper, a supply.
        create temp table pp on commit drop as
        select g as id,
               case when (g - 1) % 20 < 16 then 'tire' when (g - 1) % 20 < 18 then 'battery' when (g - 1) % 20 = 18 then 'wiper' else 'item' end as kind,
               case when (g - 1) % 20 < 16 then ((g - 1) / 20) * 16 + (g - 1) % 20
                    when (g - 1) % 20 < 18 then ((g - 1) / 20) * 2 + (g - 1) % 20 - 16
                    else (g - 1) / 20 end as k,
               now() - interval '380 days' + (g::float / ${N}) * interval '15 days' as created_at
          from generate_series(1, ${N}) g;
        create temp table pat on commit drop as
        select row_number() over (order by p.id) - 1 as i, p.id, p.name, p.price, b.id as brand_id, b.name as brand, b.country,
               p.tire_type_id, s.type_code
          from public.patterns p join public.tire_brands b on b.id = p.tire_brand_id
          join pattern_spec s on s.name = p.name and s.brand = b.name;
        create temp table sizes on commit drop as
        select code, i - 1 as i, regexp_replace(s, '^(\\d+)/(\\d+)R(\\d+)$', '\\1 / \\2 R \\3') as size, substring(s from 'R(\\d+)$')::int as rim,
               count(*) over (partition by code) as n
          from (values ${Object.entries(tireSizes).map(([code, list]) => list.map((s, i) => `(${lit(code)}, ${i + 1}, ${lit(s)})`).join(', ')).join(', ')}) v(code, i, s);
        create temp table tt0 on commit drop as
        select pp.id, pp.created_at, floor(random() * (select count(*) from pat))::int as pi, random() as r_size,
               current_date - (60 + floor(random() * 900))::int as produced, random() as r_made, random() as r_sup
          from pp where kind = 'tire';
        create temp table tt on commit drop as
        select t.id, t.created_at, pat.id as pattern_id, pat.brand_id, pat.brand, pat.name as pattern, pat.tire_type_id, s.size, s.rim,
               to_char(t.produced, 'IW') || to_char(t.produced, 'YY') as dot, t.produced,
               least(current_date - 1, t.produced + 20 + floor(random() * 40)::int) as received,
               case when t.r_made < 0.55 then pat.country else (array[${factories.map(lit).join(',')}])[1 + floor(random() * ${factories.length})::int] end as made_in,
               case when t.r_sup < 0.7 then (select su.id from public.suppliers su where su.name = pat.brand || ' Trade Partners')
                    else ${firstSupplier} + floor(random() * ${supplierCount})::int end as supplier_id,
               round(pat.price * (1 + (s.rim - 16) * 0.12)) - 0.01 as price
          from tt0 t join pat on pat.i = t.pi join sizes s on s.code = pat.type_code and s.i = floor(t.r_size * s.n);
        create temp table bb on commit drop as
        select pp.id, pp.created_at, l.brand, l.series, a.ampere, 'E' || (10 + pp.k % 47) as code
          from pp
          cross join lateral (select floor(random() * ${amperes.length} + pp.id * 0)::int + 1 as ai, floor(random() * ${batteryLines.reduce((n, [, s]) => n + s.length, 0)} + pp.id * 0)::int as li) r
          join (values ${batteryLines.flatMap(([brand, series]) => series.map((s) => [brand, s])).map(([brand, s], i) => `(${i}, ${lit(brand)}, ${lit(s)})`).join(', ')}) l(i, brand, series) on l.i = r.li
          join (select row_number() over () as i, a from unnest(array[${amperes.join(',')}]) a) a(i, ampere) on a.i = r.ai
         where pp.kind = 'battery';
        create temp table ww on commit drop as
        select pp.id, pp.created_at, 12 + floor(random() * 17)::int as size, w.type, w.frame
          from pp
          cross join lateral (select floor(random() * ${wiperKinds.length} + pp.id * 0)::int as wi) r
          join (values ${wiperKinds.map(([type, frame], i) => `(${i}, ${lit(type)}, ${lit(frame)})`).join(', ')}) w(i, type, frame) on w.i = r.wi
         where pp.kind = 'wiper';
        create temp table supply_spec on commit drop as
        select row_number() over () - 1 as i, category, min_stock, name, price
          from (values ${supplies.flatMap(([category, min, list]) => list.map(([name, price]) => `(${lit(category)}, ${min}, ${lit(name)}, ${price})`)).join(', ')}) v(category, min_stock, name, price);
        create temp table ii on commit drop as
        select pp.id, pp.created_at, s.category, s.min_stock, s.name || ' (art. ' || (10000 + pp.k) || ')' as name, s.price
          from pp
          cross join lateral (select floor(random() * (select count(*) from supply_spec) + pp.id * 0)::int as si) r
          join supply_spec s on s.i = r.si
         where pp.kind = 'item';

        insert into public.products (id, kind, name, cost_price, selling_price, notes, created_at, updated_at) overriding system value
        select id, kind, name, round(price * cost_share, 2), price, null, created_at, created_at from (
          select id, 'tire' as kind, concat_ws(' ', brand, pattern, size) as name, price, 0.64 as cost_share, created_at from tt
          union all
          select id, 'battery', brand || ' ' || series || ' ' || code || ' ' || ampere || 'Ah',
                 round(55 + ampere * 1.3 + case when series like '%AGM%' then 80 else 0 end) - 0.01, 0.63, created_at from bb
          union all
          select id, 'wiper', concat_ws(' ', size || '"', type, 'wiper', '(' || frame || ')'),
                 round(6 + size * 0.5 + case when frame = 'Silicone' then 8 else 0 end) - 0.01, 0.45, created_at from ww
          union all
          select id, 'item', name, price, 0.55, created_at from ii
        ) x order by id;
        select setval(pg_get_serial_sequence('public.products', 'id'), ${N});
        insert into public.products (kind, name, cost_price, selling_price, notes) values
          ${rows(services.map(([name, description, price]) => ['service', name, 0, price, description]))};

        insert into public.tires (product_id, tire_brand_id, pattern_id, supplier_id, tire_type_id, location_id, size, dot,
                                  date_of_production, made_in, date_received, construction_type, run_flat, fuel_rating, water_rating)
        select id, brand_id, pattern_id, supplier_id, tire_type_id, ${pickLocation}, size, dot, produced, made_in, received,
               case when random() < 0.02 then 'bias-ply' else 'radial' end, random() < 0.06,
               (array['A','B','B','C','C','C','D','E'])[1 + floor(random() * 8)::int], (array['A','A','B','B','B','C','D','E'])[1 + floor(random() * 8)::int]
          from tt order by id;
        insert into public.batteries (product_id, battery_brand_id, made_in_id, location_id, date_received, battery_shape, ampere, reversed, battery_type)
        select bb.id, b.id, (select min(id) from public.made_ins) + floor(random() * ${madeIns.length})::int, ${pickLocation},
               current_date - (10 + floor(random() * 300))::int, case when bb.ampere >= 70 then 'thick' else 'thin' end, bb.ampere, random() < 0.3,
               case when random() < 0.03 then 'lithium' when bb.series like '%AGM%' then 'gel' else 'acid' end
          from bb join public.battery_brands b on b.name = bb.brand order by bb.id;
        insert into public.wipers (product_id, size, type, frame_material, compatibility_year, compatible_cars, made_in_id)
        select id, size, type, frame, 2008 + floor(random() * 19)::int,
               (array[${cars.map(lit).join(',')}])[1 + floor(random() * ${cars.length})::int] || ', ' || (array[${cars.map(lit).join(',')}])[1 + floor(random() * ${cars.length})::int],
               (select min(id) from public.made_ins) + floor(random() * ${madeIns.length})::int
          from ww order by id;
        insert into public.inventory_items (product_id, category, min_stock)
        select id, category, case when min_stock >= 100 then min_stock + 50 * floor(random() * 3)::int else min_stock + floor(random() * 4)::int end
          from ii order by id;`),
    );
    const serviceIds = new Map(
      (await tx.query<{ id: number; name: string }>(`select id, name from public.products where kind = 'service'`)).map((row) => [row.name.split(' ')[0] + row.name.split(' ')[1], Number(row.id)]),
    );
    const fitting = serviceIds.get('Tirefitting')!;
    const balancing = serviceIds.get('Wheelbalancing')!;
    const batteryFitting = serviceIds.get('Batteryfitting')!;
    const walkIn = CUSTOMERS + 1;

    // A random product of a kind, from the interleaved ids above (a random block of 20, a random slot of the kind).
    const pick = {
      tire: `(floor(random() * ${N / 20})::bigint * 20 + floor(random() * 16)::int + 1)`,
      battery: `(floor(random() * ${N / 20})::bigint * 20 + floor(random() * 2)::int + 17)`,
      wiper: `(floor(random() * ${N / 20})::bigint * 20 + 19)`,
      item: `(floor(random() * ${N / 20})::bigint * 20 + 20)`,
    };
    // What a customer buys (as in the demo): tires with fitting and balancing, a battery with fitting, or wipers and a supply.
    const basketLines = (docs: string) => `
        select d.id as doc, 0 as pos, d.goods as product_id, d.qty, d.disc from ${docs} d
        union all select d.id, 1, case d.basket when 0 then ${fitting} when 1 then ${batteryFitting} else d.extra end,
                         case d.basket when 0 then d.qty else 1 end, 0 from ${docs} d
        union all select d.id, 2, ${balancing}, d.qty, 0 from ${docs} d where d.basket = 0`;
    const basketColumns = `
        basket = case when r_b < 0.5 then 0 when r_b < 0.8 then 1 else 2 end,
        goods = case when r_b < 0.5 then ${pick.tire} when r_b < 0.8 then ${pick.battery} else ${pick.wiper} end,
        extra = ${pick.item},
        qty = case when r_b < 0.5 then case when random() < 0.6 then 4 else 2 end when r_b < 0.8 then 1 else 2 end,
        disc = case when random() < 0.08 then 5 else 0 end`;
    // Lines priced from the product, as writeLines copies them.
    const lineTable = (name: string, plan: string, price = 'selling_price') => `
        create temp table ${name} on commit drop as
        select l.doc, l.pos, p.id as product_id, p.kind as product_type, p.name as product_name, t.dot, l.qty as quantity,
               p.${price} as unit_price, l.disc::numeric(5, 2) as discount_percent, p.cost_price,
               round(p.${price} * l.qty * (1 - l.disc::numeric / 100), 2) as line_total
          from (${plan}) l join public.products p on p.id = l.product_id left join public.tires t on t.product_id = p.id;`;
    // subtotal, discount, tax and net exactly as refresh_document_totals derives them (paid comes with the receipts).
    const totals = (name: string, lines: string, discount: string, tax: string) => `
        create temp table ${name} on commit drop as
        select s.doc, s.subtotal, s.discount, s.tax, s.subtotal - s.discount + s.tax as net,
               case when s.subtotal - s.discount > 0 then round(s.tax * 100 / (s.subtotal - s.discount), 2) else 0 end as tax_rate
          from (select x.doc, x.subtotal, x.discount, round((x.subtotal - x.discount) * ${tax} / 100, 2) as tax
                  from (select l.doc, sum(l.line_total) as subtotal, ${discount} as discount from ${lines} l group by l.doc) x) s;`;

    await step(`${INVOICES.toLocaleString('en-US')} invoices planned`, () =>
      sql(`
        create temp table inv on commit drop as
        select row_number() over (order by issued_date, r) as id, issued_date, r_status, r_pay,
               1 + floor(random() * ${CUSTOMERS})::int as customer_id, ${pickLocation} as location_id,
               issued_date + time '08:00' + random() * interval '10 hours' as created_at, random() as r_b, random() < 0.25 as with_note
          from (select current_date - floor(random() * 365)::int as issued_date, random() as r, random() as r_status, random() as r_pay
                  from generate_series(1, ${INVOICES})) x;
        alter table inv add column basket int, add column goods bigint, add column extra bigint, add column qty int, add column disc int;
        update inv set ${basketColumns};
        ${lineTable('inv_l', basketLines('inv'))}
        ${totals('inv_t', 'inv_l', "case when random() < 0.2 and sum(l.line_total) >= 10 then 10 else 0 end", String(TAX_RATE))}
        alter table inv add column status text, add column sent_at timestamptz, add column cancelled_at timestamptz;
        update inv set status = case when r_status < 0.03 then 'draft' when r_status < 0.08 then 'cancelled' else 'sent' end;
        update inv set sent_at = case when status <> 'draft' then created_at + interval '5 minutes' end,
                       cancelled_at = case when status = 'cancelled' then least(now(), created_at + (1 + floor(random() * 5)::int) * interval '1 day') end;`),
    );
    await step(`${SALES.toLocaleString('en-US')} sales planned`, () =>
      sql(`
        create temp table sal on commit drop as
        select row_number() over (order by sale_date, r) as id, sale_date,
               case when r_status < 0.04 then 'pending' when r_status < 0.08 then 'cancelled' else 'completed' end as status,
               case when random() < 0.7 then ${walkIn} else 1 + floor(random() * ${CUSTOMERS})::int end as customer_id,
               ${pickLocation} as location_id,
               (array['cash','cash','credit_card','credit_card','bank_transfer','cheque'])[1 + floor(random() * 6)::int] as payment_method,
               sale_date + time '08:00' + random() * interval '10 hours' as created_at, random() as r_b
          from (select current_date - floor(random() * 365)::int as sale_date, random() as r, random() as r_status from generate_series(1, ${SALES})) x;
        alter table sal add column basket int, add column goods bigint, add column extra bigint, add column qty int, add column disc int;
        update sal set ${basketColumns};
        ${lineTable('sal_l', basketLines('sal'))}
        ${totals('sal_t', 'sal_l', "case when random() < 0.1 and sum(l.line_total) >= 10 then 10 else 0 end", String(TAX_RATE))}`),
    );
    await step(`${PURCHASES.toLocaleString('en-US')} purchase orders planned`, () =>
      sql(`
        create temp table pur on commit drop as
        select row_number() over (order by purchase_date, r) as id, purchase_date,
               ${firstSupplier} + floor(random() * ${supplierCount})::int as supplier_id, ${pickLocation} as location_id,
               case when purchase_date > current_date - 14 then case when r_status < 0.4 then 'pending' else 'ordered' end
                    when r_status < 0.90 then 'received' when r_status < 0.96 then 'cancelled' else 'partly' end as plan,
               2 + floor(random() * 6)::int as lines, random() as r_pay,
               purchase_date + time '08:00' + random() * interval '9 hours' as created_at
          from (select current_date - floor(random() * 365)::int as purchase_date, random() as r, random() as r_status from generate_series(1, ${PURCHASES})) x;
        ${lineTable('pur_l', `
          select d.id as doc, g - 1 as pos, x.product_id, x.qty, 0 as disc
            from pur d cross join generate_series(1, d.lines) g
            cross join lateral (select random() + g * 0 as r) r
            cross join lateral (select
                case when r.r < 0.7 then ${pick.tire} when r.r < 0.82 then ${pick.battery} when r.r < 0.9 then ${pick.wiper} else ${pick.item} end as product_id,
                case when r.r < 0.7 then 4 * (1 + floor(random() * 6)::int) when r.r < 0.82 then 2 + floor(random() * 9)::int
                     when r.r < 0.9 then 10 + floor(random() * 21)::int else 5 + floor(random() * 46)::int end as qty) x`, 'cost_price')}
        ${totals('pur_t', 'pur_l', '0', String(TAX_RATE))}
        alter table pur add column status text, add column delivered date, add column received_at timestamptz, add column cancelled_at timestamptz;
        update pur set status = case plan when 'partly' then 'ordered' else plan end,
                       delivered = case when plan in ('received', 'partly') then least(current_date, purchase_date + 6) end;
        update pur set received_at = case when status = 'received' then delivered + time '10:00' + random() * interval '6 hours' end,
                       cancelled_at = case when status = 'cancelled' then created_at + interval '2 days' end;
        alter table pur_l add column received int;
        update pur_l l set received = case when p.plan = 'received' or (p.plan = 'partly' and l.pos = 0) then l.quantity else 0 end
          from pur p where p.id = l.doc;`),
    );

    await step('receipts planned', () =>
      sql(`
        create temp table rc_plan on commit drop as
        -- Invoices: paid at once, in two parts, half, or not yet.
        select 'Invoice' as doc_type, i.id as doc, x.seq, d_.day, x.amount, 'income' as type,
               (array['cash','credit_card','credit_card','bank_transfer','cheque'])[1 + (i.id % 5)::int] as method
          from inv i join inv_t t on t.doc = i.id
          cross join lateral (values
            (1, case when i.r_pay < 0.55 then floor(i.r_pay * 36)::int when i.r_pay < 0.7 then 5 when i.r_pay < 0.85 then 7 end,
                case when i.r_pay < 0.55 then t.net when i.r_pay < 0.7 then round(t.net * 0.4, 2) when i.r_pay < 0.85 then round(t.net * 0.5, 2) end),
            (2, case when i.r_pay >= 0.55 and i.r_pay < 0.7 then 20 end, t.net - round(t.net * 0.4, 2))) x(seq, days, amount)
          cross join lateral (select i.issued_date + x.days as day) d_
         where i.status = 'sent' and x.days is not null and d_.day <= current_date
        union all
        -- Sales: a completed one is paid at the counter; a layaway has a deposit.
        select 'Sale', s.id, 1, s.sale_date, case when s.status = 'completed' then t.net else round(t.net * 0.3, 2) end, 'income', s.payment_method
          from sal s join sal_t t on t.doc = s.id where s.status <> 'cancelled'
        union all
        -- Purchase orders: paid on delivery, half, or not yet; a part delivery has a deposit.
        select 'Purchase', p.id, 1, least(current_date, p.purchase_date + 10),
               case when p.plan = 'partly' then round(t.net * 0.3, 2) when p.r_pay < 0.6 then t.net else round(t.net * 0.5, 2) end, 'expense', 'bank_transfer'
          from pur p join pur_t t on t.doc = p.id
         where p.plan = 'received' and p.r_pay < 0.8 or p.plan = 'partly' and p.r_pay < 0.5;
        create temp table rc on commit drop as
        select row_number() over (order by day, doc_type, doc, seq) as id, * from rc_plan where amount > 0;
        create temp table paid on commit drop as select doc_type, doc, sum(amount) as paid from rc group by doc_type, doc;`),
    );

    await step('documents, lines and receipts written', () =>
      sql(`
        create temp table prefix on commit drop as select invoice_prefix, sale_prefix, receipt_prefix, purchase_prefix from public.settings;
        create temp table inv_no on commit drop as
        select id, (select invoice_prefix from prefix) || '-' || y || '-' || lpad(n::text, greatest(5, length(n::text)), '0') as number, y, n
          from (select id, extract(year from issued_date)::int as y, row_number() over (partition by extract(year from issued_date) order by issued_date, id) as n
                  from inv where status <> 'draft') x;
        insert into public.invoices (id, number, customer_id, location_id, issued_date, due_date, status, payment_status, subtotal,
          discount_amount, tax_amount, tax_rate, net_amount, total_paid, balance_due, notes, created_by, sent_at, cancelled_at, created_at, updated_at)
        overriding system value
        select i.id, n.number, i.customer_id, i.location_id, i.issued_date, i.issued_date + 30, i.status,
               case when coalesce(pd.paid, 0) <= 0 then 'pending' when pd.paid >= t.net then 'paid' else 'partial' end,
               t.subtotal, t.discount, t.tax, t.tax_rate, t.net, coalesce(pd.paid, 0), t.net - coalesce(pd.paid, 0),
               case when i.with_note then 'Fleet vehicle: record the plate on delivery.' end, ${userId}, i.sent_at, i.cancelled_at,
               i.created_at, coalesce(i.cancelled_at, i.created_at)
          from inv i join inv_t t on t.doc = i.id left join inv_no n on n.id = i.id
          left join paid pd on pd.doc_type = 'Invoice' and pd.doc = i.id
         order by i.id;
        insert into public.invoice_items (invoice_id, position, product_id, product_type, product_name, description, dot, quantity,
          unit_price, discount_percent, cost_price, line_total)
        select doc, pos, product_id, product_type, product_name, null, dot, quantity, unit_price, discount_percent, cost_price, line_total
          from inv_l order by doc, pos;

        create temp table sal_no on commit drop as
        select id, (select sale_prefix from prefix) || '-' || y || '-' || lpad(n::text, greatest(5, length(n::text)), '0') as number, y, n
          from (select id, extract(year from sale_date)::int as y, row_number() over (partition by extract(year from sale_date) order by sale_date, id) as n from sal) x;
        insert into public.sales (id, number, customer_id, location_id, sale_date, payment_method, status, payment_status, subtotal,
          discount_amount, tax_amount, tax_rate, net_amount, total_paid, balance_due, notes, created_by, completed_at, cancelled_at, created_at, updated_at)
        overriding system value
        select s.id, n.number, s.customer_id, s.location_id, s.sale_date, s.payment_method, s.status,
               case when coalesce(pd.paid, 0) <= 0 then 'pending' when pd.paid >= t.net then 'paid' else 'partial' end,
               t.subtotal, t.discount, t.tax, t.tax_rate, t.net, coalesce(pd.paid, 0), t.net - coalesce(pd.paid, 0),
               case when s.status = 'pending' then 'Layaway: balance due on collection.' end, ${userId},
               case when s.status = 'completed' then s.created_at + interval '2 minutes' end,
               case when s.status = 'cancelled' then s.created_at + interval '1 hour' end, s.created_at, s.created_at + interval '1 hour'
          from sal s join sal_t t on t.doc = s.id join sal_no n on n.id = s.id
          left join paid pd on pd.doc_type = 'Sale' and pd.doc = s.id
         order by s.id;
        insert into public.sale_items (sale_id, position, product_id, product_type, product_name, description, dot, quantity,
          unit_price, discount_percent, cost_price, line_total)
        select doc, pos, product_id, product_type, product_name, null, dot, quantity, unit_price, discount_percent, cost_price, line_total
          from sal_l order by doc, pos;

        create temp table pur_no on commit drop as
        select id, (select purchase_prefix from prefix) || '-' || y || '-' || lpad(n::text, greatest(5, length(n::text)), '0') as number, y, n
          from (select id, extract(year from purchase_date)::int as y, row_number() over (partition by extract(year from purchase_date) order by purchase_date, id) as n from pur) x;
        insert into public.purchases (id, number, supplier_id, location_id, purchase_date, expected_delivery_date, actual_delivery_date,
          reference_number, status, payment_status, subtotal, discount_amount, tax_amount, tax_rate, net_amount, total_paid, balance_due,
          notes, created_by, received_at, cancelled_at, created_at, updated_at)
        overriding system value
        select p.id, n.number, p.supplier_id, p.location_id, p.purchase_date, p.purchase_date + 7, p.delivered, 'SO-' || (40000 + p.id),
               p.status, case when coalesce(pd.paid, 0) <= 0 then 'pending' when pd.paid >= t.net then 'paid' else 'partial' end,
               t.subtotal, t.discount, t.tax, t.tax_rate, t.net, coalesce(pd.paid, 0), t.net - coalesce(pd.paid, 0),
               null, ${userId}, p.received_at, p.cancelled_at, p.created_at, coalesce(p.received_at, p.cancelled_at, p.created_at)
          from pur p join pur_t t on t.doc = p.id join pur_no n on n.id = p.id
          left join paid pd on pd.doc_type = 'Purchase' and pd.doc = p.id
         order by p.id;
        insert into public.purchase_items (purchase_id, position, product_id, product_type, product_name, description, dot, quantity,
          unit_price, discount_percent, cost_price, line_total, received_quantity)
        select doc, pos, product_id, product_type, product_name, null, dot, quantity, unit_price, discount_percent, cost_price, line_total, received
          from pur_l order by doc, pos;

        create temp table rc_no on commit drop as
        select id, (select receipt_prefix from prefix) || '-' || y || '-' || lpad(n::text, greatest(5, length(n::text)), '0') as number, y, n
          from (select id, extract(year from day)::int as y, row_number() over (partition by extract(year from day) order by id) as n from rc) x;
        insert into public.receipts (id, number, receipt_date, type, receiptable_type, receiptable_id, document_number, customer_id,
          supplier_id, location_id, amount, payment_method, reference_number, bank_name, cheque_number, transaction_id, notes, created_by, created_at)
        overriding system value
        select r.id, n.number, r.day, r.type, r.doc_type, r.doc, coalesce(i.number, s.number, p.number),
               coalesce(ih.customer_id, sh.customer_id), ph.supplier_id, coalesce(ih.location_id, sh.location_id, ph.location_id),
               r.amount, r.method,
               case when r.method <> 'cash' then 'REF-' || to_char(r.day, 'YYYYMMDD') || '-' || r.doc end,
               case when r.method in ('bank_transfer', 'cheque') then 'First Springfield Bank' end,
               case when r.method = 'cheque' then (100200 + r.id)::text end,
               case when r.method in ('credit_card', 'bank_transfer') then 'TX' || r.doc || to_char(r.day, 'MM') end,
               null, ${userId}, r.day + time '12:00'
          from rc r join rc_no n on n.id = r.id
          left join inv_no i on r.doc_type = 'Invoice' and i.id = r.doc left join inv ih on r.doc_type = 'Invoice' and ih.id = r.doc
          left join sal_no s on r.doc_type = 'Sale' and s.id = r.doc left join sal sh on r.doc_type = 'Sale' and sh.id = r.doc
          left join pur_no p on r.doc_type = 'Purchase' and p.id = r.doc left join pur ph on r.doc_type = 'Purchase' and ph.id = r.doc
         order by r.id;

        select setval(pg_get_serial_sequence('public.invoices', 'id'), greatest(1, (select max(id) from public.invoices)));
        select setval(pg_get_serial_sequence('public.sales', 'id'), greatest(1, (select max(id) from public.sales)));
        select setval(pg_get_serial_sequence('public.purchases', 'id'), greatest(1, (select max(id) from public.purchases)));
        select setval(pg_get_serial_sequence('public.receipts', 'id'), greatest(1, (select max(id) from public.receipts)));
        insert into public.document_series (series, year, next_value)
        select 'invoice', y, max(n) + 1 from inv_no group by y
        union all select 'sale', y, max(n) + 1 from sal_no group by y
        union all select 'purchase', y, max(n) + 1 from pur_no group by y
        union all select 'receipt', y, max(n) + 1 from rc_no group by y;`),
    );

    await step('stock moves and levels', () =>
      sql(`
        create temp table mv on commit drop as
        -- Goods out for posted invoices and sales (one move per product, as move_document_stock), and back for cancelled invoices.
        select l.product_id, i.location_id, -sum(l.quantity)::int as delta, 'sale' as reason, null::text as note,
               'Invoice' as document_type, i.id as document_id, i.sent_at as created_at, null::numeric as unit_cost
          from inv i join inv_l l on l.doc = i.id where i.status <> 'draft' and l.product_type <> 'service' group by l.product_id, i.id, i.location_id, i.sent_at
        union all
        select l.product_id, i.location_id, sum(l.quantity)::int, 'cancellation', null, 'Invoice', i.id, i.cancelled_at, null
          from inv i join inv_l l on l.doc = i.id where i.status = 'cancelled' and l.product_type <> 'service' group by l.product_id, i.id, i.location_id, i.cancelled_at
        union all
        select l.product_id, s.location_id, -sum(l.quantity)::int, 'sale', null, 'Sale', s.id, s.created_at + interval '2 minutes', null
          from sal s join sal_l l on l.doc = s.id where s.status = 'completed' and l.product_type <> 'service' group by l.product_id, s.id, s.location_id, s.created_at
        union all
        -- Goods received on purchase orders: a move per line, as receive_purchase.
        select l.product_id, p.location_id, l.received, 'purchase', null, 'Purchase', p.id,
               coalesce(p.received_at, p.delivered + time '10:00'), l.unit_price
          from pur p join pur_l l on l.doc = p.id where l.received > 0
        union all
        -- Counted, damaged, returned.
        select x.product_id, x.location_id, x.delta, x.reason, case when x.reason = 'other' then 'Found in the storage room' end,
               null, null, now() - random() * interval '360 days', null
          from (select g, (1 + floor(random() * ${N}))::bigint as product_id, ${pickLocation} as location_id, r,
                       case when r < 0.5 then 'count_correction' when r < 0.75 then 'damage' when r < 0.92 then 'return' else 'other' end as reason,
                       case when r < 0.5 then (array[-3, -2, -1, -1, 1, 1, 2, 3])[1 + floor(random() * 8)::int]
                            when r < 0.75 then -(1 + floor(random() * 2)::int) when r < 0.92 then 1 + floor(random() * 2)::int else 1 end as delta
                  from (select g, random() as r from generate_series(1, ${ADJUSTMENTS}) g) a) x;
        -- Transfers between branches: two moves at the same moment.
        create temp table tr on commit drop as
        select g, (1 + floor(random() * ${N}))::bigint as product_id, 1 + floor(random() * ${locations.length})::int as a,
               1 + floor(random() * ${locations.length - 1})::int as b, 1 + floor(random() * 4)::int as quantity,
               now() - random() * interval '360 days' as created_at
          from generate_series(1, ${TRANSFERS}) g;
        insert into mv
        select product_id, (${locArray})[a], -quantity, 'transfer_out', 'Rebalancing between branches', null::text, null::bigint, created_at, null::numeric from tr
        union all
        select product_id, (${locArray})[case when a + b > ${locations.length} then a + b - ${locations.length} else a + b end], quantity, 'transfer_in',
               'Rebalancing between branches', null, null, created_at, null from tr;

        -- Every goods product in every branch: what is left at the end (some out, some low), the opening
        -- stock a year ago that covers everything that left since, and the level = the sum of the moves.
        create temp table lv on commit drop as
        select p.id as product_id, loc as location_id,
               case when p.r < 0.04 then 0 when p.r < 0.15 then floor(random() * 3)::int
                    when p.kind = 'item' then floor(random() * 120)::int else floor(random() * random() * 40)::int end as remaining
          from (select id, kind, random() as r from public.products where kind <> 'service') p
          cross join unnest(${locArray}) loc;
        create temp table flow on commit drop as
        select product_id, location_id, coalesce(sum(-delta) filter (where delta < 0), 0)::int as outgoing,
               coalesce(sum(delta) filter (where delta > 0), 0)::int as incoming
          from mv group by product_id, location_id;
        insert into public.stock_moves (product_id, location_id, delta, reason, note, document_type, document_id, user_id, created_at, unit_cost)
        select product_id, location_id, delta, reason, note, document_type, document_id, user_id, created_at, unit_cost from (
          select lv.product_id, lv.location_id, lv.remaining + coalesce(f.outgoing, 0) as delta, 'opening' as reason, null as note,
                 null as document_type, null::bigint as document_id, ${userId} as user_id,
                 now() - interval '366 days' + (lv.product_id::float / ${N}) * interval '1 hour' as created_at, null::numeric as unit_cost
            from lv
            left join flow f on f.product_id = lv.product_id and f.location_id = lv.location_id
           where lv.remaining + coalesce(f.outgoing, 0) > 0
          union all
          select product_id, location_id, delta, reason, note, document_type, document_id, ${userId}, created_at, unit_cost from mv
        ) m order by created_at;
        insert into public.stock_levels (product_id, location_id, quantity)
        select lv.product_id, lv.location_id, lv.remaining + coalesce(f.incoming, 0)
          from lv left join flow f on f.product_id = lv.product_id and f.location_id = lv.location_id
         order by lv.product_id, lv.location_id;`),
    );

    await step('checks', async () => {
      const failures: string[] = [];
      const expectZero = async (label: string, query: string) => {
        const n = await count(tx, query);
        if (n !== 0) failures.push(`${label}: ${n}`);
      };
      await expectZero('levels that are not the sum of their moves', `
        select count(*)::int as n from public.stock_levels s
          full join (select product_id, location_id, sum(delta) as total from public.stock_moves group by 1, 2) m
            on m.product_id = s.product_id and m.location_id = s.location_id
         where coalesce(s.quantity, -1) <> coalesce(m.total, 0)`);
      await expectZero('products whose name is not their label', `
        select count(*)::int as n from public.products p join public.product_labels pl on pl.product_id = p.id where p.name <> pl.label`);
      for (const [type, header, lines, key] of [['Invoice', 'invoices', 'invoice_items', 'invoice_id'], ['Sale', 'sales', 'sale_items', 'sale_id'], ['Purchase', 'purchases', 'purchase_items', 'purchase_id']]) {
        // The same arithmetic as refresh_document_totals, over every document at once.
        await expectZero(`${header} whose stored totals differ from their lines and receipts`, `
          select count(*)::int as n
            from public.${header} d
            left join (select x.${key} as id, sum(x.line_total) as subtotal from public.${lines} x group by 1) l on l.id = d.id
            left join (select x.receiptable_id as id, sum(case when x.type = 'refund' then -x.amount else x.amount end) as paid
                         from public.receipts x where x.receiptable_type = '${type}' group by 1) r on r.id = d.id
            cross join lateral (select coalesce(l.subtotal, 0) as subtotal, coalesce(r.paid, 0) as paid) s
            cross join lateral (select s.subtotal - d.discount_amount + d.tax_amount as net, s.subtotal - d.discount_amount as taxed) n
           where (d.subtotal, d.net_amount, d.tax_rate, d.total_paid, d.balance_due, d.payment_status) is distinct from
                 (s.subtotal, n.net, case when n.taxed > 0 then round(d.tax_amount * 100 / n.taxed, 2) else 0 end, s.paid, n.net - s.paid,
                  case when s.paid <= 0 then 'pending' when s.paid >= n.net then 'paid' else 'partial' end)`);
        await expectZero(`${lines} whose total is not price x quantity less discount`, `
          select count(*)::int as n from public.${lines} x where x.line_total <> round(x.unit_price * x.quantity * (1 - x.discount_percent / 100), 2)`);
      }
      // And the function itself, on a sample: refreshing changes nothing.
      await tx.exec(`savepoint refresh_sample;
        create temp table sample on commit drop as
          select 'Invoice' as type, id, subtotal, net_amount, tax_rate, total_paid, balance_due, payment_status from public.invoices where id % 997 = 1
          union all select 'Sale', id, subtotal, net_amount, tax_rate, total_paid, balance_due, payment_status from public.sales where id % 997 = 1
          union all select 'Purchase', id, subtotal, net_amount, tax_rate, total_paid, balance_due, payment_status from public.purchases where id % 211 = 1;
        select public.refresh_document_totals(type, id) from sample;`);
      await expectZero('documents that refresh_document_totals changes', `
        select count(*)::int as n from sample s
          left join public.invoices i on s.type = 'Invoice' and i.id = s.id
          left join public.sales sa on s.type = 'Sale' and sa.id = s.id
          left join public.purchases p on s.type = 'Purchase' and p.id = s.id
         where (s.subtotal, s.net_amount, s.tax_rate, s.total_paid, s.balance_due, s.payment_status) is distinct from
               (coalesce(i.subtotal, sa.subtotal, p.subtotal), coalesce(i.net_amount, sa.net_amount, p.net_amount), coalesce(i.tax_rate, sa.tax_rate, p.tax_rate),
                coalesce(i.total_paid, sa.total_paid, p.total_paid), coalesce(i.balance_due, sa.balance_due, p.balance_due),
                coalesce(i.payment_status, sa.payment_status, p.payment_status))`);
      await tx.exec('rollback to savepoint refresh_sample');
      await expectZero('series whose numbers have gaps or whose next value is wrong', `
        select count(*)::int as n from (select ds.series from public.document_series ds
          join (select 'invoice' as series, number from public.invoices where number is not null
                union all select 'sale', number from public.sales union all select 'purchase', number from public.purchases
                union all select 'receipt', number from public.receipts) d
            on d.series = ds.series and split_part(d.number, '-', 2)::int = ds.year
         group by ds.series, ds.year, ds.next_value
        having count(*) <> ds.next_value - 1 or max(split_part(d.number, '-', 3)::int) <> ds.next_value - 1
            or count(distinct d.number) <> count(*)) bad`);
      await expectZero('posted invoices and sales whose goods did not leave through stock moves', `
        select count(*)::int as n from (
          select 'Invoice' as type, x.invoice_id as id, x.product_id, sum(x.quantity) as q from public.invoice_items x
            join public.invoices d on d.id = x.invoice_id where d.number is not null and x.product_type <> 'service' group by 1, 2, 3
          union all
          select 'Sale', x.sale_id, x.product_id, sum(x.quantity) from public.sale_items x
            join public.sales d on d.id = x.sale_id where d.status = 'completed' and x.product_type <> 'service' group by 1, 2, 3) l
          full join (select document_type as type, document_id as id, product_id, -sum(delta) as q from public.stock_moves
                      where reason = 'sale' group by 1, 2, 3) m using (type, id, product_id)
         where l.q is distinct from m.q`);
      await expectZero('purchase lines whose received quantity is not what came in', `
        select count(*)::int as n from (select purchase_id as id, product_id, sum(received_quantity) as q from public.purchase_items group by 1, 2) l
          full join (select document_id as id, product_id, sum(delta) as q from public.stock_moves where document_type = 'Purchase' group by 1, 2) m
            using (id, product_id)
         where coalesce(l.q, 0) <> coalesce(m.q, 0)`);
      if (failures.length) throw new Error(`the data set breaks the app's rules:\n  ${failures.join('\n  ')}`);
    });
  });

  const later = await step('later migrations', () => migrate(db, migrations));
  if (later.length) console.log(`    applied ${later.join(', ')}`);
  // A tenth of the goods reorder at each branch: at their own low-stock level, back up to three times it.
  await step('reorder levels', () =>
    db.exec(`update public.stock_levels s
                set reorder_point = p.low_stock_at, order_up_to = 3 * greatest(p.low_stock_at, 1)
               from public.products p
              where p.id = s.product_id and p.id % 10 = 0 and p.kind <> 'service'`),
  );
  await step('a year of the audit trail', () => db.transaction((tx) => tx.exec(readFileSync(join(projectRoot, 'worker/scripts/scale/audit-trail.sql'), 'utf8'))));
  await step('vacuum analyze', () => db.exec('vacuum analyze'));

  const [totals] = await db.query<Record<string, number>>(`select
      (select count(*) from public.products)::int as products, (select count(*) from public.stock_levels)::int as stock_levels,
      (select count(*) from public.stock_moves)::int as stock_moves, (select count(*) from public.customers)::int as customers,
      (select count(*) from public.suppliers)::int as suppliers, (select count(*) from public.invoices)::int as invoices,
      (select count(*) from public.sales)::int as sales, (select count(*) from public.purchases)::int as purchases,
      (select count(*) from public.receipts)::int as receipts, (select count(*) from public.audit_events)::int as audit_events,
      ((select count(*) from public.invoice_items) + (select count(*) from public.sale_items) + (select count(*) from public.purchase_items))::int as document_lines,
      pg_size_pretty(pg_database_size(current_database())) as size`);
  console.log(`Done in ${elapsed()}:`);
  for (const [key, value] of Object.entries(totals)) console.log(`  ${key.replaceAll('_', ' ')}: ${typeof value === 'number' ? value.toLocaleString('en-US') : value}`);
  console.log(`Sign in as ${SCALE_LOGIN.email} / ${SCALE_LOGIN.password}`);
} catch (error) {
  console.error(`\nseed:scale failed after ${elapsed()}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
