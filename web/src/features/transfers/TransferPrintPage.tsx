import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { useReactToPrint } from 'react-to-print';
import { isApiError } from '../../shared/api/client';
import { settingsQuery } from '../../shared/api/settings';
import { printFrame } from '../../shared/print';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { transferQuery } from './api';
import { PackingSlip } from './PackingSlip';

/** /transfers/:id/print: the transfer's packing slip on A4. */
export function TransferPrintPage() {
  const { id = '' } = useParams();
  const transfer = useQuery(transferQuery(id));
  const settings = useQuery(settingsQuery);
  const contentRef = useRef<HTMLDivElement>(null);
  const title = transfer.data ? `Packing Slip ${transfer.data.number}` : 'Packing Slip';
  const printNow = useReactToPrint({ contentRef, documentTitle: title, print: (frame) => printFrame(frame, title) });

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <Link to={`/transfers/${id}`} className="btn btn-secondary">
            Back to Transfer
          </Link>
        }
      />
      {transfer.isPending ? (
        <Spinner label="Loading transfer..." />
      ) : transfer.isError ? (
        <ErrorBox messages={[isApiError(transfer.error, 404) ? 'Transfer not found' : `Error loading transfer: ${transfer.error.message}`]} />
      ) : (
        <div className="print-view">
          <div className="card print-controls">
            <button type="button" className="btn btn-primary" disabled={settings.isPending} onClick={() => printNow()}>
              Print
            </button>
          </div>
          <div className="print-preview print-preview-a4" role="region" aria-label="Print preview">
            <div className="print-scale">
              <div ref={contentRef} className="print-paper">
                <PackingSlip transfer={transfer.data} settings={settings.data} />
              </div>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
