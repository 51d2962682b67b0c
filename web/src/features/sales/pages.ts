export { SaleListPage } from './SaleListPage';
export { SaleCreatePage } from './SaleCreatePage';
export { SaleDetailPage } from './SaleDetailPage';
export { SaleEditPage } from './SaleEditPage';
export { SalePrintPage } from './SalePrintPage';
