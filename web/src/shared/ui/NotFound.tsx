import { Link } from '../routes/Link';
import { PageHeader } from './Page';

export function NotFound() {
  return (
    <section>
      <PageHeader title="Page not found" />
      <div className="card notice">
        <p>The page you are looking for does not exist.</p>
        <Link to="/" className="btn btn-primary">
          Go to Dashboard
        </Link>
      </div>
    </section>
  );
}
