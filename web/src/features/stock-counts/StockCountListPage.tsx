import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import { COUNT_STATUS_LABELS, COUNT_STATUSES, type StockCountListItem } from '@schemas/stock-counts';
import { ALL_BRANCHES, BranchFilter, branchFilterParam, useBranchFilterDefault } from '../../shared/branches/BranchSelect';
import { pageOf, useAddress, withFilter, withPage } from '../../shared/hooks/useListSearch';
import { usePageInRange } from '../../shared/records/listHooks';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { formatDateTime } from '../../shared/ui/dates';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { Pagination } from '../../shared/ui/Pagination';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { countListQuery, type CountFilters } from './api';
import { CountStatusBadge } from './labels';
import './stock-counts.css';

const columns: Column<StockCountListItem>[] = [
  { header: 'Count #', cell: (count) => <Link to={`/stock-counts/${count.id}`}>{count.number}</Link>, className: 'cell-nowrap' },
  { header: 'Branch', cell: (count) => count.location.name },
  { header: 'What', cell: (count) => count.scope_label },
  { header: 'Status', cell: (count) => <CountStatusBadge status={count.status} /> },
  { header: 'Counted', cell: (count) => `${count.counted_lines.toLocaleString()} of ${count.lines.toLocaleString()}`, numeric: true },
  { header: 'Variance at cost', cell: (count) => (count.variance_value === null ? null : formatMoney(count.variance_value)), numeric: true },
  { header: 'Started', cell: (count) => `${formatDateTime(count.started_at)}${count.started_by ? ` · ${count.started_by.name}` : ''}` },
];

/** /stock-counts: every branch's counts, newest first. */
export function StockCountListPage() {
  const [params, setParams] = useAddress();
  const branchDefault = useBranchFilterDefault();
  const branch = params.get('location_id') ?? branchDefault;
  const filters: CountFilters = {
    location_id: branchFilterParam(branch),
    status: params.get('status') ?? '',
    page: pageOf(params),
  };
  const list = useQuery({ ...countListQuery(filters), placeholderData: keepPreviousData });
  const setFilter = (name: string, value: string) => setParams((current) => withFilter(current, name, value));
  const setPage = (page: number) => setParams((current) => withPage(current, page));
  usePageInRange(list.data, filters.page, setPage);

  return (
    <section>
      <PageHeader
        title="Stock Counts"
        actions={
          <Link to="/stock-counts/new" className="btn btn-primary">
            Start a Count
          </Link>
        }
      />
      <div className="card">
        <div className="sc-filters" role="group" aria-label="Filters">
          <BranchFilter value={branch || ALL_BRANCHES} onChange={(value) => setFilter('location_id', value)} />
          <SelectField
            name="status"
            label="Status"
            value={filters.status}
            onChange={(value) => setFilter('status', value)}
            options={COUNT_STATUSES.map((status) => ({ value: status, label: COUNT_STATUS_LABELS[status] }))}
            placeholder="All statuses"
          />
        </div>
        {list.isPending ? (
          <Spinner label="Loading stock counts..." />
        ) : list.isError ? (
          <ErrorBox messages={[`Error loading stock counts: ${list.error.message}`]} />
        ) : list.data.data.length === 0 ? (
          <p className="empty">No stock counts found</p>
        ) : (
          <>
            <DataTable caption="Stock counts" columns={columns} rows={list.data.data} rowKey={(count) => count.id} rowLabel={(count) => count.number} />
            <Pagination page={filters.page} lastPage={list.data.last_page} onChange={setPage} />
          </>
        )}
      </div>
    </section>
  );
}
