import * as fc from 'fast-check';
import { call, uniqueTag, type Answer } from './api.ts';
import type { CatalogueFixture } from './catalogue.ts';
import { tireBody } from './catalogue.ts';
import type { Harness } from './harness.ts';

/**
 * A model of what the shop should hold (stock per product and branch, documents, their money and
 * receipts) and the everyday commands that change it, each run through the real API. Money is in
 * integer cents. After every step the database and the API are checked against the model.
 *
 * The documents of a run are dated in a year of their own, so the run's number series are its own
 * to check for gaps, even where test files share one database (workerd).
 */

export const YEAR = 2039;
const DAY = `${YEAR}-06-15`;
const DUE = `${YEAR}-07-15`;

type Cents = number;
type Kind = 'Invoice' | 'Sale' | 'Purchase';
type Series = 'invoice' | 'sale' | 'purchase' | 'receipt' | 'credit_note' | 'supplier_return' | 'tr';
const SERIES: Series[] = ['invoice', 'sale', 'purchase', 'receipt', 'credit_note', 'supplier_return', 'tr'];
type Outcome = 'ok' | 409 | 422;

/** Products of a run, by index: two tires and a battery with stock, and a service. */
const PRODUCT_NAMES = ['tireA', 'tireB', 'battery', 'service'] as const;
const SERVICE = 3;
const STOCKED = [0, 1, 2];
const LOCATION_NAMES = ['Downtown', 'Northside'];
/** Each stocked product's cost price when a run starts, in cents (tireBody's and the battery's). */
const OPENING_COST = [6000, 6000, 7000];
/** What each stocked product holds at each branch when a run starts. */
const OPENING = [
  [6, 3],
  [5, 2],
  [4, 2],
];

const money = (cents: Cents) => (cents / 100).toFixed(2);
const toCents = (value: number | string) => Math.round(Number(value) * 100);

// ---- The model ----------------------------------------------------------------------------------

interface ModelLine {
  product: number;
  quantity: number;
  price: Cents;
  /** A sale line's discount in hundredths of a percent. */
  discountBp: number;
  total: Cents;
  /** The line's id (invoice, sale and purchase lines); what a purchase line has received, a sold line has had returned. */
  itemId?: number;
  received: number;
  returned: number;
  /** The product's cost when the line was written: what a restocked return comes back at. */
  cost: Cents;
}

interface ModelDoc {
  kind: Kind;
  id: number;
  label: string;
  /** invoices: draft, sent, cancelled; sales: pending, completed, cancelled; purchases: pending, ordered, received, cancelled. */
  status: string;
  location: number;
  lines: ModelLine[];
  subtotal: Cents;
  discount: Cents;
  tax: Cents;
  net: Cents;
  paid: Cents;
  /** What credit notes took off it: it owes net − credited − paid. */
  credited: Cents;
}

interface ModelReceipt {
  id: number;
  number: string;
  doc: ModelDoc;
  type: 'income' | 'expense' | 'refund';
  amount: Cents;
  method: string;
}

interface ModelCreditNote {
  id: number;
  doc: ModelDoc;
  line: ModelLine;
  quantity: number;
  restock: boolean;
  location: number;
  net: Cents;
  refunded: Cents;
  storeCredit: Cents;
  status: 'issued' | 'cancelled';
}

interface ModelTransfer {
  id: number;
  from: number;
  to: number;
  lines: { product: number; quantity: number; itemId: number; received: number | null }[];
  status: 'draft' | 'shipped' | 'received' | 'cancelled';
}

/** A count of the run's battery brand at a branch; the battery is its only line the run counts. */
interface ModelCount {
  id: number;
  location: number;
  status: 'open' | 'posted' | 'cancelled';
  counted: number | null;
  /** The shelf when the battery was counted. */
  expected: number | null;
  /** When it was counted: of two counts of it at once, the later one stands. */
  countedAt: string | null;
}

export interface Model {
  productIds: number[];
  locationIds: number[];
  /** stock[product][location]: on the shelf. */
  stock: number[][];
  /** transit[product][location]: shipped to the branch, not yet received. */
  transit: number[][];
  transfers: ModelTransfer[];
  counts: ModelCount[];
  /** Each stocked product's cost price in cents: the weighted average of what came in. */
  cost: number[];
  docs: Record<Kind, ModelDoc[]>;
  receipts: ModelReceipt[];
  /** The run's customer's store credit: given on returns, spent as a payment method. */
  storeCredit: Cents;
  /** Credit notes issued in the run. */
  creditNotes: ModelCreditNote[];
  /** Supplier returns made in the run. */
  supplierReturns: number;
  /** Numbers of receipts deleted in this run: issued, so counted by the gapless check. */
  deletedNumbers: string[];
  /** The same over every run of the test file. */
  fileDeletedNumbers: string[];
}

const POSTED: Record<Kind, string> = { Invoice: 'sent', Sale: 'completed', Purchase: 'received' };
const OPEN: Record<Kind, string[]> = { Invoice: ['draft'], Sale: ['pending'], Purchase: ['pending', 'ordered'] };
const signed = (receipt: { type: string; amount: Cents }) => (receipt.type === 'refund' ? -receipt.amount : receipt.amount);
/** Pending until something is paid (or returns leave nothing owed), paid once what is owed is covered. */
const paymentStatus = (paid: Cents, net: Cents, credited: Cents) =>
  paid <= 0 && !(credited > 0 && net - credited <= 0) ? 'pending' : paid >= net - credited ? 'paid' : 'partial';
const owed = (doc: ModelDoc) => doc.net - doc.credited - doc.paid;
/** Half-up division of whole cents, as numeric's round() does for amounts that are not negative. */
const roundDiv = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/** What a document's lines take from stock, per product (services have none). */
function needs(lines: ModelLine[]): Map<number, number> {
  const need = new Map<number, number>();
  for (const line of lines) if (line.product !== SERVICE) need.set(line.product, (need.get(line.product) ?? 0) + line.quantity);
  return need;
}
const hasStock = (m: Model, location: number, lines: ModelLine[]) => [...needs(lines)].every(([product, quantity]) => m.stock[product][location] >= quantity);
function moveLines(m: Model, doc: ModelDoc, sign: 1 | -1) {
  for (const [product, quantity] of needs(doc.lines)) m.stock[product][doc.location] += sign * quantity;
}
/**
 * Goods of a purchase order come in, `quantities` per line: each product's cost becomes the weighted
 * average of the stock on hand (all branches) at its cost and what came in at the order's prices,
 * rounded half up to the cent; then the stock comes in.
 */
function receiveLines(m: Model, doc: ModelDoc, quantities: number[]) {
  const incoming = new Map<number, { quantity: number; cost: number }>();
  doc.lines.forEach((line, index) => {
    if (!quantities[index]) return;
    const sum = incoming.get(line.product) ?? { quantity: 0, cost: 0 };
    incoming.set(line.product, { quantity: sum.quantity + quantities[index], cost: sum.cost + quantities[index] * line.price });
  });
  for (const [product, { quantity, cost }] of incoming) {
    const onHand = m.stock[product][0] + m.stock[product][1];
    const total = onHand * m.cost[product] + cost;
    const units = onHand + quantity;
    m.cost[product] = Math.floor((2 * total + units) / (2 * units));
  }
  doc.lines.forEach((line, index) => {
    line.received += quantities[index];
    m.stock[line.product][doc.location] += quantities[index];
  });
}

// ---- The system under test ----------------------------------------------------------------------

interface DocRow {
  id: number;
  status: string;
  number: string | null;
  subtotal: number;
  discount: number;
  tax: number;
  net: number;
  paid: number;
  balance: number;
  payment_status: string;
  credited: number;
  receipts_sum: number;
  items?: { id: number; quantity: number; received: number; returned: number }[];
}
interface Snapshot {
  stock: { product_id: number; location_id: number; quantity: number | null; in_transit: number | null; moves: number; count: number }[];
  totals: { id: number; total_stock: number; cost_price: number }[];
  Invoice: DocRow[];
  Sale: DocRow[];
  Purchase: DocRow[];
  receipts: { id: number; number: string; type: string; receiptable_type: Kind; receiptable_id: number; amount: number; credit_note_id: number | null; supplier_return_id: number | null }[];
  supplier_returns: { number: string; document_id: number; net: number }[];
  credit_notes: { number: string; document_type: Kind; document_id: number; net: number; status: string }[];
  returned: { document_type: Kind; line_id: number; returned: number }[];
  transfers: { id: number; number: string; status: string; items: { id: number; quantity: number; received: number | null }[] }[];
  series: Record<string, number> | null;
}

export interface Real {
  h: Harness;
  token: string;
  customerId: number;
  supplierId: number;
  /** Whether a refusal is checked to change nothing (steps one at a time). */
  sequential: boolean;
  /** The file's battery brand: the scope of the run's stock counts. */
  batteryBrandId: number;
  last: Snapshot;
  /** Each series' next value when the run started. */
  start: Record<Series, number>;
  log: string[];
  /** Answers per command over the test, e.g. { 'receipt 422': 12 }. */
  stats: Record<string, number>;
}

const send = (r: Real, method: string, path: string, body?: unknown) => call(r.h, method, path, { token: r.token, body });

const docRows = (table: string, party: string, kind: Kind, items = '') => `(select coalesce(json_agg(json_build_object(
    'id', d.id, 'status', d.status, 'number', d.number, 'subtotal', d.subtotal, 'discount', d.discount_amount, 'tax', d.tax_amount,
    'net', d.net_amount, 'paid', d.total_paid, 'balance', d.balance_due, 'payment_status', d.payment_status, 'credited', d.credited_amount,
    'receipts_sum', (select coalesce(sum(case when r.type = 'refund' then -r.amount else r.amount end), 0)
                       from public.receipts r where r.receiptable_type = '${kind}' and r.receiptable_id = d.id)${items}
  ) order by d.id), '[]') from public.${table} d where d.${party})`;

