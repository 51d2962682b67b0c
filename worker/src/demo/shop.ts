import type { Db } from '../db/port.ts';
import { seedDemoDocuments } from './documents.ts';
import { setActor } from '../auth/actor.ts';
import { upsertUser } from '../users.ts';
import { DEMO_LOGIN, DEMO_STAFF_LOGIN } from './login.ts';

export { DEMO_LOGIN, DEMO_PASSWORD, DEMO_STAFF_LOGIN } from './login.ts';

const branches = [
  ['Downtown Branch', '14 Market Street, Springfield'],
  ['Northside Branch', '210 Ridge Road, Springfield'],
];

const customers = [
  ['Maria Gonzalez', 'maria.gonzalez@example.com', '(555) 201-4410', '42 Oak Avenue, Springfield', null],
  ['James Whitfield', 'j.whitfield@example.com', '(555) 201-7723', '9 Elm Court, Springfield', null],
  ['Priya Raman', null, '(555) 318-0042', '77 Lakeview Drive, Shelbyville', null],
  ['Tom Becker', 'tom@beckerlogistics.example', '(555) 640-1188', '3 Depot Lane, Springfield', 'Becker Logistics'],
  ['Aisha Karim', 'aisha.karim@example.com', '(555) 402-9931', '18 Cedar Street, Capital City', null],
  ['Luis Ortega', null, '(555) 777-0156', '250 Harbor Road, Springfield', 'Ortega Taxi Co.'],
  ['Hannah Schultz', 'hannah.s@example.com', '(555) 219-3307', '5 Birch Close, Ogdenville', null],
  ['Kwame Mensah', 'kwame.mensah@example.com', '(555) 883-4520', '61 Pine Hill, Springfield', null],
  ['Sofia Rossi', 'sofia@rossicatering.example', '(555) 310-6674', '12 Vine Street, Shelbyville', 'Rossi Catering'],
  ['Daniel Cho', null, '(555) 555-0199', '140 River Walk, Springfield', null],
  ['Emily Novak', 'emily.novak@example.com', '(555) 472-8801', '8 Meadow Way, North Haverbrook', null],
  ['Green Valley Farms', 'office@greenvalley.example', '(555) 903-2210', 'Route 9, Green Valley', 'Green Valley Farms Ltd.'],
];

const suppliers = [
  ['Continental Tire Distribution', 'Mark Feldman', 'orders@contidist.example', '(555) 100-2000', '1 Industrial Park, Capital City'],
  ['Apex Battery Supply', 'Rita Okafor', 'sales@apexbattery.example', '(555) 100-3100', '44 Volt Street, Springfield'],
  ['ClearView Wipers Wholesale', 'Ben Larsen', 'ben@clearview.example', '(555) 100-4200', '7 Harbor Yard, Shelbyville'],
  ['Michelin Trade Partners', 'Claire Dubois', 'trade@michelinpartners.example', '(555) 100-5300', '300 Commerce Blvd, Capital City'],
  ['Bridgestone Regional Depot', 'Ken Sato', 'depot@bsregional.example', '(555) 100-6400', '18 Freight Road, Ogdenville'],
  ['Roadstar Imports', 'Nadia Haddad', null, '(555) 100-7500', '92 Port Avenue, Springfield'],
  ['Valve & Fitting Parts Co.', 'Olu Adeyemi', 'parts@valvefit.example', '(555) 100-8600', '5 Workshop Lane, Springfield'],
  ['Pirelli Direct', 'Marco Bianchi', 'direct@pirelli-trade.example', '(555) 100-9700', '60 Fashion Row, Capital City'],
  ['EcoDispose Recycling', 'Greta Holm', 'pickup@ecodispose.example', '(555) 101-0800', '2 Quarry Road, North Haverbrook'],
  ['Hankook Wholesale', 'Jin Park', 'wholesale@hankook-trade.example', '(555) 101-1900', '75 Distribution Way, Shelbyville'],
  ['Sparkline Batteries', null, 'hello@sparkline.example', '(555) 101-3000', '11 Anode Avenue, Springfield'],
  ['TreadWorks Retreading', 'Paul Mercer', 'paul@treadworks.example', '(555) 101-4100', '400 Mill Street, Ogdenville'],
];

function inserts(table: string, columns: string[], rows: (string | null)[][]) {
  const sql = `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`;
  return rows.map((params) => ({ sql, params }));
}

