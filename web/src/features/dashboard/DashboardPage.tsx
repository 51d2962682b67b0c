import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import { lookupQuery } from '../../shared/api/lookups';
import { useAuth } from '../../shared/auth/AuthContext';
import { BarChart } from '../../shared/charts/BarChart';
import { compactMoney, periodLabel, periodTick } from '../../shared/charts/format';
import { TrendChart } from '../../shared/charts/TrendChart';
import { formatDate } from '../../shared/ui/dates';
import { documentNumber } from '../../shared/ui/documentNumber';
import { withFilter, useAddress } from '../../shared/hooks/address';
import { DataTable } from '../../shared/ui/DataTable';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { dashboardQuery, type ActivityType, type Dashboard } from './api';
import { TodaysCloses } from './TodaysCloses';
import './dashboard.css';

const count = (value: number) => value.toLocaleString('en-US');

const ACTIVITY: Record<ActivityType, { label: string; path: string }> = {
  Invoice: { label: 'Invoice', path: '/invoices' },
  Sale: { label: 'Sale', path: '/sales' },
  Purchase: { label: 'Purchase Order', path: '/purchases' },
  Receipt: { label: 'Receipt', path: '/receipts' },
};
const TYPE_LABELS: Record<Dashboard['top_products'][number]['product_type'], string> = { tire: 'Tire', battery: 'Battery', wiper: 'Wiper', service: 'Service', item: 'Shop Supply' };
const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  partial: 'Partly paid',
  overdue: 'Overdue',
  pending: 'Pending',
  completed: 'Completed',
  ordered: 'Ordered',
  received: 'Received',
  cancelled: 'Cancelled',
  income: 'Income',
  expense: 'Expense',
  refund: 'Refund',
};

interface StatCardProps {
  label: string;
  value: string;
  note?: ReactNode;
  /** Where the figure is explained, and the link's words. */
  link?: { to: string; text: string };
}

function StatCard({ label, value, note, link }: StatCardProps) {
  const body = (
    <>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
      {note && <span className="stat-note">{note}</span>}
      {link && <span className="stat-link">{link.text}</span>}
    </>
  );
  return link ? (
    <Link to={link.to} className="card stat-card">
      {body}
    </Link>
  ) : (
    <div className="card stat-card stat-card-static">{body}</div>
  );
}

