import { useEffect, useState } from 'react';
import type { Party, Settings } from '@schemas/documents';
import type { ProductEntry } from '../../shared/api/products';
import { isApiError } from '../../shared/api/client';
import { useIdempotencyKey } from '../../shared/api/useIdempotencyKey';
import { useNewDocumentBranch } from '../../shared/branches/BranchSelect';
import { dropPageDraft, useKeepDraft, usePageDraft, type DraftControl } from '../../shared/forms/drafts';
import { centsText, toCents } from '../../shared/ui/money';
import { useDocumentMutations } from './api';
import { DocumentEditor } from './DocumentEditor';
import { draftInput, linesInput, LINE_KINDS, newLineKey, useDocumentDraft, type DraftLine, type DraftStart, type KeptHeader } from './draft';
import type { EditableKind, TradingDocument } from './kind';
import { useDocumentForm } from './useDocumentForm';
import { useVehicleFields } from './VehicleFields';

/** A document as the editor starts it; its tax is the rule's again unless an administrator set it (or a purchase order's was typed). */
function startOf<D extends TradingDocument, L extends { id: number }>(
  kind: EditableKind<D, L>,
  document: D | undefined,
  newBranch: string,
  presetParty: Party | null = null,
): DraftStart {
  if (!document) return { party: presetParty, location_id: newBranch, lines: [], notes: '', discount_amount: '', tax_amount: null };
  const typedTax = kind.mode === 'purchase' ? document.tax_amount > 0 : Boolean(document.tax_overridden);
  return {
    party: kind.party(document),
    location_id: String(document.location_id),
    notes: document.notes ?? '',
    discount_amount: document.discount_amount ? centsText(toCents(document.discount_amount)) : '',
    tax_amount: typedTax ? centsText(toCents(document.tax_amount)) : null,
    // Fee lines are the server's: they come again from the items, with the fees each was let off.
    lines: kind
      .lines(document)
      .filter((line) => (line as { line_kind?: string }).line_kind !== 'fee')
      .map((line) => ({ ...kind.draftLine(line), waivedFees: (line as { waived_fees?: DraftLine['waivedFees'] }).waived_fees ?? [] })),
  };
}

interface DocumentFormProps<D extends TradingDocument, L extends { id: number }> {
  kind: EditableKind<D, L>;
  /** The document being edited; without it a new one is created. */
  document?: D;
  settings: Settings | undefined;
  presetProduct?: ProductEntry | null;
  /** The party a new document starts with, e.g. the customer whose page it was made from. */
  presetParty?: Party | null;
  onSaved: (document: D) => void;
  /** Offered when the document changed since the form opened: loads it as it is now. */
  onReload?: () => void;
  /** An edit's Discard of a restored draft: opens the document as it is now (a new one starts empty). */
  onDiscard?: () => void;
}

/** What the browser keeps of a document being filled: the editor's draft and the kind's header fields. */
interface KeptDocument {
  draft: DraftStart;
  header: KeptHeader;
}

/** Create, and the edit of an open document: every field. Discarding a kept draft starts it again. */
export function DocumentForm<D extends TradingDocument, L extends { id: number }>(props: DocumentFormProps<D, L>) {
  const [opening, setOpening] = useState(0);
  return <DocumentFormOpened key={opening} {...props} onDiscard={props.onDiscard ?? (() => setOpening((count) => count + 1))} />;
}

function DocumentFormOpened<D extends TradingDocument, L extends { id: number }>({
  kind,
  document,
  settings,
  presetProduct,
  presetParty = null,
  onSaved,
  onReload,
  onDiscard,
}: DocumentFormProps<D, L> & { onDiscard: () => void }) {
  const page = usePageDraft<KeptDocument>();
  const kept = page.kept;
  const start = startOf(kind, document, useNewDocumentBranch(), presetParty);
  const state = useDocumentDraft(kind.mode, kept ? { ...kept.draft, lines: kept.draft.lines.map((line) => ({ ...line, key: newLineKey() })) } : start);
  const header = kind.useHeader(document, state, settings, kept?.header);
  const partyField = LINE_KINDS[kind.mode].party.field;
  const vehicle = useVehicleFields(partyField === 'customer_id', state.draft.party?.id ?? null, document as never, kept?.header);
  const typed = { draft: state.draft, header: { ...header.input, ...vehicle.input } as KeptHeader };
  useKeepDraft(page, typed, { pristine: kept ? null : typed, version: document?.version });
  const draft: DraftControl = {
    restored: page.restored,
    discard: () => {
      page.clear();
      onDiscard();
    },
    clear: page.clear,
  };
  const saved = (answer: D) => {
    dropPageDraft();
    onSaved(answer);
  };
  const { create, update } = useDocumentMutations<D>(kind.queries);
  const saving = document ? update : create;
  const keyFor = useIdempotencyKey();
  const form = useDocumentForm({
    input: { ...draftInput(state), ...header.input, ...vehicle.input, items: linesInput(state) },
    schema: document ? kind.schemas.update : kind.schemas.create,
    fields: [LINE_KINDS[kind.mode].party.field, 'location_id', ...kind.formFields, 'vehicle_id', 'mileage', 'discount_amount', 'tax_amount', 'notes'],
    error: saving.error,
    failureMessage: `Error ${document ? 'updating' : 'creating'} ${kind.noun}. Please try again.`,
    onValid: (input) => {
      if (document) update.mutate({ id: document.id, input, version: document.version }, { onSuccess: saved });
      else create.mutate({ input, idempotencyKey: keyFor(input) }, { onSuccess: saved });
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
      kept={draft}
      locationLabel={kind.locationLabel}
      presetProduct={presetProduct}
      header={
        <>
          {vehicle.fields(form.errors)}
          {header.fields(form.errors)}
        </>
      }
      tireSize={vehicle.tireSize}
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
