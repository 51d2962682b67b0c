import { useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wiper } from '@schemas/wipers';
import { useResourceMutations } from '../../shared/api/resource';
import { useListSearch } from '../../shared/hooks/useListSearch';
import { isApiError } from '../../shared/api/client';
import { useFlash } from '../../shared/ui/Flash';
import { wiperQueries } from './api';
import { INLINE_SAVE_FAILED, wiperConfig } from './config';
import { WiperForm } from './WiperForm';
import { useRecordDeletion } from '../../shared/records/listHooks';
import { RecordList } from '../../shared/records/RecordList';

const { texts } = wiperConfig;

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

  return (
    <RecordList
      config={wiperConfig}
      list={list}
      search={{ text, setText }}
      page={page}
      setPage={setPage}
      deletion={deletion}
      className="wiper-list"
      rowClassName={(wiper) => (wiper.id === editing?.id ? 'row-selected' : undefined)}
      addLook="secondary"
      before={
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
      }
      onEdit={edit}
      onDelete={(wiper) => {
        if (wiper.id === editing?.id) edit(null);
      }}
    />
  );
}