const SNAPSHOT = `select json_build_object(
  'stock', (select coalesce(json_agg(x order by x.product_id, x.location_id), '[]') from (
      select coalesce(l.product_id, m.product_id) as product_id, coalesce(l.location_id, m.location_id) as location_id,
             l.quantity, l.in_transit, coalesce(m.moves, 0) as moves, coalesce(m.count, 0) as count
        from (select * from public.stock_levels where product_id = any($3::bigint[])) l
        full join (select product_id, location_id, sum(delta)::int as moves, count(*)::int as count
                     from public.stock_moves where product_id = any($3::bigint[]) group by product_id, location_id) m
          on m.product_id = l.product_id and m.location_id = l.location_id) x),
  'totals', (select json_agg(json_build_object('id', p.id, 'total_stock', p.total_stock, 'cost_price', p.cost_price) order by p.id) from public.products p where p.id = any($3::bigint[])),
  'Invoice', ${docRows('invoices', 'customer_id = $1', 'Invoice')},
  'Sale', ${docRows('sales', 'customer_id = $1', 'Sale')},
  'Purchase', ${docRows(
    'purchases',
    'supplier_id = $2',
    'Purchase',
    `, 'items', (select json_agg(json_build_object('id', x.id, 'quantity', x.quantity, 'received', x.received_quantity,
                  'returned', (select coalesce(sum(si.quantity), 0)::int from public.supplier_return_items si where si.line_id = x.id)) order by x.position)
                  from public.purchase_items x where x.purchase_id = d.id)`,
  )},
  'receipts', (select coalesce(json_agg(json_build_object('id', r.id, 'number', r.number, 'type', r.type, 'receiptable_type', r.receiptable_type,
                 'receiptable_id', r.receiptable_id, 'amount', r.amount, 'credit_note_id', r.credit_note_id,
                 'supplier_return_id', r.supplier_return_id) order by r.id), '[]')
                 from public.receipts r where r.customer_id = $1 or r.supplier_id = $2),
  'credit_notes', (select coalesce(json_agg(json_build_object('number', c.number, 'document_type', c.document_type, 'document_id', c.document_id,
                 'net', c.net_amount, 'status', c.status) order by c.id), '[]') from public.credit_notes c where c.customer_id = $1),
  'supplier_returns', (select coalesce(json_agg(json_build_object('number', s.number, 'document_id', s.document_id, 'net', s.net_amount) order by s.id), '[]')
                 from public.supplier_returns s where s.supplier_id = $2),
  'returned', (select coalesce(json_agg(json_build_object('document_type', c.document_type, 'line_id', x.line_id, 'returned', x.quantity)), '[]')
                 from public.credit_note_items x join public.credit_notes c on c.id = x.credit_note_id where c.customer_id = $1 and c.status = 'issued'),
  'transfers', (select coalesce(json_agg(json_build_object('id', t.id, 'number', t.number, 'status', t.status,
                 'items', (select json_agg(json_build_object('id', x.id, 'quantity', x.quantity, 'received', x.received_quantity) order by x.position)
                             from public.transfer_items x where x.transfer_id = t.id)) order by t.id), '[]')
                 from public.transfers t
                where exists (select 1 from public.transfer_items x where x.transfer_id = t.id and x.product_id = any($3::bigint[]))),
  'series', (select json_object_agg(s.series, s.next_value) from public.document_series s where s.year = $4)
)::text as snapshot`;

async function snapshot(r: Real, productIds: number[]): Promise<Snapshot> {
  const [row] = await r.h.withDb((db) =>
    db.query<{ snapshot: string }>(SNAPSHOT, [r.customerId, r.supplierId, `{${productIds.join(',')}}`, YEAR]),
  );
  return JSON.parse(row.snapshot);
}

/** Everything that must hold after each step, whatever the order of the commands: the problems found, if any. */
function invariants(m: Model, r: Real, snap: Snapshot, answers: Answer[]): string[] {
  const problems: string[] = [];
  const problem = (text: string) => problems.push(text);

  // Stock: the model's levels on the shelf and on the road, the moves add up to both, none below zero, the product's kept total.
  const levelOf = (product: number, location: number) => snap.stock.find((row) => row.product_id === product && row.location_id === location);
  for (const row of snap.stock) {
    if ((row.quantity ?? 0) + (row.in_transit ?? 0) !== row.moves) {
      problem(`stock of product ${row.product_id} at ${row.location_id}: ${row.quantity} on the shelf and ${row.in_transit} in transit, but moves add up to ${row.moves}`);
    }
    if ((row.quantity ?? 0) < 0 || (row.in_transit ?? 0) < 0) problem(`stock of product ${row.product_id} at ${row.location_id} is negative: ${row.quantity}, in transit ${row.in_transit}`);
    if (!m.locationIds.includes(row.location_id)) problem(`product ${row.product_id} has stock rows at location ${row.location_id}, outside the run`);
    if (row.product_id === m.productIds[SERVICE]) problem(`the service has stock rows: ${JSON.stringify(row)}`);
  }
  for (const product of STOCKED) {
    let total = 0;
    for (let location = 0; location < 2; location++) {
      const level = levelOf(m.productIds[product], m.locationIds[location])?.quantity ?? 0;
      total += level;
      if (level !== m.stock[product][location]) {
        problem(`${PRODUCT_NAMES[product]} at ${LOCATION_NAMES[location]}: the database holds ${level}, the model ${m.stock[product][location]}`);
      }
      const transit = levelOf(m.productIds[product], m.locationIds[location])?.in_transit ?? 0;
      if (transit !== m.transit[product][location]) {
        problem(`${PRODUCT_NAMES[product]} on the way to ${LOCATION_NAMES[location]}: the database holds ${transit}, the model ${m.transit[product][location]}`);
      }
    }
    const row = snap.totals.find((row) => row.id === m.productIds[product]);
    if (row?.total_stock !== total) problem(`${PRODUCT_NAMES[product]}: products.total_stock is ${row?.total_stock}, its levels add up to ${total}`);
    // The average cost depends on the order in which deliveries come in: checked one command at a time.
    if (r.sequential && toCents(row?.cost_price ?? NaN) !== m.cost[product]) {
      problem(`${PRODUCT_NAMES[product]}: cost price ${row?.cost_price}, the model ${money(m.cost[product])}`);
    }
  }
  answers.forEach((answer, index) => {
    const product = STOCKED[index];
    if (answer.status !== 200) return problem(`GET stock of ${PRODUCT_NAMES[product]}: ${answer.status}`);
    for (const row of answer.body.data as { location_id: number; quantity: number; in_transit: number }[]) {
      const location = m.locationIds.indexOf(Number(row.location_id));
      const expected = location < 0 ? 0 : m.stock[product][location];
      const transit = location < 0 ? 0 : m.transit[product][location];
      if (Number(row.quantity) !== expected) problem(`GET stock of ${PRODUCT_NAMES[product]} at location ${row.location_id}: ${row.quantity}, the model ${expected}`);
      if (Number(row.in_transit) !== transit) problem(`GET stock of ${PRODUCT_NAMES[product]} at location ${row.location_id}: ${row.in_transit} in transit, the model ${transit}`);
    }
  });

  // Documents: the model's, with their money in order.
  for (const kind of ['Invoice', 'Sale', 'Purchase'] as Kind[]) {
    const rows = new Map(snap[kind].map((row) => [Number(row.id), row]));
    for (const doc of m.docs[kind]) {
      const row = rows.get(doc.id);
      rows.delete(doc.id);
      if (!row) {
        problem(`${doc.label} (${kind} ${doc.id}) is missing from the database`);
        continue;
      }
      const [net, paid, balance, subtotal, receipts, credited] = [row.net, row.paid, row.balance, row.subtotal, row.receipts_sum, row.credited].map(toCents);
      const name = `${doc.label} (${kind} ${doc.id})`;
      if (row.status !== doc.status) problem(`${name}: status ${row.status}, the model ${doc.status}`);
      if (subtotal !== doc.subtotal || net !== doc.net) problem(`${name}: subtotal ${row.subtotal} net ${row.net}, the model ${money(doc.subtotal)} ${money(doc.net)}`);
      if (paid !== doc.paid) problem(`${name}: total_paid ${row.paid}, the model ${money(doc.paid)}`);
      if (credited !== doc.credited) problem(`${name}: credited_amount ${row.credited}, the model ${money(doc.credited)}`);
      if (paid < 0 || paid > net - credited) problem(`${name}: total_paid ${row.paid} is outside 0..${row.net} − ${row.credited} credited`);
      if (balance !== net - credited - paid) problem(`${name}: balance_due ${row.balance} is not net ${row.net} − credited ${row.credited} − paid ${row.paid}`);
      if (receipts !== paid) problem(`${name}: its receipts add up to ${row.receipts_sum}, total_paid is ${row.paid}`);
      if (row.payment_status !== paymentStatus(paid, net, credited)) problem(`${name}: payment_status ${row.payment_status} with ${row.paid} paid of ${row.net} less ${row.credited}`);
      const credits =
        kind === 'Purchase'
          ? snap.supplier_returns.filter((back) => Number(back.document_id) === doc.id)
          : snap.credit_notes.filter((note) => note.document_type === kind && Number(note.document_id) === doc.id && note.status === 'issued');
      if (credits.reduce((sum, note) => sum + toCents(note.net), 0) !== credited) problem(`${name}: its returns add up to other than credited_amount ${row.credited}`);
      for (const line of doc.lines) {
        if (kind === 'Purchase' || line.itemId === undefined) continue;
        const back = snap.returned.filter((x) => x.document_type === kind && Number(x.line_id) === line.itemId).reduce((sum, x) => sum + x.returned, 0);
        if (back !== line.returned) problem(`${name}: line ${line.itemId} has ${back} returned, the model ${line.returned}`);
        if (back > line.quantity) problem(`${name}: line ${line.itemId} has ${back} returned of ${line.quantity} sold`);
      }
      const numbered = kind !== 'Invoice' || row.status === 'sent';
      if (numbered && !row.number) problem(`${name}: has no number`);
      if (kind === 'Purchase') {
        const received = (row.items ?? []).map((item) => `${item.id}:${item.received}/${item.quantity} back ${item.returned}`).join(' ');
        const expected = doc.lines.map((line) => `${line.itemId}:${line.received}/${line.quantity} back ${line.returned}`).join(' ');
        if (received !== expected) problem(`${name}: lines received ${received}, the model ${expected}`);
      }
    }
    for (const row of rows.values()) problem(`${kind} ${row.id} (${row.status}, ${row.number}) is in the database but not in the model`);
  }
  const receipts = new Map(snap.receipts.map((row) => [Number(row.id), row]));
  for (const receipt of m.receipts) {
    const row = receipts.get(receipt.id);
    receipts.delete(receipt.id);
    if (!row) problem(`receipt ${receipt.number} (${receipt.id}) is missing from the database`);
    else if (row.type !== receipt.type || toCents(row.amount) !== receipt.amount || row.receiptable_type !== receipt.doc.kind || Number(row.receiptable_id) !== receipt.doc.id) {
      problem(`receipt ${receipt.number}: ${JSON.stringify(row)}, the model ${receipt.type} ${money(receipt.amount)} on ${receipt.doc.label}`);
    }
  }
  // The refunds that settle credit notes are the model's documents' paid amounts, not receipts of their own.
  for (const row of receipts.values()) {
    if (!row.credit_note_id && !row.supplier_return_id) problem(`receipt ${row.number} (${row.id}) is in the database but not in the model`);
  }
  const transfers = new Map(snap.transfers.map((row) => [Number(row.id), row]));
  for (const transfer of m.transfers) {
    const row = transfers.get(transfer.id);
    transfers.delete(transfer.id);
    const expected = transfer.lines.map((line) => `${line.itemId}:${line.quantity}/${line.received}`).join(' ');
    const found = row?.items.map((item) => `${item.id}:${item.quantity}/${item.received}`).join(' ');
    if (!row) problem(`transfer ${transfer.id} is missing from the database`);
    else if (row.status !== transfer.status || found !== expected) problem(`transfer ${row.number}: ${row.status} ${found}, the model ${transfer.status} ${expected}`);
  }
  for (const row of transfers.values()) problem(`transfer ${row.number} (${row.status}) is in the database but not in the model`);
  const statuses = snap.credit_notes.map((note) => note.status).join(',');
  if (snap.supplier_returns.length !== m.supplierReturns) problem(`${snap.supplier_returns.length} supplier returns in the database, the model ${m.supplierReturns}`);
  if (statuses !== m.creditNotes.map((note) => note.status).join(',')) {
    problem(`credit notes in the database: ${statuses || 'none'}, the model ${m.creditNotes.map((note) => note.status).join(',') || 'none'}`);
  }

  // Numbers: every number the run issued, once, with no gap (a deleted receipt's number counts as issued).
  const issued: Record<Series, string[]> = {
    invoice: snap.Invoice.flatMap((row) => (row.number ? [row.number] : [])),
    sale: snap.Sale.map((row) => row.number!),
    purchase: snap.Purchase.map((row) => row.number!),
    receipt: [...snap.receipts.map((row) => row.number), ...m.deletedNumbers],
    credit_note: snap.credit_notes.map((row) => row.number),
    supplier_return: snap.supplier_returns.map((row) => row.number),
    tr: snap.transfers.map((row) => row.number),
  };
  for (const series of SERIES) {
    const values = issued[series].map((number) => {
      const match = /-(\d{4})-(\d+)$/.exec(number);
      if (!match || Number(match[1]) !== YEAR) problem(`${series} number ${number} is not of ${YEAR}`);
      return match ? Number(match[2]) : NaN;
    });
    values.sort((a, b) => a - b);
    const next = snap.series?.[series] ?? 1;
    const expected = Array.from({ length: next - r.start[series] }, (_, i) => r.start[series] + i);
    if (values.join(',') !== expected.join(',')) problem(`${series} numbers issued in the run: [${values.join(', ')}], expected [${expected.join(', ')}] (next value ${next})`);
  }
  return problems;
}

