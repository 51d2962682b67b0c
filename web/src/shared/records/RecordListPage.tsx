import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useResourceMutations } from '../api/resource';
import { usePermissions } from '../auth/permissions';
import { useListSearch } from '../hooks/useListSearch';
import { ErrorBox } from '../ui/ErrorBox';
import { PageHeader } from '../ui/Page';
import { SearchBox } from '../ui/SearchBox';
import type { RecordBase, RecordConfig } from './types';
import { RecordTable, UpdatingHint } from './RecordTable';
import { usePageInRange, useRecordDeletion } from './listHooks';

export function RecordListPage<T extends RecordBase, S extends z.ZodType>({ config }: { config: RecordConfig<T, S> }) {
  const { basePath, resource, columns, texts } = config;
  const { text, setText, search, page, setPage } = useListSearch();
  const list = useQuery({ ...resource.list({ search, page }), placeholderData: keepPreviousData });
  const { remove } = useResourceMutations(resource);
  const deletion = useRecordDeletion(remove, texts);
  const can = usePermissions();

  usePageInRange(list.data, page, setPage);

  return (
    <section>
      <PageHeader
        title={texts.listTitle}
        actions={
          <Link to={`${basePath}/create`} className="btn btn-primary">
            {texts.addButton}
          </Link>
        }
      />
      <div className="card">
        <div className="toolbar">
          <SearchBox value={text} onChange={setText} placeholder={texts.searchPlaceholder} label={texts.searchLabel} />
          <UpdatingHint list={list} />
        </div>
        {deletion.error && <ErrorBox messages={[deletion.error]} />}
        <RecordTable
          list={list}
          texts={texts}
          onPage={setPage}
          columns={columns}
          actions={(record) => (
            <>
              {config.details && (
                <Link to={`${basePath}/${record.id}`} className="btn btn-small btn-secondary">
                  View
                </Link>
              )}
              <Link to={`${basePath}/${record.id}/edit`} className="btn btn-small btn-secondary">
                Edit
              </Link>
              {can.deleteRecords && (
                <button type="button" className="btn btn-small btn-danger-outline" onClick={() => deletion.ask(record.id)}>
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
