import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import { api } from './client';

export type ProductType = 'tire' | 'battery' | 'wiper' | 'service' | 'item';

/** A product in pickers and search: GET /api/products. */
export interface ProductEntry {
  id: number;
  type: ProductType;
  name: string;
  selling_price: number;
  cost_price: number;
  stock: number | null;
}

export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  tire: 'Tire',
  battery: 'Battery',
  wiper: 'Wiper',
  service: 'Service',
  item: 'Shop supply',
};

/** Where a product of each kind is shown. */
export function productPath(type: ProductType, id: number): string {
  switch (type) {
    case 'tire':
      return `/tires/${id}`;
    case 'battery':
      return `/batteries/${id}`;
    case 'wiper':
      return `/wiper-products/${id}`;
    case 'service':
      return `/services/${id}/edit`;
    case 'item':
      return `/inventories/${id}/edit`;
  }
}

/** A new purchase order with this product waiting in its item entry row ("Order more"). */
export function orderMorePath(type: ProductType, id: number): string {
  return `/purchases/create?${new URLSearchParams({ product_id: String(id), product_type: type })}`;
}

export interface StockAlert {
  id: number;
  type: ProductType;
  name: string;
  quantity: number;
  state: 'out' | 'low';
}

/** Products out of stock or running low, most urgent first (the bell in the top bar). */
export const stockAlerts = queryOptions({
  queryKey: ['notifications'],
  queryFn: ({ signal }) => api.get<{ items: StockAlert[]; total: number }>('/notifications', { signal }),
  refetchInterval: 5 * 60_000,
});

/** Products of one type (or of every type: '') for the item entry of a document and other product pickers, with the stock at the document's branch. */
export const productPickerQuery = (type: ProductType | '', search: string, locationId: string) =>
  queryOptions({
    queryKey: ['products', 'picker', type, search, locationId] as const,
    queryFn: ({ signal }) =>
      api.get<Page<ProductEntry>>('/products', { params: { type, search, location_id: locationId, per_page: 20 }, signal }),
  });
