import type { Context } from 'hono';
import { z } from 'zod';
import { requireStaffCondition } from '../../auth/permissions.ts';
import type { AppEnv } from '../../env.ts';
import { PgCode, pgErrorCode, type Db } from '../../db/port.ts';
import { named } from '../../db/sql.ts';
import { HttpError } from '../../http/errors.ts';
import { listQuery, optionalFilter, pageOf, queryText, type TotalQuery } from '../../http/paging.ts';
import { Where } from '../../http/where.ts';
import { parse } from '../../http/validate.ts';
import { optionalDate, requiredId } from '../../schemas/common.ts';
import { PAYMENT_STATUSES } from '../../schemas/documents.ts';
import type { Body, DocumentKind, LineInput, Transition } from './kinds.ts';

const csv = (label: string, allowed: readonly string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.split(',').map((part) => part.trim()).filter(Boolean) : []))
    .refine((values) => values.every((value) => allowed.includes(value)), `${label} must be one of: ${allowed.join(', ')}`)
    .meta({ description: `One or more of ${allowed.join(', ')}, separated by commas`, pattern: `^$|^(${allowed.join('|')})(,(${allowed.join('|')}))*$` });

const optionalFilterId = (label: string) => optionalFilter(requiredId(`${label} must be a valid choice`));

const partyFilters = {
  customer: queryText('Customer').optional(),
  customer_id: optionalFilterId('Customer'),
  supplier: queryText('Supplier').optional(),
  supplier_id: optionalFilterId('Supplier'),
};

export const documentListQuery = (kind: DocumentKind) =>
  listQuery.extend({
    ...Object.fromEntries((kind.listFilters ?? []).map((filter) => [filter.name, optionalFilterId(filter.label)])),
    ...partyFilters,
    location_id: optionalFilterId('Location'),
    status: csv('Status', kind.statuses),
    payment_status: csv('Payment status', PAYMENT_STATUSES),
    paymentStatus: csv('Payment status', PAYMENT_STATUSES),
    dateFrom: optionalDate('From date'),
    dateTo: optionalDate('To date'),
    overdue: z.enum(['0', '1', 'true', 'false'], { error: 'Overdue must be 1 or 0' }).optional(),
  });

/** SQL for one document of `kind`, as `d`, with its party, branch, totals and lines. */
function documentSelect(kind: DocumentKind) {
  const lineFields = Object.entries(kind.lines.to).map(([name, value]) => `'${name}', ${value}`).join(', ');
  return {
    columns: `d.id, d.number, d.${kind.party.column},
      json_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone, 'address', c.address) as ${kind.party.key},
      d.location_id, json_build_object('id', lo.id, 'name', lo.name, 'address', lo.address) as location, ${kind.columns},
      d.payment_status, d.subtotal, d.subtotal as total_amount, d.discount_amount, d.tax_amount, d.tax_rate,
      d.net_amount, d.credited_amount, d.total_paid, d.balance_due, d.notes, d.created_by as created_by_id, d.version, d.created_at, d.updated_at,
      (select coalesce(json_agg(json_build_object(
          'id', x.id, 'product_id', x.product_id, 'product_type', x.product_type, 'product_name', x.product_name,
          'description', x.description, 'dot', x.dot, 'quantity', x.quantity, ${lineFields}) order by x.position), '[]'::json)
         from public.${kind.linesTable} x where x.${kind.keyColumn} = d.id) as ${kind.lines.key}`,
    from: `from public.${kind.table} d
      join public.${kind.party.table} c on c.id = d.${kind.party.column}
      join public.locations lo on lo.id = d.location_id`,
  };
}

