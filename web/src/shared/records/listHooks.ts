import { useEffect } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import { useFlash } from '../ui/Flash';
import { useConfirmedDelete } from '../ui/useConfirmedDelete';
import type { RecordTexts } from './types';

/** After deletes empty the last page, moves back to the page that is now last. */
export function usePageInRange(page: Page<unknown> | undefined, current: number, setPage: (page: number) => void) {
  const lastPage = page?.last_page ?? 1;
  useEffect(() => {
    if (page && page.total > 0 && current > lastPage) setPage(lastPage);
  }, [page, current, lastPage, setPage]);
}

/** Delete from a list: asks first in the record's words, then flashes the result. */
export function useRecordDeletion<Id>(
  remove: UseMutationResult<unknown, Error, Id>,
  texts: Pick<RecordTexts, 'deleteTitle' | 'deleteConfirm' | 'deleteFailed' | 'deleted'>,
) {
  const flash = useFlash();
  return useConfirmedDelete({
    remove,
    title: texts.deleteTitle,
    confirmMessage: texts.deleteConfirm,
    failureMessage: texts.deleteFailed,
    onDeleted: () => flash(texts.deleted),
  });
}
