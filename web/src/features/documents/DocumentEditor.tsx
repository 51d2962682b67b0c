import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from '../../shared/routes/Link';
import type { FieldErrors } from '@schemas/common';
import type { ProductEntry } from '../../shared/api/products';
import { DraftNote } from '../../shared/forms/DraftNote';
import type { DraftControl } from '../../shared/forms/drafts';
import { FieldFrame } from '../../shared/forms/FieldFrame';
import { ErrorBox, ReloadButton } from '../../shared/ui/ErrorBox';
import { centsText, formatMoney, fromCents } from '../../shared/ui/money';
import { usePermissions } from '../../shared/auth/permissions';
import { partySearchQuery } from './api';
import { BranchSelect } from '../../shared/branches/BranchSelect';
import type { DocumentDraft } from './draft';
import { LineEntry } from './LineEntry';
import { LinesTable } from './LinesTable';
import { SearchCombobox } from '../../shared/forms/SearchCombobox';
import './documents.css';

interface DocumentEditorProps {
  title: string;
  state: DocumentDraft;
  /** The draft kept in the browser: a note when the form opened with it, and Cancel drops it. */
  kept?: DraftControl;
  /** The kind's own header fields (dates, status, payment method), after the party and the location. */
  header: ReactNode;
  /** The kind's own fields beside the totals, e.g. Paid now. */
  afterTotals?: ReactNode;
  /** What the location is to this kind: where stock leaves from ('Location'), or where goods arrive ('Delivery Location'). */
  locationLabel?: string;
  /** A product waiting in the item entry row for its quantity (from "Order more"). */
  presetProduct?: ProductEntry | null;
  /** The tire size last fitted to the document's vehicle, which the product picker offers. */
  tireSize?: string | null;
  errors: FieldErrors;
  lineErrors: Map<number, string[]>;
  messages: string[] | null;
  /** Offered when the document changed since the form opened: loads it as it is now. */
  onReload?: () => void;
  submitLabel: string;
  /** The common case's action, before the submit button, and Ctrl+Enter's (a sale's Complete and pay). */
  primaryAction?: { label: string; run: () => void };
  /** The cursor starts in the item entry's quick add box (a new document whose party is chosen). */
  startsAtItems?: boolean;
  pending: boolean;
  cancelTo: string;
  onSubmit: () => void;
}

