import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { Pagination } from '../../shared/ui/Pagination';
import { Spinner } from '../../shared/ui/Spinner';

interface DocumentListProps<T> {
  list: UseQueryResult<Page<T>>;
  caption: string;
  /** '…{message}' is replaced by the failure's message. */
  loadError: string;
  empty: string;
  columns: Column<T>[];
  rowLabel: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  actions: (row: T) => ReactNode;
  onPage: (page: number) => void;
}

/** A page of documents with its loading, error and empty states; a failed load shows no rows. */
export function DocumentList<T extends { id: number }>({ list, caption, loadError, empty, onPage, ...table }: DocumentListProps<T>) {
  if (list.isPending) return <Spinner label="Loading…" />;
  if (list.isError) return <ErrorBox messages={[loadError.replace('{message}', list.error.message)]} />;
  const page = list.data;
  if (!page.data.length) return <p className="empty">{empty}</p>;
  return (
    <>
      <DataTable caption={caption} rows={page.data} rowKey={(row) => row.id} {...table} />
      <Pagination page={page.current_page} lastPage={page.last_page} onChange={onPage} />
    </>
  );
}