/**
 * Where the reports' kept summaries differ from a recount of the documents, receipts and stock. It
 * recounts the whole database, so it runs after each sequence rather than after each step: a drift
 * stays until something corrects it, and nothing in the app recounts.
 */
export async function summaryDrift(h: Harness): Promise<unknown[]> {
  return h.withDb((db) => db.query('select * from public.report_summary_drift()'));
}

function fail(r: Real, problems: string[]): never {
  throw new Error(`${problems.join('\n')}\n\nWhat the run did:\n${r.log.join('\n')}`);
}

/**
 * The counter's rules over every document: a tax is the rule's figure over the lines' rates unless an
 * administrator set it, each fee line has its item's quantity, and the cores on hand are their moves.
 */
const COUNTER_RULES = ['invoice', 'sale', 'quote']
  .map(
    (kind) => `
  select '${kind} ' || d.id || ': tax ' || d.tax_amount || ', the rule gives ' || r.tax || case when d.tax_overridden then ' (overridden)' else '' end as problem
    from public.${kind}s d
    cross join lateral (select coalesce(sum((e ->> 'tax')::numeric), 0) as tax from jsonb_array_elements(public.tax_by_rate(
      coalesce((select jsonb_agg(jsonb_build_object('name', x.tax_name, 'rate', x.tax_rate, 'total', x.line_total)) from public.${kind}_items x where x.${kind}_id = d.id), '[]'),
      d.discount_amount)) e) r
   where r.tax <> d.tax_computed or (not d.tax_overridden and d.tax_amount <> d.tax_computed) or (d.tax_overridden and d.tax_amount = d.tax_computed)
  union all
  select '${kind} ' || f.${kind}_id || ': a fee line of ' || f.quantity || ' under an item of ' || p.quantity
    from public.${kind}_items f join public.${kind}_items p on p.id = f.parent_line_id where f.quantity <> p.quantity`,
  )
  .concat(`
  select 'count ' || c.number || ': product ' || l.product_id || ' has a variance of ' || coalesce(l.variance, 0) || ', its corrections add up to ' || coalesce(m.delta, 0) || ' in ' || coalesce(m.moves, 0) || ' moves'
    from public.stock_counts c
    join public.stock_count_lines l on l.stock_count_id = c.id
    left join (select document_id, product_id, sum(delta) as delta, count(*) as moves from public.stock_moves where document_type = 'StockCount' group by 1, 2) m
      on m.document_id = c.id and m.product_id = l.product_id
   where case when c.status = 'posted' then coalesce(l.variance, 0) <> coalesce(m.delta, 0) or coalesce(m.moves, 0) > 1 else m.moves is not null end
  union all
  select 'product ' || s.product_id || ' at location ' || s.location_id || ': ' || s.in_transit || ' in transit, shipped transfers not received hold ' || coalesce(t.quantity, 0)
    from public.stock_levels s
    left join (select t.to_location_id as location_id, x.product_id, sum(x.quantity) as quantity
                 from public.transfers t join public.transfer_items x on x.transfer_id = t.id
                where t.status = 'shipped' group by 1, 2) t using (location_id, product_id)
   where s.in_transit <> coalesce(t.quantity, 0)
     and s.product_id in (select x.product_id from public.transfers t join public.transfer_items x on x.transfer_id = t.id
                           where t.transfer_date between '${YEAR}-01-01' and '${YEAR}-12-31')`)
  .concat(`
  select 'cores at location ' || s.location_id || ': ' || s.quantity || ' on hand, moves add up to ' || coalesce(m.quantity, 0)
    from public.core_stock s
    left join (select location_id, fee_rule_id, sum(quantity) as quantity from public.core_moves group by 1, 2) m using (location_id, fee_rule_id)
   where s.quantity <> coalesce(m.quantity, 0)`)
  .join('\n  union all');

async function checkStep(m: Model, r: Real, refused: boolean) {
  const [snap, stock, counter] = await Promise.all([
    snapshot(r, m.productIds),
    Promise.all(STOCKED.map((product) => send(r, 'GET', `/api/products/${m.productIds[product]}/stock`))),
    r.h.withDb((db) => db.query<{ problem: string }>(COUNTER_RULES)),
  ]);
  const problems = [...invariants(m, r, snap, stock), ...counter.map((row) => row.problem)];
  if (refused && r.sequential && JSON.stringify(snap) !== JSON.stringify(r.last)) {
    problems.unshift(`a refused command changed the database:\n  before ${JSON.stringify(r.last)}\n  after  ${JSON.stringify(snap)}`);
  }
  r.last = snap;
  if (problems.length) fail(r, problems);
}

// ---- Commands -----------------------------------------------------------------------------------

/** One command resolved against the model: what it sends, what the model expects, what it changes. */
interface Plan {
  text: string;
  /** Order in which the effects of commands that ran at once are applied to the model. */
  phase: number;
  expected: Outcome;
  /** Answers besides success and refusal that are fine when commands run at once. */
  alsoAllowed?: number[];
  send(r: Real): Promise<Answer>;
  apply(m: Model, answer: Answer): void;
  /** A problem with a successful answer, checked one command at a time (a return's amount). */
  verify?(answer: Answer): string | null;
}

abstract class Action {
  abstract toString(): string;
  /** What this command does in the state `m`, or null when there is nothing for it to act on. */
  abstract plan(m: Model): Plan | null;
}

/** Targets: `pick` wraps around the candidates; `useful` prefers those the command can act on, when there are any. */
function choose<T>(all: T[], pick: number, useful: boolean, can: (item: T) => boolean): T | undefined {
  const candidates = all.filter(can);
  return pickOf(useful && candidates.length ? candidates : all, pick);
}

interface LineSpec {
  product: number;
  quantity: number;
  price: Cents;
  discountBp: number;
}
type AmountSpec = { kind: 'all' } | { kind: 'part'; percent: number } | { kind: 'more' } | { kind: 'cents'; cents: Cents };

const amountOf = (spec: AmountSpec, base: Cents): Cents =>
  spec.kind === 'all' ? base : spec.kind === 'part' ? Math.floor((base * spec.percent) / 100) : spec.kind === 'more' ? base + 1 : spec.cents;
const amountText = (spec: AmountSpec) =>
  spec.kind === 'all' ? 'all' : spec.kind === 'part' ? `${spec.percent}%` : spec.kind === 'more' ? 'all+0.01' : money(spec.cents);

const lineTotal = (spec: LineSpec) => Math.floor((spec.price * spec.quantity * (10000 - spec.discountBp) + 5000) / 10000);
const lineText = (line: LineSpec) =>
  `${PRODUCT_NAMES[line.product]}×${line.quantity}@${money(line.price)}${line.discountBp ? `-${line.discountBp / 100}%` : ''}`;
const pickOf = <T>(list: T[], pick: number) => (list.length ? list[pick % list.length] : undefined);
const describeDoc = (doc: ModelDoc) => `${doc.label} (${doc.kind} ${doc.id}, ${doc.status}, net ${money(doc.net)}, paid ${money(doc.paid)})`;

/** The header of a new document: its lines and the discount and tax on them, in cents. */
class DocumentSpec {
  readonly lines: LineSpec[];
  readonly subtotal: Cents;
  readonly discount: Cents;
  readonly tax: Cents;
  constructor(
    readonly location: number,
    lines: LineSpec[],
    discount: { kind: 'none' } | { kind: 'part'; percent: number } | { kind: 'over' },
    tax: Cents,
  ) {
    this.lines = lines;
    this.subtotal = lines.reduce((sum, line) => sum + lineTotal(line), 0);
    this.discount = discount.kind === 'none' ? 0 : discount.kind === 'over' ? this.subtotal + 1 : Math.floor((this.subtotal * discount.percent) / 100);
    this.tax = tax;
  }
  get net() {
    return this.subtotal - this.discount + this.tax;
  }
  text() {
    return `${LOCATION_NAMES[this.location]}, [${this.lines.map(lineText).join(', ')}], discount ${money(this.discount)}, tax ${money(this.tax)}`;
  }
  modelLines(m?: Model): ModelLine[] {
    return this.lines.map((line) => ({ ...line, total: lineTotal(line), received: 0, returned: 0, cost: line.product === SERVICE ? 0 : (m?.cost[line.product] ?? 0) }));
  }
  newDoc(m: Model, kind: Kind, id: number, status: string, items: { id: number }[] = []): ModelDoc {
    return {
      kind,
      id,
      label: `${kind[0]}${m.docs[kind].length}`,
      status,
      location: this.location,
      lines: this.modelLines(m).map((line, index) => ({ ...line, itemId: items[index] ? Number(items[index].id) : undefined })),
      subtotal: this.subtotal,
      discount: this.discount,
      tax: this.tax,
      net: this.net,
      paid: 0,
      credited: 0,
    };
  }
}

