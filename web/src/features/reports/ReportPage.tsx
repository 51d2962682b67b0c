import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/client';
import { settingsQuery } from '../../shared/api/settings';
import { isPhone } from '../../shared/hooks/usePhone';
import { DataTable } from '../../shared/ui/DataTable';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { cellText, displayValue, downloadCsv, isNumeric, type ReportTable } from './table';
import './reports.css';

/** A headline figure of a report. */
export interface Stat {
  label: string;
  value: string;
  /** Smaller lines under the figure. */
  notes?: string[];
}

/** A table of a report with, where its figures are a trend, the chart it is the text of. */
export interface Section<T = never> {
  table: ReportTable<T>;
  /** The chart, as wide as its box on screen or `width` pixels on paper. */
  chart?: (width?: number) => ReactNode;
  note?: string;
  /** A line for the screen only, e.g. what a click on a row does. */
  hint?: string;
  onRowClick?: (row: T) => void;
}

/** The filters as the printed page states them, e.g. ['Location', 'All Locations']. */
export type Facts = [label: string, value: string][];

/** A section of any row type, as a list of them holds it. */
export type AnySection = Section<any>;

/** The report on A4, with what prints it: loaded once the report has come, apart from the screen's code. */
const ReportPrintout = lazy(() => import('./ReportPrintout').then((m) => ({ default: m.ReportPrintout })));

/** Print asked for (`job`, counted up at each ask) once the shop profile is there; the date printed is taken at each print. */
function useReportPrint() {
  const settings = useQuery(settingsQuery);
  const [job, setJob] = useState(0);
  const started = useRef(0);
  const [printedAt, setPrintedAt] = useState(() => new Date());

  // The browser's own Print (Ctrl+P) prints the same page: it gets the time too.
  useEffect(() => {
    const stamp = () => flushSync(() => setPrintedAt(new Date()));
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);

  const print = () => {
    setPrintedAt(new Date());
    setJob((current) => current + 1);
  };
  return { print, job: settings.isPending ? 0 : job, started, settings: settings.data, printedAt };
}

interface ReportPageProps {
  title: string;
  /** The filter controls. */
  filters: ReactNode;
  /** The filters in words, for the printed page. */
  facts: Facts;
  /** The report's answer: loading, failed (its message shown) or there. */
  query: UseQueryResult<unknown>;
  stats: Stat[];
  sections: AnySection[];
  /** What the page shows after the sections (a list with filters of its own), and its sections as printed. */
  after?: ReactNode;
  printAfter?: AnySection[];
  /** A line under the title, e.g. the party's details on a statement. */
  intro?: ReactNode;
  printLabel?: string;
  /** The printed page's title when it is not the screen's. */
  printTitle?: string;
}

/** Error loading the sales report: the server's message; a refused filter lists its reasons. */
export function loadFailure(what: string, error: Error): string[] {
  if (isApiError(error, 422) && error.errors) return Object.values(error.errors).flat();
  return [`Error loading ${what}: ${error.message}`];
}

/** A report screen: title with Print Report, filters, headline figures, then each table (with its chart and CSV export); and the same on A4. */
export function ReportPage({ title, filters, facts, query, stats, sections, after, printAfter, intro, printLabel = 'Print Report', printTitle = title }: ReportPageProps) {
  const printer = useReportPrint();
  // While new filters load, the old figures stay on screen but are not printed as the new ones.
  const ready = query.isSuccess && !query.isPlaceholderData;
  return (
    <section className="report">
      <div className="report-screen">
        <PageHeader
          title={title}
          actions={
            <button type="button" className="btn btn-primary" disabled={!ready} onClick={printer.print}>
              {printLabel}
            </button>
          }
        />
        {intro}
        <FilterFold label="Filters" summary={facts.map(([, value]) => value).join(' · ')}>
          {filters}
          {query.isFetching && !query.isPending && (
            <span className="toolbar-hint report-updating" aria-hidden="true">
              Updating...
            </span>
          )}
        </FilterFold>
        {query.isPending ? (
          <Spinner label="Loading…" />
        ) : query.isError && !query.data ? (
          <ErrorBox messages={loadFailure(`the ${title.toLowerCase()}`, query.error)} />
        ) : (
          <>
            {query.isError && <ErrorBox messages={loadFailure(`the ${title.toLowerCase()}`, query.error)} />}
            <Stats stats={stats} label={`${title} figures`} />
            {sections.map((section) => (
              <ReportSection key={section.table.title} section={section} />
            ))}
          </>
        )}
        {after}
      </div>
      {ready && (
        <Suspense fallback={null}>
          <ReportPrintout
            job={printer.job}
            started={printer.started}
            title={printTitle}
            facts={facts}
            stats={stats}
            sections={printAfter ? [...sections, ...printAfter] : sections}
            settings={printer.settings}
            printedAt={printer.printedAt}
          />
        </Suspense>
      )}
    </section>
  );
}

/**
 * A report's filters: on a wide screen always shown; on a phone folded behind one button that says
 * what they are set to, so the figures come first.
 */
export function FilterFold({ label, summary, className = 'card report-filters', children }: { label: string; summary: string; className?: string; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-secondary report-filters-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span className="report-filters-toggle-label">{label}</span>
        {summary && <span className="report-filters-summary">{summary}</span>}
      </button>
      <div id={id} className={open ? `${className} report-filters-open` : className} role="group" aria-label={label}>
        {children}
      </div>
    </>
  );
}

/** Whether the table in `box` is wider than its box, so that it scrolls sideways (followed as either changes size). */
function useScrollsSideways() {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const node = box.current;
    const wrap = node?.querySelector('.table-wrap');
    if (!node || !wrap) return;
    const measure = () => setScrolls(wrap.scrollWidth > wrap.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    const table = wrap.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  });
  return { box, scrolls };
}

