import { taxClassInput, taxClassRow } from './tax.ts';
import { barcodeInput, barcodeRow } from './barcodes.ts';
import { z } from 'zod';
import { flag, optionalDate, optionalMoney, optionalText, requiredId, requiredText, requiredValue, wholeNumber, optionalId } from './common.ts';
import { amount, date, id, named, recordStamps } from './answers.ts';
import { branchStockRow, homeBranchStock } from './stock.ts';

export const BATTERY_SHAPES = ['thin', 'thick'] as const;
export const BATTERY_TYPES = ['gel', 'acid', 'lithium'] as const;

export const batteryInput = z.object({
  battery_name: requiredText('Battery name'),
  battery_brand_id: requiredId('Battery brand is required'),
  made_in_id: requiredId('Made in is required'),
  battery_shape: requiredValue('Shape is required', z.enum(BATTERY_SHAPES, 'Shape must be thin or thick')),
  ampere: wholeNumber('Ampere', 1, 10_000),
  reversed: requiredValue('Reversed is required', flag('Reversed')),
  battery_type: requiredValue('Battery type is required', z.enum(BATTERY_TYPES, 'Battery type must be gel, acid or lithium')),
  location_id: requiredId('Location is required'),
  inventory_quantity: wholeNumber('Quantity'),
  date_received: optionalDate('Date received'),
  cost_price: optionalMoney('Cost price'),
  selling_price: optionalMoney('Selling price'),
  notes: optionalText('Notes', 2000),
  ...taxClassInput,
  ...barcodeInput,
  preferred_supplier_id: optionalId('Preferred supplier'),
});
export type BatteryInput = z.output<typeof batteryInput>;

export const batteryRow = z
  .object({
    ...taxClassRow,
    ...barcodeRow,
    /** Who reorders of it go to; none: the supplier of its latest purchase order. */
    preferred_supplier_id: id.nullable(),
    preferred_supplier: z.object({ id, name: z.string() }).nullable(),
    id,
    name: z.string(),
    battery_name: z.string(),
    battery_brand_id: id,
    battery_brand: named,
    made_in_id: id,
    made_in: named,
    location_id: id.nullable(),
    location: named.nullable(),
    date_received: date.nullable(),
    cost_price: amount,
    selling_price: amount,
    /** The total stock over every branch. */
    inventory_quantity: z.number().int(),
    /** The stock at each branch that has had any. */
    inventory: z.array(branchStockRow),
    ...homeBranchStock,
    notes: z.string().nullable(),
    battery_shape: z.enum(BATTERY_SHAPES),
    /** The same as battery_shape. */
    product_shape: z.enum(BATTERY_SHAPES),
    ampere: z.number().int(),
    reversed: z.boolean(),
    battery_type: z.enum(BATTERY_TYPES),
    ...recordStamps,
  })
  .meta({ id: 'Battery' });
export type Battery = z.infer<typeof batteryRow>;
