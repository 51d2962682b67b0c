import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { PAYMENT_METHOD_LABELS, REFUND_METHODS, type Invoice, type Purchase, type Sale } from '@schemas/documents';
import { api, errorMessages, isApiError } from '../../shared/api/client';
import { useIdempotencyKey } from '../../shared/api/useIdempotencyKey';
import { BranchSelect } from '../../shared/branches/BranchSelect';
import { Field } from '../../shared/forms/Field';
import { today } from '../../shared/ui/dates';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { documentQueries } from './api';
import { documentNumber } from '../../shared/ui/documentNumber';
import './documents.css';

/** A line sold (or received, of a purchase order), as the return form offers it: `quantity` is what can come back at most. */
interface SoldLine {
  id: number;
  product_name: string;
  product_type: string;
  quantity: number;
  returned: number;
}

/** Where a return starts: a customer's invoice or sale (a credit note), or a purchase order (a supplier return). */
const SOURCES = {
  invoice_id: { name: 'Invoice', path: 'invoices', makes: 'credit-notes', toSupplier: false },
  sale_id: { name: 'Sale', path: 'sales', makes: 'credit-notes', toSupplier: false },
  purchase_id: { name: 'Purchase Order', path: 'purchases', makes: 'supplier-returns', toSupplier: true },
} as const;
type Source = keyof typeof SOURCES;
type ReturnedFrom = Invoice | Sale | Purchase;

const linesOf = (document: ReturnedFrom): SoldLine[] =>
  'purchase_items' in document
    ? document.purchase_items.map((line) => ({ ...line, quantity: line.received_quantity }))
    : (document.items as SoldLine[]);

/** What comes back of each line: how many, and whether it goes back on the shelf (a service never does). */
interface Asked {
  quantity: string;
  restock: boolean;
}

/**
 * /credit-notes/create?invoice_id=… or ?sale_id=…: the Return Items form of a sent invoice or a completed
 * sale; /supplier-returns/create?purchase_id=…: Return to Supplier of a purchase order's received goods.
 */
export function ReturnPage() {
  const [params] = useSearchParams();
  const source = (Object.keys(SOURCES) as Source[]).find((key) => params.get(key));
  const id = source ? params.get(source)! : '';
  const found = useQuery({ ...documentQueries<ReturnedFrom>(SOURCES[source ?? 'invoice_id'].path).detail(id), enabled: Boolean(source) });

  return (
    <section>
      <PageHeader title={source && SOURCES[source].toSupplier ? 'Return to Supplier' : 'Return Items'} />
      {!source ? (
        <ErrorBox messages={['Open Return Items from a sent invoice or a completed sale, or Return to Supplier from a purchase order.']} />
      ) : found.isPending ? (
        <Spinner label="Loading…" />
      ) : found.isError ? (
        <ErrorBox messages={[`Error loading the ${SOURCES[source].name.toLowerCase()}: ${found.error.message}`]} />
      ) : (
        <ReturnForm source={source} document={found.data} coreLineId={Number(params.get('core_line_id')) || null} />
      )}
    </section>
  );
}

