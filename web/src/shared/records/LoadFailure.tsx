import { Link } from '../routes/Link';
import { isApiError } from '../api/client';
import { ErrorBox } from '../ui/ErrorBox';
import type { RecordTexts } from './types';

interface LoadFailureProps {
  error: Error;
  texts: RecordTexts;
  backTo?: string;
}

/** The load-failure text; `{message}` in it stands for the error's own message. */
export const loadErrorText = (texts: Pick<RecordTexts, 'loadError'>, error: Error) => texts.loadError.replace('{message}', error.message);

export function LoadFailure({ error, texts, backTo }: LoadFailureProps) {
  if (!isApiError(error, 404)) return <ErrorBox messages={[loadErrorText(texts, error)]} />;
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
