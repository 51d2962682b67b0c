export { ReceiptListPage } from './ReceiptListPage';
export { ReceiptCreatePage } from './ReceiptCreatePage';
export { ReceiptDetailPage } from './ReceiptDetailPage';
export { ReceiptPrintPage } from './ReceiptPrintPage';
