import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import { api } from './client';

export interface Named {
  id: number;
  name: string;
}

/** Every row of a paged lookup list, page after page. */
async function allRows(path: string, signal: AbortSignal): Promise<Named[]> {
  const rows: Named[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.get<Page<Named>>(`/${path}`, { params: { page, per_page: 100 }, signal });
    rows.push(...answer.data);
    if (answer.current_page >= answer.last_page) return rows;
  }
}

/** A pick list (battery brands, made-ins, locations...), keyed under the list's own path. */
export const lookupQuery = (path: string) =>
  queryOptions({
    queryKey: [path, 'all'] as const,
    queryFn: ({ signal }) => allRows(path, signal),
  });