function addReceipt(m: Model, doc: ModelDoc, data: { id: number; number: string; type: ModelReceipt['type']; amount: number; payment_method: string }) {
  const receipt: ModelReceipt = { id: Number(data.id), number: data.number, doc, type: data.type, amount: toCents(data.amount), method: data.payment_method };
  m.receipts.push(receipt);
  doc.paid += signed(receipt);
  if (receipt.method === 'store_credit') m.storeCredit -= signed(receipt);
}

class CreateInvoice extends Action {
  constructor(readonly doc: DocumentSpec, readonly sent: boolean) {
    super();
  }
  toString() {
    return `createInvoice(${this.doc.text()}, ${this.sent ? 'sent' : 'draft'})`;
  }
  plan(m: Model): Plan {
    const lines = this.doc.modelLines();
    const expected: Outcome = this.doc.discount > this.doc.subtotal ? 422 : this.sent && !hasStock(m, this.doc.location, lines) ? 409 : 'ok';
    return {
      text: this.toString(),
      phase: 0,
      expected,
      send: (r) =>
        send(r, 'POST', '/api/invoices', {
          customer_id: r.customerId,
          location_id: m.locationIds[this.doc.location],
          issued_date: DAY,
          due_date: DUE,
          discount_amount: this.doc.discount / 100,
          tax_amount: this.doc.tax / 100,
          status: this.sent ? 'sent' : 'draft',
          items: this.doc.lines.map((line) => ({ product_id: m.productIds[line.product], quantity: line.quantity, unit_price: line.price / 100 })),
        }),
      apply: (m, answer) => {
        const doc = this.doc.newDoc(m, 'Invoice', Number(answer.body.data.id), 'draft', answer.body.data.items);
        m.docs.Invoice.push(doc);
        if (this.sent) {
          moveLines(m, doc, -1);
          doc.status = 'sent';
        }
      },
    };
  }
}

class CreateSale extends Action {
  readonly paid: Cents;
  constructor(readonly doc: DocumentSpec, readonly completed: boolean, readonly pay: AmountSpec | null, readonly method: string) {
    super();
    this.paid = pay ? amountOf(pay, doc.net) : 0;
  }
  toString() {
    return `createSale(${this.doc.text()}, ${this.completed ? 'completed' : 'pending'}${this.paid ? `, paid ${money(this.paid)} ${this.method}` : ''})`;
  }
  plan(m: Model): Plan {
    const lines = this.doc.modelLines();
    let expected: Outcome = 'ok';
    if (this.doc.discount > this.doc.subtotal) expected = 422;
    else if (this.completed && !hasStock(m, this.doc.location, lines)) expected = 409;
    else if (this.paid > 0 && this.doc.net <= 0) expected = 409;
    else if (this.paid > this.doc.net) expected = 422;
    else if (this.paid > 0 && this.method === 'store_credit' && this.paid > m.storeCredit) expected = 422;
    return {
      text: this.toString(),
      phase: 0,
      expected,
      send: (r) =>
        send(r, 'POST', '/api/sales', {
          customer_id: r.customerId,
          location_id: m.locationIds[this.doc.location],
          sale_date: DAY,
          payment_method: this.method,
          discount_amount: this.doc.discount / 100,
          tax_amount: this.doc.tax / 100,
          status: this.completed ? 'completed' : 'pending',
          amount_paid: this.paid / 100,
          items: this.doc.lines.map((line) => ({
            product_id: m.productIds[line.product],
            quantity: line.quantity,
            selling_price: line.price / 100,
            discount: line.discountBp / 100,
          })),
        }),
      apply: (m, answer) => {
        const doc = this.doc.newDoc(m, 'Sale', Number(answer.body.data.id), 'pending', answer.body.data.items);
        m.docs.Sale.push(doc);
        if (this.completed) {
          moveLines(m, doc, -1);
          doc.status = 'completed';
        }
        for (const receipt of answer.body.data.receipts) addReceipt(m, doc, receipt);
      },
    };
  }
}

class CreatePurchase extends Action {
  constructor(readonly doc: DocumentSpec, readonly status: 'pending' | 'ordered' | 'received') {
    super();
  }
  toString() {
    return `createPurchase(${this.doc.text()}, ${this.status})`;
  }
  plan(m: Model): Plan {
    const expected: Outcome = this.doc.lines.some((line) => line.product === SERVICE) || this.doc.discount > this.doc.subtotal ? 422 : 'ok';
    return {
      text: this.toString(),
      phase: 0,
      expected,
      send: (r) =>
        send(r, 'POST', '/api/purchases', {
          supplier_id: r.supplierId,
          location_id: m.locationIds[this.doc.location],
          purchase_date: DAY,
          discount_amount: this.doc.discount / 100,
          tax_amount: this.doc.tax / 100,
          status: this.status,
          items: this.doc.lines.map((line) => ({ product_id: m.productIds[line.product], quantity: line.quantity, cost_price: line.price / 100 })),
        }),
      apply: (m, answer) => {
        const doc = this.doc.newDoc(m, 'Purchase', Number(answer.body.data.id), this.status === 'pending' ? 'pending' : 'ordered');
        (answer.body.data.purchase_items as { id: number }[]).forEach((item, index) => (doc.lines[index].itemId = Number(item.id)));
        m.docs.Purchase.push(doc);
        if (this.status === 'received') {
          receiveLines(
            m,
            doc,
            doc.lines.map((line) => line.quantity),
          );
          doc.status = 'received';
        }
      },
    };
  }
}

/** Sends a draft invoice or completes a pending sale: its goods leave the branch. */
class Post extends Action {
  constructor(readonly kind: 'Invoice' | 'Sale', readonly pick: number, readonly useful: boolean) {
    super();
  }
  toString() {
    return `${this.kind === 'Invoice' ? 'send' : 'complete'}(${this.kind.toLowerCase()}[${this.pick}${this.useful ? ' useful' : ''}])`;
  }
  plan(m: Model): Plan | null {
    const doc = choose(m.docs[this.kind], this.pick, this.useful, (doc) => doc.status === OPEN[this.kind][0] && hasStock(m, doc.location, doc.lines));
    if (!doc) return null;
    const expected: Outcome = doc.status !== OPEN[this.kind][0] || !hasStock(m, doc.location, doc.lines) ? 409 : 'ok';
    return {
      text: `${this.toString()} → ${describeDoc(doc)}`,
      phase: 1,
      expected,
      send: (r) => send(r, 'POST', `/api/${this.kind === 'Invoice' ? 'invoices' : 'sales'}/${doc.id}/${this.kind === 'Invoice' ? 'send' : 'complete'}`),
      apply: (m) => {
        moveLines(m, doc, -1);
        doc.status = POSTED[doc.kind];
      },
    };
  }
}

class Cancel extends Action {
  constructor(readonly kind: Kind, readonly pick: number, readonly useful: boolean) {
    super();
  }
  toString() {
    return `cancel(${this.kind.toLowerCase()}[${this.pick}${this.useful ? ' useful' : ''}])`;
  }
  plan(m: Model): Plan | null {
    const doc = choose(m.docs[this.kind], this.pick, this.useful, (doc) =>
      doc.status !== 'cancelled' && doc.paid <= 0 && doc.lines.every((line) => line.received === 0 && line.returned === 0),
    );
    if (!doc) return null;
    let expected: Outcome = 'ok';
    if (doc.status === 'cancelled' || doc.paid > 0 || doc.lines.some((line) => line.returned > 0)) expected = 409;
    else if (doc.kind === 'Purchase' && doc.lines.some((line) => line.received > 0)) expected = 409;
    return {
      text: `${this.toString()} → ${describeDoc(doc)}`,
      // Last among commands run at once: nothing succeeds on a document after it is cancelled.
      phase: 3,
      expected,
      send: (r) => send(r, 'POST', `/api/${{ Invoice: 'invoices', Sale: 'sales', Purchase: 'purchases' }[doc.kind]}/${doc.id}/cancel`),
      apply: (m) => {
        if (doc.kind !== 'Purchase' && doc.status === POSTED[doc.kind]) moveLines(m, doc, 1);
        doc.status = 'cancelled';
      },
    };
  }
}

/** A receipt through /api/receipts: income on an invoice or sale, a refund on any document. */
class Receipt extends Action {
  constructor(
    readonly kind: Kind,
    readonly pick: number,
    readonly useful: boolean,
    readonly type: 'income' | 'refund',
    readonly amount: AmountSpec,
    readonly method: string,
  ) {
    super();
  }
  toString() {
    return `receipt(${this.type} ${amountText(this.amount)} ${this.method} on ${this.kind.toLowerCase()}[${this.pick}${this.useful ? ' useful' : ''}])`;
  }
  plan(m: Model): Plan | null {
    const doc = choose(m.docs[this.kind], this.pick, this.useful, (doc) =>
      !['draft', 'cancelled'].includes(doc.status) && (this.type === 'income' ? owed(doc) > 0 : doc.paid > 0),
    );
    if (!doc) return null;
    const income = this.type === 'income';
    const amount = amountOf(this.amount, income ? owed(doc) : doc.paid);
    let expected: Outcome = 'ok';
    if (amount <= 0) expected = 422;
    else if (income && doc.kind === 'Purchase') expected = 422;
    else if (this.method === 'store_credit' && doc.kind === 'Purchase') expected = 422;
    else if (doc.status === 'cancelled' || doc.status === 'draft') expected = 409;
    else if (income ? owed(doc) <= 0 : doc.paid <= 0) expected = 409;
    else if (amount > (income ? owed(doc) : doc.paid)) expected = 422;
    else if (income && this.method === 'store_credit' && amount > m.storeCredit) expected = 422;
    return {
      text: `${this.toString()} → ${money(amount)} on ${describeDoc(doc)}`,
      phase: 1,
      expected,
      send: (r) =>
        send(r, 'POST', '/api/receipts', {
          receipt_date: DAY,
          type: this.type,
          receiptable_type: doc.kind,
          receiptable_id: doc.id,
          amount: amount / 100,
          payment_method: this.method,
        }),
      apply: (m, answer) => addReceipt(m, doc, answer.body.data),
    };
  }
}

