import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import { api } from './client';

export interface ListParams {
  search?: string;
  page?: number;
  per_page?: number;
}

type Id = number | string;

/** `refreshes`: other resources whose rows show this one's (a tag's pattern count), refreshed after each change. */
export function pagedResource<T, Input = unknown>(path: string, { refreshes = [] }: { refreshes?: string[] } = {}) {
  const keys = {
    all: [path] as const,
    lists: () => [path, 'list'] as const,
    list: (params: Required<ListParams>) => [path, 'list', params] as const,
    details: () => [path, 'detail'] as const,
    detail: (id: Id) => [path, 'detail', String(id)] as const,
  };

  return {
    keys,
    refreshes,
    list: (params: ListParams = {}) => {
      const normalized = {
        search: params.search?.trim() ?? '',
        page: params.page ?? 1,
        per_page: params.per_page ?? 20,
      };
      return queryOptions({
        queryKey: keys.list(normalized),
        queryFn: ({ signal }) => api.get<Page<T>>(`/${path}`, { params: normalized, signal }),
      });
    },
    detail: (id: Id) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => api.get<T>(`/${path}/${encodeURIComponent(id)}`, { signal }),
      }),
    create: (input: Input) => api.post<T>(`/${path}`, input),
    update: (id: Id, input: Input, version?: number) => api.put<T>(`/${path}/${encodeURIComponent(id)}`, input, { version }),
    remove: (id: Id) => api.delete(`/${path}/${encodeURIComponent(id)}`),
  };
}

export type PagedResource<T, Input> = ReturnType<typeof pagedResource<T, Input>>;

export function useResourceMutations<T, Input>(resource: PagedResource<T, Input>) {
  const queryClient = useQueryClient();
  /** Every list read from this resource (pages, pick lists), and whatever shows it elsewhere. */
  const refreshLists = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resource.keys.all, predicate: ({ queryKey }) => queryKey[1] !== 'detail' }),
      ...resource.refreshes.map((path) => queryClient.invalidateQueries({ queryKey: [path] })),
    ]);

  const create = useMutation({
    mutationFn: (input: Input) => resource.create(input),
    onSuccess: refreshLists,
  });
  const update = useMutation({
    /** `version`: the record's version the form was opened with. */
    mutationFn: ({ id, input, version }: { id: Id; input: Input; version?: number }) => resource.update(id, input, version),
    onSuccess: (record, { id }) => {
      queryClient.setQueryData(resource.keys.detail(id), record);
      return refreshLists();
    },
  });
  const remove = useMutation({
    mutationFn: (id: Id) => resource.remove(id),
    onSuccess: (_, id) => {
      void queryClient.invalidateQueries({ queryKey: resource.keys.detail(id), refetchType: 'none' });
      return refreshLists();
    },
  });
  return { create, update, remove };
}