/** This month against last month, in words: 'Up 12.5% on last month ($1,200.00)'. */
function revenueChange({ last_month, change_percent }: Dashboard['revenue']): string {
  if (change_percent === null) return `Last month ${formatMoney(last_month)}`;
  const size = `${Math.abs(change_percent).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
  if (change_percent === 0) return `Level with last month (${formatMoney(last_month)})`;
  return `${change_percent > 0 ? 'Up' : 'Down'} ${size} on last month (${formatMoney(last_month)})`;
}

function BranchFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const locations = useQuery(lookupQuery('locations'));
  return (
    <div className="dashboard-branch">
      <SelectField
        name="location_id"
        label="Location"
        value={value}
        placeholder="All Locations"
        options={(locations.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
        onChange={onChange}
        hint={locations.isError ? 'The locations could not be loaded.' : undefined}
      />
    </div>
  );
}

function Figures({ data, locationId }: { data: Dashboard; locationId: string }) {
  const branch = locationId ? `?location_id=${locationId}` : '';
  // With a branch chosen, these two stay the whole shop's.
  const wholeShop = locationId ? 'All locations' : undefined;
  const { in_stock, low, out } = data.inventory_status;
  const months = data.monthly_sales;
  const range = months.length ? `${periodLabel(months[0].period, 'month')} to ${periodLabel(months[months.length - 1].period, 'month')}` : '';

  return (
    <>
      <div className="stat-grid">
        <StatCard label="Revenue This Month" value={formatMoney(data.revenue.this_month)} note={revenueChange(data.revenue)} link={{ to: `/reports/sales${branch}`, text: 'Sales report' }} />
        <StatCard label="Owed by Customers" value={formatMoney(data.receivable)} link={{ to: '/reports/customer-balance', text: 'Customer balances' }} />
        <StatCard label="Owed to Suppliers" value={formatMoney(data.payable)} link={{ to: '/reports/supplier-balance', text: 'Supplier balances' }} />
        <StatCard label="Customers" value={count(data.customers)} note={wholeShop} link={{ to: '/customers', text: 'View customers' }} />
        <StatCard label="Products" value={count(data.products)} note={locationId ? 'Active, services aside, all locations' : 'Active, services aside'} />
        <StatCard
          label="Stock Units"
          value={count(data.stock_units)}
          note={`Cost value ${formatMoney(data.stock_value.cost)} · Retail value ${formatMoney(data.stock_value.retail)}`}
          link={{ to: `/reports/inventory${branch}`, text: 'Inventory report' }}
        />
        <StatCard
          label="Low Stock"
          value={count(data.low_stock_count)}
          note="Products at or below their low stock level at a location"
          link={{ to: `/reports/inventory${branch}`, text: 'View low stock items' }}
        />
      </div>

      <div className="dashboard-grid">
        <section className="card dashboard-panel dashboard-sales" aria-labelledby="dashboard-sales-title">
          <h2 id="dashboard-sales-title">Sales per Month</h2>
          <div className="dashboard-sales-body">
            <TrendChart
              label={`Revenue per month, ${range}`}
              periods={months.map((row) => periodTick(row.period, 'month'))}
              series={[{ name: 'Revenue', values: months.map((row) => row.revenue) }]}
              formatTick={compactMoney}
              formatValue={formatMoney}
              height={220}
            />
            <DataTable
              caption="Sales per month"
              plain
              rows={[...months].reverse()}
              rowKey={(row) => row.period}
              rowLabel={(row) => periodLabel(row.period, 'month')}
              columns={[
                { header: 'Month', cell: (row) => periodLabel(row.period, 'month') },
                { header: 'Sales', cell: (row) => count(row.count), numeric: true },
                { header: 'Revenue', cell: (row) => formatMoney(row.revenue), numeric: true },
              ]}
            />
          </div>
        </section>

        <section className="card dashboard-panel dashboard-stock" aria-labelledby="dashboard-stock-title">
          <h2 id="dashboard-stock-title">Inventory Status</h2>
          <BarChart
            label={`Products by stock: ${count(in_stock)} in stock, ${count(low)} low, ${count(out)} out of stock`}
            bars={[
              { label: 'In Stock', value: in_stock, tone: 'good' },
              { label: 'Low Stock', value: low, tone: 'warn' },
              { label: 'Out of Stock', value: out, tone: 'bad' },
            ]}
            formatValue={count}
          />
          <p className="dashboard-panel-note">{locationId ? 'Products at this location' : 'Products at each location'}, services aside.</p>
        </section>

        <section className="card dashboard-panel dashboard-activity" aria-labelledby="dashboard-activity-title">
          <h2 id="dashboard-activity-title">Recent Activity</h2>
          {data.recent_activity.length ? (
            <ul className="activity-list">
              {data.recent_activity.map((item) => (
                <li key={`${item.type}-${item.id}`} className="activity-item">
                  <Link to={`${ACTIVITY[item.type].path}/${item.id}`} className="activity-link">
                    {ACTIVITY[item.type].label} #{documentNumber(item)}
                  </Link>
                  <span className="activity-amount">{formatMoney(item.amount)}</span>
                  <span className="activity-meta">
                    {[item.party, formatDate(item.date), STATUS_LABELS[item.status] ?? item.status].filter(Boolean).join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty">No activity yet</p>
          )}
        </section>

        <section className="card dashboard-panel dashboard-top" aria-labelledby="dashboard-top-title">
          <h2 id="dashboard-top-title">Top Products (Last 30 Days)</h2>
          {data.top_products.length ? (
            <DataTable
              caption="Top products of the last 30 days"
              plain
              rows={data.top_products}
              rowKey={(row) => row.product_id}
              rowLabel={(row) => row.product_name}
              columns={[
                {
                  header: 'Product',
                  cell: (row) => (
                    <span className="top-product">
                      {row.product_name}
                      <span className="top-product-type">{TYPE_LABELS[row.product_type] ?? row.product_type}</span>
                    </span>
                  ),
                },
                { header: 'Sold', cell: (row) => count(row.quantity), numeric: true },
                { header: 'Revenue', cell: (row) => formatMoney(row.revenue), numeric: true },
              ]}
            />
          ) : (
            <p className="empty">No sales in the last 30 days</p>
          )}
        </section>
      </div>
    </>
  );
}

/** The owner's first look: this month's revenue, what is owed both ways, stock, sales per month and the latest documents. */
export default function DashboardPage() {
  const { user } = useAuth();
  const [params, setParams] = useAddress();
  const locationId = params.get('location_id') ?? '';
  const dashboard = useQuery({ ...dashboardQuery(locationId), placeholderData: keepPreviousData });

  return (
    <section className="dashboard">
      <PageHeader title="Dashboard" actions={<BranchFilter value={locationId} onChange={(value) => setParams((current) => withFilter(current, 'location_id', value))} />} />
      <p className="greeting">Welcome back, {user?.name}.</p>
      <TodaysCloses />
      {dashboard.isPending ? (
        <Spinner label="Loading…" />
      ) : dashboard.isError && !dashboard.data ? (
        <ErrorBox messages={[`Error loading the dashboard: ${dashboard.error.message}`]} />
      ) : (
        <>
          {dashboard.isError && <ErrorBox messages={[`Error loading the dashboard: ${dashboard.error.message}`]} />}
          <Figures data={dashboard.data} locationId={locationId} />
        </>
      )}
    </section>
  );
}
