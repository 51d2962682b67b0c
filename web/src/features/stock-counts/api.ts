import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import type { StockCount, StockCountLine, StockCountListItem } from '@schemas/stock-counts';
import { api } from '../../shared/api/client';

export interface CountFilters {
  location_id: string;
  status: string;
  page: number;
}

export interface LineFilters {
  search: string;
  show: '' | 'counted' | 'uncounted' | 'variance';
  page: number;
}

export interface StartCountBody {
  location_id: number;
  scope: { kind?: string; tire_brand_id?: number; battery_brand_id?: number };
  notes: string;
}

export interface SheetLine {
  product: StockCountLine['product'];
  counted: number | null;
}

export const countKeys = {
  all: ['stock-counts'] as const,
  list: (filters: CountFilters) => [...countKeys.all, 'list', filters] as const,
  detail: (id: string) => [...countKeys.all, 'detail', id] as const,
  lines: (id: string, filters: LineFilters) => [...countKeys.all, 'lines', id, filters] as const,
  sheet: (id: string) => [...countKeys.all, 'sheet', id] as const,
};

export const countListQuery = (filters: CountFilters) =>
  queryOptions({
    queryKey: countKeys.list(filters),
    queryFn: ({ signal }) => api.get<Page<StockCountListItem>>('/stock-counts', { params: { ...filters, per_page: 20 }, raw: true, signal }),
  });

export const countQuery = (id: string) =>
  queryOptions({
    queryKey: countKeys.detail(id),
    queryFn: ({ signal }) => api.get<StockCount>(`/stock-counts/${encodeURIComponent(id)}`, { signal }),
  });

export const countLinesQuery = (id: string, filters: LineFilters, perPage = 25) =>
  queryOptions({
    queryKey: countKeys.lines(id, filters),
    queryFn: ({ signal }) =>
      api.get<Page<StockCountLine>>(`/stock-counts/${encodeURIComponent(id)}/lines`, { params: { ...filters, per_page: perPage }, raw: true, signal }),
  });

export const countSheetQuery = (id: string) =>
  queryOptions({
    queryKey: countKeys.sheet(id),
    queryFn: ({ signal }) => api.get<SheetLine[]>(`/stock-counts/${encodeURIComponent(id)}/sheet`, { signal }),
  });

/** The lines whose count differs from the shelf, as a CSV file. */
export const downloadVariances = (id: string) => api.download(`/stock-counts/${encodeURIComponent(id)}/export`);

/** Finds the count's lines a typed or scanned text names (a whole barcode, or words of the name). */
export const findLines = (id: string, search: string) =>
  api.get<Page<StockCountLine>>(`/stock-counts/${encodeURIComponent(id)}/lines`, { params: { search, per_page: 10 }, raw: true });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all(['stock-counts', 'products', 'tires', 'batteries', 'wiper-products', 'inventories', 'dashboard'].map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}

export function useStartCount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: StartCountBody; idempotencyKey: string }) =>
      api.post<StockCount>('/stock-counts', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: refresh,
  });
}

export function useCountLine(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (line: { product_id: number; counted: number | null }) =>
      api.put<{ lines: number; counted_lines: number; updated: StockCountLine[] }>(`/stock-counts/${encodeURIComponent(id)}/lines`, { lines: [line] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countKeys.all }),
  });
}

export function usePostCount(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (uncounted: 'zero' | 'skip' | null) => api.post<StockCount>(`/stock-counts/${encodeURIComponent(id)}/post`, { uncounted }),
    onSuccess: refresh,
  });
}

export function useCancelCount(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post<StockCount>(`/stock-counts/${encodeURIComponent(id)}/cancel`),
    onSuccess: refresh,
  });
}
