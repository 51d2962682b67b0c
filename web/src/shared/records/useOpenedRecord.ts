import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from '../api/client';

interface SaveState {
  error: Error | null;
  reset: () => void;
}

/**
 * The record as its form opened it. The form edits and saves that version, whatever is fetched since:
 * a save is refused (412) when the record has changed meanwhile, and what was typed stays on screen
 * with the news. `onReload`, offered only then, opens the record as it is now; key the form by
 * `opened.version` so that it starts again from it (`reload` does it whatever the save's state). A form that stays open after saving `keep`s what
 * the save answered, so that its next save is made from that version.
 */
export function useOpenedRecord<T extends { version: number }>(
  live: T,
  detail: { queryKey: QueryKey; queryFn?: unknown },
  save?: SaveState,
) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(live);
  const reload = async () => {
    const latest = await queryClient.fetchQuery({ ...(detail as { queryKey: QueryKey }), staleTime: 0 });
    save?.reset();
    setOpened(latest as T);
  };
  return { opened, keep: setOpened, reload, onReload: isApiError(save?.error, 412) ? () => void reload() : undefined };
}
