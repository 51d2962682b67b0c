import { z } from 'zod';
import { money, optionalText, requiredId, wholeNumber } from './common.ts';
import { amount, id, named, timestamp, version } from './answers.ts';

export const ADJUSTMENT_REASONS = ['count_correction', 'damage', 'return', 'other'] as const;

/** Why stock moved: the reasons a move can be recorded with. */
export const STOCK_REASONS = [
  'opening', 'count_correction', 'damage', 'return', 'other', 'transfer_in', 'transfer_out', 'sale', 'purchase', 'cancellation',
  'supplier_return', 'in_transit',
] as const;

export const PRODUCT_KINDS = ['tire', 'battery', 'wiper', 'service', 'item'] as const;

export const REASON_LABELS: Record<string, string> = {
  opening: 'Opening stock',
  count_correction: 'Count correction',
  damage: 'Damage',
  return: 'Return',
  other: 'Other',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
  sale: 'Sale',
  purchase: 'Purchase received',
  cancellation: 'Cancellation',
  supplier_return: 'Returned to supplier',
  in_transit: 'In transit',
};

export const stockAdjustmentInput = z
  .object({
    location_id: requiredId('Location is required'),
    delta: wholeNumber('Change', -1_000_000).refine((value) => value !== 0, 'Change must not be zero'),
    reason: z.enum(ADJUSTMENT_REASONS, { error: 'Reason is required' }),
    note: optionalText('Note', 500),
  })
  .refine((input) => input.reason !== 'other' || input.note, { path: ['note'], message: 'Note is required when the reason is Other' });
export type StockAdjustmentInput = z.input<typeof stockAdjustmentInput>;

export const stockTransferInput = z
  .object({
    from_location_id: requiredId('From location is required'),
    to_location_id: requiredId('To location is required'),
    quantity: wholeNumber('Quantity', 1),
    note: optionalText('Note', 500),
  })
  .refine((input) => input.from_location_id !== input.to_location_id, {
    path: ['to_location_id'],
    message: 'Choose two different branches',
  });
export type StockTransferInput = z.input<typeof stockTransferInput>;

export const priceInput = z
  .object({ cost_price: money('Cost price').optional(), selling_price: money('Selling price').optional() })
  .refine((input) => input.cost_price !== undefined || input.selling_price !== undefined, {
    path: ['selling_price'],
    message: 'Selling price is required',
  });
export type PriceInput = z.input<typeof priceInput>;

/** A product's stock at one branch. */
export const branchStockRow = z
  .object({
    location_id: id,
    location_name: z.string(),
    quantity: z.number().int().min(0),
    /** On its way to this branch on a shipped transfer: not on the shelf, not sellable until received. */
    in_transit: z.number().int().min(0),
  })
  .meta({ id: 'BranchStock' });
export type BranchStock = z.infer<typeof branchStockRow>;

/** A product at a branch, on a product's stock tab. */
export const branchStockLevelRow = branchStockRow
  .extend({
    /** On its way to the branch: not on the shelf, not sellable. */
    in_transit: z.number().int().min(0),
    /** At or below it the product is low at the branch; null: the product's own low-stock level rules. */
    reorder_point: z.number().int().nullable(),
    order_up_to: z.number().int().nullable(),
  })
  .meta({ id: 'BranchStockLevel' });
export type BranchStockLevel = z.infer<typeof branchStockLevelRow>;

/** A product's stock at a branch after an adjustment there. */
export const stockAdjustmentRow = z.object({ location_id: id, quantity: z.number().int().min(0) });

export const stockMoveRow = z
  .object({
    id,
    delta: z.number().int(),
    reason: z.enum(STOCK_REASONS),
    note: z.string().nullable(),
    location: named,
    user: named.nullable(),
    /** The document that moved the stock ('Invoice', 'Sale', 'Purchase'), or null for a move made by hand. */
    document_type: z.string().nullable(),
    document_id: id.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'StockMove' });
export type StockMove = z.infer<typeof stockMoveRow>;

export const productPriceRow = z.object({ id, cost_price: amount, selling_price: amount, version });

/** On the lists of goods: the stock at the signed-in user's home branch, what they can promise, beside the chain's total. */
export const homeBranchStock = {
  branch_stock: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe("Lists only: the stock at the signed-in user's home branch (0 when it has none there); null when the user has no home branch"),
};

/** A product as the item pickers of documents list it; `stock` is null for a service. */
export const productChoiceRow = z
  .object({
    id,
    type: z.enum(PRODUCT_KINDS),
    name: z.string(),
    selling_price: amount,
    cost_price: amount,
    stock: z.number().int().nullable(),
    branch_stock: z
      .number()
      .int()
      .nullable()
      .describe("The stock at `location_id` when given, else at the signed-in user's home branch; null for a service or when there is no branch"),
    total_stock: z.number().int().nullable().describe('The stock over every branch; null for a service'),
  })
  .meta({ id: 'ProductChoice' });
export type ProductChoice = z.infer<typeof productChoiceRow>;

/** The bell: goods out of stock or running low (below 10; shop supplies at or below their minimum). */
export const stockAlerts = z
  .object({
    items: z.array(
      z.object({
        id,
        type: z.enum(['tire', 'battery', 'wiper', 'item']),
        name: z.string(),
        /** The total stock over every branch. */
        quantity: z.number().int().min(0),
        state: z.enum(['out', 'low']),
      }),
    ),
    /** Every alert, of which `items` shows the first few. */
    total: z.number().int(),
  })
  .meta({ id: 'StockAlerts' });
export type StockAlerts = z.infer<typeof stockAlerts>;
