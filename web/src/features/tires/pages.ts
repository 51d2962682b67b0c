export { TireListPage } from './TireListPage';
export { TireCreatePage } from './TireCreatePage';
export { TireDetailPage } from './TireDetailPage';
export { TireEditPage } from './TireEditPage';