/** Pays the supplier: an expense through POST /api/purchases/:id/payments. */
class PayPurchase extends Action {
  constructor(readonly pick: number, readonly useful: boolean, readonly amount: AmountSpec, readonly method: string) {
    super();
  }
  toString() {
    return `payPurchase(purchase[${this.pick}${this.useful ? ' useful' : ''}], ${amountText(this.amount)} ${this.method})`;
  }
  plan(m: Model): Plan | null {
    const doc = choose(m.docs.Purchase, this.pick, this.useful, (doc) => doc.status !== 'cancelled' && owed(doc) > 0);
    if (!doc) return null;
    const balance = owed(doc);
    const amount = amountOf(this.amount, balance);
    let expected: Outcome = 'ok';
    if (amount <= 0) expected = 422;
    else if (this.method === 'store_credit') expected = 422;
    else if (doc.status === 'cancelled' || balance <= 0) expected = 409;
    else if (amount > balance) expected = 422;
    return {
      text: `${this.toString()} → ${money(amount)} on ${describeDoc(doc)}`,
      phase: 1,
      expected,
      send: (r) => send(r, 'POST', `/api/purchases/${doc.id}/payments`, { amount: amount / 100, payment_method: this.method, receipt_date: DAY }),
      apply: (m, answer) => addReceipt(m, doc, answer.body.data),
    };
  }
}

class DeleteReceipt extends Action {
  constructor(readonly pick: number) {
    super();
  }
  toString() {
    return `deleteReceipt(receipt[${this.pick}])`;
  }
  plan(m: Model): Plan | null {
    const receipt = pickOf(m.receipts, this.pick);
    if (!receipt) return null;
    const doc = receipt.doc;
    const after = doc.paid - signed(receipt);
    const spent = receipt.method === 'store_credit' && receipt.type === 'refund' && m.storeCredit < receipt.amount;
    const expected: Outcome = doc.status === 'cancelled' || spent || after < 0 || after > doc.net - doc.credited ? 409 : 'ok';
    return {
      text: `${this.toString()} → ${receipt.number} (${receipt.type} ${money(receipt.amount)}) of ${describeDoc(doc)}`,
      phase: 1,
      expected,
      // Two deletes of one receipt at once: the second finds it gone.
      alsoAllowed: [404],
      send: (r) => send(r, 'DELETE', `/api/receipts/${receipt.id}`),
      apply: (m) => {
        m.receipts.splice(m.receipts.indexOf(receipt), 1);
        m.deletedNumbers.push(receipt.number);
        m.fileDeletedNumbers.push(receipt.number);
        doc.paid -= signed(receipt);
        if (receipt.method === 'store_credit') m.storeCredit += signed(receipt);
      },
    };
  }
}

/** Receives goods of a purchase order: everything outstanding (no body), or per line what came. */
class Receive extends Action {
  constructor(readonly pick: number, readonly quantities: number[] | null, readonly useful: boolean) {
    super();
  }
  toString() {
    return `receive(purchase[${this.pick}${this.useful ? ' useful' : ''}], ${this.quantities ? `[${this.quantities.join(', ')}]` : 'all'})`;
  }
  plan(m: Model): Plan | null {
    const doc = choose(m.docs.Purchase, this.pick, this.useful, (doc) => OPEN.Purchase.includes(doc.status));
    if (!doc) return null;
    const quantities = this.quantities ? doc.lines.map((_, index) => this.quantities![index % this.quantities!.length]) : null;
    let expected: Outcome = 'ok';
    if (doc.status === 'received' || doc.status === 'cancelled') expected = 409;
    else if (quantities && quantities.some((quantity, index) => quantity > doc.lines[index].quantity - doc.lines[index].received)) expected = 422;
    else if (quantities && quantities.every((quantity) => quantity === 0)) expected = 422;
    return {
      text: `${this.toString()} → ${quantities ? `[${quantities.join(', ')}] of ` : ''}${describeDoc(doc)}, received ${doc.lines.map((line) => `${line.received}/${line.quantity}`).join(' ')}`,
      // Receiving everything comes after any partial receipt that ran at once: nothing comes in after it.
      phase: quantities ? 1 : 2,
      expected,
      send: (r) =>
        quantities
          ? send(r, 'POST', `/api/purchases/${doc.id}/receive`, {
              items: doc.lines.map((line, index) => ({ purchase_item_id: line.itemId, quantity: quantities[index] })),
            })
          : send(r, 'POST', `/api/purchases/${doc.id}/receive`),
      apply: (m) => {
        receiveLines(
          m,
          doc,
          doc.lines.map((line, index) => (quantities ? quantities[index] : line.quantity - line.received)),
        );
        doc.status = doc.lines.every((line) => line.received === line.quantity) ? 'received' : 'ordered';
      },
    };
  }
}

class Adjust extends Action {
  constructor(readonly product: number, readonly location: number, readonly delta: number, readonly reason: string) {
    super();
  }
  toString() {
    return `adjust(${PRODUCT_NAMES[this.product]} at ${LOCATION_NAMES[this.location]}, ${this.delta > 0 ? '+' : ''}${this.delta}, ${this.reason})`;
  }
  plan(m: Model): Plan {
    const expected: Outcome = this.product === SERVICE || m.stock[this.product][this.location] + this.delta < 0 ? 409 : 'ok';
    return {
      text: this.toString(),
      phase: 1,
      expected,
      send: (r) =>
        send(r, 'POST', `/api/products/${m.productIds[this.product]}/stock-adjustments`, {
          location_id: m.locationIds[this.location],
          delta: this.delta,
          reason: this.reason,
        }),
      apply: (m) => {
        m.stock[this.product][this.location] += this.delta;
      },
    };
  }
}

class Transfer extends Action {
  constructor(readonly product: number, readonly from: number, readonly to: number, readonly quantity: number) {
    super();
  }
  toString() {
    return `transfer(${PRODUCT_NAMES[this.product]} ×${this.quantity} ${LOCATION_NAMES[this.from]} → ${LOCATION_NAMES[this.to]})`;
  }
  plan(m: Model): Plan {
    let expected: Outcome = 'ok';
    if (this.from === this.to) expected = 422;
    else if (this.product === SERVICE || m.stock[this.product][this.from] < this.quantity) expected = 409;
    return {
      text: this.toString(),
      phase: 1,
      expected,
      send: (r) =>
        send(r, 'POST', `/api/products/${m.productIds[this.product]}/stock-transfers`, {
          from_location_id: m.locationIds[this.from],
          to_location_id: m.locationIds[this.to],
          quantity: this.quantity,
        }),
      apply: (m) => {
        m.stock[this.product][this.from] -= this.quantity;
        m.stock[this.product][this.to] += this.quantity;
      },
    };
  }
}

const describeTransfer = (t: ModelTransfer) =>
  `transfer ${t.id} (${t.status}, ${LOCATION_NAMES[t.from]} → ${LOCATION_NAMES[t.to]}: ${t.lines.map((line) => `${PRODUCT_NAMES[line.product]}×${line.quantity}`).join(', ')})`;

/** A transfer with a journey, made as a draft from one branch to the other. */
class CreateTransfer extends Action {
  constructor(readonly from: number, readonly lines: { product: number; quantity: number }[]) {
    super();
  }
  toString() {
    return `createTransfer(${LOCATION_NAMES[this.from]} → ${LOCATION_NAMES[1 - this.from]}: ${this.lines.map((line) => `${PRODUCT_NAMES[line.product]}×${line.quantity}`).join(', ')})`;
  }
  plan(m: Model): Plan {
    return {
      text: this.toString(),
      phase: 0,
      expected: this.lines.some((line) => line.product === SERVICE) ? 422 : 'ok',
      send: (r) =>
        send(r, 'POST', '/api/transfers', {
          from_location_id: m.locationIds[this.from],
          to_location_id: m.locationIds[1 - this.from],
          transfer_date: DAY,
          items: this.lines.map((line) => ({ product_id: m.productIds[line.product], quantity: line.quantity })),
        }),
      apply: (m, answer) => {
        const items = answer.body.data.items as { id: number; product_id: number }[];
        m.transfers.push({
          id: Number(answer.body.data.id),
          from: this.from,
          to: 1 - this.from,
          lines: this.lines.map((line) => ({
            ...line,
            itemId: Number(items.find((item) => Number(item.product_id) === m.productIds[line.product])!.id),
            received: null,
          })),
          status: 'draft',
        });
      },
    };
  }
}

/** Shipping a draft transfer: its goods leave the source's shelf and are on the road to the other branch. */
class ShipTransfer extends Action {
  constructor(readonly pick: number, readonly useful: boolean) {
    super();
  }
  toString() {
    return `shipTransfer(transfer[${this.pick}${this.useful ? ' useful' : ''}])`;
  }
  plan(m: Model): Plan | null {
    const enough = (t: ModelTransfer) => t.lines.every((line) => m.stock[line.product][t.from] >= line.quantity);
    const transfer = choose(m.transfers, this.pick, this.useful, (t) => t.status === 'draft' && enough(t));
    if (!transfer) return null;
    return {
      text: `${this.toString()} → ${describeTransfer(transfer)}`,
      phase: 1,
      expected: transfer.status === 'draft' && enough(transfer) ? 'ok' : 409,
      send: (r) => send(r, 'POST', `/api/transfers/${transfer.id}/ship`),
      apply: (m) => {
        for (const line of transfer.lines) {
          m.stock[line.product][transfer.from] -= line.quantity;
          m.transit[line.product][transfer.to] += line.quantity;
        }
        transfer.status = 'shipped';
      },
    };
  }
}

/** Receiving a shipped transfer, each line short by up to `missing`: what did not arrive is sent back or written off. */
class ReceiveTransfer extends Action {
  constructor(readonly pick: number, readonly useful: boolean, readonly missing: number[], readonly shortfall: 'send_back' | 'write_off') {
    super();
  }
  toString() {
    return `receiveTransfer(transfer[${this.pick}${this.useful ? ' useful' : ''}] short ${this.missing.join('/')}, ${this.shortfall})`;
  }
  plan(m: Model): Plan | null {
    const transfer = choose(m.transfers, this.pick, this.useful, (t) => t.status === 'shipped');
    if (!transfer) return null;
    const received = transfer.lines.map((line, index) => Math.max(0, line.quantity - (this.missing[index] ?? 0)));
    return {
      text: `${this.toString()} → ${describeTransfer(transfer)}, received ${received.join('/')}`,
      phase: 2,
      expected: transfer.status === 'shipped' ? 'ok' : 409,
      send: (r) =>
        send(r, 'POST', `/api/transfers/${transfer.id}/receive`, {
          items: transfer.lines.map((line, index) => ({
            id: line.itemId,
            received_quantity: received[index],
            ...(received[index] < line.quantity ? { shortfall: this.shortfall, reason: this.shortfall === 'write_off' ? 'Lost on the road' : null } : {}),
          })),
        }),
      apply: (m) => {
        transfer.lines.forEach((line, index) => {
          m.transit[line.product][transfer.to] -= line.quantity;
          m.stock[line.product][transfer.to] += received[index];
          if (this.shortfall === 'send_back') m.stock[line.product][transfer.from] += line.quantity - received[index];
          line.received = received[index];
        });
        transfer.status = 'received';
      },
    };
  }
}

