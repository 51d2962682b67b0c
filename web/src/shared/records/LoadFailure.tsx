import { Link } from 'react-router';
import { isApiError } from '../api/client';
import { ErrorBox } from '../ui/ErrorBox';
import type { RecordTexts } from './types';

interface LoadFailureProps {
  error: Error;
  texts: RecordTexts;
  backTo?: string;
}

export function LoadFailure({ error, texts, backTo }: LoadFailureProps) {
  if (!isApiError(error, 404)) return <ErrorBox messages={[texts.loadError]} />;
  return (
    <div className="card notice">
      <p>{texts.notFound}</p>
      {backTo && (
        <Link to={backTo} className="btn btn-secondary">
          Back to List
        </Link>
      )}
    </div>
  );
}
