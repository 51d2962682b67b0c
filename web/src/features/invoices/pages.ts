export { InvoiceListPage } from './InvoiceListPage';
export { InvoiceCreatePage } from './InvoiceCreatePage';
export { InvoiceDetailPage } from './InvoiceDetailPage';
export { InvoiceEditPage } from './InvoiceEditPage';
export { InvoicePrintPage } from './InvoicePrintPage';
