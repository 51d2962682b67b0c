import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import { DataTable, type Column } from '../ui/DataTable';
import { ErrorBox } from '../ui/ErrorBox';
import { Pagination } from '../ui/Pagination';
import { Spinner } from '../ui/Spinner';
import { loadErrorText } from './LoadFailure';
import type { RecordTexts } from './types';

/** A paged list of records: its loading, error and empty states, the table, and the pages. */
export function RecordTable<T extends { id: number; name: string }>({
  list,
  texts,
  onPage,
  ...table
}: {
  list: UseQueryResult<Page<T>>;
  texts: Pick<RecordTexts, 'listTitle' | 'loading' | 'loadError' | 'empty'>;
  onPage: (page: number) => void;
  columns: Column<T>[];
  actions: (row: T) => ReactNode;
  rowClassName?: (row: T) => string | undefined;
}) {
  if (list.isPending) return <Spinner label={texts.loading} />;
  if (list.isError) return <ErrorBox messages={[loadErrorText(texts, list.error)]} />;
  const page = list.data;
  if (!page.data.length) return <p className="empty">{texts.empty}</p>;
  return (
    <>
      <DataTable caption={texts.listTitle} rows={page.data} rowKey={(row) => row.id} rowLabel={(row) => row.name} {...table} />
      <Pagination page={page.current_page} lastPage={page.last_page} onChange={onPage} />
    </>
  );
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
