import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { isApiError } from '../../shared/api/client';
import { settingsQuery } from '../../shared/api/settings';
import { FormCard, useFormState } from '../../shared/forms/FormCard';
import { useOpenedRecord } from '../../shared/records/useOpenedRecord';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentMutations } from './api';
import { DocumentForm } from './DocumentForm';
import { DocumentLoad } from './DocumentLoad';
import { capitalized, numberOf, type EditableKind, type PostedEdit, type TradingDocument } from './kind';

interface PostedFormProps<D extends TradingDocument, L extends { id: number }> {
  kind: EditableKind<D, L>;
  posted: PostedEdit<D>;
  document: D;
  onSaved: () => void;
  onReload: () => void;
}

/** A posted document keeps its lines and totals: only the few fields the kind names change. */
function PostedForm<D extends TradingDocument, L extends { id: number }>({ kind, posted, document, onSaved, onReload }: PostedFormProps<D, L>) {
  const { update } = useDocumentMutations<D>(kind.queries);
  const form = useFormState(posted.schema, posted.values(document), {
    error: update.error,
    failureMessage: `Error updating ${kind.noun}. Please try again.`,
    onSubmit: (input) => update.mutate({ id: document.id, input, version: document.version }, { onSuccess: onSaved }),
  });
  return (
    <>
      <p className="card notice doc-edit-note">{posted.note}</p>
      <FormCard
        onSubmit={form.submit}
        messages={form.messages}
        submitLabel={`Save ${kind.name}`}
        pending={update.isPending}
        cancelTo={`/${kind.path}/${document.id}`}
        onReload={isApiError(update.error, 412) ? onReload : undefined}
      >
        {posted.fields(form.bind)}
      </FormCard>
    </>
  );
}

/** The document as the form opened it: a save is refused (412) if it changed since (a payment, goods received, another edit). */
function EditDocument<D extends TradingDocument, L extends { id: number }>({ kind, document: live }: { kind: EditableKind<D, L>; document: D }) {
  const { opened: document, formKey, reload } = useOpenedRecord(live, kind.queries.detail(live.id));
  const onReload = () => void reload();
  const navigate = useNavigate();
  const flash = useFlash();
  const settings = useQuery(settingsQuery);
  const detailPath = `/${kind.path}/${document.id}`;
  const onSaved = () => {
    flash(`${capitalized(kind.noun)} updated successfully!`, detailPath);
    navigate(detailPath);
  };

  if (!kind.canEdit(document)) {
    return (
      <div className="card notice">
        <p>{`This ${kind.noun} is ${document.status} and cannot be edited.`}</p>
        <Link to={detailPath} className="btn btn-secondary">
          {`Back to ${kind.name}`}
        </Link>
      </div>
    );
  }
  if (kind.posted?.when(document)) {
    return <PostedForm key={formKey} kind={kind} posted={kind.posted} document={document} onSaved={onSaved} onReload={onReload} />;
  }
  if (settings.isPending) return <Spinner label="Loading…" />;
  const note = kind.editNote?.(document);
  return (
    <>
      {note && <p className="card notice doc-edit-note">{note}</p>}
      <DocumentForm key={formKey} kind={kind} document={document} settings={settings.data} onSaved={onSaved} onReload={onReload} onDiscard={onReload} />
    </>
  );
}

/** /invoices/:id/edit: an open document in full, a posted one's few fields, a closed one not at all. */
export function DocumentEditPage<D extends TradingDocument, L extends { id: number }>({ kind }: { kind: EditableKind<D, L> }) {
  return (
    <section>
      <DocumentLoad kind={kind}>
        {(document) => (
          <>
            <PageHeader title={`Edit ${kind.name} #${numberOf(document)}`} />
            <EditDocument kind={kind} document={document} />
          </>
        )}
      </DocumentLoad>
    </section>
  );
}
