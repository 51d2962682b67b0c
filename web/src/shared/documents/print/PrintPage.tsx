import type { JSX } from 'react';
import type { Printable } from './types';

/** The body of /invoices/:id/print, /sales/:id/print, /receipts/:id/print: layout choice (A4 / 80 mm), preview, Print button. */
export function PrintPage({ printable }: { printable: Printable }): JSX.Element {
  return <p>{printable.kind}</p>;
}
