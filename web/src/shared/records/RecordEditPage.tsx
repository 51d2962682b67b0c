import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../api/client';
import { useResourceMutations } from '../api/resource';
import { dropPageDraft } from '../forms/drafts';
import { ActivitySection } from '../audit/ActivitySection';
import { useFlash } from '../ui/Flash';
import { PageHeader } from '../ui/Page';
import { Spinner } from '../ui/Spinner';
import { LoadFailure, loadErrorText } from './LoadFailure';
import { RecordFormFor } from './RecordFormFor';
import type { RecordBase, RecordConfig } from './types';
import { RecordChangedHere, useOpenedRecord } from './useOpenedRecord';

/** The form of the record as it was opened; its save is refused (412) if the record changed since. */
function EditForm<T extends RecordBase, S extends z.ZodType>({ config, record, backTo }: { config: RecordConfig<T, S>; record: T; backTo: string }) {
  const { resource, texts } = config;
  const navigate = useNavigate();
  const flash = useFlash();
  const { update } = useResourceMutations(resource);
  const { opened, formKey, adopt, onReload, reload } = useOpenedRecord(record, resource.detail(record.id), update);
  return (
    <RecordChangedHere.Provider value={adopt}>
      <RecordFormFor
        key={formKey}
        config={config}
        record={opened}
        submitLabel={texts.updateButton}
        cancelTo={backTo}
        pending={update.isPending}
        error={update.error}
        failureMessage={texts.updateFailed}
        onReload={onReload}
        onDiscard={() => void reload()}
        onSubmit={(input) =>
          update.mutate(
            { id: opened.id, input, version: opened.version },
            {
              onSuccess: () => {
                dropPageDraft();
                flash(texts.updated, backTo);
                navigate(backTo);
              },
            },
          )
        }
      />
      {!config.details && config.extra?.(record)}
    </RecordChangedHere.Provider>
  );
}

export function RecordEditPage<T extends RecordBase, S extends z.ZodType>({ config }: { config: RecordConfig<T, S> }) {
  const { basePath, resource, texts } = config;
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const flash = useFlash();
  const record = useQuery(resource.detail(id));
  const backTo = config.details ? `${basePath}/${id}` : basePath;
  const leave = config.backToListOnLoadFailure && record.isError;

  useEffect(() => {
    if (!leave) return;
    flash(isApiError(record.error, 404) ? texts.notFound : loadErrorText(texts, record.error), basePath, 'error');
    navigate(basePath, { replace: true });
  }, [leave, record.error, texts, basePath, flash, navigate]);

  return (
    <section>
      <PageHeader title={texts.editTitle} />
      {record.isPending || leave ? (
        <Spinner label={texts.loading} />
      ) : record.isError ? (
        <LoadFailure error={record.error} texts={texts} backTo={basePath} />
      ) : (
        <>
          <EditForm config={config} record={record.data} backTo={backTo} />
          {!config.details && config.activity && <ActivitySection recordType={config.activity} recordId={record.data.id} />}
        </>
      )}
    </section>
  );
}
