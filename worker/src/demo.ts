import type { Db } from './db/port.ts';
import { upsertUser } from './users.ts';

export const DEMO_LOGIN = { email: 'demo@wheelhouse.local', password: 'wheelhouse-demo', name: 'Dana Demo' };

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

/** A small, realistic shop: two branches, a dozen customers and suppliers, and the demo login. */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const statements = [
      ...inserts('locations', ['name', 'address'], branches),
      ...inserts('customers', ['name', 'email', 'phone', 'address', 'company_name'], customers),
      ...inserts('suppliers', ['name', 'contact_person', 'email', 'phone', 'address'], suppliers),
    ];
    for (const { sql, params } of statements) await tx.query(sql, params);
    await upsertUser(tx, { ...DEMO_LOGIN, role: 'admin' });
  });
}