function Stats({ stats, label }: { stats: Stat[]; label: string }) {
  if (!stats.length) return null;
  return (
    // Six figures read best as two rows of three; up to five fit one row.
    <dl className={`report-stats report-stats-${stats.length === 6 ? 3 : Math.min(stats.length, 5)}`} aria-label={label}>
      {stats.map((stat) => (
        <div key={stat.label} className="card report-stat">
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
          {stat.notes?.map((note) => (
            <dd key={note} className="report-stat-note">
              {note}
            </dd>
          ))}
        </div>
      ))}
    </dl>
  );
}

interface ReportSectionProps {
  section: AnySection;
  /** Filters of the section's own, under its heading. */
  controls?: ReactNode;
  /** Shown instead of the table while it loads or when it failed. */
  status?: ReactNode;
  /** Under the table, e.g. its pages. */
  footer?: ReactNode;
}

export function ReportSection({ section, controls, status, footer }: ReportSectionProps) {
  const headingId = useId();
  const bodyId = useId();
  // On a phone a report opens with its figures: each table waits for a tap on its title.
  const [open, setOpen] = useState(() => !isPhone());
  const { table, chart, note, hint, onRowClick } = section;
  const hasRows = !status && table.rows.length > 0;
  const { box, scrolls } = useScrollsSideways();
  // A table of a few columns fits beside its chart; a wider one goes under it.
  const layout = !chart ? 'report-section-body' : table.columns.length <= 3 ? 'report-section-body report-chart-beside' : 'report-section-body report-chart-above';
  return (
    <section className={open ? 'card report-section' : 'card report-section report-section-folded'} aria-labelledby={headingId}>
      <div className="report-section-head">
        <h2 id={headingId}>
          <button type="button" className="report-section-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
            {table.title}
          </button>
        </h2>
        <button type="button" className="btn btn-small btn-secondary" disabled={!hasRows} onClick={() => downloadCsv(table)}>
          Export CSV<span className="sr-only"> of {table.title}</span>
        </button>
      </div>
      <div id={bodyId} hidden={!open}>
        {controls}
        {(note || hint) && <p className="report-note">{[note, hint].filter(Boolean).join(' ')}</p>}
        {status ??
          (!hasRows ? (
            <p className="empty">{table.empty}</p>
          ) : (
            <div className={layout}>
              {chart && <div className="report-chart">{chart()}</div>}
              <div className="report-table" ref={box}>
                {scrolls && (
                  <p className="report-scroll-hint">
                    <span aria-hidden="true">↔ </span>Scroll the table sideways to see every column.
                  </p>
                )}
                <ScreenTable table={table} onRowClick={onRowClick} plain={Boolean(chart)} />
              </div>
            </div>
          ))}
        {footer}
      </div>
    </section>
  );
}

function ScreenTable<T>({ table, onRowClick, plain }: { table: ReportTable<T>; onRowClick?: (row: T) => void; plain: boolean }) {
  const shown = table.columns.filter((column) => !column.offScreen);
  return (
    <DataTable
      caption={table.title}
      rows={table.rows}
      rowKey={table.rowKey}
      rowLabel={table.rowLabel}
      onRowClick={onRowClick}
      plain={plain}
      columns={shown.map((column) => ({
        header: column.header,
        numeric: isNumeric(column),
        className: column.nowrap ? 'cell-nowrap' : undefined,
        cell: (row: T) => column.cell?.(row) ?? cellText(column, row),
      }))}
      foot={table.totals && shown.map((column) => displayValue(column.kind, table.totals![table.columns.indexOf(column)]))}
    />
  );
}
