import { queryOptions } from '@tanstack/react-query';
import type { InventoryInput, InventoryItem } from '@schemas/inventories';
import type { Page } from '@schemas/paging';
import { api } from '../../shared/api/client';
import { pagedResource } from '../../shared/api/resource';

export interface InventoryFilters {
  search: string;
  category: string;
  lowStock: boolean;
  page: number;
}

const resource = pagedResource<InventoryItem, InventoryInput>('inventories');

export const inventoryQueries = {
  ...resource,
  filtered: (filters: InventoryFilters) =>
    queryOptions({
      queryKey: [...resource.keys.lists(), filters] as const,
      queryFn: ({ signal }) =>
        api.get<Page<InventoryItem>>('/inventories', {
          params: { search: filters.search, category: filters.category, lowStock: filters.lowStock ? 1 : undefined, page: filters.page },
          signal,
        }),
    }),
};
