import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useReactToPrint } from 'react-to-print';
import { settingsQuery } from '../api/settings';
import { printFileTitle } from './format';
import { printFrame } from './printFrame';
import { Printout } from './Printout';
import type { Printable, PrintLayout } from './types';

/**
 * A hidden printable node to render, and print() that prints it with react-to-print.
 * print() may be called in the same event that changes `printable` (a list's Print button):
 * it prints once the node shows that document and the shop profile has loaded.
 */
export function usePrint(printable: Printable | undefined): { print: (layout?: PrintLayout) => void; node: ReactNode } {
  const settings = useQuery(settingsQuery);
  const contentRef = useRef<HTMLDivElement>(null);
  const [job, setJob] = useState<{ id: number; layout: PrintLayout } | null>(null);
  const started = useRef(0);
  const title = printable ? printFileTitle(printable) : 'Print';

  const printNow = useReactToPrint({ contentRef, documentTitle: title, print: (frame) => printFrame(frame, title) });

  const ready = Boolean(printable) && !settings.isPending;
  useEffect(() => {
    if (!job || job.id === started.current || !ready) return;
    started.current = job.id;
    printNow();
  }, [job, ready, printNow]);

  const print = useCallback((layout: PrintLayout = 'a4') => setJob((current) => ({ id: (current?.id ?? 0) + 1, layout })), []);

  const node = printable ? (
    <div className="printout-hidden" aria-hidden="true">
      <div ref={contentRef}>
        <Printout printable={printable} layout={job?.layout ?? 'a4'} settings={settings.data} />
      </div>
    </div>
  ) : null;

  return { print, node };
}
