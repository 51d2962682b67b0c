export type { PrintLayout, Printable } from './types';
export { usePrint } from './usePrint';
export { PrintPage } from './PrintPage';
