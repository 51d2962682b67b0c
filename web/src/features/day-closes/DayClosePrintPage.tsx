import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { useReactToPrint } from 'react-to-print';
import { isApiError } from '../../shared/api/client';
import { settingsQuery } from '../../shared/api/settings';
import { printFrame, type PrintLayout } from '../../shared/print';
import { fitThermalPage } from '../../shared/print/pageSize';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { dayCloseQuery } from './api';
import { ZReport } from './ZReport';

const LAYOUTS: { value: PrintLayout; label: string }[] = [
  { value: 'a4', label: 'A4' },
  { value: 'thermal', label: '80 mm receipt' },
];

/** /day-closes/:id/print: the close's Z report on A4 or an 80 mm ticket. */
export function DayClosePrintPage() {
  const { id = '' } = useParams();
  const close = useQuery(dayCloseQuery(id));
  const settings = useQuery(settingsQuery);
  const [params, setParams] = useSearchParams();
  const layout: PrintLayout = params.get('layout') === 'thermal' ? 'thermal' : 'a4';
  const contentRef = useRef<HTMLDivElement>(null);
  const title = close.data ? `Z Report ${close.data.number}` : 'Z Report';
  const printNow = useReactToPrint({ contentRef, documentTitle: title, print: (frame) => printFrame(frame, title) });
  const legendId = useId();

  useLayoutEffect(() => fitThermalPage(document), [layout, close.data, settings.data]);
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
    <section>
      <PageHeader
        title={title}
        actions={
          <Link to={`/day-closes/${id}`} className="btn btn-secondary">
            Back to Day Close
          </Link>
        }
      />
      {close.isPending ? (
        <Spinner label="Loading day close..." />
      ) : close.isError ? (
        <ErrorBox messages={[isApiError(close.error, 404) ? 'Day close not found' : `Error loading day close: ${close.error.message}`]} />
      ) : (
        <div className="print-view">
          <div className="card print-controls">
            <fieldset className="print-layouts" aria-labelledby={legendId}>
              <legend id={legendId}>Layout</legend>
              {LAYOUTS.map((option) => (
                <label key={option.value} className="print-layout-option">
                  <input type="radio" name="print-layout" value={option.value} checked={layout === option.value} onChange={() => chooseLayout(option.value)} />
                  {option.label}
                </label>
              ))}
            </fieldset>
            <button type="button" className="btn btn-primary" disabled={settings.isPending} onClick={() => printNow()}>
              Print
            </button>
          </div>
          <div className={`print-preview print-preview-${layout}`} role="region" aria-label="Print preview">
            <div className="print-scale">
              <div ref={contentRef} className="print-paper">
                <ZReport close={close.data} layout={layout} settings={settings.data} />
              </div>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
