import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorMessages } from '../api/client';
import { useResourceMutations } from '../api/resource';
import { RecordForm } from '../forms/RecordForm';
import { toFormValues } from '../forms/useSchemaForm';
import { useFlash } from '../ui/Flash';
import { PageHeader } from '../ui/Page';
import type { RecordBase, RecordConfig } from './types';

export function RecordCreatePage<T extends RecordBase, S extends z.ZodType>({ config }: { config: RecordConfig<T, S> }) {
  const { basePath, resource, schema, fields, texts } = config;
  const navigate = useNavigate();
  const flash = useFlash();
  const { create } = useResourceMutations(resource);

  return (
    <section>
      <PageHeader title={texts.createTitle} />
      <RecordForm
        schema={schema}
        fields={fields}
        initial={toFormValues(fields.map((field) => field.name))}
        submitLabel={texts.saveButton}
        cancelTo={basePath}
        pending={create.isPending}
        serverErrors={create.error ? errorMessages(create.error, texts.addFailed) : null}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: () => {
              flash(texts.added, basePath);
              navigate(basePath);
            },
          })
        }
      />
    </section>
  );
}