function MoneyInput({ label, value, onChange, errors, hint }: { label: string; value: string; onChange: (value: string) => void; errors?: string[]; hint?: string }) {
  return (
    <FieldFrame label={label} errors={errors} hint={hint}>
      {(control) => (
        <input {...control} type="number" inputMode="decimal" step="0.01" min="0" value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </FieldFrame>
  );
}

/** The tax the shop's rates give, per rate, as the totals show it while the lines change. */
function TaxByRate({ state }: { state: DocumentDraft }) {
  const shown = state.taxes.filter((line) => line.tax > 0 || line.rate > 0);
  const label = state.exemptCertificate ? `Tax (exempt, certificate ${state.exemptCertificate})` : 'Tax';
  return (
    <>
      {shown.length > 1 &&
        shown.map((line) => (
          <div key={`${line.name}-${line.rate}`} className="doc-tax-rate">
            <dt>
              {line.name} {line.rate}%
            </dt>
            <dd>{formatMoney(line.tax)}</dd>
          </div>
        ))}
      <div aria-busy={state.taxPending}>
        <dt>{shown.length === 1 ? `${label} (${shown[0].name} ${shown[0].rate}%)` : label}</dt>
        <dd>{formatMoney(fromCents(state.computedTaxCents))}</dd>
      </div>
    </>
  );
}

/** An administrator may set another tax than the rule's; everyone else sees the rule's. */
function TaxOverride({ state, errors }: { state: DocumentDraft; errors?: string[] }) {
  const can = usePermissions();
  const { draft, set } = state;
  if (draft.tax_amount === null) {
    if (!can.overrideTax) return errors ? <ErrorBox messages={errors} /> : null;
    return (
      <button type="button" className="btn btn-secondary btn-small" onClick={() => set('tax_amount', centsText(state.computedTaxCents))}>
        Override Tax
      </button>
    );
  }
  return (
    <div className="doc-tax-override">
      <MoneyInput
        label="Tax Amount"
        value={draft.tax_amount}
        onChange={(value) => set('tax_amount', value)}
        errors={errors}
        hint={`The shop's rates give ${formatMoney(fromCents(state.computedTaxCents))}`}
      />
      <button type="button" className="btn btn-link" onClick={() => set('tax_amount', null)}>
        Use the computed tax
      </button>
    </div>
  );
}

/** The one editor of invoices, sales and purchase orders: party, branch, the kind's fields, lines, notes and totals. */
export function DocumentEditor({
  title,
  state,
  kept,
  header,
  afterTotals,
  locationLabel,
  presetProduct,
  tireSize,
  errors,
  lineErrors,
  messages,
  onReload,
  submitLabel,
  primaryAction,
  startsAtItems,
  pending,
  cancelTo,
  onSubmit,
}: DocumentEditorProps) {
  const { draft, set, totals, mode, kind } = state;
  const party = kind.party;
  const formRef = useRef<HTMLFormElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // A refused save is said out of sight of the button that was pressed: bring the first problem into view.
  useEffect(() => {
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (messages?.length) box.current?.scrollIntoView({ block: 'nearest' });
    else invalid?.focus();
  }, [messages?.join('\n'), errors]);

  // While the fees and tax are being worked out for lines just changed, a save waits for them, so
  // what is paid and saved is the total the server gives.
  const [waiting, setWaiting] = useState<null | (() => void)>(null);
  const whenSettled = (run: () => void) => (state.taxPending ? setWaiting(() => run) : run());
  useEffect(() => {
    if (waiting && !state.taxPending) {
      setWaiting(null);
      waiting();
    }
  }, [waiting, state.taxPending]);
  const runPrimary = () => {
    if (!pending) whenSettled(primaryAction?.run ?? onSubmit);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) whenSettled(onSubmit);
  };
  // Ctrl+Enter (⌘+Enter) anywhere in the form: the common case's action.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    runPrimary();
  };

  return (
    <form ref={formRef} className="card form doc-editor" onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-label={title}>
      <div ref={box} className="form-messages">
        {messages && (
          <ErrorBox messages={messages}>
            <ReloadButton onReload={onReload} />
          </ErrorBox>
        )}
      </div>
      <DraftNote draft={kept} />
      <div className="form-grid">
        <SearchCombobox
          label={party.label}
          value={draft.party}
          onChange={(chosen) => set('party', chosen)}
          query={(search) => partySearchQuery(party.kind, search)}
          optionsOf={(page) => page.data}
          optionKey={(option) => option.id}
          optionText={(option) => option.name}
          renderOption={(option) => (
            <span className="picker-option">
              <span className="picker-option-name">{option.name}</span>
              {(option.phone || option.email) && (
                <span className="picker-option-meta">{[option.phone, option.email].filter(Boolean).join(' · ')}</span>
              )}
            </span>
          )}
          placeholder={party.placeholder}
          required
          errors={errors[party.field]}
        />
        <BranchSelect
          label={locationLabel}
          value={draft.location_id}
          onChange={(value) => set('location_id', value)}
          errors={errors.location_id}
        />
        {header}
      </div>

      <section className="doc-lines" aria-labelledby="doc-items-title">
        <h2 id="doc-items-title" className="doc-section-title">
          Items
        </h2>
        <LineEntry mode={mode} locationId={draft.location_id} onAdd={state.addLine} preset={presetProduct} startsHere={startsAtItems} tireSize={tireSize} />
        <LinesTable
          mode={mode}
          lines={draft.lines}
          locationId={draft.location_id}
          onRemove={state.removeLine}
          onChange={state.changeLine}
          lineErrors={lineErrors}
          fees={state.fees}
        />
      </section>

      <div className="doc-editor-bottom">
        <FieldFrame label="Notes" errors={errors.notes}>
          {(control) => <textarea {...control} name="notes" rows={4} value={draft.notes} onChange={(event) => set('notes', event.target.value)} />}
        </FieldFrame>
        <div className="doc-editor-money">
          <MoneyInput
            label="Discount Amount"
            value={draft.discount_amount}
            onChange={(value) => set('discount_amount', value)}
            errors={errors.discount_amount}
          />
          {state.taxed ? (
            <TaxOverride state={state} errors={errors.tax_amount} />
          ) : (
            <MoneyInput label="Tax Amount" value={draft.tax_amount ?? ''} onChange={(value) => set('tax_amount', value)} errors={errors.tax_amount} hint="As the supplier's invoice says" />
          )}
          {afterTotals}
          <dl className="doc-totals" aria-label="Totals">
            <div>
              <dt>Subtotal</dt>
              <dd>{formatMoney(fromCents(totals.subtotalCents))}</dd>
            </div>
            <div>
              <dt>Discount</dt>
              <dd>−{formatMoney(fromCents(totals.discountCents))}</dd>
            </div>
            {state.taxed && draft.tax_amount === null ? (
              <TaxByRate state={state} />
            ) : (
              <div>
                <dt>Tax{state.taxed ? ' (set by an administrator)' : ''}</dt>
                <dd>{formatMoney(fromCents(totals.taxCents))}</dd>
              </div>
            )}
            <div className="doc-total">
              <dt>Total</dt>
              <dd>{formatMoney(fromCents(totals.totalCents))}</dd>
            </div>
          </dl>
        </div>
      </div>

      <div className="form-actions">
        <Link to={cancelTo} className="btn btn-secondary" onClick={kept?.clear}>
          Cancel
        </Link>
        <button type="submit" className={primaryAction ? 'btn btn-secondary' : 'btn btn-primary'} disabled={pending || state.taxPending} aria-busy={pending}>
          {pending && !primaryAction ? 'Saving...' : submitLabel}
        </button>
        {primaryAction && (
          <button type="button" className="btn btn-primary" disabled={pending || state.taxPending} aria-busy={pending} aria-keyshortcuts="Control+Enter" onClick={runPrimary}>
            {pending ? 'Saving...' : primaryAction.label}
            <kbd className="btn-shortcut" aria-hidden="true">
              Ctrl+Enter
            </kbd>
          </button>
        )}
      </div>
    </form>
  );
}
