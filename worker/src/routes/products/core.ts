import { isAdmin, requireStaffCondition } from '../../auth/permissions.ts';
import type { SessionUser } from '../../schemas/auth.ts';
import type { Db } from '../../db/port.ts';
import { PgCode, pgErrorCode } from '../../db/port.ts';
import type { Context } from 'hono';
import { HttpError } from '../../http/errors.ts';
import { lockVersion } from '../../http/versions.ts';
import type { Where } from '../../http/where.ts';
import { scannedBarcode } from '../../schemas/barcodes.ts';

export type ProductKind = 'tire' | 'battery' | 'wiper' | 'service' | 'item';

/** SQL for the total stock of `p`, the products row, which move_stock keeps. */
export const totalStock = 'p.total_stock';

/** The number of products of a kind, from the kept totals: the count of a list without filters. */
export const keptProductCount = (kind: ProductKind) => ({
  sql: 'select coalesce(sum(products), 0)::int as total from public.product_totals where kind = $1',
  params: [kind],
});

/** SQL for the stock of `p` per branch, as `[{location_id, location_name, quantity, in_transit}]`. */
export const branchStock = `coalesce((
  select json_agg(json_build_object('location_id', sl.location_id, 'location_name', lo.name, 'quantity', sl.quantity, 'in_transit', sl.in_transit) order by lo.name)
    from public.stock_levels sl join public.locations lo on lo.id = sl.location_id
   where sl.product_id = p.id), '[]'::json)`;

/**
 * SQL for the stock of `p` at one branch: its stock_levels row, read by its key, or 0 when it has
 * none there; null when there is no branch. The id is a validated whole number, written into the
 * SQL so a list's count query needs no extra parameter.
 */
export const stockAt = (locationId: number | null | undefined) =>
  locationId
    ? `coalesce((select sl.quantity from public.stock_levels sl where sl.product_id = p.id and sl.location_id = ${Number(locationId)}), 0)`
    : 'null::int';

/** A list's columns with `branch_stock`, the stock at the signed-in user's home branch. */
export const withHomeStock = (columns: string, user: SessionUser) => `${columns}, ${stockAt(user.home_location_id)} as branch_stock`;

/** A product's total stock and its stock per branch, for `p` the products row. */
export const stockColumns = `${totalStock} as quantity, ${branchStock} as inventory`;

/** A tire size as staff type it: "205 55 16", "205/55R16", "205/55 zr 16", "2055516". */
const TIRE_SIZE = /(?:^|\s)(\d{3})[\s/]*(\d{2})[\s/]*(?:z?r)?\s*(\d{2})(?=\s|$)/g;

/** Search terms: tire sizes as size keys, words as the search text holds them, and marks (a word of punctuation alone). */
export interface SearchTerms {
  sizes: string[];
  words: string[];
  marks: string[];
}

/**
 * A search as the kept columns hold it: each tire size typed as three numbers as a size key
 * ('2055516', what `tire_size_key` keeps), and each other word lower case without punctuation, as
 * the words of a product's search text are ("N'Fera" is "nfera"). A word of punctuation alone ("%",
 * "/") is a mark, looked for in the name as it is written.
 */
export function searchTerms(search: string): SearchTerms {
  const terms: SearchTerms = { sizes: [], words: [], marks: [] };
  const rest = search.toLowerCase().replace(TIRE_SIZE, (_, width: string, ratio: string, rim: string) => {
    terms.sizes.push(`${width}${ratio}${rim}`);
    return ' ';
  });
  for (const typed of rest.split(/\s+/).filter(Boolean)) {
    const word = typed.replace(/[^a-z0-9]/g, '');
    if (word) terms.words.push(word);
    else terms.marks.push(typed);
  }
  return terms;
}

/**
 * Adds to `where` that the product (`p`, the products row) has each tire size of the search, each of
 * its words inside one of its own words (name, DOT, origin), so "prim 205/55R16" finds "Michelin
 * Primacy 4 205 / 55 R 16", and each mark in its name. A size is the size key's btree; a word is a
 * LIKE on the search text, which the trigram index serves.
 */
export function addWordsMatch(where: Where, search: string): Where {
  return addTermsMatch(where, searchTerms(search));
}

/**
 * Adds to `where` that the product matches the search: a whole barcode (what a scanner types) finds
 * the product that has it, by its unique index; else the search's words (addWordsMatch), or what `words` adds.
 */
export function addSearchMatch(where: Where, search: string, words: (where: Where) => void = (w) => addWordsMatch(w, search)): Where {
  const barcode = scannedBarcode(search);
  if (barcode) where.add(`p.barcode = any(string_to_array(?, ','))`, barcode.join(','));
  else words(where);
  return where;
}

