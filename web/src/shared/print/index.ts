export type { PrintLayout, Printable } from './types';
export { printFrame } from './printFrame';
export { usePrint } from './usePrint';
export { PrintPage } from './PrintPage';
