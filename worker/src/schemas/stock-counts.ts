import { z } from 'zod';
import { amount, id, named, timestamp } from './answers.ts';
import { checkDigitHolds } from './barcodes.ts';
import { LIMITS, optionalText, requiredId } from './common.ts';

export const COUNT_STATUSES = ['open', 'posted', 'cancelled'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];

/** The product types a count may be limited to (services have no stock). */
export const COUNT_KINDS = ['tire', 'battery', 'wiper', 'item'] as const;

/** How many lines one request may count. */
export const COUNT_LINES_PER_REQUEST = 1000;

const scopeId = (label: string) =>
  z
    .preprocess((value) => (value === '' ? undefined : value), requiredId(`${label} must be a valid choice`).nullish())
    .transform((value) => value ?? null);

export const countScope = z
  .object(
    {
      kind: z
        .enum(COUNT_KINDS, { error: 'Product type must be tire, battery, wiper or item' })
        .nullish()
        .transform((value) => value ?? null)
        .describe('Only products of this type.'),
      tire_brand_id: scopeId('Tire brand').describe("Only this brand's tires."),
      battery_brand_id: scopeId('Battery brand').describe("Only this brand's batteries."),
    },
    { error: 'Scope must say what to count' },
  )
  .refine((scope) => [scope.kind, scope.tire_brand_id, scope.battery_brand_id].filter((value) => value !== null).length <= 1, {
    message: 'Count one product type or one brand, not both',
  })
  .describe('What to count: empty for every product of the branch, or one product type, or one tire or battery brand.');

export const stockCountInput = z
  .object({
    location_id: requiredId('Location is required'),
    scope: countScope.optional().transform((value) => value ?? { kind: null, tire_brand_id: null, battery_brand_id: null }),
    notes: optionalText('Notes', 2000),
  })
  .meta({ id: 'StockCountInput' });

const countedQuantity = z
  .number({ error: 'Counted must be a whole number' })
  .int('Counted must be a whole number')
  .min(0, 'Counted must be at least 0')
  .max(LIMITS.quantity, `Counted must be at most ${LIMITS.quantity}`)
  .nullable();

export const countLineInput = z
  .object({
    product_id: requiredId('Product must be a valid choice').optional(),
    barcode: z
      .string({ error: 'Barcode must be text' })
      .trim()
      .refine((value) => /^\d{12,13}$/.test(value) && checkDigitHolds(value), 'Barcode must be a valid EAN-13 or UPC-A')
      .optional(),
    counted: countedQuantity,
  })
  .refine((line) => (line.product_id === undefined) !== (line.barcode === undefined), {
    message: 'Name the product by its id or by its barcode',
    path: ['product_id'],
  })
  .describe('One product counted: by its id or its barcode; `counted` null clears the line.');

export const countLinesInput = z
  .object({
    lines: z
      .array(countLineInput, { error: 'Lines must be a list' })
      .min(1, 'Count at least one product')
      .max(COUNT_LINES_PER_REQUEST, `At most ${COUNT_LINES_PER_REQUEST} lines at a time`),
  })
  .meta({ id: 'StockCountLinesInput' });

export const postCountInput = z
  .object({
    uncounted: z
      .enum(['zero', 'skip'], { error: 'Uncounted must be zero or skip' })
      .nullish()
      .transform((value) => value ?? null)
      .describe(
        'What the lines nobody counted are: `zero` (none on the shelf: their stock goes to 0) or `skip` (left as they are). Left out, a count with uncounted lines is refused (409).',
      ),
  })
  .meta({ id: 'StockCountPostInput' });

const countColumns = {
  id,
  number: z.string(),
  location: named,
  /** open (being counted), posted (its corrections written) or cancelled. */
  status: z.enum(COUNT_STATUSES),
  /** What is counted, in words: "All products", "Tires", "Tires: Michelin". */
  scope_label: z.string(),
  scope: z.object({ kind: z.enum(COUNT_KINDS).nullable(), tire_brand_id: id.nullable(), battery_brand_id: id.nullable() }),
  /** Products in the count. */
  lines: z.number().int(),
  /** Products counted so far. */
  counted_lines: z.number().int(),
  notes: z.string().nullable(),
  started_by: named.nullable(),
  started_at: timestamp,
  posted_by: named.nullable(),
  posted_at: timestamp.nullable(),
  /** How lines nobody counted were posted: zero, skip, or null (every line was counted). */
  uncounted: z.enum(['zero', 'skip']).nullable(),
  cancelled_by: named.nullable(),
  cancelled_at: timestamp.nullable(),
};

export const stockCountListRow = z
  .object({
    ...countColumns,
    /** Posted: how many corrections were written; null before. */
    corrections: z.number().int().nullable(),
    /** Posted: the variances added up, in units and at cost; null before. */
    variance_units: z.number().int().nullable(),
    variance_value: amount.nullable(),
  })
  .meta({ id: 'StockCountListRow' });

export const stockCountRow = z
  .object({
    ...countColumns,
    /** The counted lines' variances so far (the posted ones once posted). */
    summary: z.object({
      counted: z.number().int(),
      uncounted: z.number().int(),
      /** Counted lines whose count differs from the shelf. */
      with_variance: z.number().int(),
      /** Units found over the book. */
      over_units: z.number().int(),
      /** Units missing against the book (negative). */
      short_units: z.number().int(),
      variance_units: z.number().int(),
      /** The variances at cost (the product's average cost; at posting, the cost then). */
      variance_value: amount,
    }),
  })
  .meta({ id: 'StockCount' });

export const stockCountLineRow = z
  .object({
    product: z.object({ id, name: z.string(), kind: z.enum(COUNT_KINDS), barcode: z.string().nullable() }),
    /** The shelf quantity when the count started. */
    snapshot: z.number().int(),
    /** Null until counted. */
    counted: z.number().int().nullable(),
    /** The shelf quantity at the moment the line was counted: the snapshot plus what moved since. */
    expected: z.number().int().nullable(),
    /** What was sold, received or transferred between the snapshot and the count: expected − snapshot. */
    moves_since: z.number().int().nullable(),
    /** counted − expected. */
    variance: z.number().int().nullable(),
    /** The product's average cost (the cost at posting, once posted). */
    unit_cost: amount,
    /** The variance at cost. */
    variance_value: amount.nullable(),
    counted_by: named.nullable(),
    counted_at: timestamp.nullable(),
  })
  .meta({ id: 'StockCountLine' });

/** A count's lines without the book: what a blind count sheet shows. */
export const stockCountSheetRow = z.object({
  product: z.object({ id, name: z.string(), kind: z.enum(COUNT_KINDS), barcode: z.string().nullable() }),
  counted: z.number().int().nullable(),
});

export type StockCount = z.infer<typeof stockCountRow>;
export type StockCountListItem = z.infer<typeof stockCountListRow>;
export type StockCountLine = z.infer<typeof stockCountLineRow>;
export type StockCountInput = z.input<typeof stockCountInput>;

export const COUNT_STATUS_LABELS: Record<CountStatus, string> = { open: 'Counting', posted: 'Posted', cancelled: 'Cancelled' };
export const COUNT_KIND_LABELS: Record<(typeof COUNT_KINDS)[number], string> = {
  tire: 'Tires',
  battery: 'Batteries',
  wiper: 'Wiper blades',
  item: 'Other items',
};
