export type { PrintLayout, Printable } from './types';
export { printFrame, usePrint } from './usePrint';
export { PrintPage } from './PrintPage';
