import { taxClassInput, taxClassRow } from './tax.ts';
import { barcodeInput, barcodeRow } from './barcodes.ts';
import { z } from 'zod';
import { money, optionalId, optionalMoney, requiredText, requiredValue, wholeNumber } from './common.ts';
import { amount, id, recordStamps } from './answers.ts';
import { branchStockRow, homeBranchStock } from './stock.ts';

export const INVENTORY_CATEGORIES = ['batteries', 'oils', 'parts', 'accessories'] as const;
export const DEFAULT_MIN_STOCK = 10;

export const inventoryCategory = z.enum(INVENTORY_CATEGORIES, 'Category must be batteries, oils, parts or accessories');

export const inventoryInput = z.object({
  name: requiredText('Name'),
  category: requiredValue('Category is required', inventoryCategory),
  current_stock: wholeNumber('Current stock').default(0),
  min_stock: wholeNumber('Min stock').default(DEFAULT_MIN_STOCK),
  unit_price: money('Unit price'),
  cost_price: optionalMoney('Cost price'),
  /** Where current_stock is counted; the first branch when not given. */
  location_id: optionalId('Location'),
  ...taxClassInput,
  ...barcodeInput,
  preferred_supplier_id: optionalId('Preferred supplier'),
});
export type InventoryInput = z.output<typeof inventoryInput>;

export const inventoryItemRow = z
  .object({
    ...taxClassRow,
    ...barcodeRow,
    /** Who reorders of it go to; none: the supplier of its latest purchase order. */
    preferred_supplier_id: id.nullable(),
    preferred_supplier: z.object({ id, name: z.string() }).nullable(),
    id,
    name: z.string(),
    category: z.enum(INVENTORY_CATEGORIES),
    /** The total stock over every branch. */
    current_stock: z.number().int(),
    min_stock: z.number().int(),
    /** The selling price. */
    unit_price: amount,
    cost_price: amount,
    /** Whether current_stock is at or below min_stock. */
    is_low: z.boolean(),
    /** The stock at each branch that has had any. */
    inventory: z.array(branchStockRow),
    ...homeBranchStock,
    ...recordStamps,
  })
  .meta({ id: 'InventoryItem' });
export type InventoryItem = z.infer<typeof inventoryItemRow>;