export async function listDocuments(c: Context<AppEnv>, kind: DocumentKind, listQuery: ReturnType<typeof documentListQuery>) {
  const query = parse(listQuery, c.req.query()) as ReturnType<typeof listQuery.parse> & Record<string, number | undefined>;
  const where = new Where()
    .addIf(query[kind.party.column], `d.${kind.party.column} = ?`)
    .addIf(query.location_id, 'd.location_id = ?')
    .addIf(query.dateFrom, `d.${kind.dateColumn} >= ?`)
    .addIf(query.dateTo, `d.${kind.dateColumn} <= ?`);
  for (const filter of kind.listFilters ?? []) where.addIf(query[filter.name], filter.sql);
  const ownFilter = (kind.listFilters ?? []).some((filter) => query[filter.name]);
  const partyName = query[kind.party.key];
  if (partyName) where.addOn(partyName, (p) => `strpos(lower(c.name), lower(${p})) > 0`);
  if (query.search) {
    const columns = ['d.number', 'c.name', ...(kind.searchColumns ?? [])];
    where.addOn(query.search, (p) => `(${columns.map((column) => `strpos(lower(coalesce(${column}, '')), lower(${p})) > 0`).join(' or ')})`);
  }
  if (query.status.length) where.add(`(${query.status.map(kind.statusCondition).join(' or ')})`);
  const paymentStatuses = query.payment_status.length ? query.payment_status : query.paymentStatus;
  if (paymentStatuses.length) where.add(`d.payment_status = any(string_to_array(?, ','))`, paymentStatuses.join(','));
  const overdue = query.overdue === '1' || query.overdue === 'true';
  if (overdue) where.add(kind.overdue ?? 'false');
  const onlyKeptFilters = !ownFilter && !query[kind.party.column] && !partyName && !query.search && !query.status.length && !query.dateFrom && !query.dateTo && !overdue;
  const select = documentSelect(kind);
  const kept = onlyKeptFilters ? keptDocumentCount(kind, query.location_id, paymentStatuses) : null;
  return pageOf(c.get('db'), { ...select, orderBy: `d.${kind.dateColumn} desc, d.id desc` }, where, query, kept);
}

/** The number of documents of a kind, at a branch and in payment statuses when given, from the kept counts. */
function keptDocumentCount(kind: DocumentKind, locationId: number | undefined, paymentStatuses: string[]): TotalQuery {
  const where = new Where().add('type = ?', kind.type).addIf(locationId, 'location_id = ?');
  if (paymentStatuses.length) where.add(`payment_status = any(string_to_array(?, ','))`, paymentStatuses.join(','));
  return { sql: `select coalesce(sum(documents), 0)::int as total from public.document_counts ${where.sql}`, params: where.params };
}

export const receiptColumns = `r.id, r.number, r.receipt_date, r.type, r.receiptable_type, r.receiptable_id, r.document_number,
  case when c.id is not null then json_build_object('id', c.id, 'name', c.name)
       when s.id is not null then json_build_object('id', s.id, 'name', s.name) end as party,
  r.amount, r.payment_method, r.reference_number, r.bank_name, r.cheque_number, r.transaction_id, r.notes,
  ${named('u')} as created_by, r.created_at`;
export const receiptFrom = `from public.receipts r
  left join public.customers c on c.id = r.customer_id
  left join public.suppliers s on s.id = r.supplier_id
  left join public.users u on u.id = r.created_by`;

/** One document with its receipts, or a 404 in the kind's words. */
export async function showDocument(db: Db, kind: DocumentKind, id: string | number) {
  const select = documentSelect(kind);
  const [[row], receipts] = await Promise.all([
    db.query(`select ${select.columns} ${select.from} where d.id = $1`, [id]),
    kind.receiptsKey
      ? db.query(`select ${receiptColumns} ${receiptFrom} where r.receiptable_type = $1 and r.receiptable_id = $2 order by r.receipt_date, r.id`, [
          kind.type,
          id,
        ])
      : [],
  ]);
  if (!row) throw new HttpError(404, kind.notFound);
  return kind.receiptsKey ? { ...row, [kind.receiptsKey]: receipts } : row;
}

const lineRecord = `jsonb_to_recordset($2::text::jsonb) as i(id bigint, position integer, product_id bigint, description text,
  quantity integer, unit_price numeric, discount_percent numeric, waived_fees jsonb)`;

/** 422 with the field and message of every line that breaks a rule, if any does. */
function refuseLines(errors: Record<string, string[]>) {
  const fields = Object.keys(errors);
  if (fields.length) throw new HttpError(422, errors[fields[0]][0], errors);
}

/**
 * Writes a document's lines and sets its discount and tax: lines with an `id` are changed, others
 * added, and lines no longer listed removed. Each keeps the product's kind, name, DOT and cost
 * price as they are now. An unknown or inactive product is a 422 on its line, and so is a service
 * on a purchase order.
 */
