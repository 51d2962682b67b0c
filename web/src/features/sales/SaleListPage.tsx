import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PAYMENT_STATUSES, SALE_STATUSES } from '@schemas/documents';
import { usePermissions } from '../../shared/auth/permissions';
import { BranchFilter, branchFilterParam, useBranchFilterDefault } from '../../shared/branches/BranchSelect';
import { formatDate } from '../../shared/ui/dates';
import { DocumentList } from '../documents/DocumentList';
import { StatusBadge } from '../documents/StatusBadge';
import { useUrlFilters } from '../../shared/hooks/useUrlFilters';
import { Field } from '../../shared/forms/Field';
import { usePageInRange, useRecordDeletion } from '../../shared/records/listHooks';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { canDeleteSale, saleQueries, useSaleMutations } from './api';

const FILTERS = ['customer', 'location_id', 'status', 'payment_status', 'dateFrom'] as const;

/** /sales: filters, the page of sales, View, Edit, Delete. */
export function SaleListPage() {
  const filters = useUrlFilters(FILTERS, { location_id: useBranchFilterDefault() });
  const { applied, form, setFormField, page, setPage } = filters;
  const list = useQuery(saleQueries.list({ ...applied, location_id: branchFilterParam(applied.location_id) }, page));
  const can = usePermissions();
  const { remove } = useSaleMutations();
  const deletion = useRecordDeletion(remove, {
    deleteTitle: 'Delete Sale',
    deleteConfirm: 'Are you sure you want to delete this sale?',
    deleteFailed: 'Error deleting sale. Please try again.',
    deleted: 'Sale deleted successfully!',
  });
  usePageInRange(list.data, page, setPage);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    filters.apply();
  };

  return (
    <section>
      <PageHeader
        title="Sales List"
        actions={
          <Link to="/sales/create" className="btn btn-primary">
            New Sale
          </Link>
        }
      />
      <div className="card">
        <form className="doc-filters" onSubmit={submit} role="search" aria-label="Filter sales">
          <Field name="customer" label="Customer" value={form.customer} onChange={(value) => setFormField('customer', value)} inputProps={{ placeholder: 'Customer name' }} />
          <BranchFilter value={form.location_id} onChange={(value) => setFormField('location_id', value)} />
          <SelectField
            name="status"
            label="Status"
            value={form.status}
            onChange={(value) => setFormField('status', value)}
            placeholder="All"
            options={SALE_STATUSES.map((status) => ({ value: status, label: status }))}
          />
          <SelectField
            name="payment_status"
            label="Payment Status"
            value={form.payment_status}
            onChange={(value) => setFormField('payment_status', value)}
            placeholder="All"
            options={PAYMENT_STATUSES.map((status) => ({ value: status, label: status }))}
          />
          <Field name="dateFrom" label="From Date" type="date" value={form.dateFrom} onChange={(value) => setFormField('dateFrom', value)} />
          <div className="doc-filters-submit">
            <button type="submit" className="btn btn-primary">
              Filter
            </button>
          </div>
        </form>
        {deletion.error && <ErrorBox messages={[deletion.error]} />}
        <DocumentList
          list={list}
          caption="Sales"
          loadError="Error loading sales: {message}"
          empty="No sales found"
          onPage={setPage}
          rowLabel={(sale) => `Sale ${sale.number} ${sale.customer?.name ?? ''}`.trim()}
          columns={[
            { header: 'Sale ID', cell: (sale) => <Link to={`/sales/${sale.id}`}>{sale.number}</Link>, className: 'cell-nowrap' },
            { header: 'Customer', cell: (sale) => sale.customer?.name || '-' },
            { header: 'Date', cell: (sale) => formatDate(sale.sale_date), className: 'cell-nowrap' },
            { header: 'Total Amount', cell: (sale) => formatMoney(sale.net_amount ?? sale.total_amount), className: 'cell-money' },
            { header: 'Status', cell: (sale) => <StatusBadge status={sale.status} /> },
            { header: 'Payment', cell: (sale) => <StatusBadge status={sale.payment_status} /> },
          ]}
          actions={(sale) => (
            <>
              <Link to={`/sales/${sale.id}`} className="btn btn-small btn-secondary">
                View
              </Link>
              {sale.status !== 'cancelled' && (
                <Link to={`/sales/${sale.id}/edit`} className="btn btn-small btn-secondary">
                  Edit
                </Link>
              )}
              {canDeleteSale(sale) && can.deleteDocument('sale', sale) && (
                <button type="button" className="btn btn-small btn-danger-outline" onClick={() => deletion.ask(sale.id)}>
                  Delete
                </button>
              )}
            </>
          )}
        />
      </div>
      {deletion.dialog}
    </section>
  );
}
