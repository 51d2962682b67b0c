import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import { api } from './client';

export interface ListParams {
  search?: string;
  page?: number;
  per_page?: number;
}

type Id = number | string;

export function pagedResource<T, Input = unknown>(path: string) {
  const keys = {
    all: [path] as const,
    lists: () => [path, 'list'] as const,
    list: (params: Required<ListParams>) => [path, 'list', params] as const,
    details: () => [path, 'detail'] as const,
    detail: (id: Id) => [path, 'detail', String(id)] as const,
  };

  return {
    keys,
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
    update: (id: Id, input: Input) => api.put<T>(`/${path}/${encodeURIComponent(id)}`, input),
    remove: (id: Id) => api.delete(`/${path}/${encodeURIComponent(id)}`),
  };
}

export type PagedResource<T, Input> = ReturnType<typeof pagedResource<T, Input>>;

export function useResourceMutations<T, Input>(resource: PagedResource<T, Input>) {
  const queryClient = useQueryClient();
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: resource.keys.lists() });

  const create = useMutation({
    mutationFn: (input: Input) => resource.create(input),
    onSuccess: refreshLists,
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: Id; input: Input }) => resource.update(id, input),
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
