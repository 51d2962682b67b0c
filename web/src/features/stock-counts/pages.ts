export { StockCountListPage } from './StockCountListPage';
export { StartCountPage } from './StartCountPage';
export { CountPage } from './CountPage';
export { CountReviewPage } from './CountReviewPage';
export { CountSheetPage } from './CountSheetPage';