export async function writeLines(
  db: Db,
  kind: DocumentKind,
  documentId: number | string,
  lines: LineInput[],
  amounts: { discount_amount?: number; tax_amount?: number | null },
): Promise<{ taxOverridden: boolean }> {
  const products = await db.query<{ id: number; active: boolean; kind: string }>(
    `select id, active, kind from public.products where id = any(string_to_array($1, ',')::bigint[])`,
    [lines.map((line) => line.product_id).join(',')],
  );
  const found = new Map(products.map((product) => [Number(product.id), product]));
  const existing = await db.query<{ id: number; product_id: number; received: number }>(
    `select id, product_id, ${kind.receivesGoods ? 'received_quantity' : '0'} as received from public.${kind.linesTable} where ${kind.keyColumn} = $1`,
    [documentId],
  );
  const current = new Map(existing.map((line) => [Number(line.id), line]));
  const errors: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    const product = found.get(line.product_id);
    const before = line.id === undefined ? undefined : current.get(line.id);
    if (line.id !== undefined && !before) errors[`items.${index}.id`] = ['This line is not on this document'];
    else if (!product) errors[`items.${index}.product_id`] = ['The selected product does not exist'];
    else if (!product.active) errors[`items.${index}.product_id`] = ['This product is no longer sold'];
    else if (kind.receivesGoods && product.kind === 'service') errors[`items.${index}.product_id`] = ['Services cannot be purchased'];
    else if (before && before.received > 0 && Number(before.product_id) !== line.product_id) {
      errors[`items.${index}.product_id`] = ['Goods have been received on this line, so its product cannot change'];
    } else if (before && line.quantity < before.received) {
      errors[`items.${index}.quantity`] = [`${before.received} have already been received on this line`];
    }
  });
  const kept = new Set(lines.flatMap((line) => (line.id === undefined ? [] : [line.id])));
  if (existing.some((line) => line.received > 0 && !kept.has(Number(line.id)))) {
    errors.items = ['A line with goods received cannot be removed'];
  }
  refuseLines(errors);

  const values = JSON.stringify(
    lines.map((line, position) => ({
      id: line.id ?? null,
      position,
      product_id: line.product_id,
      description: line.description ?? null,
      quantity: line.quantity,
      unit_price: line.unit_price ?? null,
      discount_percent: line.discount_percent ?? 0,
      waived_fees: line.waived_fees ?? [],
    })),
  );
  // Fee lines are the server's: they follow the items (apply_document_fees), and go with theirs.
  const items = kind.taxed ? ` and x.line_kind = 'item'` : '';
  await db.query(
    `delete from public.${kind.linesTable} x
      where x.${kind.keyColumn} = $1${items} and x.id not in (select i.id from ${lineRecord} where i.id is not null)`,
    [documentId, values],
  );
  // A line without a price is at the product's cost price (a purchase order's). A line sold at the
  // shop's rates keeps its product's rate, or none when the customer buys tax-free that day.
  const price = 'coalesce(i.unit_price, p.cost_price)';
  const columns = ['product_id', 'product_type', 'product_name', 'description', 'dot', 'quantity', 'unit_price', 'discount_percent', 'cost_price', 'line_total'];
  let copied = `p.id, p.kind, p.name, i.description, t.dot, i.quantity, ${price}, i.discount_percent, p.cost_price,
    public.line_total(${price}, i.quantity, i.discount_percent)`;
  let joins = `join public.products p on p.id = i.product_id
       left join public.tires t on t.product_id = p.id`;
  if (kind.taxed) {
    // Whether the customer buys tax-free on the document's date, kept on it and asked once.
    const [header] = await db.query<{ exempt: boolean }>(
      `update public.${kind.table} d set tax_exempt_certificate = public.customer_exemption(d.customer_id, d.${kind.dateColumn})
        where d.id = $1 returning d.tax_exempt_certificate is not null as exempt`,
      [documentId],
    );
    columns.push('tax_name', 'tax_rate', 'waived_fees');
    copied += ', r.tax_name, r.tax_rate, i.waived_fees';
    joins += `
       cross join lateral public.product_tax(p.id, ${header.exempt ? 'true' : 'false'}) r`;
  }
  await db.query(
    `update public.${kind.linesTable} x
        set (position, ${columns.join(', ')}) = (i.position, ${copied})
       from ${lineRecord}
       ${joins}
      where x.id = i.id and x.${kind.keyColumn} = $1`,
    [documentId, values],
  );
  await db.query(
    `insert into public.${kind.linesTable} (${kind.keyColumn}, position, ${columns.join(', ')})
     select $1, i.position, ${copied}
       from ${lineRecord}
       ${joins}
      where i.id is null`,
    [documentId, values],
  );
  if (kind.taxed) await db.query('select public.apply_document_fees($1, $2)', [kind.type, documentId]);
  // The discount is checked against the new subtotal, so both change in one statement.
  await db.query(
    `update public.${kind.table} d set discount_amount = $2,
            subtotal = (select coalesce(sum(x.line_total), 0) from public.${kind.linesTable} x where x.${kind.keyColumn} = d.id)
      where d.id = $1`,
    [documentId, amounts.discount_amount],
  );
  let taxOverridden = false;
  if (kind.taxed) {
    const tax = amounts.tax_amount ?? null;
    const [row] = await db.query<{ computed: string }>('select public.apply_document_tax($1, $2, $3) as computed', [kind.type, documentId, tax]);
    taxOverridden = tax !== null && Number(row.computed) !== tax;
  } else {
    await db.query(`update public.${kind.table} set tax_amount = $2 where id = $1`, [documentId, amounts.tax_amount ?? 0]);
  }
  await db.query('select public.refresh_document_totals($1, $2)', [kind.type, documentId]);
  return { taxOverridden };
}

