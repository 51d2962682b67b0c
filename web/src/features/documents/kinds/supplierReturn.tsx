import { Link } from 'react-router';
import { SUPPLIER_RETURN_STATUSES, type SupplierReturn, type SupplierReturnItem } from '@schemas/documents';
import { unitValue } from '../../../shared/print/format';
import { formatDate } from '../../../shared/ui/dates';
import { formatMoney } from '../../../shared/ui/money';
import { documentQueries } from '../api';
import type { DocumentKind } from '../kind';
import { LineProduct, quantityColumn } from '../DocumentView';
import { StatusBadge } from '../StatusBadge';
import { useRowPrint } from '../useRowPrint';

const printable = (back: SupplierReturn) => ({ kind: 'supplier_return', document: back }) as const;

const ReturnedFrom = ({ back }: { back: SupplierReturn }) => (
  <Link to={`/purchases/${back.document.id}`}>Purchase Order {back.document.number}</Link>
);

/** Supplier returns: goods sent back from a purchase order (Return to Supplier on its page). */
export const supplierReturnKind: DocumentKind<SupplierReturn, SupplierReturnItem> = {
  mode: 'supplier_return',
  path: 'supplier-returns',
  queries: documentQueries<SupplierReturn>('supplier-returns'),
  name: 'Supplier Return',
  noun: 'supplier return',
  listTitle: 'Supplier Returns',
  statuses: SUPPLIER_RETURN_STATUSES,
  party: (back) => back.supplier,
  partyHeading: 'Supplier',
  printable,
  printLayouts: ['a4'],

  filters: ['dateFrom', 'dateTo'],
  columns: [
    { header: 'Return #', cell: (back) => <Link to={`/supplier-returns/${back.id}`}>{back.number}</Link>, className: 'cell-nowrap' },
    { header: 'Supplier', cell: (back) => back.supplier?.name || '-' },
    { header: 'Date', cell: (back) => formatDate(back.issued_date), className: 'cell-nowrap' },
    { header: 'Returned From', cell: (back) => <ReturnedFrom back={back} />, className: 'cell-nowrap' },
    { header: 'Amount', cell: (back) => formatMoney(back.net_amount), className: 'cell-money' },
    { header: 'Status', cell: (back) => <StatusBadge status={back.status} /> },
  ],
  useRowActions: () => useRowPrint(printable),

  locationLabel: 'Sent From',
  summary: 'offer',
  facts: (back) => [
    { label: 'Date', value: formatDate(back.issued_date) },
    { label: 'Returned From', value: <ReturnedFrom back={back} /> },
    { label: 'Reason', value: back.reason },
    { label: 'Refunded', value: formatMoney(back.refunded_amount) },
  ],
  lines: (back) => back.items,
  lineLabel: (item) => item.product_name,
  lineColumns: [
    { header: 'Product', cell: (item) => <LineProduct name={item.product_name} details={[item.dot && `DOT ${item.dot}`]} /> },
    quantityColumn,
    { header: 'Unit Cost', cell: (item) => formatMoney(unitValue(item)), className: 'cell-money' },
    { header: 'Tax', cell: (item) => formatMoney(item.tax_amount), className: 'cell-money' },
    { header: 'Amount', cell: (item) => formatMoney(item.amount), className: 'cell-money' },
  ],
  canEdit: () => false,
  canPay: () => false,
  canDelete: () => false,
};
