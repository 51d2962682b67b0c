import { lazy, Suspense, useState } from 'react';
import type { Printable } from '../../shared/print';

/** The printout and its code load with the first Print of a list, not with the list. */
const RowPrintout = lazy(() => import('./RowPrintout'));

/** A Print button on each row of a list: the row is rendered into the hidden print node, then printed. */
export function useRowPrint<D>(printable: (document: D) => Printable) {
  const [request, setRequest] = useState<{ document: D; at: number } | null>(null);
  return {
    node: request && (
      <Suspense fallback={null}>
        <RowPrintout printable={printable(request.document)} at={request.at} />
      </Suspense>
    ),
    button: (document: D) => (
      <button type="button" className="btn btn-small btn-secondary" onClick={() => setRequest({ document, at: Date.now() })}>
        Print
      </button>
    ),
  };
}
