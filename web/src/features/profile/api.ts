import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileInput, profilePasswordInput, User, UserSession } from '@schemas/users';
import { api } from '../../shared/api/client';

export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
};

export const profileQueries = {
  me: () => queryOptions({ queryKey: profileKeys.me(), queryFn: ({ signal }) => api.get<User>('/profile', { signal }) }),
  sessions: () =>
    queryOptions({
      queryKey: profileKeys.sessions(),
      queryFn: ({ signal }) => api.get<UserSession[]>('/profile/sessions', { signal }),
      // Sessions begin and end elsewhere: read afresh each time the page opens.
      staleTime: 0,
    }),
};

export function useProfileMutations() {
  const queryClient = useQueryClient();
  const saved = (user: User) => queryClient.setQueryData(profileKeys.me(), user);
  const refreshSessions = () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() });

  const update = useMutation({
    mutationFn: (input: z.output<typeof profileInput>) => api.put<User>('/profile', input),
    onSuccess: saved,
  });
  const changePassword = useMutation({
    mutationFn: (input: z.output<typeof profilePasswordInput>) => api.put<User>('/profile/password', input),
    onSuccess: (user) => {
      saved(user);
      return refreshSessions();
    },
  });
  const signOutSession = useMutation({
    mutationFn: (id: string) => api.delete(`/profile/sessions/${encodeURIComponent(id)}`),
    onSettled: refreshSessions,
  });
  const signOutOthers = useMutation({
    mutationFn: () => api.post<{ signed_out: number }>('/profile/sessions/sign-out-others'),
    onSettled: refreshSessions,
  });
  return { update, changePassword, signOutSession, signOutOthers };
}
