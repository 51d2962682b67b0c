import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../routes/Link';
import type { AuditRecordType } from '@schemas/audit';
import { REASON_LABELS } from '@schemas/stock';
import { recordPath } from '../audit/events';
import { DataTable } from '../ui/DataTable';
import { formatDateTime } from '../ui/dates';
import { ErrorBox } from '../ui/ErrorBox';
import { Pagination } from '../ui/Pagination';
import { Spinner } from '../ui/Spinner';
import { stockQueries } from './api';
import './stock.css';

const signed = (delta: number) => (delta > 0 ? `+${delta}` : `${delta}`);

/** The page of the document that moved the stock ('CreditNote' is the record type 'credit_note'). */
const documentPath = (type: string | null, id: number | null) =>
  type ? recordPath(type.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase() as AuditRecordType, id) : null;

/** A product's stock moves, newest first, a page at a time. */
export function StockHistory({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const moves = useQuery(stockQueries.moves(productId, page));
  if (moves.isPending) return <Spinner label="Loading history..." />;
  if (moves.isError) return <ErrorBox messages={[`Error loading history: ${moves.error.message}`]} />;
  if (moves.data.data.length === 0) return <p className="empty">No history available</p>;
  return (
    <>
      <DataTable
        caption="Stock history"
        rows={moves.data.data}
        rowKey={(move) => move.id}
        rowLabel={(move) => `${formatDateTime(move.created_at)} ${move.location.name} ${signed(move.delta)}`}
        columns={[
          { header: 'Date', cell: (move) => formatDateTime(move.created_at), className: 'cell-nowrap' },
          { header: 'Branch', cell: (move) => move.location.name },
          {
            header: 'Change',
            cell: (move) => <span className={move.delta > 0 ? 'delta-in' : 'delta-out'}>{signed(move.delta)}</span>,
            className: 'cell-number',
          },
          {
            header: 'Reason',
            cell: (move) => {
              const reason = REASON_LABELS[move.reason] ?? move.reason;
              const path = documentPath(move.document_type, move.document_id);
              return path ? <Link to={path}>{reason}</Link> : reason;
            },
          },
          { header: 'Note', cell: (move) => move.note, className: 'cell-wrap' },
          { header: 'User', cell: (move) => move.user?.name },
        ]}
      />
      {moves.data.last_page > 1 && <Pagination page={moves.data.current_page} lastPage={moves.data.last_page} onChange={setPage} />}
    </>
  );
}
