import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DayClose, DayCloseListItem, DayClosePreview, OverShortRow } from '@schemas/day-closes';
import type { Page } from '@schemas/paging';
import { api } from '../../shared/api/client';

export interface DayCloseFilters {
  location_id: string;
  date_from: string;
  date_to: string;
  over_short: boolean;
  page: number;
}

export interface DayCloseBody {
  location_id: number;
  date: string;
  counted: Record<string, number>;
  cash_by_denomination: Record<string, number> | null;
  deposit: number;
  notes: string;
}

export const dayCloseKeys = {
  all: ['day-closes'] as const,
  list: (filters: DayCloseFilters) => [...dayCloseKeys.all, 'list', filters] as const,
  preview: (locationId: string, date: string) => [...dayCloseKeys.all, 'preview', locationId, date] as const,
  detail: (id: string) => [...dayCloseKeys.all, 'detail', id] as const,
  overShort: (filters: OverShortFilters) => [...dayCloseKeys.all, 'over-short', filters] as const,
};

export const dayCloseListQuery = (filters: DayCloseFilters) =>
  queryOptions({
    queryKey: dayCloseKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<Page<DayCloseListItem>>('/day-closes', {
        params: { ...filters, over_short: filters.over_short ? 1 : '', per_page: 20 },
        raw: true,
        signal,
      }),
  });

export const dayClosePreviewQuery = (locationId: string, date: string) =>
  queryOptions({
    queryKey: dayCloseKeys.preview(locationId, date),
    // The day's receipts keep coming until it is closed: read them afresh each time.
    staleTime: 0,
    queryFn: ({ signal }) => api.get<DayClosePreview>('/day-closes/preview', { params: { location_id: locationId, date }, signal }),
  });

export const dayCloseQuery = (id: string) =>
  queryOptions({
    queryKey: dayCloseKeys.detail(id),
    queryFn: ({ signal }) => api.get<DayClose>(`/day-closes/${encodeURIComponent(id)}`, { signal }),
  });

export interface OverShortFilters {
  location_id: string;
  date_from: string;
  date_to: string;
}

export const overShortQuery = (filters: OverShortFilters) =>
  queryOptions({
    queryKey: dayCloseKeys.overShort(filters),
    queryFn: ({ signal }) => api.get<OverShortRow[]>('/day-closes/over-short', { params: { ...filters }, signal }),
  });

export const downloadOverShort = (filters: OverShortFilters) => api.download('/day-closes/over-short/export', { ...filters });

function useRefreshCloses() {
  const queryClient = useQueryClient();
  return () => Promise.all(['day-closes', 'dashboard', 'receipts'].map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}

export function useCloseDay() {
  const refresh = useRefreshCloses();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: DayCloseBody; idempotencyKey: string }) =>
      api.post<DayClose>('/day-closes', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: refresh,
  });
}

export function useReopenDayClose(id: string) {
  const refresh = useRefreshCloses();
  return useMutation({
    mutationFn: (reason: string) => api.post<DayClose>(`/day-closes/${encodeURIComponent(id)}/reopen`, { reason }),
    onSuccess: refresh,
  });
}
