import { z } from 'zod';
import { id } from './answers.ts';
import { requiredId, wholeNumber } from './common.ts';

const level = (label: string) =>
  z.preprocess((value) => (value === '' ? null : value), wholeNumber(label).nullable().optional()).transform((value) => value ?? null);

/** A product's reorder point and order-up-to level at a branch; both empty clears them. */
export const reorderLevelInput = z
  .object({
    location_id: requiredId('Location is required'),
    reorder_point: level('Reorder point'),
    order_up_to: level('Order up to'),
  })
  .superRefine((input, ctx) => {
    if (input.reorder_point !== null && input.order_up_to === null) {
      ctx.addIssue({ code: 'custom', path: ['order_up_to'], message: 'Order up to is required with a reorder point' });
    } else if (input.reorder_point === null && input.order_up_to !== null) {
      ctx.addIssue({ code: 'custom', path: ['reorder_point'], message: 'Reorder point is required with an order up to level' });
    } else if (input.reorder_point !== null && input.order_up_to !== null && input.order_up_to < input.reorder_point) {
      ctx.addIssue({ code: 'custom', path: ['order_up_to'], message: 'Order up to cannot be less than the reorder point' });
    }
  });
export type ReorderLevelInput = z.output<typeof reorderLevelInput>;

export const reorderLevelRow = z
  .object({ location_id: id, reorder_point: z.number().int().nullable(), order_up_to: z.number().int().nullable() })
  .meta({ id: 'ReorderLevel' });

export const reorderQuery = z.object({ location_id: requiredId('Location is required') });

export const reorderLine = z.object({
  product_id: id,
  product_type: z.string(),
  product_name: z.string(),
  cost_price: z.number(),
  on_hand: z.number().int(),
  on_order: z.number().int(),
  in_transit: z.number().int(),
  reorder_point: z.number().int(),
  order_up_to: z.number().int(),
  /** order_up_to − (on_hand + on_order + in_transit), always above 0. */
  to_order: z.number().int(),
});

export const reorderGroup = z.object({
  /** Null: the products with no supplier, which cannot be ordered. */
  supplier: z.object({ id, name: z.string() }).nullable(),
  items: z.array(reorderLine),
  /** What the lines cost at their products' cost prices. */
  total_cost: z.number(),
});

export const reorderSuggestions = z
  .object({ location: z.object({ id, name: z.string() }), groups: z.array(reorderGroup), products: z.number().int() })
  .meta({ id: 'ReorderSuggestions' });

export const reorderOrderInput = z.object({
  location_id: requiredId('Location is required'),
  supplier_ids: z
    .array(requiredId('Supplier must be a valid choice'), { error: 'Suppliers must be a list' })
    .max(500, 'Choose at most 500 suppliers')
    .optional(),
});

export const reorderOrdersMade = z
  .object({
    orders: z.array(z.object({ id, number: z.string(), supplier: z.object({ id, name: z.string() }), lines: z.number().int(), net_amount: z.number() })),
    /** Products left out because they have no supplier. */
    skipped: z.array(z.object({ product_id: id, product_name: z.string(), to_order: z.number().int(), reason: z.string() })),
  })
  .meta({ id: 'ReorderOrdersMade' });

export const reorderImportResult = z.object({
  updated: z.number().int(),
  refused: z.array(z.object({ row: z.number().int(), errors: z.array(z.string()) })),
});

export type ReorderSuggestions = z.infer<typeof reorderSuggestions>;
export type ReorderGroup = z.infer<typeof reorderGroup>;
export type ReorderLine = z.infer<typeof reorderLine>;
export type ReorderOrdersMade = z.infer<typeof reorderOrdersMade>;
