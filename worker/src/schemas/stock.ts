import { z } from 'zod';
import { money, optionalText, requiredId, wholeNumber } from './common.ts';

export const ADJUSTMENT_REASONS = ['count_correction', 'damage', 'return', 'other'] as const;

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

export interface StockMove {
  id: number;
  delta: number;
  reason: string;
  note: string | null;
  location: { id: number; name: string };
  user: { id: number; name: string } | null;
  document_type: string | null;
  document_id: number | null;
  created_at: string;
}
