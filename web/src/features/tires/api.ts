import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import type { Named, Tire, TireStats } from '@schemas/tires';
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
};

export const tireQueries = {
  ...resource,
  filtered: (filters: TireFilters, page: number) =>
    queryOptions({
      queryKey: tireKeys.filtered(filters, page),
      queryFn: ({ signal }) => api.get<TirePage>('/tires', { params: { ...filters, page, per_page: PAGE_SIZE }, signal }),
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

/** Mutations on many tires at once; each refreshes the lists. */
export function useTireMutations() {
  const queryClient = useQueryClient();
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: tireKeys.lists() });

  return {
    bulkDelete: useMutation({
      mutationFn: (ids: number[]) => api.post<{ deleted: number }>('/tires/bulk-delete', { ids }),
      onSuccess: refreshLists,
    }),
    importCsv: useMutation({
      mutationFn: (csv: string) => api.post<ImportReport>('/tires/import', csv, { contentType: 'text/csv' }),
      onSuccess: refreshLists,
    }),
  };
}
