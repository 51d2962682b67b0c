import { createContext, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from '../api/client';
import { dropPageDraft, keptVersion } from '../forms/drafts';

interface SaveState {
  error: Error | null;
  reset: () => void;
}

/**
 * A change the page itself made beside an open form (the stock panel under an item's form): the form
 * takes the record's new version, and keeps what was typed.
 */
export const RecordChangedHere = createContext<(() => void) | null>(null);

/**
 * The record as its form opened it. The form edits and saves that version, whatever is fetched since:
 * a save is refused (412) when the record has changed meanwhile, and what was typed stays on screen
 * with the news. `onReload`, offered only then, opens the record as it is now, and `formKey` changes
 * so that the form starts again from it (`reload` does it whatever the save's state). `adopt` takes
 * the record as it is now without starting the form again (after a change made on this page), and
 * `keep` a record a save answered, for a form that stays open after saving. A form restored from a
 * draft kept in the browser (drafts.ts) edits the version that draft was opened with; reloading drops
 * the draft.
 */
export function useOpenedRecord<T extends { version: number }>(
  live: T,
  detail: { queryKey: QueryKey; queryFn?: unknown },
  save?: SaveState,
) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(() => {
    const version = keptVersion();
    return { record: version === undefined ? live : { ...live, version }, formKey: 0 };
  });
  const latest = async () => (await queryClient.fetchQuery({ ...(detail as { queryKey: QueryKey }), staleTime: 0 })) as T;
  const reload = async () => {
    const record = await latest();
    dropPageDraft();
    save?.reset();
    setOpened(({ formKey }) => ({ record, formKey: formKey + 1 }));
  };
  const adopt = async () => {
    const record = await latest();
    setOpened(({ formKey }) => ({ record, formKey }));
  };
  return {
    opened: opened.record,
    formKey: opened.formKey,
    keep: (record: T) => setOpened(({ formKey }) => ({ record, formKey })),
    reload,
    adopt: () => void adopt(),
    onReload: isApiError(save?.error, 412) ? () => void reload() : undefined,
  };
}
