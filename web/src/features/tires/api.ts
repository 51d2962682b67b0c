import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import type { PriceInput, StockAdjustmentInput, StockMove, StockTransferInput } from '@schemas/stock';
import type { BranchStock, Named, Tire, TireStats } from '@schemas/tires';
import { api } from '../../shared/api/client';
import { lookupQuery } from '../../shared/api/lookups';
import { pagedResource } from '../../shared/api/resource';
import type { TireBody } from './form';
import type { TireFilters } from './filters';

export const PAGE_SIZE = 12;

export interface TirePage extends Page<Tire> {
  stats: TireStats;
}

export interface ImportReport {
  added: number;
  refused: { row: number; errors: string[] }[];
}

const resource = pagedResource<Tire, TireBody>('tires');
export const tireKeys = {
  ...resource.keys,
  filtered: (filters: TireFilters, page: number) => [...resource.keys.lists(), { ...filters, page }] as const,
  stock: (id: number | string) => [...resource.keys.detail(id), 'stock'] as const,
  moves: (id: number | string, page: number) => [...resource.keys.detail(id), 'moves', page] as const,
};

export const tireQueries = {
  ...resource,
  filtered: (filters: TireFilters, page: number) =>
    queryOptions({
      queryKey: tireKeys.filtered(filters, page),
      queryFn: ({ signal }) => api.get<TirePage>('/tires', { params: { ...filters, page, per_page: PAGE_SIZE }, signal }),
      placeholderData: keepPreviousData,
    }),
  stock: (id: number | string) =>
    queryOptions({
      queryKey: tireKeys.stock(id),
      queryFn: ({ signal }) => api.get<BranchStock[]>(`/products/${id}/stock`, { signal }),
    }),
  moves: (id: number | string, page: number) =>
    queryOptions({
      queryKey: tireKeys.moves(id, page),
      queryFn: ({ signal }) => api.get<Page<StockMove>>(`/products/${id}/stock-moves`, { params: { page, per_page: 20 }, signal }),
      placeholderData: keepPreviousData,
    }),
};

/** The pick lists the tire screens read. */
export const lookupQueries = {
  tireBrands: lookupQuery('tire-brands'),
  tireTypes: lookupQuery('tire-types'),
  suppliers: lookupQuery('suppliers'),
  locations: lookupQuery('locations'),
  madeIns: lookupQuery('made-ins'),
  patternsByBrand: (brandId: string) =>
    queryOptions({
      queryKey: ['patterns', 'by-brand', brandId] as const,
      queryFn: ({ signal }) => api.get<Named[]>(`/patterns/by-brand/${encodeURIComponent(brandId)}`, { signal }),
      enabled: brandId !== '',
    }),
};

export const exportTires = (filters: TireFilters) => api.download('/tires/export', filters);

/** Mutations that change a tire's stock, price or existence; each refreshes what it touched. */
export function useTireMutations() {
  const queryClient = useQueryClient();
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: tireKeys.lists() });
  const refreshTire = (id: number | string) =>
    Promise.all([queryClient.invalidateQueries({ queryKey: tireKeys.detail(id) }), refreshLists()]);

  return {
    bulkDelete: useMutation({
      mutationFn: (ids: number[]) => api.post<{ deleted: number }>('/tires/bulk-delete', { ids }),
      onSuccess: refreshLists,
    }),
    importCsv: useMutation({
      mutationFn: (csv: string) => api.post<ImportReport>('/tires/import', csv, { contentType: 'text/csv' }),
      onSuccess: refreshLists,
    }),
    adjust: useMutation({
      mutationFn: ({ id, input }: { id: number; input: StockAdjustmentInput }) => api.post(`/products/${id}/stock-adjustments`, input),
      onSuccess: (_, { id }) => refreshTire(id),
    }),
    transfer: useMutation({
      mutationFn: ({ id, input }: { id: number; input: StockTransferInput }) => api.post(`/products/${id}/stock-transfers`, input),
      onSuccess: (_, { id }) => refreshTire(id),
    }),
    price: useMutation({
      mutationFn: ({ id, input }: { id: number; input: PriceInput }) => api.patch(`/products/${id}/price`, input),
      onSuccess: (_, { id }) => refreshTire(id),
    }),
  };
}
