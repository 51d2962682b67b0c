import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import type { Shortfall, Transfer } from '@schemas/transfers';
import { isApiError } from '../../shared/api/client';
import { ActivitySection } from '../../shared/audit/ActivitySection';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { DetailList } from '../../shared/ui/DetailList';
import { formatDate, formatDateTime } from '../../shared/ui/dates';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { FormDialog } from '../../shared/ui/FormDialog';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { useConfirmedAction } from '../../shared/ui/useConfirmedAction';
import { transferQuery, useTransferActions, type ReceivedLine } from './api';
import { TransferStatusBadge } from './labels';
import './transfers.css';

type Item = Transfer['items'][number];

const SHORTFALL_TEXT: Record<Shortfall, string> = { send_back: 'sent back', write_off: 'written off' };

const whenBy = (at: string | null, by: { name: string } | null) => (at ? `${formatDateTime(at)}${by ? ` by ${by.name}` : ''}` : null);

function lineColumns(transfer: Transfer): Column<Item>[] {
  const columns: Column<Item>[] = [
    { header: 'Product', cell: (item) => item.product_name },
    { header: 'Quantity', cell: (item) => item.quantity, numeric: true },
  ];
  if (transfer.status === 'draft') {
    columns.push({
      header: `On the shelf at ${transfer.from_location.name}`,
      cell: (item) => <span className={item.source_stock < item.quantity ? 'tr-short' : undefined}>{item.source_stock}</span>,
      numeric: true,
    });
  }
  if (transfer.status === 'received') {
    columns.push(
      { header: 'Received', cell: (item) => item.received_quantity, numeric: true },
      {
        header: 'Short',
        cell: (item) =>
          item.shortfall && item.received_quantity !== null
            ? `${item.quantity - item.received_quantity} ${SHORTFALL_TEXT[item.shortfall]}${item.shortfall_reason ? `: ${item.shortfall_reason}` : ''}`
            : '',
      },
    );
  }
  return columns;
}

interface Arrival {
  received: string;
  shortfall: Shortfall | '';
  reason: string;
}

