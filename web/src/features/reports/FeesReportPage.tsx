import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import type { CoresReport, FeesReport } from '@schemas/fees';
import { api, errorMessages, isApiError } from '../../shared/api/client';
import { Field } from '../../shared/forms/Field';
import { LookupSelect } from '../../shared/forms/LookupSelect';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { FormDialog } from '../../shared/ui/FormDialog';
import { useFlash } from '../../shared/ui/Flash';
import { SelectField } from '../../shared/ui/SelectField';
import { LookupFilter, useLookupName, useReportParams } from './filters';
import { formatRange } from './format';
import { formatMoney } from '../../shared/ui/money';
import { reportKeys } from './api';
import { ReportPage, type AnySection } from './ReportPage';
import { slug, type ReportTable } from './table';

type FeeRow = FeesReport['rows'][number];
type OnHandRow = CoresReport['on_hand'][number];
type OverdueRow = CoresReport['overdue'][number];

const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function sections(fees: FeesReport, cores: CoresReport | undefined, location: string): AnySection[] {
  const suffix = [`${fees.filters.dateFrom}-to-${fees.filters.dateTo}`, fees.filters.location_id && slug(location)].filter(Boolean).join('-');
  const collected: ReportTable<FeeRow> = {
    title: 'Fees Collected',
    fileName: `fees-collected-${suffix}`,
    rows: fees.rows,
    rowKey: (row) => `${row.month}-${row.location_id}-${row.fee_rule_id}`,
    rowLabel: (row) => `${row.fee}, ${monthLabel(row.month)}, ${row.location}`,
    empty: 'No fees were charged in this period',
    columns: [
      { header: 'Month', value: (row) => row.month, display: (row) => monthLabel(row.month), nowrap: true },
      { header: 'Branch', value: (row) => row.location },
      { header: 'Fee', value: (row) => row.fee },
      { header: 'Quantity', value: (row) => row.quantity, kind: 'number' },
      { header: 'Amount', value: (row) => row.amount, kind: 'money' },
    ],
    totals: ['Total', null, null, fees.totals.reduce((sum, row) => sum + row.quantity, 0), fees.totals.reduce((sum, row) => sum + row.amount, 0)],
  };
  if (!cores) return [{ table: collected }];
  const onHand: ReportTable<OnHandRow> = {
    title: 'Cores on Hand',
    fileName: 'cores-on-hand',
    rows: cores.on_hand,
    rowKey: (row) => `${row.location_id}-${row.fee_rule_id}`,
    rowLabel: (row) => `${row.fee} at ${row.location}`,
    empty: 'No cores are waiting to go back to a supplier',
    columns: [
      { header: 'Branch', value: (row) => row.location },
      { header: 'Core', value: (row) => row.fee },
      { header: 'On Hand', value: (row) => row.quantity, kind: 'number' },
    ],
  };
  const overdue: ReportTable<OverdueRow> = {
    title: 'Core Charges Past Their Return Date',
    fileName: 'core-charges-past-return-date',
    rows: cores.overdue,
    rowKey: (row) => `${row.document_type}-${row.document_id}-${row.fee}`,
    rowLabel: (row) => `${row.document_type} ${row.number ?? row.document_id}`,
    empty: 'Every core charge past its return date has come back',
    columns: [
      {
        header: 'Document',
        value: (row) => row.number,
        cell: (row) => <Link to={`/${row.document_type === 'Invoice' ? 'invoices' : 'sales'}/${row.document_id}`}>{row.number ?? row.document_id}</Link>,
        nowrap: true,
      },
      { header: 'Customer', value: (row) => row.customer.name },
      { header: 'Sold', value: (row) => row.sold_on, kind: 'date', nowrap: true },
      { header: 'Return By', value: (row) => row.deadline, kind: 'date', nowrap: true },
      { header: 'Cores Owed', value: (row) => row.outstanding, kind: 'number' },
      { header: 'Charge Kept', value: (row) => row.amount, kind: 'money' },
    ],
  };
  return [
    { table: collected, note: 'Fee lines of sent invoices and completed sales, less what credit notes took back, in the month and branch of each document.' },
    { table: onHand },
    { table: overdue, note: `Battery core charges whose old core has not come back within ${cores.core_return_days} days of the sale.` },
  ];
}

