import { Link } from '../../shared/routes/Link';
import { isApiError } from '../../shared/api/client';
import { ErrorBox } from '../../shared/ui/ErrorBox';

export function TireLoadFailure({ error }: { error: Error }) {
  if (!isApiError(error, 404)) return <ErrorBox messages={['Error loading tire data']} />;
  return (
    <div className="card notice">
      <p>Tire not found</p>
      <Link to="/tires" className="btn btn-secondary">
        Back to Tires
      </Link>
    </div>
  );
}
