import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { INVOICE_STATUSES, type Invoice } from '@schemas/documents';
import { usePermissions } from '../../shared/auth/permissions';
import { BranchFilter, branchFilterParam, useBranchFilterDefault } from '../../shared/branches/BranchSelect';
import { formatDate } from '../../shared/ui/dates';
import { DocumentList } from '../documents/DocumentList';
import { usePrint } from '../../shared/print';
import { StatusBadge } from '../documents/StatusBadge';
import { useUrlFilters } from '../../shared/hooks/useUrlFilters';
import { Field } from '../../shared/forms/Field';
import { usePageInRange, useRecordDeletion } from '../../shared/records/listHooks';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { invoiceNumber, invoiceQueries, useInvoiceMutations } from './api';

const FILTERS = ['customer', 'location_id', 'status', 'dateFrom', 'dateTo', 'overdue'] as const;

/** Prints a row of the list: the row is rendered into the hidden print node, then printed. */
function useRowPrint() {
  const [request, setRequest] = useState<{ invoice: Invoice; at: number } | null>(null);
  const { print, node } = usePrint(request ? { kind: 'invoice', document: request.invoice } : undefined);
  useEffect(() => {
    if (request) print();
  }, [request]);
  return { node, print: (invoice: Invoice) => setRequest({ invoice, at: Date.now() }) };
}

/** /invoices: filters, the page of invoices (overdue ones highlighted), View, Print, Edit, Delete. */
export function InvoiceListPage() {
  const filters = useUrlFilters(FILTERS, { location_id: useBranchFilterDefault() });
  const { applied, form, setFormField, page, setPage } = filters;
  const list = useQuery(
    invoiceQueries.list({ ...applied, location_id: branchFilterParam(applied.location_id), overdue: applied.overdue ? 1 : undefined }, page),
  );
  const can = usePermissions();
  const { remove } = useInvoiceMutations();
  const deletion = useRecordDeletion(remove, {
    deleteTitle: 'Delete Invoice',
    deleteConfirm: 'Are you sure you want to delete this invoice?',
    deleteFailed: 'Error deleting invoice. Please try again.',
    deleted: 'Invoice deleted successfully!',
  });
  const rowPrint = useRowPrint();
  usePageInRange(list.data, page, setPage);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    filters.apply();
  };

  return (
    <section>
      <PageHeader
        title="Invoices"
        actions={
          <Link to="/invoices/create" className="btn btn-primary">
            Create Invoice
          </Link>
        }
      />
      <div className="card">
        <form className="doc-filters" onSubmit={submit} role="search" aria-label="Filter invoices">
          <Field name="customer" label="Customer" value={form.customer} onChange={(value) => setFormField('customer', value)} inputProps={{ placeholder: 'Customer name' }} />
          <BranchFilter value={form.location_id} onChange={(value) => setFormField('location_id', value)} />
          <SelectField
            name="status"
            label="Status"
            value={form.status}
            onChange={(value) => setFormField('status', value)}
            placeholder="All"
            options={INVOICE_STATUSES.map((status) => ({ value: status, label: status }))}
          />
          <Field name="dateFrom" label="From Date" type="date" value={form.dateFrom} onChange={(value) => setFormField('dateFrom', value)} />
          <Field name="dateTo" label="To Date" type="date" value={form.dateTo} onChange={(value) => setFormField('dateTo', value)} />
          <CheckboxField name="overdue" label="Overdue Only" checked={form.overdue === '1'} onChange={(checked) => setFormField('overdue', checked ? '1' : '')} />
          <div className="doc-filters-submit">
            <button type="submit" className="btn btn-primary">
              Filter
            </button>
          </div>
        </form>
        {deletion.error && <ErrorBox messages={[deletion.error]} />}
        <DocumentList
          list={list}
          caption="Invoices"
          loadError="Error loading invoices: {message}"
          empty="No invoices found"
          onPage={setPage}
          rowLabel={(invoice) => `Invoice ${invoiceNumber(invoice)} ${invoice.customer?.name ?? ''}`.trim()}
          rowClassName={(invoice) => (invoice.is_overdue ? 'doc-row-overdue' : undefined)}
          columns={[
            { header: 'Invoice #', cell: (invoice) => <Link to={`/invoices/${invoice.id}`}>{invoiceNumber(invoice)}</Link>, className: 'cell-nowrap' },
            { header: 'Customer', cell: (invoice) => invoice.customer?.name || '-' },
            { header: 'Issue Date', cell: (invoice) => formatDate(invoice.issued_date), className: 'cell-nowrap' },
            { header: 'Due Date', cell: (invoice) => formatDate(invoice.due_date) || '-', className: 'cell-nowrap' },
            { header: 'Amount', cell: (invoice) => formatMoney(invoice.net_amount ?? invoice.total_amount), className: 'cell-money' },
            { header: 'Status', cell: (invoice) => <StatusBadge status={invoice.status} /> },
          ]}
          actions={(invoice) => (
            <>
              <Link to={`/invoices/${invoice.id}`} className="btn btn-small btn-secondary">
                View
              </Link>
              <button type="button" className="btn btn-small btn-secondary" onClick={() => rowPrint.print(invoice)}>
                Print
              </button>
              {invoice.status !== 'cancelled' && (
                <Link to={`/invoices/${invoice.id}/edit`} className="btn btn-small btn-secondary">
                  Edit
                </Link>
              )}
              {invoice.status === 'draft' && can.deleteDocument('invoice', invoice) && (
                <button type="button" className="btn btn-small btn-danger-outline" onClick={() => deletion.ask(invoice.id)}>
                  Delete
                </button>
              )}
            </>
          )}
        />
      </div>
      {deletion.dialog}
      {rowPrint.node}
    </section>
  );
}
