import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PAYMENT_STATUSES, PURCHASE_STATUSES } from '@schemas/documents';
import { usePermissions } from '../../shared/auth/permissions';
import { BranchFilter, branchFilterParam, useBranchFilterDefault } from '../../shared/branches/BranchSelect';
import { formatDate } from '../../shared/ui/dates';
import { DocumentList } from '../documents/DocumentList';
import { StatusBadge } from '../documents/StatusBadge';
import { useConfirmedAction } from '../../shared/ui/useConfirmedAction';
import { useUrlFilters } from '../../shared/hooks/useUrlFilters';
import { Field } from '../../shared/forms/Field';
import { usePageInRange, useRecordDeletion } from '../../shared/records/listHooks';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { RECEIVE_CONFIRM, canDelete, canEdit, canReceive, purchaseQueries, shownStatus, usePurchaseMutations } from './api';
import './purchases.css';

const FILTERS = ['supplier', 'location_id', 'status', 'payment_status', 'dateFrom'] as const;

/** /purchases: filters, the page of purchase orders, View, Receive, Edit, Delete. */
export function PurchaseListPage() {
  const filters = useUrlFilters(FILTERS, { location_id: useBranchFilterDefault() });
  const { applied, form, setFormField, page, setPage } = filters;
  const list = useQuery(purchaseQueries.list({ ...applied, location_id: branchFilterParam(applied.location_id) }, page));
  const can = usePermissions();
  const { remove, transition } = usePurchaseMutations();
  const flash = useFlash();
  const receiving = useConfirmedAction();
  const deletion = useRecordDeletion(remove, {
    deleteTitle: 'Delete Purchase Order',
    deleteConfirm: 'Are you sure you want to delete this purchase order?',
    deleteFailed: 'Error deleting purchase order. Please try again.',
    deleted: 'Purchase order deleted successfully!',
  });
  usePageInRange(list.data, page, setPage);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    filters.apply();
  };

  const receive = (id: number, number: string) =>
    receiving.ask({
      title: 'Receive Purchase Order',
      message: RECEIVE_CONFIRM,
      confirmLabel: 'Mark as Received',
      failureMessage: 'Error receiving purchase order. Please try again.',
      run: () => transition.mutateAsync({ id, action: 'receive' }),
      onDone: () => flash(`Purchase order ${number} received.`),
    });

  const error = deletion.error ?? receiving.error;

  return (
    <section>
      <PageHeader
        title="Purchase Orders"
        actions={
          <Link to="/purchases/create" className="btn btn-primary">
            New Purchase Order
          </Link>
        }
      />
      <div className="card purchase-list">
        <form className="doc-filters" onSubmit={submit} role="search" aria-label="Filter purchase orders">
          <Field name="supplier" label="Supplier" value={form.supplier} onChange={(value) => setFormField('supplier', value)} inputProps={{ placeholder: 'Supplier name' }} />
          <BranchFilter value={form.location_id} onChange={(value) => setFormField('location_id', value)} />
          <SelectField
            name="status"
            label="Status"
            value={form.status}
            onChange={(value) => setFormField('status', value)}
            placeholder="All"
            options={PURCHASE_STATUSES.map((status) => ({ value: status, label: status }))}
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
        {error && <ErrorBox messages={[error]} />}
        <DocumentList
          list={list}
          caption="Purchase orders"
          loadError="Error loading purchase orders: {message}"
          empty="No purchase orders found"
          onPage={setPage}
          rowLabel={(purchase) => `Purchase order ${purchase.number} ${purchase.supplier?.name ?? ''}`.trim()}
          columns={[
            { header: 'PO Number', cell: (purchase) => <Link to={`/purchases/${purchase.id}`}>{purchase.number}</Link>, className: 'cell-nowrap' },
            { header: 'Supplier', cell: (purchase) => purchase.supplier?.name || '-' },
            { header: 'Date', cell: (purchase) => formatDate(purchase.purchase_date), className: 'cell-nowrap' },
            { header: 'Expected Delivery', cell: (purchase) => formatDate(purchase.expected_delivery_date) || '-', className: 'cell-nowrap' },
            { header: 'Total Amount', cell: (purchase) => formatMoney(purchase.net_amount ?? purchase.total_amount), className: 'cell-money' },
            { header: 'Status', cell: (purchase) => <StatusBadge status={shownStatus(purchase)} /> },
            { header: 'Payment', cell: (purchase) => <StatusBadge status={purchase.payment_status} /> },
          ]}
          actions={(purchase) => (
            <>
              <Link to={`/purchases/${purchase.id}`} className="btn btn-small btn-secondary">
                View
              </Link>
              {canReceive(purchase) && (
                <button type="button" className="btn btn-small btn-primary" onClick={() => receive(purchase.id, purchase.number)}>
                  Receive
                </button>
              )}
              {canEdit(purchase) && (
                <Link to={`/purchases/${purchase.id}/edit`} className="btn btn-small btn-secondary">
                  Edit
                </Link>
              )}
              {canDelete(purchase) && can.deleteDocument('purchase', purchase) && (
                <button type="button" className="btn btn-small btn-danger-outline" onClick={() => deletion.ask(purchase.id)}>
                  Delete
                </button>
              )}
            </>
          )}
        />
      </div>
      {deletion.dialog}
      {receiving.dialog}
    </section>
  );
}