/** /reports/fees: what each fee collected per month and branch (for the authority disposal fees go to), and the cores. */
export function FeesReportPage() {
  const params = useReportParams();
  const locationId = params.get('location_id');
  const location = useLookupName('locations', locationId, 'All Locations');
  const query = { dateFrom: params.get('dateFrom'), dateTo: params.get('dateTo'), location_id: locationId };
  const fees = useQuery({
    queryKey: [...reportKeys.all, 'fees', query],
    queryFn: ({ signal }) => api.get<FeesReport>('/reports/fees', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
  const cores = useQuery({ queryKey: [...reportKeys.all, 'cores'], queryFn: ({ signal }) => api.get<CoresReport>('/reports/cores', { signal }) });
  const [sending, setSending] = useState(false);
  const errors = isApiError(fees.error, 422) ? fees.error.errors : undefined;
  const applied = fees.data?.filters;
  return (
    <>
      <ReportPage
        title="Fees and Cores"
        query={fees}
        facts={applied ? [['Period', formatRange(applied)], ['Location', location]] : []}
        filters={
          <>
            <Field name="dateFrom" label="From Date" type="date" value={params.get('dateFrom') || applied?.dateFrom || ''} errors={errors?.dateFrom} onChange={(value) => params.set('dateFrom', value)} />
            <Field name="dateTo" label="To Date" type="date" value={params.get('dateTo') || applied?.dateTo || ''} errors={errors?.dateTo} onChange={(value) => params.set('dateTo', value)} />
            <LookupFilter path="locations" name="location_id" label="Location" all="All Locations" value={locationId} onChange={(value) => params.set('location_id', value)} />
          </>
        }
        stats={
          fees.data
            ? fees.data.totals.map((row) => ({ label: row.fee, value: formatMoney(row.amount), notes: [`${row.quantity} charged`] }))
            : []
        }
        sections={fees.data ? sections(fees.data, cores.data, location) : []}
        after={
          cores.data?.on_hand.length ? (
            <button type="button" className="btn btn-secondary" onClick={() => setSending(true)}>
              Send Cores to a Supplier
            </button>
          ) : null
        }
      />
      {sending && cores.data && <SendCoresDialog onHand={cores.data.on_hand} onClose={() => setSending(false)} />}
    </>
  );
}

function SendCoresDialog({ onHand, onClose }: { onHand: OnHandRow[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const flash = useFlash();
  const [core, setCore] = useState(`${onHand[0].location_id}-${onHand[0].fee_rule_id}`);
  const [supplier, setSupplier] = useState('');
  const [quantity, setQuantity] = useState(String(onHand[0].quantity));
  const [credit, setCredit] = useState('');
  const send = useMutation({
    mutationFn: () => {
      const [location_id, fee_rule_id] = core.split('-').map(Number);
      return api.post('/cores/send-back', { location_id, fee_rule_id, supplier_id: supplier, quantity, credit_amount: credit });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      flash('Cores sent back.');
      onClose();
    },
  });
  const errors = isApiError(send.error) ? (send.error.errors ?? {}) : {};
  const messages = send.error && !Object.keys(errors).length ? errorMessages(send.error, 'Error sending the cores. Please try again.') : null;
  return (
    <FormDialog title="Send Cores to a Supplier" submitLabel="Send" pending={send.isPending} errors={messages} onClose={onClose} onSubmit={() => send.mutate()}>
      <SelectField
        name="core"
        label="Cores"
        value={core}
        options={onHand.map((row) => ({ value: `${row.location_id}-${row.fee_rule_id}`, label: `${row.fee} at ${row.location} (${row.quantity} on hand)` }))}
        onChange={setCore}
      />
      <LookupSelect path="suppliers" name="supplier_id" label="Supplier" required value={supplier} onChange={setSupplier} placeholder="Select a supplier" errors={errors.supplier_id} empty="No suppliers yet" />
      <Field name="quantity" label="Quantity" type="number" required value={quantity} onChange={setQuantity} errors={errors.quantity} inputProps={{ step: '1', min: '1' }} />
      <Field name="credit_amount" label="Credit from the Supplier" type="number" value={credit} onChange={setCredit} errors={errors.credit_amount} inputProps={{ step: '0.01', min: '0' }} />
      {messages === null && send.isError && <ErrorBox messages={['Error sending the cores.']} />}
    </FormDialog>
  );
}
