import { taxClassInput, taxClassRow } from './tax.ts';
import { barcodeInput, barcodeRow } from './barcodes.ts';
import { z } from 'zod';
import { optionalMoney, requiredId, requiredText, requiredValue, wholeNumber, optionalId } from './common.ts';
import { amount, id, named, recordStamps } from './answers.ts';
import { branchStockRow, homeBranchStock } from './stock.ts';

export const MIN_WIPER_YEAR = 1900;
/** Wipers are listed for cars up to next year's models. */
export const maxWiperYear = () => new Date().getFullYear() + 1;

const yearMessage = () => `Compatibility year must be between ${MIN_WIPER_YEAR} and ${maxWiperYear()}`;

export const wiperInput = z.object({
  size: wholeNumber('Size', 8, 40),
  type: requiredText('Type', 100),
  frame_material: requiredText('Frame material', 100),
  compatibility_year: requiredValue(
    'Compatibility year is required',
    z.coerce
      .number({ error: yearMessage })
      .int({ error: yearMessage })
      .refine((year) => year >= MIN_WIPER_YEAR && year <= maxWiperYear(), { error: yearMessage }),
  ),
  compatible_cars: requiredText('Compatible cars', 1000),
  made_in_id: requiredId('Made in is required'),
  cost_price: optionalMoney('Cost price'),
  selling_price: optionalMoney('Selling price'),
  ...taxClassInput,
  ...barcodeInput,
  preferred_supplier_id: optionalId('Preferred supplier'),
});
export type WiperInput = z.output<typeof wiperInput>;

export const wiperRow = z
  .object({
    ...taxClassRow,
    ...barcodeRow,
    /** Who reorders of it go to; none: the supplier of its latest purchase order. */
    preferred_supplier_id: id.nullable(),
    preferred_supplier: z.object({ id, name: z.string() }).nullable(),
    id,
    /** Composed from the details. */
    name: z.string(),
    size: z.number().int(),
    type: z.string(),
    frame_material: z.string(),
    compatibility_year: z.number().int(),
    compatible_cars: z.string(),
    made_in_id: id,
    made_in: named,
    cost_price: amount,
    selling_price: amount,
    /** The total stock over every branch. */
    quantity: z.number().int(),
    /** The stock at each branch that has had any. */
    inventory: z.array(branchStockRow),
    ...homeBranchStock,
    ...recordStamps,
  })
  .meta({ id: 'WiperProduct' });
export type Wiper = z.infer<typeof wiperRow>;
