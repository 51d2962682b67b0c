import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { isApiError } from '../../shared/api/client';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { Spinner } from '../../shared/ui/Spinner';
import { capitalized, type DocumentKind, type TradingDocument } from './kind';

/** Loads the document of the address's :id and renders `children` with it; says 'Loading…', 'Invoice not found' or the failure. */
export function DocumentLoad<D extends TradingDocument, L extends { id: number }>({
  kind,
  children,
}: {
  kind: DocumentKind<D, L>;
  children: (document: D) => ReactNode;
}) {
  const { id = '' } = useParams();
  const document = useQuery(kind.queries.detail(id));
  if (document.isPending) return <Spinner label="Loading…" />;
  if (document.isError) {
    if (!isApiError(document.error, 404)) return <ErrorBox messages={[`Error loading ${kind.noun}: ${document.error.message}`]} />;
    return (
      <div className="card notice">
        <p>{capitalized(kind.noun)} not found</p>
        <Link to={`/${kind.path}`} className="btn btn-secondary">
          Back to List
        </Link>
      </div>
    );
  }
  return children(document.data);
}