/** Answers 422 naming the chosen customer or supplier, and the branch, when they do not exist. */
export async function requireParty(db: Db, kind: DocumentKind, partyId: number, locationId: number) {
  const { key, table, column } = kind.party;
  const [found] = await db.query<{ party: boolean; location: boolean }>(
    `select exists (select 1 from public.${table} where id = $1) as party, exists (select 1 from public.locations where id = $2) as location`,
    [partyId, locationId],
  );
  const errors: Record<string, string[]> = {};
  if (!found.party) errors[column] = [`The selected ${key} does not exist`];
  if (!found.location) errors.location_id = ['The selected location does not exist'];
  refuseLines(errors);
}

/**
 * Locks a document about to be deleted: staff may delete only one they created that is still open
 * (a draft invoice, a pending sale or purchase order); the kind's own rules come after.
 */
export async function lockForDelete(c: Context<AppEnv>, tx: Db, kind: DocumentKind, id: string) {
  const [row] = await tx.query<{ status: string; total_paid: number; created_by: number | null }>(
    `select status, total_paid, created_by from public.${kind.table} where id = $1 for update`,
    [id],
  );
  if (!row) throw new HttpError(404, kind.notFound);
  const user = c.get('user');
  requireStaffCondition(user, 'own open document', kind.openStatus === row.status && Number(row.created_by) === user.id);
  return row;
}

function constraintOf(error: unknown): string {
  const e = error as { constraint?: string; constraint_name?: string };
  return e.constraint ?? e.constraint_name ?? '';
}

/**
 * Runs document work and says its refusals in the shop's words: the functions' rules (409), missing
 * rows (404), bad input (422 on the field they name), and the totals' checks. `fields` renames a
 * field for this route (a sale's payment goes in as `amount_paid`).
 */
export async function documentRule<T>(work: () => Promise<T>, fields: Record<string, string> = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = pgErrorCode(error);
    const message = (error as Error).message;
    const invalid = (field: string, text: string) => new HttpError(422, text, { [fields[field] ?? field]: [text] });
    if (code === 'P0001') throw new HttpError(409, message);
    if (code === 'P0002') throw new HttpError(404, message);
    if (code === 'WH422') throw invalid((error as { hint?: string }).hint || '_', message);
    if (code === PgCode.checkViolation) {
      const constraint = constraintOf(error);
      if (constraint.endsWith('_discount_within_subtotal')) throw invalid('discount_amount', 'Discount amount cannot be more than the subtotal');
      if (constraint.endsWith('_paid_within_net')) throw invalid('items', 'The total cannot be less than what has already been paid');
      if (constraint === 'quotes_valid_after_issue') throw invalid('valid_until', 'A quote cannot be valid until before its issue date');
      if (constraint === 'purchase_items_received_within_quantity') throw invalid('items', 'A line cannot be less than what has already been received');
    }
    if (code === '22003') throw invalid('items', 'The amounts are too large');
    throw error;
  }
}

