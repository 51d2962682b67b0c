import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Link } from '../routes/Link';
import { PageHeader } from '../ui/Page';
import { useAuth } from './AuthContext';

/** An administrator's pages (its children, or the nested routes); anyone else is told so instead of seeing an empty screen. */
export function RequireAdmin({ title, children }: { title: string; children?: ReactNode }) {
  const { user } = useAuth();
  if (user?.role === 'admin') return children ?? <Outlet />;
  return <AdminOnly title={title} />;
}

function AdminOnly({ title }: { title: string }) {
  return (
    <section>
      <PageHeader title={title} />
      <div className="card notice" role="alert">
        <p>Only an administrator can open this page.</p>
        <Link to="/" className="btn btn-primary">
          Go to Dashboard
        </Link>
      </div>
    </section>
  );
}
