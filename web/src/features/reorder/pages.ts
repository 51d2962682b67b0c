export { ReorderPage } from './ReorderPage';
