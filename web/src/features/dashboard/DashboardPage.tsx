import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Customer } from '@schemas/customers';
import type { Supplier } from '@schemas/suppliers';
import { pagedResource } from '../../shared/api/resource';
import { useAuth } from '../../shared/auth/AuthContext';
import { PageHeader } from '../../shared/ui/Page';
import './dashboard.css';

const customers = pagedResource<Customer>('customers');
const suppliers = pagedResource<Supplier>('suppliers');

function TotalCard({ label, to, total, failed }: { label: string; to: string; total?: number; failed: boolean }) {
  return (
    <Link to={to} className="card stat-card">
      <span className="stat-label">{label}</span>
      <span className="stat-value">{failed ? '—' : total === undefined ? '…' : total.toLocaleString('en-US')}</span>
      <span className="stat-link">View {label.toLowerCase()}</span>
    </Link>
  );
}

export default function DashboardPage() {
  const { user } = useAuth();
  const customerTotal = useQuery({ ...customers.list({ per_page: 1 }), select: (page) => page.total });
  const supplierTotal = useQuery({ ...suppliers.list({ per_page: 1 }), select: (page) => page.total });

  return (
    <section>
      <PageHeader title="Dashboard" />
      <p className="greeting">Welcome back, {user?.name}.</p>
      <div className="stat-grid">
        <TotalCard label="Customers" to="/customers" total={customerTotal.data} failed={customerTotal.isError} />
        <TotalCard label="Suppliers" to="/suppliers" total={supplierTotal.data} failed={supplierTotal.isError} />
      </div>
    </section>
  );
}