/** `coreLineId`: a battery's core charge whose old core came back (Core Returned): one of it, nothing restocked. */
function ReturnForm({ source, document, coreLineId }: { source: Source; document: ReturnedFrom; coreLineId: number | null }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const queryClient = useQueryClient();
  const keyFor = useIdempotencyKey();
  const { name, path, makes, toSupplier } = SOURCES[source];
  const queries = documentQueries(path);
  const lines = linesOf(document);
  const party = 'supplier' in document ? document.supplier : document.customer;
  const [asked, setAsked] = useState<Record<number, Asked>>(() =>
    Object.fromEntries(lines.map((line) => [line.id, { quantity: line.id === coreLineId ? '1' : '', restock: line.id !== coreLineId && line.product_type !== 'service' }])),
  );
  const [locationId, setLocationId] = useState(String(document.location_id));
  const [date, setDate] = useState(today());
  const [reason, setReason] = useState(coreLineId ? 'Core returned' : '');
  const [settle, setSettle] = useState<'refund' | 'credit'>('refund');
  const [method, setMethod] = useState<string>('cash');
  const [message, setMessage] = useState<string | null>(null);
  const documentPath = `/${queries.path}/${document.id}`;

  const create = useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      api.post<{ id: number; number: string }>(`/${makes}`, input, { headers: { 'Idempotency-Key': keyFor(input) } }),
    onSuccess: (made) => {
      for (const queryKey of [queries.keys.all, [makes], ['products'], ['receipts']]) void queryClient.invalidateQueries({ queryKey });
      flash(`${toSupplier ? 'Supplier return' : 'Credit note'} ${made.number} created.`, `/${makes}/${made.id}`);
      navigate(`/${makes}/${made.id}`);
    },
  });
  const fieldErrors = isApiError(create.error, 422) ? (create.error.errors ?? {}) : {};
  const lineError = (index: number) => [...(fieldErrors[`items.${index}.quantity`] ?? []), ...(fieldErrors[`items.${index}.restock`] ?? [])];
  const change = (lineId: number, next: Partial<Asked>) => setAsked((current) => ({ ...current, [lineId]: { ...current[lineId], ...next } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items = lines
      .filter((line) => Number(asked[line.id].quantity) > 0)
      .map((line) => ({ line_id: line.id, quantity: Number(asked[line.id].quantity), ...(toSupplier ? {} : { restock: asked[line.id].restock }) }));
    if (!items.length) {
      setMessage('Enter how many come back of at least one line.');
      return;
    }
    setMessage(null);
    const paid = document.total_paid > 0;
    create.mutate(
      toSupplier
        ? { purchase_id: document.id, issued_date: date, reason, items, ...(paid ? { payment_method: method } : {}) }
        : { [source]: document.id, location_id: locationId, issued_date: date, reason, items, ...(paid ? { settle, payment_method: settle === 'refund' ? method : undefined } : {}) },
    );
  };
  // The lines' errors are said beside them; the others above the form.
  const sent = lineMessages(fieldErrors);
  const messages = message ? [message] : create.error ? errorMessages(create.error, 'Error saving the return. Please try again.').filter((text) => !sent.has(text)) : [];

  return (
    <form className="card form doc-editor" onSubmit={submit} noValidate aria-label={toSupplier ? 'Return to Supplier' : 'Return Items'}>
      <p className="return-source">
        {name} <Link to={documentPath}>{documentNumber(document)}</Link> · {party.name} · paid {formatMoney(document.total_paid)} of{' '}
        {formatMoney(document.net_amount - document.credited_amount)} owed
      </p>
      {messages.length > 0 && <ErrorBox messages={messages} />}
      <div className="form-grid">
        {toSupplier ? (
          <p className="return-source">The goods leave {document.location.name}.</p>
        ) : (
          <BranchSelect label="Returned To" value={locationId} onChange={setLocationId} errors={fieldErrors.location_id} />
        )}
        <Field name="issued_date" label="Date" type="date" required value={date} onChange={setDate} errors={fieldErrors.issued_date} />
        <Field name="reason" label="Reason" required value={reason} onChange={setReason} errors={fieldErrors.reason} wide />
      </div>
      <table className="data-table return-lines">
        <caption className="sr-only">Lines sold</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="cell-money">
              {toSupplier ? 'Received' : 'Sold'}
            </th>
            <th scope="col" className="cell-money">
              Returned
            </th>
            <th scope="col">Return</th>
            {!toSupplier && <th scope="col">Back in Stock</th>}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const left = line.quantity - line.returned;
            const position = sentPosition(lines, asked, line.id);
            const errors = position === undefined ? [] : lineError(position);
            return (
              <tr key={line.id} aria-label={line.product_name}>
                <td data-label="Product">{line.product_name}</td>
                <td data-label={toSupplier ? 'Received' : 'Sold'} className="cell-money">
                  {line.quantity}
                </td>
                <td data-label="Returned" className="cell-money">
                  {line.returned}
                </td>
                <td data-label="Return">
                  <input
                    type="number"
                    min={0}
                    max={left}
                    step={1}
                    aria-label={`Return of ${line.product_name}`}
                    disabled={left === 0}
                    value={asked[line.id].quantity}
                    placeholder={left === 0 ? 'All returned' : `up to ${left}`}
                    onChange={(event) => change(line.id, { quantity: event.target.value })}
                  />
                  {errors.map((error) => (
                    <p key={error} className="field-error" role="alert">
                      {error}
                    </p>
                  ))}
                </td>
                {!toSupplier && (
                  <td data-label="Back in Stock">
                    <input
                      type="checkbox"
                      aria-label={`Put ${line.product_name} back in stock`}
                      checked={asked[line.id].restock}
                      disabled={line.product_type === 'service'}
                      onChange={(event) => change(line.id, { restock: event.target.checked })}
                    />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {document.total_paid > 0 && (
        <div className="form-grid">
          {!toSupplier && (
            <SelectField
              name="settle"
              label="Give Back What Was Overpaid As"
              value={settle}
              onChange={(value) => setSettle(value as 'refund' | 'credit')}
              options={[
                { value: 'refund', label: 'A refund' },
                { value: 'credit', label: 'Store credit' },
              ]}
              errors={fieldErrors.settle}
            />
          )}
          {(toSupplier || settle === 'refund') && (
            <SelectField
              name="payment_method"
              label={toSupplier ? 'Supplier Refunds By' : 'Refund By'}
              value={method}
              onChange={setMethod}
              options={REFUND_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
            />
          )}
        </div>
      )}
      <div className="form-actions">
        <Link to={documentPath} className="btn btn-secondary">
          Cancel
        </Link>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? 'Saving...' : 'Save Return'}
        </button>
      </div>
    </form>
  );
}

/** The messages the server gave a line (said beside it). */
function lineMessages(errors: Record<string, string[]>) {
  return new Set(Object.entries(errors).flatMap(([field, texts]) => (/^items\.\d+\./.test(field) ? texts : [])));
}

/** A line's index among those sent (the lines asked back, in order): the server names lines by it. */
function sentPosition(lines: SoldLine[], asked: Record<number, Asked>, lineId: number) {
  const sentIds = lines.filter((line) => Number(asked[line.id].quantity) > 0).map((line) => line.id);
  const position = sentIds.indexOf(lineId);
  return position === -1 ? undefined : position;
}
