import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Link } from '../../../shared/routes/Link';
import { draftQuoteInput, quoteInput, sentQuoteInput, type Quote, type QuoteItem } from '@schemas/documents';
import { api, isApiError } from '../../../shared/api/client';
import { Field } from '../../../shared/forms/Field';
import { addDays, formatDate, today } from '../../../shared/ui/dates';
import { ErrorBox } from '../../../shared/ui/ErrorBox';
import { useFlash } from '../../../shared/ui/Flash';
import { formatMoney, toCents } from '../../../shared/ui/money';
import { useDocumentMutations } from '../api';
import { savedLine } from '../draft';
import type { EditableKind } from '../kind';
import { quoteList } from '../lists';
import { LineProduct, quantityColumn } from '../DocumentView';

const { queries } = quoteList;
const CONVERTIBLE = new Set(['draft', 'sent', 'accepted']);
const TARGETS = { invoice: { label: 'Invoice', path: 'invoices', named: 'an invoice' }, sale: { label: 'Sale', path: 'sales', named: 'a sale' } } as const;
const isSent = (quote: Quote) => quote.sent_at !== null;

/** Accept, and Convert to Invoice or Sale: the new document opens, carrying the quoted prices. */
function QuoteActions({ document: quote }: { document: Quote }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const queryClient = useQueryClient();
  const { transition } = useDocumentMutations(queries);
  const [error, setError] = useState<string | null>(null);
  const convert = useMutation({
    mutationFn: (to: keyof typeof TARGETS) => api.post<{ id: number }>(`/quotes/${quote.id}/convert`, { to }),
    onSuccess: (made, to) => {
      void queryClient.invalidateQueries({ queryKey: queries.keys.all });
      void queryClient.invalidateQueries({ queryKey: [TARGETS[to].path] });
      flash(`Quote converted into ${TARGETS[to].named}.`, `/${TARGETS[to].path}/${made.id}`);
      navigate(`/${TARGETS[to].path}/${made.id}`);
    },
    onError: (failure) => setError(isApiError(failure, 409) && failure.message ? failure.message : 'Error converting quote. Please try again.'),
  });
  const accept = () =>
    transition.mutate(
      { id: quote.id, action: 'accept' },
      { onError: (failure) => setError(isApiError(failure, 409) && failure.message ? failure.message : 'Error accepting quote. Please try again.') },
    );
  if (!CONVERTIBLE.has(quote.status)) return null;
  return (
    <>
      {error && <ErrorBox messages={[error]} />}
      {quote.status === 'sent' && (
        <button type="button" className="btn btn-secondary" disabled={transition.isPending} onClick={accept}>
          Accept
        </button>
      )}
      {(Object.keys(TARGETS) as (keyof typeof TARGETS)[]).map((to) => (
        <button key={to} type="button" className="btn btn-secondary" disabled={convert.isPending} onClick={() => convert.mutate(to)}>
          Convert to {TARGETS[to].label}
        </button>
      ))}
    </>
  );
}

function ConvertedTo({ quote }: { quote: Quote }) {
  const made = quote.converted_to;
  if (!made) return <>-</>;
  const target = made.type === 'Invoice' ? TARGETS.invoice : TARGETS.sale;
  return (
    <Link to={`/${target.path}/${made.id}`}>
      {target.label} {made.number ?? `${made.id} (draft)`}
    </Link>
  );
}

/** What the branch holds of a line's product now; short of the quantity is marked. */
function StockCell({ item }: { item: QuoteItem }) {
  if (item.stock === null) return <>-</>;
  return <span className={item.stock < item.quantity ? 'stock-short' : undefined}>{item.stock}</span>;
}

/** Quotes: numbered when made, sent, accepted or declined, and turned into an invoice or a sale at the quoted prices. */
export const quoteKind: EditableKind<Quote, QuoteItem> = {
  ...quoteList,
  afterCreate: 'detail',
  partyHeading: 'Quote For',
  printLayouts: ['a4'],

  summary: 'offer',
  facts: (quote) => [
    { label: 'Issue Date', value: formatDate(quote.issued_date) },
    { label: 'Valid Until', value: formatDate(quote.valid_until) },
    { label: 'Converted To', value: <ConvertedTo quote={quote} /> },
  ],
  lines: (quote) => quote.items,
  lineLabel: (item) => item.product_name,
  lineColumns: [
    { header: 'Description', cell: (item) => <LineProduct name={item.product_name} details={[item.description, item.dot && `DOT ${item.dot}`]} /> },
    quantityColumn,
    { header: 'In Stock', cell: (item) => <StockCell item={item} />, className: 'cell-money' },
    { header: 'Unit Price', cell: (item) => formatMoney(item.unit_price), className: 'cell-money' },
    { header: 'Line Total', cell: (item) => formatMoney(item.total), className: 'cell-money' },
  ],
  canPay: () => false,
  Actions: QuoteActions,
  post: {
    action: 'send',
    label: 'Mark as Sent',
    title: 'Mark Quote as Sent',
    message: (quote) => `Mark this quote as sent to ${quote.customer.name}? Afterwards only its validity and notes can change.`,
    confirmLabel: 'Mark as Sent',
    failureMessage: 'Error sending quote. Please try again.',
    done: 'Quote marked as sent.',
    when: (quote) => quote.status === 'draft',
  },
  cancel: {
    action: 'decline',
    label: 'Decline',
    title: 'Quote Declined',
    message: () => 'Mark this quote as declined by the customer? It can no longer be converted or edited.',
    confirmLabel: 'Mark as Declined',
    failureMessage: 'Error declining quote. Please try again.',
    done: 'Quote marked as declined.',
    when: (quote) => CONVERTIBLE.has(quote.status),
  },

  posted: {
    when: isSent,
    note: 'This quote has been sent: only how long it holds and its notes can be changed.',
    schema: sentQuoteInput,
    values: (quote) => ({ valid_until: quote.valid_until, notes: quote.notes ?? '' }),
    fields: (bind) => (
      <>
        <Field {...bind('valid_until')} label="Valid Until" type="date" required />
        <Field {...bind('notes')} label="Notes" multiline wide />
      </>
    ),
  },
  schemas: { create: quoteInput, update: draftQuoteInput },
  formFields: ['issued_date', 'valid_until'],
  draftLine: (item) => savedLine(item, toCents(item.unit_price)),
  useHeader: (quote, _state, settings, kept) => {
    const [issuedDate, setIssuedDate] = useState(kept?.issued_date ?? quote?.issued_date ?? today());
    // null: the validity follows the issue date by the shop's quote days until it is typed.
    const [validUntil, setValidUntil] = useState<string | null>(kept?.valid_until ?? quote?.valid_until ?? null);
    const shownValidUntil = validUntil ?? (settings && issuedDate ? addDays(issuedDate, settings.quote_valid_days) : '');
    return {
      input: { issued_date: issuedDate, valid_until: shownValidUntil, ...(quote ? {} : { status: 'draft' }) },
      fields: (errors) => (
        <>
          <Field name="issued_date" label="Issue Date" type="date" required value={issuedDate} onChange={setIssuedDate} errors={errors.issued_date} />
          <Field name="valid_until" label="Valid Until" type="date" required value={shownValidUntil} onChange={setValidUntil} errors={errors.valid_until} />
        </>
      ),
    };
  },
};
