import { useEffect, useId, useLayoutEffect, useRef, useState, type JSX } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useReactToPrint } from 'react-to-print';
import { settingsQuery } from '../api/settings';
import { printFileTitle } from './format';
import { fitThermalPage } from './pageSize';
import { Printout } from './Printout';
import { printFrame } from './printFrame';
import type { Printable, PrintLayout } from './types';

const PX_PER_MM = 96 / 25.4;
const PAPER_WIDTH_PX: Record<PrintLayout, number> = { a4: 210 * PX_PER_MM, thermal: 80 * PX_PER_MM };

/** How much smaller the paper is shown so that it fits the preview's width (1: full size). */
function usePreviewZoom(layout: PrintLayout) {
  const previewRef = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  useLayoutEffect(() => {
    const preview = previewRef.current;
    if (!preview) return;
    const fit = () => setZoom(Math.min(1, preview.clientWidth / PAPER_WIDTH_PX[layout]));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(preview);
    return () => observer.disconnect();
  }, [layout]);
  return { previewRef, zoom };
}

const LAYOUTS: { value: PrintLayout; label: string }[] = [
  { value: 'a4', label: 'A4' },
  { value: 'thermal', label: '80 mm receipt' },
];

/**
 * The body of /invoices/:id/print, /sales/:id/print, /receipts/:id/print, /purchases/:id/print: layout
 * choice (A4 / 80 mm, unless the kind has only one), preview, Print button.
 */
export function PrintPage({ printable, layouts = ['a4', 'thermal'] }: { printable: Printable; layouts?: PrintLayout[] }): JSX.Element {
  const [params, setParams] = useSearchParams();
  const asked: PrintLayout = params.get('layout') === 'thermal' ? 'thermal' : 'a4';
  const layout: PrintLayout = layouts.includes(asked) ? asked : layouts[0];
  const settings = useQuery(settingsQuery);
  const contentRef = useRef<HTMLDivElement>(null);
  const title = printFileTitle(printable);
  const printNow = useReactToPrint({ contentRef, documentTitle: title, print: (frame) => printFrame(frame, title) });
  const legendId = useId();
  const { previewRef, zoom } = usePreviewZoom(layout);

  // The browser's own Print (Ctrl+P) prints this page too: the ticket's page must fit it as well.
  useLayoutEffect(() => fitThermalPage(document), [layout, printable, settings.data]);
  useEffect(() => {
    const fit = () => fitThermalPage(document);
    window.addEventListener('beforeprint', fit);
    return () => window.removeEventListener('beforeprint', fit);
  }, []);

  const chooseLayout = (value: PrintLayout) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'a4') next.delete('layout');
        else next.set('layout', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="print-view">
      <div className="card print-controls">
        {layouts.length > 1 ? (
          <fieldset className="print-layouts" aria-labelledby={legendId}>
            <legend id={legendId}>Layout</legend>
            {LAYOUTS.filter((option) => layouts.includes(option.value)).map((option) => (
              <label key={option.value} className="print-layout-option">
                <input type="radio" name="print-layout" value={option.value} checked={layout === option.value} onChange={() => chooseLayout(option.value)} />
                {option.label}
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="print-layout-only">
            <strong>Layout</strong> {LAYOUTS.find((option) => option.value === layout)?.label}
          </p>
        )}
        <button type="button" className="btn btn-primary" disabled={settings.isPending} onClick={() => printNow()}>
          Print
        </button>
        {settings.isError && <p className="print-note">The shop details could not be loaded; the page prints without them.</p>}
      </div>
      <div ref={previewRef} className={`print-preview print-preview-${layout}`} role="region" aria-label="Print preview">
        <div className="print-scale" style={zoom < 1 ? { zoom } : undefined}>
          <div ref={contentRef} className="print-paper">
            <Printout printable={printable} layout={layout} settings={settings.data} />
          </div>
        </div>
      </div>
    </div>
  );
}
