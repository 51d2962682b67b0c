import { useEffect } from 'react';
import { usePrint, type Printable } from '../../shared/print';

/** The hidden printout of a list's row, printed when shown and again at each new `at` (a click of Print). */
export default function RowPrintout({ printable, at }: { printable: Printable; at: number }) {
  const { print, node } = usePrint(printable);
  useEffect(() => print(), [at]);
  return node;
}
