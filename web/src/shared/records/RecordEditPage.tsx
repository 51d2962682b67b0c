import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { errorMessages } from '../api/client';
import { useResourceMutations } from '../api/resource';
import { RecordForm } from '../forms/RecordForm';
import { toFormValues } from '../forms/useSchemaForm';
import { useFlash } from '../ui/Flash';
import { PageHeader } from '../ui/Page';
import { Spinner } from '../ui/Spinner';
import { LoadFailure } from './LoadFailure';
import type { RecordBase, RecordConfig } from './types';

export function RecordEditPage<T extends RecordBase, S extends z.ZodType>({ config }: { config: RecordConfig<T, S> }) {
  const { basePath, resource, schema, fields, texts } = config;
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const flash = useFlash();
  const record = useQuery(resource.detail(id));
  const { update } = useResourceMutations(resource);
  const detailPath = `${basePath}/${id}`;

  return (
    <section>
      <PageHeader title={texts.editTitle} />
      {record.isPending ? (
        <Spinner label={texts.loading} />
      ) : record.isError ? (
        <LoadFailure error={record.error} texts={texts} backTo={basePath} />
      ) : (
        <RecordForm
          key={id}
          schema={schema}
          fields={fields}
          initial={toFormValues(
            fields.map((field) => field.name),
            record.data as Record<string, unknown>,
          )}
          submitLabel={texts.updateButton}
          cancelTo={detailPath}
          pending={update.isPending}
          serverErrors={update.error ? errorMessages(update.error, texts.updateFailed) : null}
          onSubmit={(input) =>
            update.mutate(
              { id, input },
              {
                onSuccess: () => {
                  flash(texts.updated, detailPath);
                  navigate(detailPath);
                },
              },
            )
          }
        />
      )}
    </section>
  );
}
