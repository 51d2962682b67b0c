import { useEffect, useRef, type RefObject } from 'react';
import { useReactToPrint } from 'react-to-print';
import type { Settings } from '@schemas/documents';
import { printFrame } from '../../shared/print/printFrame';
import { formatPrintedAt } from './format';
import type { AnySection, Facts, Stat } from './ReportPage';
import { cellText, displayValue, isNumeric, type ReportTable } from './table';
import '../../shared/print/print.css';

interface ReportPrintoutProps extends PrintedReportProps {
  /** Print asked for: counted up at each ask, 0 until the shop profile is there. */
  job: number;
  /** The last job printed, kept by the page: this part is made again when the report changes. */
  started: RefObject<number>;
}

/**
 * The report as printed, hidden on screen (the browser's own Print shows it), and printed with
 * react-to-print at each job. Loaded apart from the report's screen (ReportPage), which it would
 * otherwise hold back on a phone.
 */
export function ReportPrintout({ job, started, ...report }: ReportPrintoutProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const printNow = useReactToPrint({ contentRef, documentTitle: report.title, print: (frame) => printFrame(frame, report.title) });
  useEffect(() => {
    if (!job || job === started.current) return;
    started.current = job;
    printNow();
  }, [job, started, printNow]);
  return (
    <div className="report-print-source" aria-hidden="true">
      <div ref={contentRef}>
        <PrintedReport {...report} />
      </div>
    </div>
  );
}

/** The printable width of A4 less the page margins, in CSS pixels. */
const PAPER_CONTENT_PX = 680;

interface PrintedReportProps {
  title: string;
  facts: Facts;
  stats: Stat[];
  sections: AnySection[];
  settings: Settings | undefined;
  printedAt: Date;
}

/** The report on A4: the shop, the title, the filters and the date printed, the figures, then each chart and table. */
function PrintedReport({ title, facts, stats, sections, settings, printedAt }: PrintedReportProps) {
  return (
    <article className="printout printout-a4 report-printout" aria-label={title}>
      <header className="po-head">
        <div className="po-shop">
          {settings && <p className="po-shop-name">{settings.shop_name}</p>}
          {settings?.address && <p className="po-lines-text">{settings.address}</p>}
          {settings?.phone && <p>Tel. {settings.phone}</p>}
        </div>
        <div className="po-title">
          <h1>{title}</h1>
        </div>
      </header>
      <dl className="po-facts report-print-facts">
        {[...facts, ['Printed', formatPrintedAt(printedAt)] as [string, string]].map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {stats.length > 0 && (
        <dl className="report-print-stats">
          {stats.map((stat) => (
            <div key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
              {stat.notes?.map((note) => (
                <dd key={note} className="report-print-stat-note">
                  {note}
                </dd>
              ))}
            </div>
          ))}
        </dl>
      )}
      {sections.map((section) => (
        <PrintedSection key={section.table.title} section={section} />
      ))}
    </article>
  );
}

function PrintedSection({ section }: { section: AnySection }) {
  const { table, chart, note } = section;
  return (
    <section className="report-print-section">
      <h2>{table.title}</h2>
      {note && <p className="report-print-note">{note}</p>}
      {!table.rows.length ? (
        <p className="report-print-note">{table.empty}</p>
      ) : (
        <>
          {chart && <div className="report-print-chart">{chart(PAPER_CONTENT_PX)}</div>}
          <PrintedTable table={table} />
        </>
      )}
    </section>
  );
}

function PrintedTable<T>({ table }: { table: ReportTable<T> }) {
  const numeric = (index: number) => [isNumeric(table.columns[index]) ? 'po-num' : '', table.columns[index]?.nowrap ? 'report-print-nowrap' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <table className={table.columns.length > 7 ? 'po-table report-print-table report-print-wide' : 'po-table report-print-table'}>
      <thead>
        <tr>
          {table.columns.map((column, index) => (
            <th key={column.header} scope="col" className={numeric(index)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={table.rowKey(row)}>
            {table.columns.map((column, index) => (
              <td key={column.header} className={numeric(index)}>
                {cellText(column, row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {table.totals && (
        <tfoot>
          <tr>
            {table.totals.map((value, index) => (
              <td key={table.columns[index]?.header ?? index} className={numeric(index)}>
                {displayValue(table.columns[index]?.kind, value)}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
