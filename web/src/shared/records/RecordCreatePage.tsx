import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useResourceMutations } from '../api/resource';
import { dropPageDraft } from '../forms/drafts';
import { useFlash } from '../ui/Flash';
import { PageHeader } from '../ui/Page';
import { RecordFormFor } from './RecordFormFor';
import type { RecordBase, RecordConfig } from './types';

export function RecordCreatePage<T extends RecordBase, S extends z.ZodType>({ config }: { config: RecordConfig<T, S> }) {
  const { basePath, resource, texts } = config;
  const navigate = useNavigate();
  const flash = useFlash();
  const { create } = useResourceMutations(resource);

  return (
    <section>
      <PageHeader title={texts.createTitle} />
      <RecordFormFor
        config={config}
        submitLabel={texts.saveButton}
        cancelTo={basePath}
        pending={create.isPending}
        error={create.error}
        failureMessage={texts.addFailed}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: () => {
              dropPageDraft();
              flash(texts.added, basePath);
              navigate(basePath);
            },
          })
        }
      />
    </section>
  );
}
