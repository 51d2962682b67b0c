import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import type { Shortfall, Transfer, TransferListRow } from '@schemas/transfers';
import { api } from '../../shared/api/client';

export interface TransferFilters {
  location_id: string;
  status: string;
  search: string;
  page: number;
}

export interface TransferBody {
  from_location_id: number;
  to_location_id: number;
  transfer_date: string;
  notes: string;
  items: { product_id: number; quantity: number }[];
}

export interface ReceivedLine {
  id: number;
  received_quantity: number;
  shortfall: Shortfall | null;
  reason: string;
}

export const transferKeys = {
  all: ['transfers'] as const,
  list: (filters: TransferFilters) => [...transferKeys.all, 'list', filters] as const,
  detail: (id: string) => [...transferKeys.all, 'detail', id] as const,
};

export const transferListQuery = (filters: TransferFilters) =>
  queryOptions({
    queryKey: transferKeys.list(filters),
    queryFn: ({ signal }) => api.get<Page<TransferListRow>>('/transfers', { params: { ...filters, per_page: 20 }, raw: true, signal }),
  });

export const transferQuery = (id: string) =>
  queryOptions({
    queryKey: transferKeys.detail(id),
    queryFn: ({ signal }) => api.get<Transfer>(`/transfers/${encodeURIComponent(id)}`, { signal }),
  });

/** Transfers move stock: the lists of goods, the stock tabs and the reports read it afresh. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all(['transfers', 'products', 'stock', 'reports', 'dashboard', 'notifications', 'activity'].map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}

export function useSaveTransfer(id: string | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, version, idempotencyKey }: { body: TransferBody; version?: number; idempotencyKey?: string }) =>
      id
        ? api.put<Transfer>(`/transfers/${encodeURIComponent(id)}`, body, { version })
        : api.post<Transfer>('/transfers', body, { headers: { 'Idempotency-Key': idempotencyKey ?? '' } }),
    onSuccess: refresh,
  });
}

export function useTransferActions(id: string) {
  const refresh = useRefresh();
  const path = `/transfers/${encodeURIComponent(id)}`;
  return {
    ship: () => api.post<Transfer>(`${path}/ship`, undefined).then(async (answer) => (await refresh(), answer)),
    cancel: () => api.post<Transfer>(`${path}/cancel`, undefined).then(async (answer) => (await refresh(), answer)),
    remove: () => api.delete(path).then(async (answer) => (await refresh(), answer)),
    receive: (items: ReceivedLine[]) =>
      api
        .post<Transfer>(`${path}/receive`, { items: items.map((line) => ({ ...line, reason: line.shortfall === 'write_off' ? line.reason : null })) })
        .then(async (answer) => (await refresh(), answer)),
  };
}
