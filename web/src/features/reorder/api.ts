import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderOrdersMade, ReorderSuggestions } from '@schemas/reorder';
import { api } from '../../shared/api/client';
import { stockAlerts } from '../../shared/api/products';

export const reorderKeys = {
  all: ['reorder-suggestions'] as const,
  branch: (locationId: string) => [...reorderKeys.all, locationId] as const,
};

export const reorderQuery = (locationId: string) =>
  queryOptions({
    queryKey: reorderKeys.branch(locationId),
    queryFn: ({ signal }) => api.get<ReorderSuggestions>('/reorder-suggestions', { params: { location_id: locationId }, signal }),
    enabled: Boolean(locationId),
  });

export function useOrderSuggestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locationId, idempotencyKey }: { locationId: number; idempotencyKey: string }) =>
      api.post<ReorderOrdersMade>('/reorder-suggestions/purchase-orders', { location_id: locationId }, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () =>
      Promise.all([reorderKeys.all, ['/purchases'], stockAlerts.queryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
