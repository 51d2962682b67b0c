import { INVENTORY_CATEGORIES, type InventoryItem } from '@schemas/inventories';

export const CATEGORY_LABELS: Record<string, string> = { batteries: 'Batteries', oils: 'Oils', parts: 'Parts', accessories: 'Accessories' };
export const categoryOptions = INVENTORY_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

/** Out of Stock at 0, Low Stock at or below the item's minimum, else In Stock. */
export function stockStatus(item: InventoryItem): { label: string; tone: 'out' | 'low' | 'in' } {
  if (item.current_stock === 0) return { label: 'Out of Stock', tone: 'out' };
  if (item.is_low) return { label: 'Low Stock', tone: 'low' };
  return { label: 'In Stock', tone: 'in' };
}
