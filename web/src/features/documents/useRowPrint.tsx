import { useEffect, useState } from 'react';
import { usePrint, type Printable } from '../../shared/print';

/** A Print button on each row of a list: the row is rendered into the hidden print node, then printed. */
export function useRowPrint<D>(printable: (document: D) => Printable) {
  const [request, setRequest] = useState<{ document: D; at: number } | null>(null);
  const { print, node } = usePrint(request ? printable(request.document) : undefined);
  useEffect(() => {
    if (request) print();
  }, [request]);
  return {
    node,
    button: (document: D) => (
      <button type="button" className="btn btn-small btn-secondary" onClick={() => setRequest({ document, at: Date.now() })}>
        Print
      </button>
    ),
  };
}
