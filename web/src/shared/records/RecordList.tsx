import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '../routes/Link';
import type { Page } from '@schemas/paging';
import { usePermissions } from '../auth/permissions';
import { ErrorBox } from '../ui/ErrorBox';
import { PageHeader } from '../ui/Page';
import { SearchBox } from '../ui/SearchBox';
import type { Column } from '../ui/DataTable';
import type { RecordBase, RecordTexts } from './types';
import { RecordTable, UpdatingHint } from './RecordTable';
import { usePageInRange } from './listHooks';

interface RecordListProps<T extends RecordBase> {
  config: { basePath: string; columns: Column<T>[]; texts: RecordTexts; details?: unknown };
  list: UseQueryResult<Page<T>>;
  search: { text: string; setText: (text: string) => void };
  page: number;
  setPage: (page: number) => void;
  deletion: { ask: (id: number) => void; dialog: ReactNode; error: string | null };
  className?: string;
  /** Shown between the title and the list, e.g. a form that adds a record on this page. */
  before?: ReactNode;
  /** The add link's look: primary, or secondary where the page's own form adds too. */
  addLook?: 'primary' | 'secondary';
  /** More of the toolbar after the search box: a list's own filters. */
  filters?: ReactNode;
  rowClassName?: (record: T) => string | undefined;
  /** Edits the row on this page instead of opening its edit page. */
  onEdit?: (record: T) => void;
  /** Runs before a row's delete is asked for. */
  onDelete?: (record: T) => void;
}

/**
 * A list page: its title with the add link, the search and filters, the table with View, Edit and
 * Delete, paging, and the delete's dialog.
 */
export function RecordList<T extends RecordBase>(props: RecordListProps<T>) {
  const { config, list, search, page, setPage, deletion, className, filters, rowClassName, onEdit, onDelete } = props;
  const { basePath, columns, texts } = config;
  const can = usePermissions();
  usePageInRange(list.data, page, setPage);
  return (
    <section>
      <PageHeader
        title={texts.listTitle}
        actions={
          <Link to={`${basePath}/create`} className={`btn btn-${props.addLook ?? 'primary'}`}>
            {texts.addButton}
          </Link>
        }
      />
      {props.before}
      <div className={className ? `card ${className}` : 'card'}>
        <div className="toolbar">
          <SearchBox value={search.text} onChange={search.setText} placeholder={texts.searchPlaceholder} label={texts.searchLabel} />
          {filters}
          <UpdatingHint list={list} />
        </div>
        {deletion.error && <ErrorBox messages={[deletion.error]} />}
        <RecordTable
          list={list}
          texts={texts}
          onPage={setPage}
          columns={columns}
          rowClassName={rowClassName}
          actions={(record) => (
            <>
              {config.details !== undefined && (
                <Link to={`${basePath}/${record.id}`} className="btn btn-small btn-secondary">
                  View
                </Link>
              )}
              {onEdit ? (
                <button type="button" className="btn btn-small btn-secondary" onClick={() => onEdit(record)}>
                  Edit
                </button>
              ) : (
                <Link to={`${basePath}/${record.id}/edit`} className="btn btn-small btn-secondary">
                  Edit
                </Link>
              )}
              {can.deleteRecords && (
                <button
                  type="button"
                  className="btn btn-small btn-danger-outline"
                  onClick={() => {
                    onDelete?.(record);
                    deletion.ask(record.id);
                  }}
                >
                  Delete
                </button>
              )}
            </>
          )}
        />
      </div>
      {deletion.dialog}
    </section>
  );
}
