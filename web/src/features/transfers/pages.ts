export { TransferListPage } from './TransferListPage';
export { TransferCreatePage, TransferEditPage } from './TransferFormPage';
export { TransferDetailPage } from './TransferDetailPage';
export { TransferPrintPage } from './TransferPrintPage';