/** Cancelling a draft transfer: nothing had moved. */
class CancelTransfer extends Action {
  constructor(readonly pick: number, readonly useful: boolean) {
    super();
  }
  toString() {
    return `cancelTransfer(transfer[${this.pick}${this.useful ? ' useful' : ''}])`;
  }
  plan(m: Model): Plan | null {
    const transfer = choose(m.transfers, this.pick, this.useful, (t) => t.status === 'draft');
    if (!transfer) return null;
    return {
      text: `${this.toString()} → ${describeTransfer(transfer)}`,
      phase: 3,
      expected: transfer.status === 'draft' ? 'ok' : 409,
      send: (r) => send(r, 'POST', `/api/transfers/${transfer.id}/cancel`),
      apply: () => {
        transfer.status = 'cancelled';
      },
    };
  }
}

const BATTERY = 2;
const describeCount = (c: ModelCount) => `count ${c.id} (${c.status} at ${LOCATION_NAMES[c.location]}, battery counted ${c.counted ?? 'not yet'})`;

/** A count of the file's battery brand at a branch: one open count of it per branch. */
class StartCount extends Action {
  constructor(readonly location: number) {
    super();
  }
  toString() {
    return `startCount(${LOCATION_NAMES[this.location]})`;
  }
  plan(m: Model): Plan {
    return {
      text: this.toString(),
      phase: 0,
      expected: m.counts.some((c) => c.status === 'open' && c.location === this.location) ? 409 : 'ok',
      send: (r) => send(r, 'POST', '/api/stock-counts', { location_id: m.locationIds[this.location], scope: { battery_brand_id: r.batteryBrandId } }),
      apply: (m, answer) => {
        m.counts.push({ id: Number(answer.body.data.id), location: this.location, status: 'open', counted: null, expected: null, countedAt: null });
      },
    };
  }
}

/** The run's battery counted on an open count: its line keeps the shelf of that moment. */
class CountBattery extends Action {
  constructor(readonly pick: number, readonly useful: boolean, readonly counted: number) {
    super();
  }
  toString() {
    return `countBattery(count[${this.pick}${this.useful ? ' useful' : ''}], ${this.counted})`;
  }
  plan(m: Model): Plan | null {
    const count = choose(m.counts, this.pick, this.useful, (c) => c.status === 'open');
    if (!count) return null;
    const shelf = m.stock[BATTERY][count.location];
    return {
      text: `${this.toString()} → ${describeCount(count)}, shelf ${shelf}`,
      phase: 1,
      expected: count.status === 'open' ? 'ok' : 409,
      send: (r) => send(r, 'PUT', `/api/stock-counts/${count.id}/lines`, { lines: [{ product_id: m.productIds[BATTERY], counted: this.counted }] }),
      verify: (answer) => {
        const line = answer.body.data.updated[0];
        return line.expected !== shelf || line.counted !== this.counted ? `the line keeps ${line.counted} counted of ${line.expected}, the model ${this.counted} of ${shelf}` : null;
      },
      // The shelf as the server read it: a sale at once may have gone before or after.
      apply: (_, answer) => {
        const line = answer.body.data.updated[0];
        if (count.countedAt !== null && line.counted_at < count.countedAt) return;
        count.counted = this.counted;
        count.expected = line.expected;
        count.countedAt = line.counted_at;
      },
    };
  }
}

/** Posting a count: the battery's variance corrects the shelf as it stands; the brand's other products, not counted, are skipped. */
class PostCount extends Action {
  constructor(readonly pick: number, readonly useful: boolean) {
    super();
  }
  toString() {
    return `postCount(count[${this.pick}${this.useful ? ' useful' : ''}])`;
  }
  plan(m: Model): Plan | null {
    const variance = (c: ModelCount) => (c.counted === null ? 0 : c.counted - c.expected!);
    const count = choose(m.counts, this.pick, this.useful, (c) => c.status === 'open' && m.stock[BATTERY][c.location] + variance(c) >= 0);
    if (!count) return null;
    const fits = m.stock[BATTERY][count.location] + variance(count) >= 0;
    return {
      text: `${this.toString()} → ${describeCount(count)}, variance ${variance(count)}`,
      phase: 2,
      expected: count.status === 'open' && fits ? 'ok' : 409,
      send: (r) => send(r, 'POST', `/api/stock-counts/${count.id}/post`, { uncounted: 'skip' }),
      apply: (m) => {
        m.stock[BATTERY][count.location] += variance(count);
        count.status = 'posted';
      },
    };
  }
}

/** Cancelling an open count: nothing moves. */
class CancelCount extends Action {
  constructor(readonly pick: number, readonly useful: boolean) {
    super();
  }
  toString() {
    return `cancelCount(count[${this.pick}${this.useful ? ' useful' : ''}])`;
  }
  plan(m: Model): Plan | null {
    const count = choose(m.counts, this.pick, this.useful, (c) => c.status === 'open');
    if (!count) return null;
    return {
      text: `${this.toString()} → ${describeCount(count)}`,
      phase: 3,
      expected: count.status === 'open' ? 'ok' : 409,
      send: (r) => send(r, 'POST', `/api/stock-counts/${count.id}/cancel`),
      apply: () => {
        count.status = 'cancelled';
      },
    };
  }
}

// ---- Running commands ---------------------------------------------------------------------------

/** Numeric's round() of a / b to a whole cent: half away from zero. */
const roundHalf = (a: number, b: number) => Math.sign(a) * roundDiv(Math.abs(a), b);

/**
 * Each line's share of a document's net: by line total, rounded to the cent, the last line taking what
 * rounding left, so that returning everything credits exactly the net.
 */
function netShares(doc: ModelDoc): Cents[] {
  const shares = doc.lines.map((line) => (doc.subtotal > 0 ? roundHalf(doc.net * line.total, doc.subtotal) : 0));
  const last = shares.length - 1;
  shares[last] = doc.net - shares.slice(0, last).reduce((sum, share) => sum + share, 0);
  return shares;
}

/** A customer's return of one line of a sent invoice or completed sale, restocked or not, settled by refund or store credit. */
class Return extends Action {
  constructor(
    readonly kind: 'Invoice' | 'Sale',
    readonly pick: number,
    readonly useful: boolean,
    readonly line: number,
    readonly quantity: number,
    readonly restock: boolean,
    readonly settle: 'refund' | 'credit' | null,
    readonly otherBranch: boolean,
  ) {
    super();
  }
  toString() {
    return `return(${this.kind.toLowerCase()}[${this.pick}${this.useful ? ' useful' : ''}] line ${this.line} ×${this.quantity}${this.restock ? ' restocked' : ''}${this.settle ? ` ${this.settle}` : ''}${this.otherBranch ? ' at the other branch' : ''})`;
  }
  plan(m: Model): Plan | null {
    const doc = choose(m.docs[this.kind], this.pick, this.useful, (doc) => doc.status === POSTED[doc.kind] && doc.lines.some((line) => line.returned < line.quantity));
    if (!doc || doc.lines[0].itemId === undefined) return null;
    const index = this.line % doc.lines.length;
    const line = doc.lines[index];
    const location = this.otherBranch ? 1 - doc.location : doc.location;
    const share = netShares(doc)[index];
    const amount = roundHalf(share * (line.returned + this.quantity), line.quantity) - roundHalf(share * line.returned, line.quantity);
    const excess = Math.max(doc.paid - (doc.net - doc.credited - amount), 0);
    let expected: Outcome = 'ok';
    if (doc.status !== POSTED[doc.kind]) expected = 409;
    else if (this.quantity > line.quantity - line.returned) expected = 422;
    else if (this.restock && line.product === SERVICE) expected = 422;
    else if (excess > 0 && !this.settle) expected = 422;
    return {
      text: `${this.toString()} → ${money(amount)} of ${PRODUCT_NAMES[line.product]}×${line.quantity} (${line.returned} back) on ${describeDoc(doc)}`,
      phase: 2,
      expected,
      send: (r) =>
        send(r, 'POST', '/api/credit-notes', {
          [this.kind === 'Invoice' ? 'invoice_id' : 'sale_id']: doc.id,
          location_id: m.locationIds[location],
          issued_date: DAY,
          reason: 'Model return',
          items: [{ line_id: line.itemId, quantity: this.quantity, restock: this.restock }],
          ...(this.settle ? { settle: this.settle } : {}),
        }),
      verify: (answer) => {
        const note = answer.body.data;
        const given = toCents(note.refunded_amount) + toCents(note.store_credit_amount);
        return toCents(note.net_amount) !== amount || given !== excess
          ? `credited ${note.net_amount} and gave back ${money(given)}, the model ${money(amount)} and ${money(excess)}`
          : null;
      },
      // Amounts as the server gave them: returns of one document at once may be taken in either order.
      apply: (m, answer) => {
        const note = answer.body.data;
        if (this.restock) {
          const onHand = m.stock[line.product][0] + m.stock[line.product][1];
          m.cost[line.product] = roundDiv(onHand * m.cost[line.product] + this.quantity * line.cost, onHand + this.quantity);
          m.stock[line.product][location] += this.quantity;
        }
        line.returned += this.quantity;
        doc.credited += toCents(note.net_amount);
        doc.paid -= toCents(note.refunded_amount) + toCents(note.store_credit_amount);
        m.storeCredit += toCents(note.store_credit_amount);
        m.creditNotes.push({
          id: Number(note.id),
          doc,
          line,
          quantity: this.quantity,
          restock: this.restock,
          location,
          net: toCents(note.net_amount),
          refunded: toCents(note.refunded_amount),
          storeCredit: toCents(note.store_credit_amount),
          status: 'issued',
        });
      },
    };
  }
}

/** An administrator cancels a credit note: its restocked goods leave again, its store credit is taken back. */
class CancelReturn extends Action {
  constructor(readonly pick: number) {
    super();
  }
  toString() {
    return `cancelReturn(creditNote[${this.pick}])`;
  }
  plan(m: Model): Plan | null {
    const note = pickOf(m.creditNotes, this.pick);
    if (!note) return null;
    let expected: Outcome = 'ok';
    if (note.status === 'cancelled' || note.refunded > 0 || m.storeCredit < note.storeCredit) expected = 409;
    else if (note.restock && m.stock[note.line.product][note.location] < note.quantity) expected = 409;
    return {
      text: `${this.toString()} → ${note.id} (${note.status}, ${money(note.net)}, refunded ${money(note.refunded)}, credit ${money(note.storeCredit)}) of ${describeDoc(note.doc)}`,
      phase: 3,
      expected,
      send: (r) => send(r, 'POST', `/api/credit-notes/${note.id}/cancel`),
      apply: (m) => {
        if (note.restock) m.stock[note.line.product][note.location] -= note.quantity;
        note.line.returned -= note.quantity;
        note.doc.credited -= note.net;
        note.doc.paid += note.storeCredit;
        m.storeCredit -= note.storeCredit;
        note.status = 'cancelled';
      },
    };
  }
}

