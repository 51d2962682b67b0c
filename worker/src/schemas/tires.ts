import { z } from 'zod';
import { flag, money, optionalDate, optionalId, optionalText, requiredDate, requiredId, requiredText, wholeNumber } from './common.ts';

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
  }),
};

/** The columns of the tire CSV export, which the import reads back. */
export const TIRE_CSV_COLUMNS = [
  'id', 'brand', 'pattern', 'tire_type', 'size', 'dot', 'made_in', 'date_received', 'date_of_production', 'supplier',
  'location', 'construction_type', 'run_flat', 'fuel_rating', 'water_rating', 'cost_price', 'selling_price', 'quantity',
  'active', 'notes',
];

export const tireInput = tireSteps.basic.extend(tireSteps.specifications.shape).extend(tireSteps.pricing.shape);
export type TireInput = z.input<typeof tireInput>;

export interface Named {
  id: number;
  name: string;
}

export interface BranchStock {
  location_id: number;
  location_name: string;
  quantity: number;
}

export interface Tire {
  id: number;
  name: string;
  product_type_id: 1;
  tire_brand_id: number;
  brand: Named;
  pattern_id: number | null;
  pattern: Named | null;
  supplier_id: number | null;
  supplier: Named | null;
  tire_type_id: number;
  tire_type: Named;
  location_id: number | null;
  location: Named | null;
  size: string;
  dot: string;
  date_of_production: string | null;
  made_in: string;
  date_received: string;
  construction_type: (typeof CONSTRUCTION_TYPES)[number];
  run_flat: boolean;
  fuel_rating: (typeof RATINGS)[number] | null;
  water_rating: (typeof RATINGS)[number] | null;
  cost_price: number;
  selling_price: number;
  quantity: number;
  inventory: BranchStock[];
  notes: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export interface TireStats {
  total_products: number;
  total_value: number;
  low_stock: number;
  out_of_stock: number;
}

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
