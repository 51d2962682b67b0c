import { z } from 'zod';
import { optionalMoney, requiredId, requiredText, requiredValue, wholeNumber } from './common.ts';
import type { BranchStock, Named } from './tires.ts';

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
});
export type WiperInput = z.output<typeof wiperInput>;

export interface Wiper {
  id: number;
  name: string;
  size: number;
  type: string;
  frame_material: string;
  compatibility_year: number;
  compatible_cars: string;
  made_in_id: number;
  made_in: Named;
  cost_price: number;
  selling_price: number;
  quantity: number;
  inventory: BranchStock[];
  created_at: string;
  updated_at: string;
}
