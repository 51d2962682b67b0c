import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings, SettingsInput } from '@schemas/documents';
import { api } from '../../shared/api/client';
import { settingsKeys } from '../../shared/api/settings';

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, version }: { input: SettingsInput; version: number }) => api.put<Settings>('/settings', input, { version }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.all, settings),
  });
}
