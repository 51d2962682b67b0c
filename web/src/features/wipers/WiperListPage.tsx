import { useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Wiper } from '@schemas/wipers';
import { useResourceMutations } from '../../shared/api/resource';
import { usePermissions } from '../../shared/auth/permissions';
import { useListSearch } from '../../shared/hooks/useListSearch';
import { isApiError } from '../../shared/api/client';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { SearchBox } from '../../shared/ui/SearchBox';
import { wiperQueries } from './api';
import { INLINE_SAVE_FAILED, wiperConfig } from './config';
import { WiperForm } from './WiperForm';
import { RecordTable, UpdatingHint } from '../../shared/records/RecordTable';
import { usePageInRange, useRecordDeletion } from '../../shared/records/listHooks';

const { basePath, columns, texts } = wiperConfig;

/** /wiper-products: the list, with a form above it that adds a wiper or edits the row chosen. */
export function WiperListPage() {
  const { text, setText, search, page, setPage } = useListSearch();
  const list = useQuery({ ...wiperQueries.list({ search, page }), placeholderData: keepPreviousData });
  const { create, update, remove } = useResourceMutations(wiperQueries);
  const flash = useFlash();
  const [editing, setEditing] = useState<Wiper | null>(null);
  const [saved, setSaved] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);
  const save = editing ? update : create;

  const edit = (wiper: Wiper | null) => {
    create.reset();
    update.reset();
    setEditing(wiper);
    if (wiper) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const done = (message: string) => {
    flash(message);
    edit(null);
    setSaved((count) => count + 1);
  };
  const queryClient = useQueryClient();
  /** The row changed since Edit was pressed (412): edit it as it is now. */
  const reloadEditing = async () => {
    if (!editing) return;
    const latest = await queryClient.fetchQuery({ ...wiperQueries.detail(editing.id), staleTime: 0 });
    update.reset();
    setEditing(latest);
    setSaved((count) => count + 1);
  };
  const deletion = useRecordDeletion(remove, texts);
  const can = usePermissions();

  usePageInRange(list.data, page, setPage);

  return (
    <section>
      <PageHeader
        title={texts.listTitle}
        actions={
          <Link to={`${basePath}/create`} className="btn btn-secondary">
            {texts.addButton}
          </Link>
        }
      />
      <div ref={formRef} className="inline-form">
        <WiperForm
          key={`${editing?.id ?? 'new'}-${saved}`}
          record={editing ?? undefined}
          title={editing ? `Edit ${editing.name}` : 'Quick Add'}
          submitLabel={editing ? 'Update Wiper' : 'Add Wiper'}
          onCancel={editing ? () => edit(null) : undefined}
          pending={save.isPending}
          error={save.error}
          failureMessage={INLINE_SAVE_FAILED}
          onReload={editing && isApiError(update.error, 412) ? () => void reloadEditing() : undefined}
          onSubmit={(input) =>
            editing
              ? update.mutate({ id: editing.id, input, version: editing.version }, { onSuccess: () => done(texts.updated) })
              : create.mutate(input, { onSuccess: () => done(texts.added) })
          }
        />
      </div>
      <div className="card wiper-list">
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
          rowClassName={(wiper) => (wiper.id === editing?.id ? 'row-selected' : undefined)}
          actions={(wiper) => (
            <>
              <button type="button" className="btn btn-small btn-secondary" onClick={() => edit(wiper)}>
                Edit
              </button>
              {can.deleteRecords && (
                <button
                  type="button"
                  className="btn btn-small btn-danger-outline"
                  onClick={() => {
                    if (wiper.id === editing?.id) edit(null);
                    deletion.ask(wiper.id);
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
