import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/client';
import { TrendChart } from '../../shared/charts/TrendChart';
import { formatMoney } from '../../shared/ui/money';
import { PAYMENT_METHOD_LABELS } from '@schemas/document-statuses';
import { salesReportQuery, type SalesReport, type TopProduct } from './api';
import { LookupFilter, PeriodFields, useLookupName, useReportParams } from './filters';
import { compactMoney, formatCount, formatPercent, formatRange, groupLabel, periodLabel, periodTick, PRODUCT_TYPE_LABELS } from './format';
import { RECALL_PAGE, useRecallList } from './RecallList';
import { ReportPage, type AnySection, type Stat } from './ReportPage';
import { slug, type ReportTable } from './table';

type SeriesRow = SalesReport['series'][number];
type TypeRow = SalesReport['by_product_type'][number];
type LocationRow = SalesReport['by_location'][number];
type MethodRow = SalesReport['by_payment_method'][number];

const marginOf = (revenue: number, profit: number) => (revenue ? Math.round((profit / revenue) * 1000) / 10 : null);

function salesStats({ totals, quotes }: SalesReport): Stat[] {
  return [
    {
      label: 'Revenue',
      value: formatMoney(totals.revenue),
      notes: [`${formatCount(totals.count)} ${totals.count === 1 ? 'invoice or sale' : 'invoices and sales'}`, 'Before tax, after discounts'],
    },
    { label: 'Cost', value: formatMoney(totals.cost), notes: ['Cost of the goods sold'] },
    { label: 'Gross Profit', value: formatMoney(totals.gross_profit), notes: [`Margin ${formatPercent(totals.margin_percent)}`] },
    { label: 'Tax', value: formatMoney(totals.tax), notes: [`Discounts ${formatMoney(totals.discount)}`] },
    { label: 'Paid', value: formatMoney(totals.paid) },
    { label: 'Outstanding', value: formatMoney(totals.outstanding), notes: ['Still to be paid on these documents'] },
    {
      label: 'Quotes Converted',
      value: formatPercent(quotes.conversion_percent),
      notes: [`${formatCount(quotes.converted)} of ${formatCount(quotes.sent)} ${quotes.sent === 1 ? 'quote' : 'quotes'} sent`],
    },
  ];
}

function topTable(title: string, fileName: string, rows: TopProduct[]): ReportTable<TopProduct> {
  return {
    title,
    fileName,
    rows,
    rowKey: (row) => row.product_id,
    rowLabel: (row) => row.product_name,
    empty: 'No products sold in this period',
    columns: [
      { header: 'Product', value: (row) => row.product_name },
      { header: 'Type', value: (row) => PRODUCT_TYPE_LABELS[row.product_type] ?? row.product_type },
      { header: 'Quantity', value: (row) => row.quantity, kind: 'number' },
      { header: 'Revenue', value: (row) => row.revenue, kind: 'money' },
      { header: 'Cost', value: (row) => row.cost, kind: 'money' },
      { header: 'Gross Profit', value: (row) => row.gross_profit, kind: 'money' },
    ],
  };
}

