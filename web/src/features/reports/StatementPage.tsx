import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { isApiError } from '../../shared/api/client';
import { formatDate } from '../../shared/ui/dates';
import { Field } from '../../shared/forms/Field';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { statementQuery, type PartySide, type Statement, type StatementDocument } from './api';
import { ageingSection, overdueOf, SIDE_TEXTS } from './balance';
import { useReportParams } from './filters';
import { formatCount } from './format';
import { ReportPage, type AnySection, type Facts, type Stat } from './ReportPage';
import { slug, type ReportTable } from './table';

const DOCUMENT_PATHS: Record<StatementDocument['type'], string> = { Invoice: '/invoices', Sale: '/sales', Purchase: '/purchases' };
const DOCUMENT_LABELS: Record<StatementDocument['type'], string> = { Invoice: 'Invoice', Sale: 'Sale', Purchase: 'Purchase Order' };

function statementStats({ totals, documents }: Statement): Stat[] {
  return [
    { label: 'Balance', value: formatMoney(totals.balance), notes: [`${formatCount(documents.length)} open ${documents.length === 1 ? 'document' : 'documents'}`] },
    { label: 'Billed', value: formatMoney(totals.billed) },
    { label: 'Paid', value: formatMoney(totals.paid) },
    { label: 'Overdue', value: formatMoney(overdueOf(totals)), notes: ['Past the due date'] },
  ];
}

/** /reports/customer-balance/:id and /reports/supplier-balance/:id: one party's open documents and their ageing, printable as a statement. */
export function StatementPage({ side }: { side: PartySide }) {
  const texts = SIDE_TEXTS[side];
  const { id = '' } = useParams();
  const params = useReportParams();
  const statement = useQuery({
    ...statementQuery(side, id, params.get('as_of')),
    // Another date keeps the party's figures on screen while it loads; another party does not.
    placeholderData: (previous) => (previous && String(previous.party.id) === id ? previous : undefined),
  });
  const data = statement.data;
  const errors = isApiError(statement.error, 422) ? statement.error.errors : undefined;
  const asOf = params.get('as_of') || data?.as_of || '';
  const backLink = `${texts.path}${params.get('as_of') ? `?as_of=${params.get('as_of')}` : ''}`;

  if (isApiError(statement.error, 404)) {
    return (
      <section>
        <PageHeader title={texts.statementTitle} />
        <ErrorBox messages={[statement.error.message || texts.notFound]} />
        <Link to={backLink} className="btn btn-secondary">
          Back to {texts.title}
        </Link>
      </section>
    );
  }

  const sections: AnySection[] = [];
  const facts: Facts = [];
  if (data) {
    const { party } = data;
    const documents: ReportTable<StatementDocument> = {
      title: 'Open Documents',
      fileName: `statement-${slug(party.name)}-${data.as_of}`,
      rows: data.documents,
      rowKey: (row) => `${row.type}-${row.id}`,
      rowLabel: (row) => `${DOCUMENT_LABELS[row.type]} ${row.number ?? row.id}`,
      empty: 'No open documents',
      columns: [
        { header: 'Document', value: (row) => row.number, cell: (row) => <Link to={`${DOCUMENT_PATHS[row.type]}/${row.id}`}>{row.number}</Link>, nowrap: true },
        { header: 'Type', value: (row) => DOCUMENT_LABELS[row.type] ?? row.type },
        { header: 'Date', value: (row) => row.date, kind: 'date', nowrap: true },
        { header: 'Due Date', value: (row) => row.due_date, kind: 'date', nowrap: true },
        { header: 'Amount', value: (row) => row.net_amount, kind: 'money' },
        { header: 'Paid', value: (row) => row.paid, kind: 'money' },
        { header: 'Balance', value: (row) => row.balance, kind: 'money' },
        { header: 'Days Overdue', value: (row) => Math.max(0, row.days_overdue), kind: 'number' },
      ],
      totals: ['Total', null, null, null, data.totals.billed, data.totals.paid, data.totals.balance, null],
    };
    sections.push({ table: documents, note: 'Oldest first.' }, ageingSection(data.totals, { label: `${party.name}: balance by days past due`, fileName: `statement-ageing-${slug(party.name)}-${data.as_of}` }));
    facts.push([texts.party, party.name]);
    if (party.address) facts.push(['Address', party.address]);
    if (party.phone) facts.push(['Phone', party.phone]);
    if (party.email) facts.push(['Email', party.email]);
    if ('store_credit' in party && party.store_credit > 0) facts.push(['Store Credit', formatMoney(party.store_credit)]);
    facts.push(['As Of', formatDate(data.as_of)]);
  }

  return (
    <ReportPage
      title={data ? `${texts.statementTitle}: ${data.party.name}` : texts.statementTitle}
      printLabel="Print Statement"
      printTitle={texts.statementTitle}
      query={statement}
      facts={facts}
      intro={
        <p className="report-intro">
          <Link to={backLink}>Back to {texts.title}</Link>
          {data && (
            <>
              {' · '}
              <Link to={`${texts.partyPath}/${data.party.id}`}>
                {texts.party} details
              </Link>
            </>
          )}
        </p>
      }
      filters={<Field name="as_of" label="As Of" type="date" value={asOf} errors={errors?.as_of} onChange={(value) => params.set('as_of', value)} />}
      stats={data ? statementStats(data) : []}
      sections={sections}
    />
  );
}
