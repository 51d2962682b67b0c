import { queryOptions } from '@tanstack/react-query';
import type { Settings } from '@schemas/documents';
import { api } from './client';

export const settingsKeys = { all: ['settings'] as const };

/** The shop profile (GET /api/settings): name and address on prints, tax rate, payment terms, number prefixes. */
export const settingsQuery = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: ({ signal }) => api.get<Settings>('/settings', { signal }),
  staleTime: 5 * 60_000,
});