/**
 * Runs a transition in its own locking function: posts (sends, completes) or cancels a document, or
 * receives a purchase order's goods (`items`: what came of each line; left out, everything outstanding).
 */
export function runTransition(
  db: Db,
  kind: DocumentKind,
  action: Transition,
  id: string | number,
  userId: number,
  goods: { items?: unknown[]; date?: string | null } = {},
) {
  if (action === 'receive') {
    return db.query('select public.receive_purchase($1, $2::text::jsonb, $3, $4)', [id, goods.items ? JSON.stringify(goods.items) : null, goods.date ?? null, userId]);
  }
  return db.query(`select public.${action}_document($1, $2, $3)`, [kind.type, id, userId]);
}

/** A body's lines, in this code's names. */
export function linesOf(kind: DocumentKind, body: Body): LineInput[] {
  const name = (field: keyof DocumentKind['lines']['from']) => kind.lines.from[field] ?? field;
  return (body.items as Body[]).map((item) => ({
    id: item.id,
    product_id: item.product_id,
    quantity: item.quantity,
    unit_price: item[name('unit_price')],
    discount_percent: item[name('discount_percent')],
    description: item[name('description')],
    waived_fees: item.waived_fees,
  }));
}

/** The header columns a body writes: the party, the branch, the kind's own fields and the notes. */
const headerColumns = (kind: DocumentKind) => [kind.party.column, 'location_id', ...kind.fields, 'notes'];

/** Adds a document's header, numbered at once when its kind has a series; its id. */
export async function insertDocument(db: Db, kind: DocumentKind, body: Body, userId: number) {
  const columns = [...headerColumns(kind), 'created_by'];
  const values = [...headerColumns(kind).map((column) => body[column] ?? null), userId];
  const placeholders = values.map((_, index) => `$${index + 1}`);
  const stored = kind.createdAs[body.status]?.stored;
  if (stored) {
    columns.push('status');
    placeholders.push(`$${values.push(stored)}`);
  }
  if (kind.series) {
    columns.push('number');
    placeholders.push(`public.next_document_number('${kind.series}', $${columns.indexOf(kind.dateColumn) + 1})`);
  }
  const [row] = await db.query<{ id: number }>(
    `insert into public.${kind.table} (${columns.join(', ')}) values (${placeholders.join(', ')}) returning id`,
    values,
  );
  return row.id;
}

/**
 * Changes a document's header: every header column (and its status, where the body may move it), or
 * an issued document's few `issued.columns`, whose failed check is a 422 on its field.
 */
export async function updateDocument(db: Db, kind: DocumentKind, id: string, body: Body, issued?: NonNullable<DocumentKind['edit']>['issued']) {
  const columns = issued?.columns ?? headerColumns(kind);
  const set = columns.map((column, index) => `${column} = $${index + 2}`);
  const values: unknown[] = [id, ...columns.map((column) => body[column] ?? null)];
  if (!issued && kind.edit?.movesStatus) set.push(`status = coalesce($${values.push(body.status ?? null)}, status)`);
  const check = issued?.check;
  const [row] = await db.query<{ ok: boolean }>(
    `update public.${kind.table} set ${set.join(', ')}, updated_at = now() where id = $1 returning ${check?.sql ?? 'true'} as ok`,
    values,
  );
  if (check && !row.ok) throw new HttpError(422, check.message, { [check.field]: [check.message] });
}

/** Whether a document has receipts, or (a purchase order) goods received. */
export async function isUsed(db: Db, kind: DocumentKind, id: string) {
  const received = `exists (select 1 from public.${kind.linesTable} where ${kind.keyColumn} = $1 and received_quantity > 0)`;
  const [row] = await db.query<{ used: boolean }>(
    `select exists (select 1 from public.receipts where receiptable_type = $2 and receiptable_id = $1)${kind.receivesGoods ? ` or ${received}` : ''} as used`,
    [id, kind.type],
  );
  return row.used;
}
