import { z } from 'zod';
import { money, optionalId, optionalMoney, requiredText, requiredValue, wholeNumber } from './common.ts';
import type { BranchStock } from './tires.ts';

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
});
export type InventoryInput = z.output<typeof inventoryInput>;

export interface InventoryItem {
  id: number;
  name: string;
  category: (typeof INVENTORY_CATEGORIES)[number];
  current_stock: number;
  min_stock: number;
  unit_price: number;
  cost_price: number;
  is_low: boolean;
  inventory: BranchStock[];
  created_at: string;
  updated_at: string;
}