/** Goods received on a purchase order go back to the supplier: the order owes less, a refund for what was paid beyond, the cost of what stays. */
class SupplierReturn extends Action {
  constructor(readonly pick: number, readonly useful: boolean, readonly line: number, readonly quantity: number, readonly method: string) {
    super();
  }
  toString() {
    return `supplierReturn(purchase[${this.pick}${this.useful ? ' useful' : ''}] line ${this.line} ×${this.quantity} ${this.method})`;
  }
  plan(m: Model): Plan | null {
    const doc = choose(m.docs.Purchase, this.pick, this.useful, (doc) => doc.status !== 'cancelled' && doc.lines.some((line) => line.received > line.returned));
    if (!doc || doc.lines[0].itemId === undefined) return null;
    const index = this.line % doc.lines.length;
    const line = doc.lines[index];
    const share = netShares(doc)[index];
    const amount = roundHalf(share * (line.returned + this.quantity), line.quantity) - roundHalf(share * line.returned, line.quantity);
    const excess = Math.max(doc.paid - (doc.net - doc.credited - amount), 0);
    let expected: Outcome = 'ok';
    if (doc.status === 'cancelled') expected = 409;
    else if (this.quantity > line.received - line.returned) expected = 422;
    else if (m.stock[line.product][doc.location] < this.quantity) expected = 409;
    return {
      text: `${this.toString()} → ${money(amount)} of ${PRODUCT_NAMES[line.product]}×${line.quantity} (${line.received} in, ${line.returned} back) on ${describeDoc(doc)}`,
      phase: 2,
      expected,
      send: (r) =>
        send(r, 'POST', '/api/supplier-returns', {
          purchase_id: doc.id,
          issued_date: DAY,
          reason: 'Model return',
          items: [{ line_id: line.itemId, quantity: this.quantity }],
          payment_method: this.method === 'store_credit' ? 'cash' : this.method,
        }),
      verify: (answer) => {
        const back = answer.body.data;
        return toCents(back.net_amount) !== amount || toCents(back.refunded_amount) !== excess
          ? `credited ${back.net_amount} and refunded ${back.refunded_amount}, the model ${money(amount)} and ${money(excess)}`
          : null;
      },
      apply: (m, answer) => {
        const back = answer.body.data;
        const onHand = m.stock[line.product][0] + m.stock[line.product][1];
        if (onHand > this.quantity) {
          m.cost[line.product] = Math.max(roundHalf(onHand * m.cost[line.product] - this.quantity * line.price, onHand - this.quantity), 0);
        }
        m.stock[line.product][doc.location] -= this.quantity;
        line.returned += this.quantity;
        doc.credited += toCents(back.net_amount);
        doc.paid -= toCents(back.refunded_amount);
        m.supplierReturns += 1;
      },
    };
  }
}

const SUCCESS = [200, 201, 204];
const outcomeOf = (status: number): Outcome | number => (SUCCESS.includes(status) ? 'ok' : status === 409 || status === 422 ? status : status);
function count(r: Real, action: Action, answer: Answer) {
  const key = `${action.toString().replace(/\(.*$/, '')} ${SUCCESS.includes(answer.status) ? 'ok' : answer.status}`;
  r.stats[key] = (r.stats[key] ?? 0) + 1;
}
const answerText = (answer: Answer) => `${answer.status}${SUCCESS.includes(answer.status) ? '' : ` ${JSON.stringify(answer.body?.message ?? answer.body)}`}`;

/** One command at a time: its answer must be the one the model expects, and a refusal changes nothing. */
class Sequential implements fc.AsyncCommand<Model, Real> {
  constructor(readonly action: Action) {}
  check(m: Readonly<Model>) {
    return this.action.plan(m as Model) !== null;
  }
  async run(m: Model, r: Real) {
    const plan = this.action.plan(m)!;
    const answer = await plan.send(r);
    count(r, this.action, answer);
    r.log.push(`${r.log.length + 1}. ${plan.text}: ${answerText(answer)} (the model expected ${plan.expected})`);
    const outcome = outcomeOf(answer.status);
    if (outcome !== plan.expected) fail(r, [`${plan.text}: answered ${answerText(answer)}, the model expected ${plan.expected}`]);
    const wrong = outcome === 'ok' ? plan.verify?.(answer) : null;
    if (wrong) fail(r, [`${plan.text}: ${wrong}`]);
    if (outcome === 'ok') plan.apply(m, answer);
    await checkStep(m, r, outcome !== 'ok');
  }
  toString() {
    return this.action.toString();
  }
}

/**
 * Several commands sent at once, each on its own connection. Any of them may be refused, whatever
 * the model expected; what succeeded is applied to the model (creations first, cancellations last,
 * the one order in which they all could have succeeded), and the state must then equal the model.
 */
class Together implements fc.AsyncCommand<Model, Real> {
  constructor(readonly actions: Action[]) {}
  check() {
    return true;
  }
  async run(m: Model, r: Real) {
    const planned = this.actions.flatMap((action) => {
      const plan = action.plan(m);
      return plan ? [{ action, plan }] : [];
    });
    const answers = await Promise.all(planned.map(({ plan }) => plan.send(r)));
    const step = r.log.length + 1;
    planned.forEach(({ action, plan }, index) => {
      count(r, action, answers[index]);
      r.log.push(`${step}${'abcdefgh'[index]}. ${plan.text}: ${answerText(answers[index])}`);
    });
    const unexpected = planned.flatMap(({ plan }, index) =>
      [...SUCCESS, 409, 422, ...(plan.alsoAllowed ?? [])].includes(answers[index].status) ? [] : [`${plan.text}: answered ${answerText(answers[index])}`],
    );
    if (unexpected.length) fail(r, unexpected);
    const done = planned.map(({ plan }, index) => ({ plan, answer: answers[index] })).filter(({ answer }) => SUCCESS.includes(answer.status));
    done.sort((a, b) => a.plan.phase - b.plan.phase);
    for (const { plan, answer } of done) plan.apply(m, answer);
    await checkStep(m, r, false);
  }
  toString() {
    return `together(${this.actions.map(String).join(' | ')})`;
  }
}

// ---- Arbitraries --------------------------------------------------------------------------------

const METHODS = ['cash', 'credit_card', 'bank_transfer', 'cheque', 'store_credit'];
const pick = fc.nat({ max: 7 });
/** Mostly a target the command can act on; now and then any, to be refused. */
const useful = fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 });
const location = fc.integer({ min: 0, max: 1 });
const method = fc.constantFrom(...METHODS);
const price = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 20_000 }), weight: 6 },
  { arbitrary: fc.constantFrom(0, 1, 999, 1999, 3333, 8999), weight: 2 },
);
const lineSpec = (kind: Kind): fc.Arbitrary<LineSpec> =>
  fc.record({
    // Mostly stocked goods; services now and then (a purchase of one is refused).
    product: fc.oneof({ arbitrary: fc.integer({ min: 0, max: 2 }), weight: kind === 'Purchase' ? 12 : 4 }, { arbitrary: fc.constant(SERVICE), weight: 1 }),
    quantity: fc.integer({ min: 1, max: 3 }),
    price,
    discountBp:
      kind === 'Sale'
        ? fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.constantFrom(500, 1250, 3333, 10000), weight: 1 }, { arbitrary: fc.integer({ min: 0, max: 10000 }), weight: 1 })
        : fc.constant(0),
  });
const documentSpec = (kind: Kind) =>
  fc
    .record({
      location,
      lines: fc.array(lineSpec(kind), { minLength: 1, maxLength: 3 }),
      discount: fc.oneof(
        { arbitrary: fc.constant({ kind: 'none' as const }), weight: 4 },
        { arbitrary: fc.integer({ min: 1, max: 100 }).map((percent) => ({ kind: 'part' as const, percent })), weight: 2 },
        { arbitrary: fc.constant({ kind: 'over' as const }), weight: 1 },
      ),
      tax: fc.oneof({ arbitrary: fc.constant(0), weight: 2 }, { arbitrary: fc.integer({ min: 1, max: 3000 }), weight: 1 }),
    })
    .map(({ location, lines, discount, tax }) => new DocumentSpec(location, lines, discount, tax));
const amountSpec: fc.Arbitrary<AmountSpec> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'all' as const }), weight: 3 },
  { arbitrary: fc.integer({ min: 1, max: 99 }).map((percent) => ({ kind: 'part' as const, percent })), weight: 4 },
  { arbitrary: fc.constant({ kind: 'more' as const }), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 5000 }).map((cents) => ({ kind: 'cents' as const, cents })), weight: 1 },
);

