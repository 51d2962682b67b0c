export { PurchaseListPage } from './PurchaseListPage';
export { PurchaseCreatePage } from './PurchaseCreatePage';
export { PurchaseDetailPage } from './PurchaseDetailPage';
export { PurchaseEditPage } from './PurchaseEditPage';
export { PurchasePrintPage } from './PurchasePrintPage';
