import type { SupplierReturn, SupplierReturnItem } from '@schemas/documents';
import { unitValue } from '../../../shared/print/format';
import { formatDate } from '../../../shared/ui/dates';
import { formatMoney } from '../../../shared/ui/money';
import type { DocumentKind } from '../kind';
import { ReturnedFrom, supplierReturnList } from '../lists';
import { LineProduct, quantityColumn } from '../DocumentView';

/** Supplier returns: goods sent back from a purchase order (Return to Supplier on its page). */
export const supplierReturnKind: DocumentKind<SupplierReturn, SupplierReturnItem> = {
  ...supplierReturnList,
  partyHeading: 'Supplier',
  printLayouts: ['a4'],

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
  canPay: () => false,
};
