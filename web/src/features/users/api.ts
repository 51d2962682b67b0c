import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Page } from '@schemas/paging';
import type { passwordInput, User, userCreateInput, userUpdateInput } from '@schemas/users';
import { api } from '../../shared/api/client';

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: { search: string; page: number }) => [...userKeys.lists(), params] as const,
  detail: (id: number | string) => [...userKeys.all, 'detail', String(id)] as const,
};

export const userQueries = {
  list: (search: string, page: number) =>
    queryOptions({
      queryKey: userKeys.list({ search: search.trim(), page }),
      queryFn: ({ signal }) => api.get<Page<User>>('/users', { params: { search: search.trim(), page, per_page: 20 }, signal }),
    }),
  detail: (id: number | string) =>
    queryOptions({
      queryKey: userKeys.detail(id),
      queryFn: ({ signal }) => api.get<User>(`/users/${encodeURIComponent(id)}`, { signal }),
    }),
};

export type UserAction = 'disable' | 'enable' | 'unlock';

export function useUserMutations() {
  const queryClient = useQueryClient();
  const saved = (user: User) => {
    queryClient.setQueryData(userKeys.detail(user.id), user);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: ['audit-events'] }),
    ]);
  };

  const create = useMutation({
    mutationFn: (input: z.output<typeof userCreateInput>) => api.post<User>('/users', input),
    onSuccess: saved,
  });
  const update = useMutation({
    mutationFn: ({ id, input, version }: { id: number; input: z.output<typeof userUpdateInput>; version?: number }) =>
      api.put<User>(`/users/${id}`, input, { version }),
    onSuccess: saved,
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: UserAction }) => api.post<User>(`/users/${id}/${action}`),
    onSuccess: saved,
  });
  const resetPassword = useMutation({
    mutationFn: ({ id, input }: { id: number; input: z.output<typeof passwordInput> }) => api.post<User>(`/users/${id}/reset-password`, input),
    onSuccess: saved,
  });
  return { create, update, act, resetPassword };
}