const tireBrands = [
  ['Michelin', 'France'],
  ['Bridgestone', 'Japan'],
  ['Continental', 'Germany'],
  ['Pirelli', 'Italy'],
  ['Hankook', 'South Korea'],
];
const tireTypes = [
  ['Passenger', 'Car'],
  ['SUV / 4x4', 'Off-road'],
  ['Van', 'Light truck'],
];
const madeIns = ['Germany', 'Japan', 'South Korea', 'United States', 'France', 'Spain'];
const batteryBrands = ['Varta', 'Bosch', 'Exide', 'Optima'];
const tagNames = [
  ['Summer', 'Season'],
  ['Winter', 'Season'],
  ['All-season', 'Season'],
  ['Touring', 'Use'],
  ['Performance', 'Use'],
  ['Low rolling resistance', 'Economy'],
];
// name, brand, type, category, list price, tags
const patterns: [string, string, string, string, number, string[]][] = [
  ['Primacy 4', 'Michelin', 'Passenger', 'automotive', 119, ['Summer', 'Touring', 'Low rolling resistance']],
  ['Pilot Sport 5', 'Michelin', 'Passenger', 'automotive', 189, ['Summer', 'Performance']],
  ['CrossClimate 2', 'Michelin', 'Passenger', 'automotive', 112, ['All-season']],
  ['Turanza T005', 'Bridgestone', 'Passenger', 'automotive', 104, ['Summer', 'Touring']],
  ['Dueler A/T 002', 'Bridgestone', 'SUV / 4x4', 'automotive', 198, ['All-season']],
  ['PremiumContact 7', 'Continental', 'Passenger', 'automotive', 122, ['Summer', 'Touring']],
  ['VanContact Ultra', 'Continental', 'Van', 'commercial', 139, ['Summer', 'Low rolling resistance']],
  ['Cinturato P7', 'Pirelli', 'Passenger', 'automotive', 149, ['Summer', 'Low rolling resistance']],
  ['Winter Sottozero 3', 'Pirelli', 'Passenger', 'automotive', 176, ['Winter', 'Performance']],
  ['Ventus Prime 4', 'Hankook', 'Passenger', 'automotive', 79, ['Summer']],
];
// brand, pattern, type, size, dot, made in, supplier, fuel, wet, run flat, cost, price, [downtown, northside]
const tires: [string, string, string, string, string, string, string, string, string, boolean, number, number, [number, number]][] = [
  ['Michelin', 'Primacy 4', 'Passenger', '205 / 55 R 16', '3625', 'France', 'Michelin Trade Partners', 'B', 'A', false, 78, 119, [14, 8]],
  ['Michelin', 'Primacy 4', 'Passenger', '225 / 45 R 17', '3425', 'Spain', 'Michelin Trade Partners', 'B', 'A', false, 96, 145, [6, 4]],
  ['Michelin', 'Pilot Sport 5', 'Passenger', '225 / 40 R 18', '2925', 'France', 'Michelin Trade Partners', 'C', 'A', false, 128, 189, [4, 0]],
  ['Michelin', 'CrossClimate 2', 'Passenger', '195 / 65 R 15', '4025', 'France', 'Michelin Trade Partners', 'B', 'B', false, 74, 112, [20, 12]],
  ['Bridgestone', 'Turanza T005', 'Passenger', '205 / 55 R 16', '1225', 'Japan', 'Bridgestone Regional Depot', 'C', 'A', false, 69, 104, [10, 10]],
  ['Bridgestone', 'Turanza T005', 'Passenger', '225 / 50 R 17', '1525', 'Japan', 'Bridgestone Regional Depot', 'B', 'A', true, 104, 156, [2, 3]],
  ['Bridgestone', 'Dueler A/T 002', 'SUV / 4x4', '265 / 65 R 17', '0925', 'Japan', 'Bridgestone Regional Depot', 'D', 'C', false, 131, 198, [8, 2]],
  ['Continental', 'PremiumContact 7', 'Passenger', '205 / 55 R 16', '2125', 'Germany', 'Continental Tire Distribution', 'A', 'A', false, 81, 122, [12, 6]],
  ['Continental', 'VanContact Ultra', 'Van', '215 / 65 R 16', '1825', 'Germany', 'Continental Tire Distribution', 'A', 'B', false, 92, 139, [0, 0]],
  ['Pirelli', 'Cinturato P7', 'Passenger', '225 / 45 R 17', '3325', 'Italy', 'Pirelli Direct', 'B', 'A', true, 99, 149, [5, 7]],
  ['Pirelli', 'Winter Sottozero 3', 'Passenger', '225 / 45 R 18', '3825', 'Italy', 'Pirelli Direct', 'C', 'B', false, 118, 176, [0, 9]],
  ['Hankook', 'Ventus Prime 4', 'Passenger', '195 / 65 R 15', '2725', 'South Korea', 'Hankook Wholesale', 'C', 'B', false, 52, 79, [24, 16]],
];
// name, brand, made in, shape, ampere, reversed, type, cost, price, [downtown, northside]
const batteries: [string, string, string, string, number, boolean, string, number, number, [number, number]][] = [
  ['Varta Blue Dynamic E11', 'Varta', 'Germany', 'thick', 74, false, 'acid', 82, 129, [9, 5]],
  ['Varta Silver Dynamic AGM', 'Varta', 'Germany', 'thick', 70, false, 'gel', 141, 219, [3, 2]],
  ['Bosch S4 005', 'Bosch', 'Spain', 'thin', 60, true, 'acid', 71, 112, [7, 0]],
  ['Exide Premium EA640', 'Exide', 'Spain', 'thin', 64, false, 'acid', 68, 105, [12, 8]],
  ['Optima YellowTop', 'Optima', 'United States', 'thick', 55, false, 'gel', 189, 289, [1, 1]],
];
// size, type, frame, year, cars, made in, cost, price, [downtown, northside]
const wipers: [number, string, string, number, string, string, number, number, [number, number]][] = [
  [24, 'Beam', 'Rubber', 2024, 'Toyota Corolla, Honda Civic', 'Germany', 8.5, 18.99, [30, 20]],
  [18, 'Beam', 'Rubber', 2023, 'Toyota Corolla, Mazda 3', 'Germany', 7.5, 15.99, [25, 15]],
  [22, 'Conventional', 'Steel', 2019, 'Ford Focus, VW Golf', 'South Korea', 4.2, 9.99, [6, 12]],
  [26, 'Hybrid', 'Silicone', 2025, 'Tesla Model 3, Kia EV6', 'Japan', 12, 27.5, [8, 0]],
];
// name, category, min stock, cost, price, [downtown, northside]
const items: [string, string, number, number, number, [number, number]][] = [
  ['Engine oil 5W-30, 5 L', 'oils', 10, 21, 36.5, [18, 11]],
  ['Engine oil 0W-20, 4 L', 'oils', 8, 24, 41, [4, 3]],
  ['Tire valve TR414', 'parts', 100, 0.35, 1.5, [240, 120]],
  ['Wheel balancing weights, 5 g', 'parts', 200, 0.05, 0.25, [150, 90]],
  ['Battery terminal cleaner', 'accessories', 10, 3.2, 7.99, [6, 2]],
  ['Jump starter cables', 'batteries', 5, 11, 24.99, [3, 4]],
];
const services: [string, string, number][] = [
  ['Tire fitting (per tire)', 'Mount and fit one tire, including valve check', 15],
  ['Wheel balancing (per wheel)', 'Dynamic balancing with weights', 10],
  ['Valve replacement', 'New rubber valve, fitted', 5],
  ['Tire disposal fee', 'Environmental disposal of one old tire', 3.5],
  ['Battery fitting and test', 'Fit the battery and test the charging system', 12],
  ['Puncture repair', 'Plug and patch repair from inside', 25],
];

