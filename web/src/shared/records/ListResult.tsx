import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import { ErrorBox } from '../ui/ErrorBox';
import { Spinner } from '../ui/Spinner';
import { loadErrorText } from './LoadFailure';
import type { RecordTexts } from './types';

/** A paged list's loading, error and empty states; the rows themselves are the caller's. */
export function ListResult<T>({
  list,
  texts,
  children,
}: {
  list: UseQueryResult<Page<T>>;
  texts: Pick<RecordTexts, 'loading' | 'loadError' | 'empty'>;
  children: (page: Page<T>) => ReactNode;
}) {
  if (list.isPending) return <Spinner label={texts.loading} />;
  if (list.isError) return <ErrorBox messages={[loadErrorText(texts, list.error)]} />;
  if (!list.data.data.length) return <p className="empty">{texts.empty}</p>;
  return <>{children(list.data)}</>;
}

/** Shown beside a list's controls while a new page or search loads over the old one. */
export function UpdatingHint({ list }: { list: UseQueryResult<unknown> }) {
  if (!list.isFetching || list.isPending) return null;
  return (
    <span className="toolbar-hint" aria-hidden="true">
      Updating...
    </span>
  );
}
