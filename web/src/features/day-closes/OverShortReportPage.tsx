import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import type { OverShortRow } from '@schemas/day-closes';
import { ALL_BRANCHES, BranchFilter, branchFilterParam } from '../../shared/branches/BranchSelect';
import { Field } from '../../shared/forms/Field';
import { useAddress, withFilter } from '../../shared/hooks/useListSearch';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { saveFile } from '../../shared/ui/download';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { downloadOverShort, overShortQuery, type OverShortFilters } from './api';
import { OverShort } from './labels';
import './day-closes.css';

const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const columns: Column<OverShortRow>[] = [
  { header: 'Month', cell: (row) => monthName(row.month), className: 'cell-nowrap' },
  { header: 'Branch', cell: (row) => row.location.name },
  { header: 'Closes', cell: (row) => row.closes, numeric: true },
  { header: 'Over', cell: (row) => formatMoney(row.over), numeric: true },
  { header: 'Short', cell: (row) => formatMoney(Math.abs(row.short)), numeric: true },
  { header: 'Over/Short', cell: (row) => <OverShort value={row.over_short} />, numeric: true },
  { header: 'Deposits', cell: (row) => formatMoney(row.deposits), numeric: true },
];

/** /reports/over-short: how each branch's drawer matched, month by month, with a CSV. */
export function OverShortReportPage() {
  const [params, setParams] = useAddress();
  const branch = params.get('location_id') ?? ALL_BRANCHES;
  const filters: OverShortFilters = { location_id: branchFilterParam(branch), date_from: params.get('date_from') ?? '', date_to: params.get('date_to') ?? '' };
  const report = useQuery({ ...overShortQuery(filters), placeholderData: keepPreviousData });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const setFilter = (name: string, value: string) => setParams((current) => withFilter(current, name, value));

  const download = async () => {
    setDownloadError(null);
    try {
      saveFile(await downloadOverShort(filters), 'over-short.csv');
    } catch (error) {
      setDownloadError(`The CSV could not be downloaded: ${(error as Error).message}`);
    }
  };

  return (
    <section>
      <PageHeader
        title="Over/Short by Branch"
        actions={
          <>
            <Link to="/day-closes" className="btn btn-secondary">
              Day Closes
            </Link>
            <button type="button" className="btn btn-secondary" onClick={download}>
              Download CSV
            </button>
          </>
        }
      />
      {downloadError && <ErrorBox messages={[downloadError]} />}
      <div className="card">
        <div className="dc-filters" role="group" aria-label="Filters">
          <BranchFilter value={branch} onChange={(value) => setFilter('location_id', value)} />
          <Field name="date_from" label="From" type="date" value={filters.date_from} onChange={(value) => setFilter('date_from', value)} />
          <Field name="date_to" label="To" type="date" value={filters.date_to} onChange={(value) => setFilter('date_to', value)} />
        </div>
        {report.isPending ? (
          <Spinner label="Loading..." />
        ) : report.isError ? (
          <ErrorBox messages={[`Error loading the report: ${report.error.message}`]} />
        ) : report.data.length === 0 ? (
          <p className="empty">No day closes in this period</p>
        ) : (
          <DataTable caption="Over and short by branch and month" columns={columns} rows={report.data} rowKey={(row) => `${row.month}-${row.location.id}`} rowLabel={(row) => `${row.location.name} ${row.month}`} />
        )}
      </div>
    </section>
  );
}