export function addTermsMatch(where: Where, { sizes, words, marks }: SearchTerms): Where {
  for (const size of sizes) where.add('p.size_key = ?', size);
  for (const word of words) where.add('p.search_text like ?', `%${word}%`);
  for (const mark of marks) where.add('lower(p.name) like ?', `%${mark.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
  return where;
}

export const TOO_LARGE = 'The stock or its value would be more than can be kept';

/**
 * The function raised P0001 (a stock rule) or P0002 (a missing row): say it in the shop's words.
 * `field`: what a stock or stock value past what its column holds is refused on (422).
 */
export async function stockRule<T>(work: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = pgErrorCode(error);
    const message = (error as Error).message;
    if (code === 'P0001') throw new HttpError(409, message);
    if (code === 'P0002') throw new HttpError(404, message);
    if (code === PgCode.outOfRange && field) throw new HttpError(422, TOO_LARGE, { [field]: [TOO_LARGE] });
    throw error;
  }
}

export interface Reference {
  table: string;
  id: number | null;
  field: string;
  message: string;
}

/** Answers 422 naming each field whose chosen record does not exist. */
export async function requireReferences(db: Db, references: Reference[]): Promise<void> {
  const given = references.filter((reference) => reference.id !== null);
  if (!given.length) return;
  const [found] = await db.query<Record<string, boolean>>(
    `select ${given.map((r, i) => `exists (select 1 from public.${r.table} where id = $${i + 1}) as "${r.field}"`).join(', ')}`,
    given.map((r) => r.id),
  );
  const errors: Record<string, string[]> = {};
  for (const reference of given) if (!found[reference.field]) errors[reference.field] = [reference.message];
  const fields = Object.keys(errors);
  if (fields.length) throw new HttpError(422, errors[fields[0]][0], errors);
}

export interface ProductFields {
  name: string;
  cost_price: number;
  selling_price: number;
  active: boolean;
  notes: string | null;
  /** Its tax class: its own rate, the shop's default (null), or exempt. */
  tax_rate_id: number | null;
  tax_exempt: boolean;
  /** EAN-13 or UPC-A; services and fees have none. */
  barcode?: string | null;
  /** Who reorders go to; left out (a tire, whose own supplier is that), unchanged. */
  preferred_supplier_id?: number | null;
}

const NO_SUPPLIER = 'The selected supplier does not exist';

async function requirePreferredSupplier(db: Db, supplierId: number | null | undefined) {
  if (supplierId === null || supplierId === undefined) return;
  await requireReferences(db, [{ table: 'suppliers', id: supplierId, field: 'preferred_supplier_id', message: NO_SUPPLIER }]);
}

const NO_RATE = 'The selected tax rate does not exist';

/** A tax rate chosen that is not (any longer) the shop's is a 422 on the field. */
async function knownRate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === PgCode.foreignKeyViolation && /tax_rate/.test((error as Error).message + String((error as { constraint_name?: string }).constraint_name ?? ''))) {
      throw new HttpError(422, NO_RATE, { tax_rate_id: [NO_RATE] });
    }
    throw error;
  }
}

/** A barcode another product has (in either of its UPC-A and EAN-13 forms) is a 422 naming that product. */
async function requireFreeBarcode(db: Db, barcode: string | null, productId: number | string | null): Promise<void> {
  const forms = scannedBarcode(barcode ?? '');
  if (!forms) return;
  const [other] = await db.query<{ name: string }>(
    `select name from public.products where barcode = any(string_to_array($1, ',')) and id is distinct from $2::bigint limit 1`,
    [forms.join(','), productId],
  );
  if (other) barcodeTaken(`Barcode ${barcode} is already on ${other.name}`);
}

function barcodeTaken(message: string): never {
  throw new HttpError(422, message, { barcode: [message] });
}

/** Two saves of one barcode at once: the unique index refuses the second. */
async function uniqueBarcode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === PgCode.uniqueViolation && /barcode/.test((error as Error).message + String((error as { constraint_name?: string }).constraint_name ?? ''))) {
      barcodeTaken('Barcode is already on another product');
    }
    throw error;
  }
}

export async function insertProduct(db: Db, kind: ProductKind, fields: ProductFields): Promise<number> {
  await requireFreeBarcode(db, fields.barcode ?? null, null);
  await requirePreferredSupplier(db, fields.preferred_supplier_id);
  const [row] = await uniqueBarcode(() =>
    knownRate(() =>
      db.query<{ id: number }>(
        `insert into public.products (kind, name, cost_price, selling_price, active, notes, tax_rate_id, tax_exempt, barcode, preferred_supplier_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [kind, fields.name, fields.cost_price, fields.selling_price, fields.active, fields.notes, fields.tax_rate_id, fields.tax_exempt, fields.barcode ?? null,
          fields.preferred_supplier_id ?? null],
      ),
    ),
  );
  return Number(row.id);
}

