import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { DENOMINATIONS, DRAWER_METHODS, DRAWER_METHOD_LABELS, type DayClosePreview, type DrawerMethod } from '@schemas/day-closes';
import { errorMessages, isApiError } from '../../shared/api/client';
import { lookupQuery } from '../../shared/api/lookups';
import { useIdempotencyKey } from '../../shared/api/useIdempotencyKey';
import { useAuth } from '../../shared/auth/AuthContext';
import { useHomeBranch } from '../../shared/branches/BranchSelect';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { Field } from '../../shared/forms/Field';
import { today } from '../../shared/ui/dates';
import { formatDate } from '../../shared/ui/dates';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { centsText, formatMoney, fromCents, toCents } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { dayClosePreviewQuery, useCloseDay } from './api';
import { OverShort } from './labels';
import './day-closes.css';

type Counts = Record<DrawerMethod, string>;
const NO_COUNTS: Counts = { cash: '', credit_card: '', bank_transfer: '', cheque: '' };

/** Notes and coins counted: the cents of each face value times how many. */
function denominationCents(counts: Record<string, string>): number {
  return DENOMINATIONS.reduce((sum, face) => sum + toCents(face) * (Math.max(0, Math.floor(Number(counts[face]) || 0))), 0);
}

function CountForm({ preview, locationName }: { preview: DayClosePreview; locationName: string }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const close = useCloseDay();
  const idempotencyKey = useIdempotencyKey();
  const [counts, setCounts] = useState<Counts>(NO_COUNTS);
  const [byNotes, setByNotes] = useState(false);
  const [notesAndCoins, setNotesAndCoins] = useState<Record<string, string>>({});
  const [deposit, setDeposit] = useState('');
  const [notes, setNotes] = useState('');

  const cashCents = byNotes ? denominationCents(notesAndCoins) : toCents(counts.cash);
  const countedCents = (method: DrawerMethod) => (method === 'cash' ? cashCents : toCents(counts[method]));
  const expectedOf = (method: DrawerMethod) => toCents(preview.methods.find((row) => row.payment_method === method)?.expected ?? 0);
  const totalExpected = DRAWER_METHODS.reduce((sum, method) => sum + expectedOf(method), 0);
  const totalCounted = DRAWER_METHODS.reduce((sum, method) => sum + countedCents(method), 0);
  const floatCents = cashCents - toCents(deposit);
  const fieldErrors = isApiError(close.error, 422) ? (close.error.errors ?? {}) : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (close.isPending) return;
    const counted = Object.fromEntries(DRAWER_METHODS.map((method) => [method, fromCents(countedCents(method))]));
    const denominations = byNotes
      ? Object.fromEntries(DENOMINATIONS.filter((face) => Number(notesAndCoins[face]) > 0).map((face) => [face, Math.floor(Number(notesAndCoins[face]))]))
      : null;
    const body = { location_id: preview.location_id, date: preview.date, counted, cash_by_denomination: denominations, deposit: fromCents(toCents(deposit)), notes };
    close.mutate(
      { body, idempotencyKey: idempotencyKey(body) },
      {
        onSuccess: (saved) => {
          flash(`Day ${formatDate(saved.date)} closed at ${saved.location.name} (${saved.number}).`, `/day-closes/${saved.id}`);
          navigate(`/day-closes/${saved.id}`);
        },
      },
    );
  };

  const failure = close.error
    ? isApiError(close.error, 422)
      ? errorMessages(close.error, 'The close could not be saved.')
      : [close.error.message || 'The close could not be saved. Please try again.']
    : null;

  return (
    <form onSubmit={submit} noValidate aria-label={`Close ${formatDate(preview.date)} at ${locationName}`}>
      {failure && <ErrorBox messages={failure} />}
      <div className="card">
        <h2 className="dc-heading">Count the drawer</h2>
        <p className="dc-note">
          {preview.period_from === preview.date
            ? `Receipts of ${formatDate(preview.date)}`
            : `Receipts from ${formatDate(preview.period_from)} to ${formatDate(preview.date)}, since ${preview.previous_close?.number ?? 'the last close'}`}
          . Opening float {formatMoney(preview.opening_float)}.
        </p>
        <div className="table-wrap">
          <table className="dc-count-table">
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">In</th>
                <th scope="col">Out</th>
                <th scope="col">Expected</th>
                <th scope="col">Counted</th>
                <th scope="col">Over/Short</th>
              </tr>
            </thead>
            <tbody>
              {preview.methods.map((row) => {
                const method = row.payment_method;
                const label = DRAWER_METHOD_LABELS[method];
                return (
                  <tr key={method}>
                    <th scope="row">
                      {label}
                      {method === 'cash' && preview.opening_float ? <span className="field-hint"> incl. float {formatMoney(preview.opening_float)}</span> : null}
                    </th>
                    <td>{formatMoney(row.income + row.supplier_refunds)}</td>
                    <td>{formatMoney(row.refunds + row.expenses)}</td>
                    <td>{formatMoney(row.expected)}</td>
                    <td>
                      <input
                        name={`counted.${method}`}
                        aria-label={`${label} counted`}
                        inputMode="decimal"
                        value={method === 'cash' && byNotes ? centsText(cashCents) : counts[method]}
                        readOnly={method === 'cash' && byNotes}
                        placeholder="0.00"
                        autoFocus={method === 'cash'}
                        onChange={(event) => setCounts((current) => ({ ...current, [method]: event.target.value }))}
                        aria-invalid={fieldErrors[`counted.${method}`] ? true : undefined}
                      />
                    </td>
                    <td data-testid={`over-short-${method}`}>
                      <OverShort value={fromCents(countedCents(method) - expectedOf(method))} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td />
                <td />
                <td>{formatMoney(fromCents(totalExpected))}</td>
                <td>{formatMoney(fromCents(totalCounted))}</td>
                <td data-testid="over-short-total">
                  <OverShort value={fromCents(totalCounted - totalExpected)} />
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
        <CheckboxField name="by_denomination" label="Count cash by notes and coins" checked={byNotes} onChange={setByNotes} />
        {byNotes && (
          <fieldset className="dc-denominations-set">
            <legend className="field-label">Notes and coins</legend>
            <div className="dc-denominations">
              {DENOMINATIONS.map((face) => (
                <label key={face} className="dc-denomination">
                  <span>{formatMoney(face)}</span>
                  <input
                    name={`denomination.${face}`}
                    inputMode="numeric"
                    aria-label={`${formatMoney(face)} count`}
                    value={notesAndCoins[face] ?? ''}
                    placeholder="0"
                    onChange={(event) => setNotesAndCoins((current) => ({ ...current, [face]: event.target.value }))}
                  />
                </label>
              ))}
            </div>
            <p className="dc-note">Cash counted: {formatMoney(fromCents(cashCents))}</p>
          </fieldset>
        )}
      </div>

      <div className="card">
        <div className="form-grid">
          <Field name="deposit" label="Deposit to the bank" value={deposit} onChange={setDeposit} errors={fieldErrors.deposit} inputProps={{ inputMode: 'decimal', placeholder: '0.00' }} />
          <div className="field">
            <span className="field-label">Float left in the drawer</span>
            <strong data-testid="closing-float">{formatMoney(fromCents(floatCents))}</strong>
          </div>
          <Field name="notes" label="Notes" value={notes} onChange={setNotes} multiline wide errors={fieldErrors.notes} />
        </div>
        <div className="dc-actions">
          <button type="submit" className="btn btn-primary" disabled={close.isPending} aria-busy={close.isPending}>
            {close.isPending ? 'Closing...' : 'Close the Day'}
          </button>
        </div>
      </div>
    </form>
  );
}

/** /day-close: a branch's day, what it should hold, the count, and the close. */
export function DayClosePage() {
  const home = useHomeBranch();
  const { user } = useAuth();
  const locations = useQuery(lookupQuery('locations'));
  const [locationId, setLocationId] = useState(home);
  const [date, setDate] = useState(today());
  useEffect(() => {
    if (!locationId && locations.data?.length) setLocationId(String(locations.data[0].id));
  }, [locations.data]);
  const ready = Boolean(locationId && /^\d{4}-\d{2}-\d{2}$/.test(date));
  const preview = useQuery({ ...dayClosePreviewQuery(locationId, date), enabled: ready });
  const locationName = locations.data?.find((row) => String(row.id) === locationId)?.name ?? '';
  const othersOnly = user?.role !== 'admin' && locationId !== home;

  const data = preview.data;
  return (
    <section>
      <PageHeader
        title="Close the Day"
        actions={
          <Link to="/day-closes" className="btn btn-secondary">
            All Day Closes
          </Link>
        }
      />
      <div className="card dc-controls">
        <SelectField
          name="location_id"
          label="Branch"
          value={locationId}
          onChange={setLocationId}
          options={(locations.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
          placeholder={locations.isPending ? 'Loading…' : 'Select a branch'}
          required
        />
        <Field name="date" label="Day" type="date" value={date} onChange={setDate} required />
      </div>
      {!ready ? null : preview.isPending ? (
        <Spinner label="Loading the day's receipts..." />
      ) : preview.isError ? (
        <ErrorBox messages={[`Error loading the day: ${preview.error.message}`]} />
      ) : data!.close ? (
        <div className="card">
          <p>
            {formatDate(date)} is closed at {locationName}: <Link to={`/day-closes/${data!.close.id}`}>{data!.close.number}</Link>.
          </p>
        </div>
      ) : data!.closed_through && data!.closed_through > date ? (
        <div className="card">
          <p>
            {locationName} is closed through {formatDate(data!.closed_through)}: an earlier day cannot be closed.
          </p>
        </div>
      ) : (
        <>
          {othersOnly && <ErrorBox messages={["Only an administrator can close another branch's day. Ask an administrator."]} />}
          <CountForm key={`${locationId}-${date}`} preview={data!} locationName={locationName} />
        </>
      )}
    </section>
  );
}
