import { z } from 'zod';
import { date, id, named, recordStamps, timestamp } from './answers.ts';
import { LIMITS, optionalText, requiredDate, requiredId, wholeNumber } from './common.ts';

export const TRANSFER_STATUSES = ['draft', 'shipped', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** What happens to goods that were shipped but did not arrive. */
export const SHORTFALLS = ['send_back', 'write_off'] as const;
export type Shortfall = (typeof SHORTFALLS)[number];

const transferItemInput = z.object({
  product_id: requiredId('Product is required'),
  quantity: wholeNumber('Quantity', 1),
});

export const transferInput = z
  .object({
    from_location_id: requiredId('From branch is required'),
    to_location_id: requiredId('To branch is required'),
    transfer_date: requiredDate('Date'),
    notes: optionalText('Notes', 2000),
    items: z
      .array(transferItemInput, { error: 'Please add at least one item' })
      .min(1, 'Please add at least one item')
      .max(LIMITS.lines, `A transfer can have at most ${LIMITS.lines} items`)
      .refine((items) => new Set(items.map((item) => item.product_id)).size === items.length, 'A product can be on a transfer only once'),
  })
  .refine((input) => input.from_location_id !== input.to_location_id, { path: ['to_location_id'], message: 'Choose two different branches' })
  .meta({ id: 'TransferInput' });
export type TransferInput = z.input<typeof transferInput>;

const receiveLine = z
  .object({
    id: requiredId('Line is required'),
    received_quantity: wholeNumber('Quantity received'),
    shortfall: z
      .enum(SHORTFALLS, { error: 'What happens to what did not arrive must be send back or write off' })
      .nullish()
      .transform((value) => value ?? null)
      .describe('For a line short: `send_back` puts what did not arrive back on the source branch\'s shelf; `write_off` writes it off (give a reason).'),
    reason: optionalText('Reason', 500),
  })
  .refine((line) => line.shortfall !== 'write_off' || line.reason !== null, { path: ['reason'], message: 'A reason is required to write off' });

export const receiveTransferInput = z
  .object({
    items: z
      .array(receiveLine, { error: 'Items must be a list of lines' })
      .max(LIMITS.lines, `A transfer can have at most ${LIMITS.lines} items`)
      .nullish()
      .transform((value) => value ?? null)
      .describe('What arrived of each line; a line left out (or no `items`) arrived in full.'),
  })
  .meta({ id: 'ReceiveTransferInput' });
export type ReceiveTransferInput = z.input<typeof receiveTransferInput>;

const branch = z.object({ id, name: z.string(), address: z.string().nullable() });

export const transferListRow = z
  .object({
    id,
    number: z.string(),
    transfer_date: date,
    status: z.enum(TRANSFER_STATUSES),
    from_location: named,
    to_location: named,
    line_count: z.number().int(),
    total_quantity: z.number().int(),
    /** Units that arrived; null until received. */
    received_quantity: z.number().int().nullable(),
    notes: z.string().nullable(),
    shipped_at: timestamp.nullable(),
    received_at: timestamp.nullable(),
  })
  .meta({ id: 'TransferListRow' });
export type TransferListRow = z.infer<typeof transferListRow>;

export const transferItemRow = z.object({
  id,
  product_id: id,
  product_name: z.string(),
  product_type: z.string(),
  quantity: z.number().int(),
  /** Null until the transfer is received. */
  received_quantity: z.number().int().nullable(),
  shortfall: z.enum(SHORTFALLS).nullable(),
  shortfall_reason: z.string().nullable(),
  /** Now on the shelf at the source branch. */
  source_stock: z.number().int(),
});

export const transferRow = z
  .object({
    ...transferListRow.shape,
    from_location: branch,
    to_location: branch,
    created_by: named.nullable(),
    shipped_by: named.nullable(),
    received_by: named.nullable(),
    cancelled_by: named.nullable(),
    cancelled_at: timestamp.nullable(),
    items: z.array(transferItemRow),
    ...recordStamps,
  })
  .meta({ id: 'Transfer' });
export type Transfer = z.infer<typeof transferRow>;