/** Inserts one row and answers its id. */
async function insert(db: Db, sql: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<{ id: number }>(`${sql} returning id`, params);
  return Number(row.id);
}

/** Brands, patterns, tags, tires, batteries, wipers, items and services, with stock in both branches. */
async function seedCatalogue(db: Db, branchIds: number[], supplierIds: Map<string, number>): Promise<void> {
  const ids = async (table: string, rows: (string | null)[][], columns: string[]) => {
    const map = new Map<string, number>();
    for (const row of rows) {
      map.set(row[0]!, await insert(db, `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, row));
    }
    return map;
  };
  const brandIds = await ids('tire_brands', tireBrands, ['name', 'country']);
  const typeIds = await ids('tire_types', tireTypes, ['name', 'section']);
  const madeInIds = await ids('made_ins', madeIns.map((name) => [name]), ['name']);
  const batteryBrandIds = await ids('battery_brands', batteryBrands.map((name) => [name]), ['name']);
  const tagIds = await ids('tags', tagNames, ['name', 'section']);
  const patternIds = new Map<string, number>();
  for (const [name, brand, type, category, price, tags] of patterns) {
    const id = await insert(
      db,
      'insert into public.patterns (name, category, price, tire_brand_id, tire_type_id, description) values ($1, $2, $3, $4, $5, $6)',
      [name, category, price, brandIds.get(brand), typeIds.get(type), `${brand} ${name}`],
    );
    patternIds.set(name, id);
    for (const tag of tags) await db.query('insert into public.pattern_tags (pattern_id, tag_id) values ($1, $2)', [id, tagIds.get(tag)]);
  }

  const product = (kind: string, name: string, cost: number, price: number, notes: string | null = null) =>
    insert(db, 'insert into public.products (kind, name, cost_price, selling_price, notes) values ($1, $2, $3, $4, $5)', [kind, name, cost, price, notes]);
  const stock = async (id: number, quantities: [number, number]) => {
    for (const [i, quantity] of quantities.entries()) {
      if (quantity > 0) await db.query("select public.move_stock($1, $2, $3, 'opening', null, null)", [id, branchIds[i], quantity]);
    }
  };

  for (const [brand, pattern, type, size, dot, madeIn, supplier, fuel, wet, runFlat, cost, price, quantities] of tires) {
    const id = await product('tire', `${brand} ${pattern} ${size}`, cost, price);
    await db.query(
      `insert into public.tires (product_id, tire_brand_id, pattern_id, supplier_id, tire_type_id, location_id, size, dot, made_in,
         date_received, fuel_rating, water_rating, run_flat)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, current_date - 20, $10, $11, $12)`,
      [id, brandIds.get(brand), patternIds.get(pattern), supplierIds.get(supplier), typeIds.get(type), branchIds[0], size, dot, madeIn, fuel, wet, runFlat],
    );
    await stock(id, quantities);
  }
  for (const [name, brand, madeIn, shape, ampere, reversed, type, cost, price, quantities] of batteries) {
    const id = await product('battery', name, cost, price);
    await db.query(
      `insert into public.batteries (product_id, battery_brand_id, made_in_id, location_id, date_received, battery_shape, ampere, reversed, battery_type)
       values ($1, $2, $3, $4, current_date - 12, $5, $6, $7, $8)`,
      [id, batteryBrandIds.get(brand), madeInIds.get(madeIn), branchIds[0], shape, ampere, reversed, type],
    );
    await stock(id, quantities);
  }
  for (const [size, type, frame, year, cars, madeIn, cost, price, quantities] of wipers) {
    const id = await product('wiper', `${size}" ${type} wiper (${frame})`, cost, price);
    await db.query(
      `insert into public.wipers (product_id, size, type, frame_material, compatibility_year, compatible_cars, made_in_id)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, size, type, frame, year, cars, madeInIds.get(madeIn)],
    );
    await stock(id, quantities);
  }
  for (const [name, category, minStock, cost, price, quantities] of items) {
    const id = await product('item', name, cost, price);
    await db.query('insert into public.inventory_items (product_id, category, min_stock) values ($1, $2, $3)', [id, category, minStock]);
    await stock(id, quantities);
  }
  for (const [name, description, price] of services) await product('service', name, 0, price, description);
}

/**
 * A small, realistic shop: two branches, a dozen customers and suppliers, a catalogue with stock, four
 * months of selling, and with `logins` the demo logins (else the first administrator made it).
 */
export async function seedDemo(db: Db, options: { logins: boolean; iterations: number }): Promise<void> {
  await db.transaction(async (tx) => {
    if (options.logins) {
      await upsertUser(tx, { ...DEMO_LOGIN, role: 'admin' }, options.iterations);
      await upsertUser(tx, { ...DEMO_STAFF_LOGIN, role: 'staff' }, options.iterations);
    }
    // The demo administrator (or the first one) made the demo shop: the audit trail says so.
    const [maker] = await tx.query<{ id: number }>(
      `select id from public.users where role = 'admin' order by lower(email) = lower($1) desc, id limit 1`,
      [DEMO_LOGIN.email],
    );
    await setActor(tx, { id: Number(maker.id), home_location_id: null });
    const statements = [
      ...inserts('locations', ['name', 'address'], branches),
      ...inserts('customers', ['name', 'email', 'phone', 'address', 'company_name'], customers),
      ...inserts('suppliers', ['name', 'contact_person', 'email', 'phone', 'address'], suppliers),
    ];
    for (const { sql, params } of statements) await tx.query(sql, params);
    const branchIds = (await tx.query<{ id: number }>('select id from public.locations order by id')).map((row) => Number(row.id));
    const supplierIds = new Map(
      (await tx.query<{ id: number; name: string }>('select id, name from public.suppliers')).map((row) => [row.name, Number(row.id)]),
    );
    await seedCatalogue(tx, branchIds, supplierIds);
    for (const [email, branch] of [[DEMO_LOGIN.email, branchIds[0]], [DEMO_STAFF_LOGIN.email, branchIds[1]]] as const) {
      await tx.query('update public.users set home_location_id = $2 where lower(email) = lower($1)', [email, branch]);
    }
    await seedDemoDocuments(tx, branchIds, Number(maker.id));
  });
}