function salesSections(report: SalesReport, locationName: string): AnySection[] {
  const { filters, totals } = report;
  const range = formatRange(filters);
  const suffix = `${filters.dateFrom}-to-${filters.dateTo}${filters.location_id ? `-${slug(locationName)}` : ''}`;

  const byPeriod: ReportTable<SeriesRow> = {
    title: 'Sales by Period',
    fileName: `sales-by-${filters.group}-${suffix}`,
    rows: report.series,
    rowKey: (row) => row.period,
    rowLabel: (row) => periodLabel(row.period, filters.group),
    empty: 'No periods in this range',
    columns: [
      { header: 'Period', value: (row) => row.period, display: (row) => periodLabel(row.period, filters.group), nowrap: true },
      { header: 'Documents', value: (row) => row.count, kind: 'number' },
      { header: 'Revenue', value: (row) => row.revenue, kind: 'money' },
      { header: 'Cost', value: (row) => row.cost, kind: 'money' },
      { header: 'Gross Profit', value: (row) => row.gross_profit, kind: 'money' },
    ],
    totals: ['Total', totals.count, totals.revenue, totals.cost, totals.gross_profit],
  };

  const byType: ReportTable<TypeRow> = {
    title: 'Sales by Product Type',
    fileName: `sales-by-product-type-${suffix}`,
    rows: report.by_product_type,
    rowKey: (row) => row.product_type,
    rowLabel: (row) => PRODUCT_TYPE_LABELS[row.product_type] ?? row.product_type,
    empty: 'Nothing sold in this period',
    columns: [
      { header: 'Type', value: (row) => PRODUCT_TYPE_LABELS[row.product_type] ?? row.product_type },
      { header: 'Quantity', value: (row) => row.quantity, kind: 'number' },
      { header: 'Revenue', value: (row) => row.revenue, kind: 'money' },
      { header: 'Cost', value: (row) => row.cost, kind: 'money' },
      { header: 'Gross Profit', value: (row) => row.gross_profit, kind: 'money' },
      { header: 'Margin', value: (row) => marginOf(row.revenue, row.gross_profit), kind: 'percent' },
    ],
  };

  const byLocation: ReportTable<LocationRow> = {
    title: 'Sales by Location',
    fileName: `sales-by-location-${suffix}`,
    rows: report.by_location,
    rowKey: (row) => row.location.id,
    rowLabel: (row) => row.location.name,
    empty: 'No sales at any location in this period',
    columns: [
      { header: 'Location', value: (row) => row.location.name },
      { header: 'Documents', value: (row) => row.count, kind: 'number' },
      { header: 'Revenue', value: (row) => row.revenue, kind: 'money' },
      { header: 'Cost', value: (row) => row.cost, kind: 'money' },
      { header: 'Gross Profit', value: (row) => row.gross_profit, kind: 'money' },
    ],
  };

  const byMethod: ReportTable<MethodRow> = {
    title: 'Payments by Method',
    fileName: `payments-by-method-${suffix}`,
    rows: report.by_payment_method,
    rowKey: (row) => row.payment_method,
    rowLabel: (row) => PAYMENT_METHOD_LABELS[row.payment_method],
    empty: 'No payments in this period',
    columns: [
      { header: 'Payment Method', value: (row) => PAYMENT_METHOD_LABELS[row.payment_method] },
      { header: 'Payments', value: (row) => row.count, kind: 'number' },
      { header: 'Amount', value: (row) => row.amount, kind: 'money' },
    ],
    totals: [
      'Total',
      report.by_payment_method.reduce((count, row) => count + row.count, 0),
      report.by_payment_method.reduce((cents, row) => cents + Math.round(row.amount * 100), 0) / 100,
    ],
  };

  return [
    {
      table: byPeriod,
      chart: (width) => (
        <TrendChart
          label={`Revenue and gross profit per ${filters.group}, ${range}`}
          periods={report.series.map((row) => periodTick(row.period, filters.group))}
          series={[
            { name: 'Revenue', values: report.series.map((row) => row.revenue) },
            { name: 'Gross Profit', values: report.series.map((row) => row.gross_profit), kind: 'line' },
          ]}
          formatTick={compactMoney}
          formatValue={formatMoney}
          width={width}
        />
      ),
    },
    { table: byType },
    { table: byLocation },
    { table: byMethod, note: 'Payments received in the period on invoices and sales, less refunds.' },
    { table: topTable('Top 10 Products by Revenue', `top-products-by-revenue-${suffix}`, report.top_by_revenue) },
    { table: topTable('Top 10 Products by Profit', `top-products-by-profit-${suffix}`, report.top_by_profit) },
  ];
}

/** /reports/sales: revenue, cost and profit per period, type, branch and payment method; the best sellers; the recall list. */
export function SalesReportPage() {
  const params = useReportParams([RECALL_PAGE]);
  const locationId = params.get('location_id');
  const locationName = useLookupName('locations', locationId, 'All Locations');
  const query = { dateFrom: params.get('dateFrom'), dateTo: params.get('dateTo'), group: params.get('group'), location_id: locationId };
  const report = useQuery({ ...salesReportQuery(query), placeholderData: keepPreviousData });
  const data = report.data;
  const errors = isApiError(report.error, 422) ? report.error.errors : undefined;
  const applied = data?.filters;
  const recall = useRecallList(params);

  return (
    <ReportPage
      title="Sales Report"
      query={report}
      facts={
        applied
          ? [
              ['Period', formatRange(applied)],
              ['Location', locationName],
              ['Grouped By', groupLabel(applied.group)],
            ]
          : []
      }
      filters={
        <>
          <PeriodFields params={params} applied={applied} errors={errors} />
          <LookupFilter path="locations" name="location_id" label="Location" all="All Locations" value={locationId} onChange={(value) => params.set('location_id', value)} />
        </>
      }
      stats={data ? salesStats(data) : []}
      sections={data ? salesSections(data, locationName) : []}
      after={recall.screen}
      printAfter={recall.print}
    />
  );
}
