import type { ReactNode } from 'react';
import type { Tire } from '@schemas/tires';
import { formatMoney } from '../../shared/ui/money';
import { CONSTRUCTION_LABELS, type TireSection } from './form';

/** A tire as the screens describe it: from a saved record, or from the wizard's values before saving. */
export interface TireView {
  brand: string;
  pattern: string;
  supplier: string;
  dot: string;
  made_in: string;
  date_received: string;
  date_of_production: string | null;
  tire_type: string;
  size: string;
  construction_type: string;
  run_flat: boolean;
  fuel_rating: string | null;
  water_rating: string | null;
  cost_price: number | string;
  selling_price: number | string;
  location: string;
  quantity: number | string;
  active: boolean;
  notes: string | null;
  barcode: string | null;
}

export function viewOf(tire: Tire): TireView {
  return {
    ...tire,
    brand: tire.brand.name,
    pattern: tire.pattern?.name ?? '',
    supplier: tire.supplier?.name ?? '',
    tire_type: tire.tire_type.name,
    location: tire.location?.name ?? '',
  };
}

export const tireTitle = (tire: Tire) => [tire.brand.name, tire.pattern?.name, tire.size].filter(Boolean).join(' ');

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Margin percent: (selling - cost) / cost * 100 to 2 decimals, or 0 when cost is 0. */
export function marginPercent(cost: number, selling: number): number {
  if (!cost) return 0;
  return Math.round(((selling - cost) / cost) * 100 * 100) / 100;
}

type Items = { label: string; value: ReactNode }[];

export function tireItems(view: TireView): Record<TireSection, Items> {
  return {
    basic: [
      { label: 'Brand', value: view.brand },
      { label: 'Pattern', value: view.pattern },
      { label: 'Supplier', value: view.supplier },
      { label: 'DOT', value: view.dot },
      { label: 'Origin', value: view.made_in },
      { label: 'Date Received', value: view.date_received },
      { label: 'Date of Production', value: view.date_of_production },
    ],
    specifications: [
      { label: 'Tire Type', value: view.tire_type },
      { label: 'Size', value: view.size },
      { label: 'Construction Type', value: CONSTRUCTION_LABELS[view.construction_type] ?? view.construction_type },
      { label: 'Run Flat', value: yesNo(view.run_flat) },
      { label: 'Fuel Rating', value: view.fuel_rating },
      { label: 'Wet Grip', value: view.water_rating },
    ],
    pricing: [
      { label: 'Cost Price', value: view.cost_price === '' ? '' : formatMoney(view.cost_price) },
      { label: 'Selling Price', value: view.selling_price === '' ? '' : formatMoney(view.selling_price) },
      { label: 'Barcode', value: view.barcode },
      { label: 'Location', value: view.location },
      { label: 'Quantity', value: view.quantity },
      { label: 'Status', value: view.active ? 'Active' : 'Inactive' },
      { label: 'Notes', value: view.notes },
    ],
  };
}
