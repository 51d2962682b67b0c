import type { Db } from '../db/port.ts';
import { WALK_IN_CUSTOMER } from '../schemas/customers.ts';
import { invoiceKind, purchaseKind, saleKind, type DocumentKind } from '../routes/documents/kinds.ts';
import { runTransition, writeLines } from '../routes/documents/shared.ts';


/** The demo shop's sales tax, in percent. */
const SALES_TAX = 8.25;

const shopProfile = {
  shop_name: 'Springfield Tire & Battery',
  address: '14 Market Street, Springfield',
  phone: '(555) 200-1000',
  email: 'office@springfieldtire.example',
  tax_number: 'TX-48-1029384',
  payment_terms_days: 30,
  print_footer: 'Thank you for your business. Tires and batteries carry the manufacturer’s warranty: keep this document as proof of purchase.',
};

/** Small, fixed pseudo-random numbers, so every demo shop is the same. */
function sequence(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(list: T[]) => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

interface Product {
  id: number;
  kind: string;
  name: string;
  selling_price: number;
}

interface Line {
  product_id: number;
  quantity: number;
  unit_price: number;
  discount_percent?: number;
}

interface Payment {
  date: string;
  type: 'Invoice' | 'Sale' | 'Purchase';
  id: number;
  amount: number;
  method: string;
}

/** The shop profile, and four months of invoices, counter sales, purchase orders and their receipts in both branches. */
export async function seedDemoDocuments(db: Db, branchIds: number[], userId: number): Promise<void> {
  await db.query(
    `update public.settings set shop_name = $1, address = $2, phone = $3, email = $4, tax_number = $5,
            payment_terms_days = $6, print_footer = $7`,
    Object.values(shopProfile),
  );
  await db.query(`update public.tax_rates set name = 'Sales Tax', rate = $1 where is_default`, [SALES_TAX]);
  // The fees a tire shop charges: disposal of the old tires (tax-free), and a core charge on each battery.
  for (const fee of [
    { name: 'Tire disposal fee', amount: 3.5, applies_to: 'tire', refundable: false },
    { name: 'Battery core charge', amount: 18, applies_to: 'battery', refundable: true },
  ]) {
    const [{ id }] = await db.query<{ id: number }>(
      `insert into public.products (kind, name, selling_price, notes, tax_exempt) values ('service', $1, $2, 'A fee', true) returning id`,
      [fee.name, fee.amount],
    );
    await db.query('insert into public.fee_rules (name, product_id, amount, applies_to, refundable) values ($1, $2, $3, $4, $5)', [fee.name, id, fee.amount, fee.applies_to, fee.refundable]);
  }
  const [{ id: walkInId }] = await db.query<{ id: number }>(
    `insert into public.customers (name, phone, address) values ($1, '-', 'Counter sale') returning id`,
    [WALK_IN_CUSTOMER],
  );
  const customers = (await db.query<{ id: number }>('select id from public.customers where id <> $1 order by id', [walkInId])).map((row) => Number(row.id));
  const products = await db.query<Product>(
    `select p.id, p.kind, p.name, p.selling_price from public.products p where p.active order by p.id`,
  );
  const ofKind = (kind: string) => products.filter((product) => product.kind === kind);
  const service = (name: string) => products.find((product) => product.kind === 'service' && product.name.startsWith(name))!;
  const random = sequence(20261123);
  const [{ today }] = await db.query<{ today: string }>(`select current_date::text as today`);
  const day = (daysAgo: number) => new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  /** What a customer typically buys: tires with fitting and balancing, a battery with fitting, or wipers and oil. */
  const basket = (): Line[] => {
    const roll = random.below(10);
    if (roll < 5) {
      const tire = random.pick(ofKind('tire'));
      const quantity = random.chance(0.6) ? 4 : 2;
      return [
        { product_id: tire.id, quantity, unit_price: tire.selling_price },
        { product_id: service('Tire fitting').id, quantity, unit_price: service('Tire fitting').selling_price },
        { product_id: service('Wheel balancing').id, quantity, unit_price: service('Wheel balancing').selling_price },
      ];
    }
    if (roll < 8) {
      const battery = random.pick(ofKind('battery'));
      return [
        { product_id: battery.id, quantity: 1, unit_price: battery.selling_price },
        { product_id: service('Battery fitting').id, quantity: 1, unit_price: service('Battery fitting').selling_price },
      ];
    }
    const wiper = random.pick(ofKind('wiper'));
    const oil = random.pick(ofKind('item'));
    return [
      { product_id: wiper.id, quantity: 2, unit_price: wiper.selling_price },
      { product_id: oil.id, quantity: 1, unit_price: oil.selling_price },
    ];
  };

  /** Writes the lines, taxed at the shop's rates (a purchase order at the supplier's); first books in what the document will take, so today's stock stays as listed. */
  const fill = async (kind: DocumentKind, id: number, lines: Line[], branchId: number, posted: boolean) => {
    const discount = random.chance(0.2) ? 10 : 0;
    await writeLines(db, kind, id, lines, { discount_amount: discount, tax_amount: kind.taxed ? null : 0 });
    if (!posted) return;
    for (const line of lines) {
      const product = products.find((p) => p.id === line.product_id)!;
      if (product.kind !== 'service') {
        await db.query(`select public.move_stock($1, $2, $3, 'opening', 'Stock before the demo history', null)`, [line.product_id, branchId, line.quantity]);
      }
    }
  };
  const netOf = async (table: string, id: number) =>
    Number((await db.query<{ net: number }>(`select net_amount as net from public.${table} where id = $1`, [id]))[0].net);

  const payments: Payment[] = [];
  const methods = ['cash', 'credit_card', 'credit_card', 'bank_transfer', 'cheque'];

  // Invoices, oldest first so their numbers follow their dates.
  for (let i = 0; i < 26; i++) {
    const daysAgo = Math.max(1, 116 - Math.round(i * 4.5) - random.below(3));
    const issued = day(daysAgo);
    const due = addDays(issued, shopProfile.payment_terms_days);
    const branchId = branchIds[i % 2];
    const draft = i >= 24;
    const [{ id }] = await db.query<{ id: number }>(
      `insert into public.invoices (customer_id, location_id, issued_date, due_date, created_by, notes) values ($1, $2, $3, $4, $5, $6) returning id`,
      [random.pick(customers), branchId, issued, due, userId, random.chance(0.25) ? 'Fleet vehicle: record the plate on delivery.' : null],
    );
    await fill(invoiceKind, id, basket(), branchId, !draft);
    if (draft) continue;
    await runTransition(db, invoiceKind, 'post', id, userId);
    const net = await netOf('invoices', id);
    const method = random.pick(methods);
    if (i === 7) {
      // Billed in error and cancelled.
      await runTransition(db, invoiceKind, 'cancel', id, userId);
    } else if (daysAgo > 70 || random.chance(0.35)) {
      if (random.chance(0.4)) {
        const first = Math.round(net * 40) / 100;
        payments.push({ date: addDays(issued, 5), type: 'Invoice', id, amount: first, method });
        payments.push({ date: addDays(issued, 20), type: 'Invoice', id, amount: Math.round((net - first) * 100) / 100, method });
      } else {
        payments.push({ date: addDays(issued, random.below(20)), type: 'Invoice', id, amount: net, method });
      }
    } else if (random.chance(0.5)) {
      payments.push({ date: addDays(issued, 7), type: 'Invoice', id, amount: Math.round(net * 50) / 100, method });
    }
  }

  // Counter sales: mostly walk-ins, completed and paid on the spot; a few layaways with a deposit.
  for (let i = 0; i < 34; i++) {
    const daysAgo = 118 - i * 3 - random.below(3);
    const date = day(Math.max(0, daysAgo));
    const branchId = branchIds[(i + 1) % 2];
    const layaway = i % 9 === 4;
    const cancelled = i === 13;
    const method = random.pick(methods);
    const [{ id }] = await db.query<{ id: number }>(
      `insert into public.sales (number, customer_id, location_id, sale_date, payment_method, created_by)
       values (public.next_document_number('sale', $3), $1, $2, $3, $4, $5) returning id`,
      [random.chance(0.7) ? walkInId : random.pick(customers), branchId, date, method, userId],
    );
    const posted = !layaway && !cancelled;
    await fill(saleKind, id, basket(), branchId, posted);
    if (cancelled) {
      await runTransition(db, saleKind, 'cancel', id, userId);
      continue;
    }
    if (posted) await runTransition(db, saleKind, 'post', id, userId);
    const net = await netOf('sales', id);
    payments.push({ date, type: 'Sale', id, amount: layaway ? Math.round(net * 30) / 100 : net, method });
  }

  // Purchase orders in every state: received and paid (or partly, or not yet), partly received,
  // ordered, pending and cancelled.
  const supplier = async (name: string) => Number((await db.query<{ id: number }>('select id from public.suppliers where name = $1', [name]))[0].id);
  const product = (name: string) => products.find((p) => p.name.startsWith(name))!;
  const orders: { daysAgo: number; supplier: string; lines: [string, number][]; state: 'received' | 'partly' | 'ordered' | 'pending' | 'cancelled'; paid: number }[] = [
    { daysAgo: 95, supplier: 'Michelin Trade Partners', lines: [['Michelin Primacy 4 205', 8], ['Michelin CrossClimate 2', 8]], state: 'received', paid: 1 },
    { daysAgo: 70, supplier: 'Apex Battery Supply', lines: [['Varta Blue Dynamic', 4], ['Exide Premium', 6]], state: 'received', paid: 0.5 },
    { daysAgo: 48, supplier: 'Valve & Fitting Parts Co.', lines: [['Tire valve TR414', 200], ['Wheel balancing weights', 300]], state: 'cancelled', paid: 0 },
    { daysAgo: 33, supplier: 'Hankook Wholesale', lines: [['Hankook Ventus Prime 4', 12]], state: 'received', paid: 0 },
    { daysAgo: 21, supplier: 'ClearView Wipers Wholesale', lines: [['24" Beam', 20], ['18" Beam', 20]], state: 'received', paid: 1 },
    { daysAgo: 12, supplier: 'Pirelli Direct', lines: [['Pirelli Cinturato P7', 8], ['Pirelli Winter Sottozero 3', 8]], state: 'partly', paid: 0.3 },
    { daysAgo: 6, supplier: 'Bridgestone Regional Depot', lines: [['Bridgestone Turanza T005 225', 4], ['Bridgestone Dueler', 4]], state: 'ordered', paid: 0 },
    { daysAgo: 2, supplier: 'Apex Battery Supply', lines: [['Optima YellowTop', 3], ['Bosch S4 005', 4]], state: 'pending', paid: 0 },
  ];
  for (const [i, order] of orders.entries()) {
    const date = day(order.daysAgo);
    const [{ id }] = await db.query<{ id: number }>(
      `insert into public.purchases (number, supplier_id, location_id, purchase_date, expected_delivery_date, reference_number, status, created_by)
       values (public.next_document_number('purchase', $3), $1, $2, $3, $4, $5, $6, $7) returning id`,
      [await supplier(order.supplier), branchIds[i % 2], date, addDays(date, 7), `SO-${4410 + i * 7}`, order.state === 'pending' ? 'pending' : 'ordered', userId],
    );
    const lines = order.lines.map(([name, quantity]) => {
      const bought = product(name);
      return { product_id: bought.id, quantity, unit_price: Math.round(bought.selling_price * 62) / 100 };
    });
    await writeLines(db, purchaseKind, id, lines, { discount_amount: 0, tax_amount: 0 });
    await db.query(`update public.purchases set tax_amount = round(subtotal * $2 / 100, 2) where id = $1`, [id, SALES_TAX]);
    await db.query(`select public.refresh_document_totals('Purchase', $1)`, [id]);
    const delivered = addDays(date, 6);
    if (order.state === 'received') await db.query('select public.receive_purchase($1, null, $2, $3)', [id, delivered, userId]);
    if (order.state === 'partly') {
      const [first] = await db.query<{ id: number; quantity: number }>('select id, quantity from public.purchase_items where purchase_id = $1 order by position limit 1', [id]);
      const items = JSON.stringify([{ purchase_item_id: first.id, quantity: first.quantity / 2 }]);
      await db.query('select public.receive_purchase($1, $2::text::jsonb, $3, $4)', [id, items, delivered, userId]);
    }
    if (order.state === 'cancelled') await runTransition(db, purchaseKind, 'cancel', id, userId);
    if (order.paid > 0) payments.push({ date: addDays(date, 10), type: 'Purchase', id, amount: Math.round((await netOf('purchases', id)) * order.paid * 100) / 100, method: 'bank_transfer' });
  }

  payments.sort((a, b) => a.date.localeCompare(b.date));
  for (const payment of payments) {
    if (payment.date > today || payment.amount <= 0) continue;
    await db.query(
      `select public.create_receipt($11, $1, $2, $3, $4, $5, $6, $7, $8, $9, null, $10)`,
      [
        payment.type,
        payment.id,
        payment.amount,
        payment.date,
        payment.method,
        payment.method === 'cash' ? null : `REF-${payment.date.replaceAll('-', '')}-${payment.id}`,
        payment.method === 'bank_transfer' || payment.method === 'cheque' ? 'First Springfield Bank' : null,
        payment.method === 'cheque' ? String(100200 + payment.id) : null,
        payment.method === 'credit_card' || payment.method === 'bank_transfer' ? `TX${payment.id}${payment.date.slice(5, 7)}` : null,
        userId,
        payment.type === 'Purchase' ? 'expense' : 'income',
      ],
    );
  }
}