/** Refuses staff a change of the product's cost price (an administrator's decision). */
export async function requireCostPriceRight(db: Db, user: SessionUser, id: string | number, costPrice: number | null | undefined) {
  if (isAdmin(user) || costPrice === null || costPrice === undefined) return;
  const [row] = await db.query<{ cost_price: number }>('select cost_price from public.products where id = $1 for update', [id]);
  requireStaffCondition(user, 'cost price unchanged', !row || Number(row.cost_price) === costPrice);
}

/**
 * Updates the shared columns of the product, locked and checked against the version the form read
 * (404 when no product of that kind has the id, 412 when it changed since). True when the form
 * proved it read the current version, which a change of its stock needs.
 */
export async function updateProduct(
  c: Context,
  db: Db,
  product: { id: string; kind: ProductKind; notFound: string },
  fields: ProductFields,
): Promise<boolean> {
  const { id, kind } = product;
  const { proven } = await lockVersion(c, db, { table: 'products', id, notFound: product.notFound, where: `r.kind = '${kind}'` });
  await requireCostPriceRight(db, c.get('user'), id, fields.cost_price);
  await requireFreeBarcode(db, fields.barcode ?? null, id);
  await requirePreferredSupplier(db, fields.preferred_supplier_id);
  const supplier = fields.preferred_supplier_id === undefined ? 'preferred_supplier_id' : '$11::bigint';
  await uniqueBarcode(() =>
    knownRate(() =>
      db.query(
        `update public.products
            set name = $3, cost_price = $4, selling_price = $5, active = $6, notes = $7, tax_rate_id = $8, tax_exempt = $9, barcode = $10,
                preferred_supplier_id = ${supplier}, updated_at = now()
          where id = $1 and kind = $2`,
        [id, kind, fields.name, fields.cost_price, fields.selling_price, fields.active, fields.notes, fields.tax_rate_id, fields.tax_exempt, fields.barcode ?? null,
          ...(fields.preferred_supplier_id === undefined ? [] : [fields.preferred_supplier_id])],
      ),
    ),
  );
  return proven;
}

export async function moveStock(
  db: Db,
  move: { productId: number | string; locationId: number; delta: number; reason: string; note?: string | null; userId: number },
): Promise<number> {
  const [row] = await stockRule(() =>
    db.query<{ quantity: number }>('select public.move_stock($1, $2, $3, $4, $5, $6) as quantity', [
      move.productId,
      move.locationId,
      move.delta,
      move.reason,
      move.note ?? null,
      move.userId,
    ]),
  );
  return row.quantity;
}

export const STOCK_CHANGED = 'Stock changed since this form was opened: use Adjust Stock';

/**
 * A form that states the product's total quantity: the difference from the current total is
 * counted in (or out) at the given branch, as opening stock or as a count correction. A correction
 * needs the form to have proved it read the current version (If-Match): the quantity it shows may
 * predate sales made since (428).
 */
export async function setTotalStock(
  db: Db,
  productId: number | string,
  locationId: number,
  quantity: number,
  userId: number,
  reason: 'opening' | 'count_correction',
  proven = false,
): Promise<void> {
  const [{ total }] = await db.query<{ total: number }>(
    'select coalesce(sum(quantity), 0)::int as total from public.stock_levels where product_id = $1',
    [productId],
  );
  const delta = quantity - total;
  if (delta === 0) return;
  if (reason === 'count_correction' && !proven) throw new HttpError(428, STOCK_CHANGED);
  await moveStock(db, { productId, locationId, delta, reason, userId, note: reason === 'count_correction' ? 'Quantity changed on the product form' : null });
}

/** Deletes products of one kind; 409 when documents still refer to them. */
export async function deleteProducts(db: Db, kind: ProductKind, ids: (number | string)[], inUse: string): Promise<number> {
  try {
    // A list travels as text: postgres.js without fetched types cannot send arrays.
    const rows = await db.query("delete from public.products where kind = $1 and id = any(string_to_array($2, ',')::bigint[]) returning id", [
      kind,
      ids.join(','),
    ]);
    return rows.length;
  } catch (error) {
    if (pgErrorCode(error) === '23503') throw new HttpError(409, inUse);
    throw error;
  }
}
