import { taxClassInput, taxClassRow } from './tax.ts';
import { barcodeInput, barcodeRow } from './barcodes.ts';
import { z } from 'zod';
import { flag, money, optionalDate, optionalId, optionalText, requiredDate, requiredId, requiredText, wholeNumber } from './common.ts';
import { amount, date, id, named, recordStamps } from './answers.ts';
import { branchStockRow, homeBranchStock } from './stock.ts';

export const RATINGS = ['A', 'B', 'C', 'D', 'E'] as const;
export const CONSTRUCTION_TYPES = ['radial', 'bias-ply'] as const;

const rating = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(RATINGS, { error: `${label} must be A, B, C, D or E` }).optional(),
  ).transform((value) => value ?? null);

/** The wizard's steps, field by field; the API checks them all at once. */
export const tireSteps = {
  basic: z.object({
    tire_brand_id: requiredId('Brand is required'),
    pattern_id: optionalId('Pattern'),
    supplier_id: requiredId('Supplier is required'),
    dot: requiredText('DOT', 20),
    made_in: requiredText('Origin', 100),
    date_received: requiredDate('Date received'),
    date_of_production: optionalDate('Date of production'),
  }),
  specifications: z.object({
    tire_type_id: requiredId('Tire type is required'),
    size: requiredText('Size', 50),
    construction_type: z.enum(CONSTRUCTION_TYPES, { error: 'Construction type must be radial or bias-ply' }).default('radial'),
    run_flat: flag('Run flat').default(false),
    fuel_rating: rating('Fuel rating'),
    water_rating: rating('Wet grip'),
  }),
  pricing: z.object({
    cost_price: money('Cost price'),
    selling_price: money('Selling price'),
    location_id: requiredId('Location is required'),
    quantity: wholeNumber('Quantity'),
    active: flag('Active').default(true),
    notes: optionalText('Notes', 2000),
    ...taxClassInput,
    ...barcodeInput,
  }),
};

/** The columns of the tire CSV export, which the import reads back. */
export const TIRE_CSV_COLUMNS = [
  'id', 'brand', 'pattern', 'tire_type', 'size', 'dot', 'made_in', 'date_received', 'date_of_production', 'supplier',
  'location', 'construction_type', 'run_flat', 'fuel_rating', 'water_rating', 'cost_price', 'selling_price', 'quantity',
  'active', 'notes', 'barcode',
];

export const tireInput = tireSteps.basic.extend(tireSteps.specifications.shape).extend(tireSteps.pricing.shape);
export type TireInput = z.input<typeof tireInput>;

/** Tires to delete at once (administrators). */
export const tireBulkDeleteInput = z.object({
  ids: z
    .array(z.coerce.number().int().positive(), { error: 'Choose the tires to delete' })
    .min(1, 'Choose the tires to delete')
    .max(500, 'Delete at most 500 tires at a time'),
});

export type Named = z.infer<typeof named>;
export type { BranchStock } from './stock.ts';

export const tireRow = z
  .object({
    ...taxClassRow,
    ...barcodeRow,
    id,
    /** The size, which is what pickers and documents show. */
    name: z.string(),
    product_type_id: z.literal(1),
    tire_brand_id: id,
    brand: named,
    pattern_id: id.nullable(),
    pattern: named.nullable(),
    supplier_id: id.nullable(),
    supplier: named.nullable(),
    tire_type_id: id,
    tire_type: named,
    location_id: id.nullable(),
    location: named.nullable(),
    size: z.string(),
    dot: z.string(),
    date_of_production: date.nullable(),
    made_in: z.string(),
    date_received: date,
    construction_type: z.enum(CONSTRUCTION_TYPES),
    run_flat: z.boolean(),
    fuel_rating: z.enum(RATINGS).nullable(),
    water_rating: z.enum(RATINGS).nullable(),
    cost_price: amount,
    selling_price: amount,
    /** The total stock over every branch. */
    quantity: z.number().int(),
    /** The stock at each branch that has had any. */
    inventory: z.array(branchStockRow),
    ...homeBranchStock,
    notes: z.string().nullable(),
    active: z.boolean(),
    ...recordStamps,
  })
  .meta({ id: 'Tire' });
export type Tire = z.infer<typeof tireRow>;

/** The tire list's stat cards: over every tire, or over what the filters match. */
export const tireStatsRow = z
  .object({
    total_products: z.number().int(),
    /** Stock at selling price. */
    total_value: amount,
    /** Tires with 1 to 9 in stock. */
    low_stock: z.number().int(),
    out_of_stock: z.number().int(),
  })
  .meta({ id: 'TireStats' });
export type TireStats = z.infer<typeof tireStatsRow>;

/** What a CSV import did: how many tires it added, and each refused row (numbered as in the file, the header being 1) with why. */
export const tireImportResult = z.object({
  added: z.number().int(),
  refused: z.array(z.object({ row: z.number().int(), errors: z.array(z.string()) })),
});

/**
 * The wizard's size field, applied on every keystroke: the first space typed becomes ' / ' and the
 * second ' R ' ("225 50 16" reads "225 / 50 R 16"); deleting into a separator removes it whole.
 */
export function formatTireSize(value: string): string {
  const [width, ratio, rim, ...rest] = value.replace(/ [/R]$/, '').replace(/ \/ | R /g, ' ').split(' ');
  if (ratio === undefined) return width;
  if (rim === undefined) return `${width} / ${ratio}`;
  return [`${width} / ${ratio} R ${rim}`, ...rest].join(' ');
}
