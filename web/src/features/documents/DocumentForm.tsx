import { useEffect, useState } from 'react';
import type { Party, Settings } from '@schemas/documents';
import type { ProductEntry } from '../../shared/api/products';
import { isApiError } from '../../shared/api/client';
import { useIdempotencyKey } from '../../shared/api/useIdempotencyKey';
import { useNewDocumentBranch } from '../../shared/branches/BranchSelect';
import { centsText, percentOf, toCents } from '../../shared/ui/money';
import { useDocumentMutations } from './api';
import { DocumentEditor } from './DocumentEditor';
import { draftInput, linesInput, LINE_KINDS, useDocumentDraft, type DraftStart } from './draft';
import type { DocumentKind, TradingDocument } from './kind';
import { useDocumentForm } from './useDocumentForm';

/** A document as the editor starts it; its tax follows the shop's rate if it still matches it. */
function startOf<D extends TradingDocument, L extends { id: number }>(
  kind: DocumentKind<D, L>,
  document: D | undefined,
  taxRate: number,
  newBranch: string,
  presetParty: Party | null,
): DraftStart {
  if (!document) return { party: presetParty, location_id: newBranch, lines: [], notes: '', discount_amount: '', tax_amount: null };
  const taxFollowsRate = percentOf(toCents(document.subtotal) - toCents(document.discount_amount), taxRate) === toCents(document.tax_amount);
  return {
    party: kind.party(document),
    location_id: String(document.location_id),
    notes: document.notes ?? '',
    discount_amount: document.discount_amount ? centsText(toCents(document.discount_amount)) : '',
    tax_amount: taxFollowsRate ? null : centsText(toCents(document.tax_amount)),
    lines: kind.lines(document).map(kind.draftLine),
  };
}

interface DocumentFormProps<D extends TradingDocument, L extends { id: number }> {
  kind: DocumentKind<D, L>;
  /** The document being edited; without it a new one is created. */
  document?: D;
  settings: Settings | undefined;
  presetProduct?: ProductEntry | null;
  /** The party a new document starts with. */
  presetParty?: Party | null;
  onSaved: (document: D) => void;
  /** Offered when the document changed since the form opened: loads it as it is now. */
  onReload?: () => void;
}

/** Create, and the edit of an open document: every field. */
export function DocumentForm<D extends TradingDocument, L extends { id: number }>({
  kind,
  document,
  settings,
  presetProduct,
  presetParty = null,
  onSaved,
  onReload,
}: DocumentFormProps<D, L>) {
  const taxRate = settings?.tax_rate ?? 0;
  const state = useDocumentDraft(kind.mode, startOf(kind, document, taxRate, useNewDocumentBranch(), presetParty), taxRate);
  const header = kind.useHeader(document, state, settings);
  const { create, update } = useDocumentMutations<D>(kind.queries);
  const saving = document ? update : create;
  const keyFor = useIdempotencyKey();
  const form = useDocumentForm({
    input: { ...draftInput(state), ...header.input, items: linesInput(state) },
    schema: document ? kind.schemas.update : kind.schemas.create,
    fields: [LINE_KINDS[kind.mode].party.field, 'location_id', ...kind.formFields, 'discount_amount', 'tax_amount', 'notes'],
    error: saving.error,
    failureMessage: `Error ${document ? 'updating' : 'creating'} ${kind.noun}. Please try again.`,
    onValid: (input) => {
      if (document) update.mutate({ id: document.id, input, version: document.version }, { onSuccess: onSaved });
      else create.mutate({ input, idempotencyKey: keyFor(input) }, { onSuccess: onSaved });
    },
  });

  // The primary action changes the kind's fields, then saves what they are on the next render.
  const [saveNext, setSaveNext] = useState(false);
  useEffect(() => {
    if (!saveNext) return;
    setSaveNext(false);
    form.submit();
  }, [saveNext]);
  const primary = !document && header.primary;

  return (
    <DocumentEditor
      title={document ? `Edit ${kind.name}` : kind.newTitle}
      state={state}
      locationLabel={kind.locationLabel}
      presetProduct={presetProduct}
      header={header.fields(form.errors)}
      afterTotals={header.afterTotals?.(form.errors)}
      errors={form.errors}
      lineErrors={form.lineErrors}
      messages={form.messages}
      onReload={isApiError(saving.error, 412) ? onReload : undefined}
      submitLabel={`${document ? 'Save' : 'Create'} ${kind.name}`}
      primaryAction={
        primary
          ? {
              label: primary.label,
              run: () => {
                primary.prepare();
                setSaveNext(true);
              },
            }
          : undefined
      }
      startsAtItems={!document && presetParty !== null}
      pending={saving.isPending}
      cancelTo={document ? `/${kind.path}/${document.id}` : `/${kind.path}`}
      onSubmit={form.submit}
    />
  );
}
