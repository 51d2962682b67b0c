import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import type { DayCloseListItem } from '@schemas/day-closes';
import { ALL_BRANCHES, BranchFilter, branchFilterParam, useBranchFilterDefault } from '../../shared/branches/BranchSelect';
import { Field } from '../../shared/forms/Field';
import { pageOf, useAddress, withFilter, withPage } from '../../shared/hooks/useListSearch';
import { usePageInRange } from '../../shared/records/listHooks';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { formatDate } from '../../shared/ui/dates';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { Pagination } from '../../shared/ui/Pagination';
import { Spinner } from '../../shared/ui/Spinner';
import { dayCloseListQuery, type DayCloseFilters } from './api';
import { CloseStatus, OverShort } from './labels';
import './day-closes.css';

const columns: Column<DayCloseListItem>[] = [
  { header: 'Close #', cell: (close) => <Link to={`/day-closes/${close.id}`}>{close.number}</Link>, className: 'cell-nowrap' },
  { header: 'Day', cell: (close) => formatDate(close.date), className: 'cell-nowrap' },
  { header: 'Branch', cell: (close) => close.location.name },
  { header: 'Status', cell: (close) => <CloseStatus status={close.status} /> },
  { header: 'Expected', cell: (close) => formatMoney(close.expected_total), numeric: true },
  { header: 'Counted', cell: (close) => formatMoney(close.counted_total), numeric: true },
  { header: 'Over/Short', cell: (close) => <OverShort value={close.over_short} />, numeric: true },
  { header: 'Deposit', cell: (close) => formatMoney(close.deposit), numeric: true },
  { header: 'Closed by', cell: (close) => close.closed_by?.name },
];

/** /day-closes: every branch's closes, newest day first. */
export function DayCloseListPage() {
  const [params, setParams] = useAddress();
  const branchDefault = useBranchFilterDefault();
  const branch = params.get('location_id') ?? branchDefault;
  const filters: DayCloseFilters = {
    location_id: branchFilterParam(branch),
    date_from: params.get('date_from') ?? '',
    date_to: params.get('date_to') ?? '',
    over_short: params.get('over_short') === '1',
    page: pageOf(params),
  };
  const list = useQuery({ ...dayCloseListQuery(filters), placeholderData: keepPreviousData });
  const setFilter = (name: string, value: string) => setParams((current) => withFilter(current, name, value));
  const setPage = (page: number) => setParams((current) => withPage(current, page));
  usePageInRange(list.data, filters.page, setPage);

  return (
    <section>
      <PageHeader
        title="Day Closes"
        actions={
          <>
            <Link to="/reports/over-short" className="btn btn-secondary">
              Over/Short Report
            </Link>
            <Link to="/day-close" className="btn btn-primary">
              Close the Day
            </Link>
          </>
        }
      />
      <div className="card">
        <div className="dc-filters" role="group" aria-label="Filters">
          <BranchFilter value={branch || ALL_BRANCHES} onChange={(value) => setFilter('location_id', value)} />
          <Field name="date_from" label="From" type="date" value={filters.date_from} onChange={(value) => setFilter('date_from', value)} />
          <Field name="date_to" label="To" type="date" value={filters.date_to} onChange={(value) => setFilter('date_to', value)} />
          <CheckboxField name="over_short" label="Over or short only" checked={filters.over_short} onChange={(checked) => setFilter('over_short', checked ? '1' : '')} />
        </div>
        {list.isPending ? (
          <Spinner label="Loading day closes..." />
        ) : list.isError ? (
          <ErrorBox messages={[`Error loading day closes: ${list.error.message}`]} />
        ) : list.data.data.length === 0 ? (
          <p className="empty">No day closes found</p>
        ) : (
          <>
            <DataTable caption="Day closes" columns={columns} rows={list.data.data} rowKey={(close) => close.id} rowLabel={(close) => close.number} />
            <Pagination page={filters.page} lastPage={list.data.last_page} onChange={setPage} />
          </>
        )}
      </div>
    </section>
  );
}
