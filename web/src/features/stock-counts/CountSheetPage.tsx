import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { useReactToPrint } from 'react-to-print';
import { isApiError } from '../../shared/api/client';
import { settingsQuery } from '../../shared/api/settings';
import { printFrame } from '../../shared/print';
import { formatDateTime } from '../../shared/ui/dates';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { countQuery, countSheetQuery } from './api';
import '../../shared/print/print.css';
import './stock-counts.css';

/** /stock-counts/:id/sheet: the count sheet on A4, for counting on paper: the products without their book quantity. */
export function CountSheetPage() {
  const { id = '' } = useParams();
  const count = useQuery(countQuery(id));
  const sheet = useQuery(countSheetQuery(id));
  const settings = useQuery(settingsQuery);
  const contentRef = useRef<HTMLDivElement>(null);
  const title = count.data ? `Count Sheet ${count.data.number}` : 'Count Sheet';
  const printNow = useReactToPrint({ contentRef, documentTitle: title, print: (frame) => printFrame(frame, title) });
  const failed = count.error ?? sheet.error;

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <Link to={`/stock-counts/${id}`} className="btn btn-secondary">
            Back to Count
          </Link>
        }
      />
      {count.isPending || sheet.isPending ? (
        <Spinner label="Loading count sheet..." />
      ) : failed ? (
        <ErrorBox messages={[isApiError(failed, 404) ? 'Stock count not found' : `Error loading count sheet: ${failed.message}`]} />
      ) : (
        <div className="print-view">
          <div className="card print-controls">
            <p className="sc-note">Book quantities are left off: the count is blind.</p>
            <button type="button" className="btn btn-primary" disabled={settings.isPending} onClick={() => printNow()}>
              Print
            </button>
          </div>
          <div className="print-preview print-preview-a4" role="region" aria-label="Print preview">
            <div className="print-scale">
              <div ref={contentRef} className="print-paper">
                <article className="printout printout-a4" aria-label={title}>
                  <header className="po-head">
                    <div className="po-shop">
                      {settings.data && <p className="po-shop-name">{settings.data.shop_name}</p>}
                      {settings.data?.address && <p className="po-lines-text">{settings.data.address}</p>}
                    </div>
                    <div className="po-title">
                      <h1>Count Sheet</h1>
                      <p className="po-number">{count.data!.number}</p>
                    </div>
                  </header>
                  <section className="po-meta">
                    <dl className="po-facts">
                      <div>
                        <dt>Branch</dt>
                        <dd>{count.data!.location.name}</dd>
                      </div>
                      <div>
                        <dt>What</dt>
                        <dd>{count.data!.scope_label}</dd>
                      </div>
                      <div>
                        <dt>Started</dt>
                        <dd>{formatDateTime(count.data!.started_at)}</dd>
                      </div>
                      <div>
                        <dt>Counted by</dt>
                        <dd className="sc-write-in">&nbsp;</dd>
                      </div>
                    </dl>
                  </section>
                  <table className="po-table sc-sheet-table">
                    <thead>
                      <tr>
                        <th scope="col">Product</th>
                        <th scope="col">Barcode</th>
                        <th scope="col" className="po-num">
                          Counted
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {sheet.data!.map((line) => (
                        <tr key={line.product.id}>
                          <td>{line.product.name}</td>
                          <td>{line.product.barcode ?? ''}</td>
                          <td className="po-num sc-write-in">{line.counted ?? ''}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </article>
              </div>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
