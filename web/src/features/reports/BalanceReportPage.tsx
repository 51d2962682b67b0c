import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { isApiError } from '../../shared/api/client';
import { formatDate } from '../../shared/ui/dates';
import { Field } from '../../shared/forms/Field';
import { formatMoney } from '../../shared/ui/money';
import { Pagination } from '../../shared/ui/Pagination';
import { SearchBox } from '../../shared/ui/SearchBox';
import { balanceReportQuery, type BalanceReport, type BalanceRow, type PartySide } from './api';
import { ageingSection, bucketColumns, bucketsIn, overdueOf, SIDE_TEXTS, type SideTexts } from './balance';
import { useReportParams, useTypedParam } from './filters';
import { formatCount } from './format';
import { ReportPage, type AnySection, type Stat } from './ReportPage';
import { slug, type ReportTable } from './table';

function balanceStats({ totals }: BalanceReport, texts: SideTexts): Stat[] {
  const overdue = overdueOf(totals);
  return [
    { label: 'Total Balance', value: formatMoney(totals.balance), notes: [texts.owed] },
    { label: texts.parties, value: formatCount(totals.parties), notes: ['With a balance'] },
    { label: 'Overdue', value: formatMoney(overdue), notes: ['Past the due date'] },
    // An ageing bucket that holds nothing is left out.
    ...(totals.days_over_90 !== 0 ? [{ label: 'Over 90 Days', value: formatMoney(totals.days_over_90) }] : []),
  ];
}

/** /reports/customer-balance and /reports/supplier-balance: who owes what, and how late, as at a date. */
export function BalanceReportPage({ side }: { side: PartySide }) {
  const texts = SIDE_TEXTS[side];
  const params = useReportParams();
  const navigate = useNavigate();
  const search = useTypedParam(params, 'search');
  const page = params.page();
  const report = useQuery({ ...balanceReportQuery(side, { as_of: params.get('as_of'), search: params.get('search'), page }), placeholderData: keepPreviousData });
  const data = report.data;
  const errors = isApiError(report.error, 422) ? report.error.errors : undefined;
  const asOf = params.get('as_of') || data?.as_of || '';
  const statementPath = (row: BalanceRow) => `${texts.path}/${row.id}${params.get('as_of') ? `?as_of=${params.get('as_of')}` : ''}`;

  const sections: AnySection[] = [];
  if (data) {
    // The balance first, then how late it is (buckets empty on every row left out), then billed and paid.
    const buckets = bucketsIn([data.totals, ...data.rows]);
    const suffix = `${data.as_of}${params.get('search') ? `-${slug(params.get('search'))}` : ''}${page > 1 ? `-page-${page}` : ''}`;
    const parties: ReportTable<BalanceRow> = {
      title: `Balances by ${texts.party}`,
      fileName: `${side}-balances-${suffix}`,
      rows: data.rows,
      rowKey: (row) => row.id,
      rowLabel: (row) => row.name,
      empty: params.get('search') ? `No ${texts.parties.toLowerCase()} with a balance match the search` : `No ${texts.party.toLowerCase()} has a balance`,
      columns: [
        {
          header: texts.party,
          value: (row) => row.name,
          cell: (row) => (
            <span>
              <Link to={statementPath(row)}>{row.name}</Link>
              {row.phone && <span className="report-cell-detail">{row.phone}</span>}
            </span>
          ),
        },
        { header: 'Phone', value: (row) => row.phone, nowrap: true, offScreen: true },
        { header: 'Balance', value: (row) => row.balance, kind: 'money' },
        ...bucketColumns<BalanceRow>(buckets),
        { header: 'Billed', value: (row) => row.billed, kind: 'money' },
        { header: 'Paid', value: (row) => row.paid, kind: 'money' },
      ],
      totals:
        data.last_page > 1
          ? undefined
          : ['Total', null, data.totals.balance, ...buckets.map((bucket) => data.totals[bucket.key]), data.totals.billed, data.totals.paid],
    };
    sections.push(
      ageingSection(data.totals, { label: `Balances by days past due as at ${formatDate(data.as_of)}`, fileName: `${side}-ageing-${data.as_of}` }),
      {
        table: parties,
        note:
          data.last_page > 1
            ? `${formatCount(data.total)} ${texts.parties.toLowerCase()}, largest balance first; this page shows ${formatCount(data.rows.length)}.`
            : 'Largest balance first.',
        hint: 'Open one for its statement.',
        onRowClick: (row: BalanceRow) => navigate(statementPath(row)),
      },
    );
  }

  return (
    <ReportPage
      title={texts.title}
      query={report}
      facts={[
        ['As Of', formatDate(asOf)],
        ...(params.get('search') ? ([['Search', params.get('search')]] as [string, string][]) : []),
        ...(data && data.last_page > 1 ? ([['Page', `${data.current_page} of ${data.last_page}`]] as [string, string][]) : []),
      ]}
      filters={
        <>
          <Field name="as_of" label="As Of" type="date" value={asOf} errors={errors?.as_of} onChange={(value) => params.set('as_of', value)} />
          <div className="field report-filter-search">
            <span className="field-label" aria-hidden="true">
              Search
            </span>
            <SearchBox value={search.text} onChange={search.setText} placeholder="Name or phone..." label={`Search ${texts.parties.toLowerCase()} by name or phone`} />
          </div>
        </>
      }
      stats={data ? balanceStats(data, texts) : []}
      sections={sections}
      after={data && data.last_page > 1 && <Pagination page={data.current_page} lastPage={data.last_page} onChange={(value) => params.setPage(value)} />}
    />
  );
}