/** The everyday commands, each with how often it comes up. */
const actions: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.tuple(documentSpec('Invoice'), fc.boolean()).map(([doc, sent]) => new CreateInvoice(doc, sent)), weight: 3 },
  { arbitrary: fc.tuple(pick, useful).map(([p, open]) => new Post('Invoice', p, open)), weight: 2 },
  {
    arbitrary: fc
      .tuple(documentSpec('Sale'), fc.boolean(), fc.option(amountSpec, { freq: 2 }), method)
      .map(([doc, completed, pay, m]) => new CreateSale(doc, completed, pay, m)),
    weight: 3,
  },
  { arbitrary: fc.tuple(pick, useful).map(([p, open]) => new Post('Sale', p, open)), weight: 2 },
  { arbitrary: fc.tuple(fc.constantFrom<Kind>('Invoice', 'Sale', 'Purchase'), pick, useful).map(([k, p, open]) => new Cancel(k, p, open)), weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom<Kind>('Invoice', 'Sale'), pick, useful, amountSpec, method)
      .map(([k, p, u, amount, m]) => new Receipt(k, p, u, 'income', amount, m)),
    weight: 3,
  },
  {
    // Now and then an income on a purchase order, which is refused: suppliers are paid with expenses.
    arbitrary: fc
      .tuple(fc.constantFrom<Kind>('Invoice', 'Sale', 'Purchase', 'Purchase', 'Purchase', 'Purchase'), pick, useful, amountSpec, method, fc.nat({ max: 9 }))
      .map(([k, p, u, amount, m, wrong]) => new Receipt(k, p, u, k === 'Purchase' && wrong === 0 ? 'income' : 'refund', amount, m)),
    weight: 2,
  },
  { arbitrary: pick.map((p) => new DeleteReceipt(p)), weight: 2 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom<'Invoice' | 'Sale'>('Invoice', 'Sale'),
        pick,
        useful,
        fc.nat({ max: 2 }),
        fc.integer({ min: 1, max: 3 }),
        fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
        fc.constantFrom<'refund' | 'credit' | null>('refund', 'credit', 'credit', null),
        fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
      )
      .map(([k, p, u, line, quantity, restock, settle, other]) => new Return(k, p, u, line, quantity, restock, settle, other)),
    weight: 3,
  },
  { arbitrary: pick.map((p) => new CancelReturn(p)), weight: 1 },
  {
    arbitrary: fc
      .tuple(pick, useful, fc.nat({ max: 2 }), fc.integer({ min: 1, max: 3 }), method)
      .map(([p, u, line, quantity, m]) => new SupplierReturn(p, u, line, quantity, m)),
    weight: 2,
  },
  {
    arbitrary: fc.tuple(documentSpec('Purchase'), fc.constantFrom<'pending' | 'ordered' | 'received'>('pending', 'ordered', 'received')).map(([doc, status]) => new CreatePurchase(doc, status)),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(pick, fc.option(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }), { freq: 3 }), useful)
      .map(([p, quantities, open]) => new Receive(p, quantities, open)),
    weight: 2,
  },
  { arbitrary: fc.tuple(pick, useful, amountSpec, method).map(([p, u, amount, m]) => new PayPurchase(p, u, amount, m)), weight: 2 },
  {
    arbitrary: fc
      .tuple(
        fc.oneof({ arbitrary: fc.integer({ min: 0, max: 2 }), weight: 8 }, { arbitrary: fc.constant(SERVICE), weight: 1 }),
        location,
        fc.integer({ min: -4, max: 4 }).filter((delta) => delta !== 0),
        fc.constantFrom('count_correction', 'damage', 'return'),
      )
      .map(([product, l, delta, reason]) => new Adjust(product, l, delta, reason)),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(
        fc.oneof({ arbitrary: fc.integer({ min: 0, max: 2 }), weight: 8 }, { arbitrary: fc.constant(SERVICE), weight: 1 }),
        location,
        fc.oneof({ arbitrary: fc.constant(true), weight: 8 }, { arbitrary: fc.constant(false), weight: 1 }),
        fc.integer({ min: 1, max: 4 }),
      )
      .map(([product, from, other, quantity]) => new Transfer(product, from, other ? 1 - from : from, quantity)),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(
        location,
        fc.uniqueArray(
          fc.record({
            product: fc.oneof({ arbitrary: fc.integer({ min: 0, max: 2 }), weight: 12 }, { arbitrary: fc.constant(SERVICE), weight: 1 }),
            quantity: fc.integer({ min: 1, max: 3 }),
          }),
          { minLength: 1, maxLength: 2, selector: (line) => line.product },
        ),
      )
      .map(([from, lines]) => new CreateTransfer(from, lines)),
    weight: 2,
  },
  { arbitrary: fc.tuple(pick, useful).map(([p, u]) => new ShipTransfer(p, u)), weight: 3 },
  {
    arbitrary: fc
      .tuple(pick, useful, fc.array(fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 }), { minLength: 2, maxLength: 2 }), fc.constantFrom<'send_back' | 'write_off'>('send_back', 'write_off'))
      .map(([p, u, missing, shortfall]) => new ReceiveTransfer(p, u, missing, shortfall)),
    weight: 3,
  },
  { arbitrary: fc.tuple(pick, useful).map(([p, u]) => new CancelTransfer(p, u)), weight: 1 },
  { arbitrary: location.map((l) => new StartCount(l)), weight: 2 },
  { arbitrary: fc.tuple(pick, useful, fc.integer({ min: 0, max: 8 })).map(([p, u, counted]) => new CountBattery(p, u, counted)), weight: 3 },
  { arbitrary: fc.tuple(pick, useful).map(([p, u]) => new PostCount(p, u)), weight: 2 },
  { arbitrary: fc.tuple(pick, useful).map(([p, u]) => new CancelCount(p, u)), weight: 1 },
);

/** Sequences of commands one at a time. */
export const sequentialCommands = (maxCommands: number, replayPath?: string) =>
  fc.commands([actions.map((action) => new Sequential(action))], { maxCommands, size: 'max', replayPath });

/** Sequences of steps of `width` commands sent at once. */
export const concurrentCommands = (maxCommands: number, width: number, replayPath?: string) =>
  fc.commands([fc.array(actions, { minLength: width, maxLength: width }).map((list) => new Together(list))], { maxCommands, size: 'max', replayPath });

// ---- A run's own products, customer and supplier ------------------------------------------------

export interface FileFixture {
  h: Harness;
  token: string;
  f: CatalogueFixture;
  batteryBrandId: number;
  madeInId: number;
  /** Receipts deleted by any run of the file. */
  deletedNumbers: string[];
  stats: Record<string, number>;
}

/** Lookups of the test file's own for batteries. */
export async function batteryLookups(h: Harness, tag: string) {
  return h.withDb(async (db) => {
    const id = async (sql: string, params: unknown[]) => Number((await db.query<{ id: number }>(`${sql} returning id`, params))[0].id);
    return {
      batteryBrandId: await id('insert into public.battery_brands (name) values ($1)', [`Volt ${tag}`]),
      madeInId: await id('insert into public.made_ins (name) values ($1)', [`Land ${tag}`]),
    };
  });
}

async function created(r: Real, path: string, body: unknown): Promise<number> {
  const answer = await send(r, 'POST', path, body);
  if (answer.status !== 201) throw new Error(`setting up a run: POST ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return Number(answer.body.data.id);
}

/** A fresh run: its own customer, supplier and products with their opening stock at both branches. */
export async function setupRun(file: FileFixture, sequential: boolean): Promise<{ model: Model; real: Real }> {
  const { h, f } = file;
  const tag = uniqueTag();
  const [customerId, supplierId] = await h.withDb(async (db) => {
    const [customer] = await db.query<{ id: number }>('insert into public.customers (name, phone, address) values ($1, $2, $3) returning id', [
      `Model customer ${tag}`,
      '555 0142',
      '4 Model Rd',
    ]);
    const [supplier] = await db.query<{ id: number }>('insert into public.suppliers (name, phone, address) values ($1, $2, $3) returning id', [
      `Model supplier ${tag}`,
      '555 0143',
      '5 Model Rd',
    ]);
    return [Number(customer.id), Number(supplier.id)];
  });
  const real: Real = {
    h,
    token: file.token,
    customerId,
    supplierId,
    sequential,
    batteryBrandId: file.batteryBrandId,
    last: undefined as unknown as Snapshot,
    start: { invoice: 1, sale: 1, purchase: 1, receipt: 1, credit_note: 1, supplier_return: 1, tr: 1 },
    log: [],
    stats: file.stats,
  };
  const locationIds = [f.downtownId, f.northsideId];
  // A run that ended mid-count leaves its count open, holding the brand's batteries: the next run starts without it.
  const open = await h.withDb((db) => db.query<{ id: number }>(`select id from public.stock_counts where status = 'open' and battery_brand_id = $1`, [file.batteryBrandId]));
  for (const { id } of open) {
    const answer = await send(real, 'POST', `/api/stock-counts/${id}/cancel`);
    if (answer.status !== 200) throw new Error(`setting up a run: cancelling count ${id} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const opening = async (path: string, body: unknown, product: number) => {
    const id = await created(real, path, body);
    const answer = await send(real, 'POST', `/api/products/${id}/stock-adjustments`, {
      location_id: f.northsideId,
      delta: OPENING[product][1],
      reason: 'count_correction',
    });
    if (answer.status !== 201) throw new Error(`setting up a run: stock adjustment answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return id;
  };
  const productIds = await Promise.all([
    ...['A', 'B'].map((letter, index) =>
      opening('/api/tires', tireBody(f, { size: `195 / 65 R 15 ${tag}${letter}`, location_id: f.downtownId, quantity: OPENING[index][0] }), index),
    ),
    opening(
      '/api/batteries',
      {
        battery_name: `Model battery ${tag}`,
        battery_brand_id: file.batteryBrandId,
        made_in_id: file.madeInId,
        battery_shape: 'thick',
        ampere: 70,
        reversed: 0,
        battery_type: 'acid',
        location_id: f.downtownId,
        inventory_quantity: OPENING[2][0],
        cost_price: 70,
        selling_price: 110,
      },
      2,
    ),
    created(real, '/api/services', { name: `Model fitting ${tag}`, selling_price: 25, active: true }),
  ]);
  const model: Model = {
    productIds,
    locationIds,
    stock: OPENING.map((levels) => [...levels]),
    transit: OPENING.map(() => [0, 0]),
    transfers: [],
    counts: [],
    cost: [...OPENING_COST],
    docs: { Invoice: [], Sale: [], Purchase: [] },
    receipts: [],
    storeCredit: 0,
    creditNotes: [],
    supplierReturns: 0,
    deletedNumbers: [],
    fileDeletedNumbers: file.deletedNumbers,
  };
  real.last = await snapshot(real, productIds);
  for (const series of SERIES) real.start[series] = real.last.series?.[series] ?? 1;
  return { model, real };
}

/** The whole year's series, over every run of the file: each number once, none missing but deleted receipts'. */
export async function yearNumbersProblems(h: Harness, deleted: string[]): Promise<string[]> {
  const rows = await h.withDb((db) =>
    db.query<{ series: Series; number: string }>(
      `select 'invoice' as series, number from public.invoices where number like $1
       union all select 'sale', number from public.sales where number like $1
       union all select 'purchase', number from public.purchases where number like $1
       union all select 'receipt', number from public.receipts where number like $1
       union all select 'credit_note', number from public.credit_notes where number like $1
       union all select 'supplier_return', number from public.supplier_returns where number like $1
       union all select 'tr', number from public.transfers where number like $1`,
      [`%-${YEAR}-%`],
    ),
  );
  const series = await h.withDb((db) => db.query<{ series: Series; next_value: number }>('select series, next_value from public.document_series where year = $1', [YEAR]));
  const problems: string[] = [];
  for (const name of SERIES) {
    const values = [...rows.filter((row) => row.series === name).map((row) => row.number), ...(name === 'receipt' ? deleted : [])]
      .map((number) => Number(/-(\d+)$/.exec(number)![1]))
      .sort((a, b) => a - b);
    const next = Number(series.find((row) => row.series === name)?.next_value ?? 1);
    const expected = Array.from({ length: next - 1 }, (_, i) => i + 1);
    if (values.join(',') !== expected.join(',')) problems.push(`${name} numbers of ${YEAR}: ${values.length} issued, next value ${next}; not 1..${next - 1} each once`);
  }
  return problems;
}
