import { z } from 'zod';
import { flag, optionalDate, optionalMoney, optionalText, requiredId, requiredText, requiredValue, wholeNumber } from './common.ts';
import type { BranchStock, Named } from './tires.ts';

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
});
export type BatteryInput = z.output<typeof batteryInput>;

export interface Battery {
  id: number;
  name: string;
  battery_name: string;
  battery_brand_id: number;
  battery_brand: Named;
  made_in_id: number;
  made_in: Named;
  location_id: number | null;
  location: Named | null;
  date_received: string | null;
  cost_price: number;
  selling_price: number;
  inventory_quantity: number;
  inventory: BranchStock[];
  notes: string | null;
  battery_shape: (typeof BATTERY_SHAPES)[number];
  product_shape: (typeof BATTERY_SHAPES)[number];
  ampere: number;
  reversed: boolean;
  battery_type: (typeof BATTERY_TYPES)[number];
  created_at: string;
  updated_at: string;
}
