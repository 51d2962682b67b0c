import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import type { TransferListRow } from '@schemas/transfers';
import { ALL_BRANCHES, BranchFilter, branchFilterParam, useBranchFilterDefault } from '../../shared/branches/BranchSelect';
import { useAddress, withFilter, withPage } from '../../shared/hooks/useListSearch';
import { usePageInRange } from '../../shared/records/listHooks';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { formatDate } from '../../shared/ui/dates';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { PageHeader } from '../../shared/ui/Page';
import { Pagination } from '../../shared/ui/Pagination';
import { SearchBox } from '../../shared/ui/SearchBox';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { transferListQuery, type TransferFilters } from './api';
import { STATUS_OPTIONS, TransferStatusBadge } from './labels';
import './transfers.css';

const columns: Column<TransferListRow>[] = [
  { header: 'Transfer #', cell: (transfer) => <Link to={`/transfers/${transfer.id}`}>{transfer.number}</Link>, className: 'cell-nowrap' },
  { header: 'Date', cell: (transfer) => formatDate(transfer.transfer_date), className: 'cell-nowrap' },
  { header: 'From', cell: (transfer) => transfer.from_location.name },
  { header: 'To', cell: (transfer) => transfer.to_location.name },
  { header: 'Status', cell: (transfer) => <TransferStatusBadge status={transfer.status} /> },
  { header: 'Products', cell: (transfer) => transfer.line_count, numeric: true },
  { header: 'Units', cell: (transfer) => transfer.total_quantity, numeric: true },
  {
    header: 'Received',
    cell: (transfer) => (transfer.received_quantity === null ? '' : transfer.received_quantity),
    numeric: true,
  },
];

/** /transfers: stock moving between branches, newest first. */
export function TransferListPage() {
  const [params, setParams] = useAddress();
  const branchDefault = useBranchFilterDefault();
  const branch = params.get('location_id') ?? branchDefault;
  const filters: TransferFilters = {
    location_id: branchFilterParam(branch),
    status: params.get('status') ?? '',
    search: params.get('search') ?? '',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
  const list = useQuery({ ...transferListQuery(filters), placeholderData: keepPreviousData });
  const setFilter = (name: string, value: string) => setParams((current) => withFilter(current, name, value));
  const setPage = (page: number) => setParams((current) => withPage(current, page));
  usePageInRange(list.data, filters.page, setPage);

  return (
    <section>
      <PageHeader
        title="Transfers"
        actions={
          <Link to="/transfers/new" className="btn btn-primary">
            New Transfer
          </Link>
        }
      />
      <div className="card">
        <div className="tr-filters" role="group" aria-label="Filters">
          <SearchBox value={filters.search} onChange={(value) => setFilter('search', value)} placeholder="Transfer number" label="Search transfers" />
          <BranchFilter value={branch || ALL_BRANCHES} onChange={(value) => setFilter('location_id', value)} />
          <SelectField
            name="status"
            label="Status"
            value={filters.status}
            onChange={(value) => setFilter('status', value)}
            options={[{ value: '', label: 'All statuses' }, ...STATUS_OPTIONS]}
          />
        </div>
        {list.isPending ? (
          <Spinner label="Loading transfers..." />
        ) : list.isError ? (
          <ErrorBox messages={[`Error loading transfers: ${list.error.message}`]} />
        ) : list.data.data.length === 0 ? (
          <p className="empty">No transfers found</p>
        ) : (
          <>
            <DataTable caption="Transfers" columns={columns} rows={list.data.data} rowKey={(transfer) => transfer.id} rowLabel={(transfer) => transfer.number} />
            <Pagination page={filters.page} lastPage={list.data.last_page} onChange={setPage} />
          </>
        )}
      </div>
    </section>
  );
}
