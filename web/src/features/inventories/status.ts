import { INVENTORY_CATEGORIES } from '@schemas/inventories';

export const CATEGORY_LABELS: Record<string, string> = { batteries: 'Batteries', oils: 'Oils', parts: 'Parts', accessories: 'Accessories' };
export const categoryOptions = INVENTORY_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