function ReceiveDialog({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const actions = useTransferActions(String(transfer.id));
  const flash = useFlash();
  const [arrivals, setArrivals] = useState<Record<number, Arrival>>(() =>
    Object.fromEntries(transfer.items.map((item) => [item.id, { received: String(item.quantity), shortfall: '', reason: '' }])),
  );
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<string[] | null>(null);
  const change = (id: number, next: Partial<Arrival>) => setArrivals((current) => ({ ...current, [id]: { ...current[id], ...next } }));

  const submit = async () => {
    const lines: ReceivedLine[] = [];
    const problems: string[] = [];
    for (const item of transfer.items) {
      const arrival = arrivals[item.id];
      const received = Number(arrival.received);
      if (arrival.received.trim() === '' || !Number.isInteger(received) || received < 0 || received > item.quantity) {
        problems.push(`The quantity received of ${item.product_name} must be between 0 and ${item.quantity}.`);
        continue;
      }
      if (received < item.quantity && !arrival.shortfall) problems.push(`${item.product_name} is short by ${item.quantity - received}: choose to send it back or write it off.`);
      if (received < item.quantity && arrival.shortfall === 'write_off' && !arrival.reason.trim()) problems.push(`Give a reason for writing off ${item.product_name}.`);
      lines.push({ id: item.id, received_quantity: received, shortfall: received < item.quantity ? (arrival.shortfall as Shortfall) : null, reason: arrival.reason.trim() });
    }
    if (problems.length) return setErrors(problems);
    setPending(true);
    try {
      const received = await actions.receive(lines);
      const short = received.total_quantity - (received.received_quantity ?? 0);
      flash(short ? `${received.number} received, ${short} short.` : `${received.number} received in full.`);
      onClose();
    } catch (failure) {
      setErrors([(isApiError(failure, 409) || isApiError(failure, 422)) && failure.message ? failure.message : 'The transfer could not be received.']);
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog title={`Receive ${transfer.number}`} submitLabel="Receive" pending={pending} errors={errors} onClose={onClose} onSubmit={submit}>
      <p className="tr-dialog-note">
        Enter what arrived at {transfer.to_location.name}. For anything short, send it back (it goes back on the shelf at {transfer.from_location.name}) or write it off with a
        reason.
      </p>
      <ul className="tr-receive-lines">
        {transfer.items.map((item) => {
          const arrival = arrivals[item.id];
          const received = Number(arrival.received);
          const short = arrival.received.trim() !== '' && Number.isInteger(received) && received >= 0 && received < item.quantity;
          return (
            <li key={item.id} className="tr-receive-line">
              <div className="tr-receive-head">
                <strong>{item.product_name}</strong>
                <span className="tr-muted">{item.quantity} shipped</span>
              </div>
              <label className="tr-receive-qty">
                <span>Received</span>
                <input
                  type="number"
                  min={0}
                  max={item.quantity}
                  step={1}
                  inputMode="numeric"
                  aria-label={`Received of ${item.product_name}`}
                  value={arrival.received}
                  onChange={(event) => change(item.id, { received: event.target.value })}
                />
              </label>
              {short && (
                <div className="tr-shortfall">
                  <SelectField
                    name={`shortfall-${item.id}`}
                    label={`The ${item.quantity - received} short`}
                    value={arrival.shortfall}
                    onChange={(value) => change(item.id, { shortfall: value as Shortfall | '' })}
                    placeholder="Choose"
                    required
                    options={[
                      { value: 'send_back', label: `Send back to ${transfer.from_location.name}` },
                      { value: 'write_off', label: 'Write off' },
                    ]}
                  />
                  {arrival.shortfall === 'write_off' && (
                    <label className="tr-reason">
                      <span>Reason</span>
                      <input
                        type="text"
                        aria-label={`Reason for writing off ${item.product_name}`}
                        value={arrival.reason}
                        maxLength={500}
                        onChange={(event) => change(item.id, { reason: event.target.value })}
                      />
                    </label>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </FormDialog>
  );
}

/** /transfers/:id: a transfer, its lines, and Ship, Receive or Cancel as its state allows. */
export function TransferDetailPage() {
  const { id = '' } = useParams();
  const transfer = useQuery(transferQuery(id));
  const actions = useTransferActions(id);
  const confirmed = useConfirmedAction();
  const flash = useFlash();
  const navigate = useNavigate();
  const [receiving, setReceiving] = useState(false);
  const data = transfer.data;

  const ship = (t: Transfer) =>
    confirmed.ask({
      title: `Ship ${t.number}`,
      message: `${t.total_quantity} units leave ${t.from_location.name} now and are in transit to ${t.to_location.name} until received there.`,
      confirmLabel: 'Ship',
      tone: 'primary',
      failureMessage: 'The transfer could not be shipped.',
      run: actions.ship,
      onDone: () => flash(`${t.number} shipped: in transit to ${t.to_location.name}.`),
    });
  const cancel = (t: Transfer) =>
    confirmed.ask({
      title: `Cancel ${t.number}`,
      message: 'Nothing has moved yet. The transfer keeps its number and cannot be shipped afterwards.',
      confirmLabel: 'Cancel Transfer',
      failureMessage: 'The transfer could not be cancelled.',
      run: actions.cancel,
      onDone: () => flash(`${t.number} cancelled.`),
    });
  const remove = (t: Transfer) =>
    confirmed.ask({
      title: `Delete ${t.number}`,
      message: 'The draft and its products are deleted.',
      confirmLabel: 'Delete',
      failureMessage: 'The transfer could not be deleted.',
      run: actions.remove,
      onDone: () => {
        flash(`${t.number} deleted.`);
        navigate('/transfers');
      },
    });

  return (
    <section>
      <PageHeader
        title={data ? `Transfer ${data.number}` : 'Transfer'}
        actions={
          <>
            <Link to="/transfers" className="btn btn-secondary">
              Back to Transfers
            </Link>
            {data && (
              <Link to={`/transfers/${data.id}/print`} className="btn btn-secondary">
                Packing Slip
              </Link>
            )}
            {data?.status === 'draft' && (
              <>
                <Link to={`/transfers/${data.id}/edit`} className="btn btn-secondary">
                  Edit
                </Link>
                <button type="button" className="btn btn-danger-outline" onClick={() => cancel(data)}>
                  Cancel Transfer
                </button>
                <button type="button" className="btn btn-danger-outline" onClick={() => remove(data)}>
                  Delete
                </button>
                <button type="button" className="btn btn-primary" onClick={() => ship(data)}>
                  Ship
                </button>
              </>
            )}
            {data?.status === 'shipped' && (
              <button type="button" className="btn btn-primary" onClick={() => setReceiving(true)}>
                Receive
              </button>
            )}
          </>
        }
      />
      {confirmed.error && <ErrorBox messages={[confirmed.error]} />}
      {transfer.isPending ? (
        <Spinner label="Loading transfer..." />
      ) : transfer.isError ? (
        <ErrorBox messages={[isApiError(transfer.error, 404) ? 'Transfer not found' : `Error loading transfer: ${transfer.error.message}`]} />
      ) : (
        <>
          <div className="card">
            <DetailList
              items={[
                { label: 'Status', value: <TransferStatusBadge status={data!.status} /> },
                { label: 'From', value: data!.from_location.name },
                { label: 'To', value: data!.to_location.name },
                { label: 'Date', value: formatDate(data!.transfer_date) },
                { label: 'Created', value: whenBy(data!.created_at, data!.created_by) },
                ...(data!.shipped_at ? [{ label: 'Shipped', value: whenBy(data!.shipped_at, data!.shipped_by) }] : []),
                ...(data!.received_at ? [{ label: 'Received', value: whenBy(data!.received_at, data!.received_by) }] : []),
                ...(data!.cancelled_at ? [{ label: 'Cancelled', value: whenBy(data!.cancelled_at, data!.cancelled_by) }] : []),
                { label: 'Notes', value: data!.notes },
              ]}
            />
          </div>
          {data!.status === 'shipped' && (
            <p className="tr-transit-note" role="note">
              In transit: not on the shelf at {data!.from_location.name} any more, and not sellable at {data!.to_location.name} until received.
            </p>
          )}
          <div className="card">
            <h2 className="tr-heading">
              Products ({data!.line_count}, {data!.total_quantity} units)
            </h2>
            <DataTable caption="Products" columns={lineColumns(data!)} rows={data!.items} rowKey={(item) => item.id} rowLabel={(item) => item.product_name} />
          </div>
          <ActivitySection recordType="transfer" recordId={data!.id} />
          {receiving && <ReceiveDialog transfer={data!} onClose={() => setReceiving(false)} />}
        </>
      )}
      {confirmed.dialog}
    </section>
  );
}
