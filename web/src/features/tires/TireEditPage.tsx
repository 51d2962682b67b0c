import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { tireInput, type Tire } from '@schemas/tires';
import { errorMessages, isApiError } from '../../shared/api/client';
import { useResourceMutations } from '../../shared/api/resource';
import { DraftNote } from '../../shared/forms/DraftNote';
import { dropPageDraft } from '../../shared/forms/drafts';
import { useSchemaForm } from '../../shared/forms/useSchemaForm';
import { ErrorBox, ReloadButton } from '../../shared/ui/ErrorBox';
import { useOpenedRecord } from '../../shared/records/useOpenedRecord';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { tireQueries } from './api';
import { tireTitle } from './describe';
import { tireBody, tireFormValues, WIZARD_STEPS, type TireBody } from './form';
import { TireLoadFailure } from './TireLoadFailure';
import { TireFields } from './TireFields';

const UPDATE_FAILED = 'Error updating tire product. Please check all fields and try again.';

type TireUpdate = ReturnType<typeof useResourceMutations<Tire, TireBody>>['update'];

function TireEditForm({ tire, update, onReload, onDiscard }: { tire: Tire; update: TireUpdate; onReload?: () => void; onDiscard: () => void }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const form = useSchemaForm(tireInput, tireFormValues(tire), { version: tire.version, onDiscard });
  const detailPath = `/tires/${tire.id}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    update.mutate(
      { id: tire.id, input: tireBody(input), version: tire.version },
      {
        onSuccess: () => {
          dropPageDraft();
          flash('Tire product updated successfully!', detailPath);
          navigate(detailPath);
        },
        onError: (error) => {
          if (isApiError(error, 422) && error.errors) form.setErrors(error.errors);
        },
      },
    );
  };

  return (
    <form className="card form tire-form" onSubmit={submit} noValidate>
      <DraftNote draft={form.draft} />
      {update.isError && (
        <ErrorBox
          messages={
            isApiError(update.error, 412)
              ? errorMessages(update.error, '')
              : [UPDATE_FAILED, ...(isApiError(update.error, 409) ? [update.error.message] : isApiError(update.error, 422) ? errorMessages(update.error, '') : [])]
          }
        >
          <ReloadButton onReload={onReload} />
        </ErrorBox>
      )}
      {WIZARD_STEPS.map(
        ({ section, title }) =>
          section && (
            <fieldset key={section} className="form-section">
              <legend>{title}</legend>
              <div className="form-grid">
                <TireFields section={section} form={form} editing />
              </div>
            </fieldset>
          ),
      )}
      <div className="form-actions">
        <Link to={detailPath} className="btn btn-secondary" onClick={form.draft?.clear}>
          Cancel
        </Link>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Update Tire'}
        </button>
      </div>
    </form>
  );
}

/** The tire as the form opened it: its save is refused (412) if it changed since, e.g. by a sale. */
function OpenedTire({ tire }: { tire: Tire }) {
  const { update } = useResourceMutations(tireQueries);
  const { opened, formKey, onReload, reload } = useOpenedRecord(tire, tireQueries.detail(tire.id), update);
  return <TireEditForm key={formKey} tire={opened} update={update} onReload={onReload} onDiscard={() => void reload()} />;
}

/** /tires/{id}/edit: every field on one page. */
export function TireEditPage() {
  const { id = '' } = useParams();
  const tire = useQuery(tireQueries.detail(id));

  return (
    <section>
      <PageHeader title={tire.data ? `Edit ${tireTitle(tire.data)}` : 'Edit Tire'} />
      {tire.isPending ? (
        <Spinner label="Loading tire..." />
      ) : tire.isError ? (
        <TireLoadFailure error={tire.error} />
      ) : (
        <OpenedTire tire={tire.data} />
      )}
    </section>
  );
}
