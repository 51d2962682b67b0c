import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import { isApiError } from '../../shared/api/client';
import { TrendChart } from '../../shared/charts/TrendChart';
import { formatMoney } from '../../shared/ui/money';
import { purchasesReportQuery, type PurchasesReport } from './api';
import { LookupFilter, PeriodFields, useLookupName, useReportParams } from './filters';
import { compactMoney, formatCount, formatRange, groupLabel, periodLabel, periodTick, PRODUCT_TYPE_LABELS } from './format';
import { ReportPage, type AnySection, type Stat } from './ReportPage';
import { slug, type ReportTable } from './table';

type SeriesRow = PurchasesReport['series'][number];
type SupplierRow = PurchasesReport['by_supplier'][number];
type ProductRow = PurchasesReport['top_products'][number];
type OverdueRow = PurchasesReport['overdue_orders'][number];

const STATUS_LABELS: Record<string, string> = { pending: 'Pending', ordered: 'Ordered', received: 'Received', cancelled: 'Cancelled' };

function purchaseStats({ totals }: PurchasesReport): Stat[] {
  return [
    { label: 'Ordered', value: formatMoney(totals.ordered), notes: [`${formatCount(totals.count)} purchase ${totals.count === 1 ? 'order' : 'orders'}`] },
    { label: 'Received', value: formatMoney(totals.received), notes: ['Goods received, at cost'] },
    { label: 'Outstanding', value: formatMoney(totals.outstanding), notes: ['Ordered, not yet received'] },
    { label: 'Paid', value: formatMoney(totals.paid) },
    { label: 'Balance', value: formatMoney(totals.balance), notes: ['Still owed to suppliers on these orders'] },
  ];
}

function purchaseSections(report: PurchasesReport, names: { location: string; supplier: string }): AnySection[] {
  const { filters, totals } = report;
  const range = formatRange(filters);
  const suffix = [`${filters.dateFrom}-to-${filters.dateTo}`, filters.location_id && slug(names.location), filters.supplier_id && slug(names.supplier)].filter(Boolean).join('-');

  const byPeriod: ReportTable<SeriesRow> = {
    title: 'Purchases by Period',
    fileName: `purchases-by-${filters.group}-${suffix}`,
    rows: report.series,
    rowKey: (row) => row.period,
    rowLabel: (row) => periodLabel(row.period, filters.group),
    empty: 'No periods in this range',
    columns: [
      { header: 'Period', value: (row) => row.period, display: (row) => periodLabel(row.period, filters.group), nowrap: true },
      { header: 'Orders', value: (row) => row.count, kind: 'number' },
      { header: 'Ordered', value: (row) => row.ordered, kind: 'money' },
      { header: 'Received', value: (row) => row.received, kind: 'money' },
    ],
    totals: ['Total', totals.count, totals.ordered, totals.received],
  };

  const bySupplier: ReportTable<SupplierRow> = {
    title: 'Purchases by Supplier',
    fileName: `purchases-by-supplier-${suffix}`,
    rows: report.by_supplier,
    rowKey: (row) => row.supplier.id,
    rowLabel: (row) => row.supplier.name,
    empty: 'No purchase orders in this period',
    columns: [
      { header: 'Supplier', value: (row) => row.supplier.name },
      { header: 'Orders', value: (row) => row.count, kind: 'number' },
      { header: 'Ordered', value: (row) => row.ordered, kind: 'money' },
      { header: 'Received', value: (row) => row.received, kind: 'money' },
      { header: 'Outstanding', value: (row) => row.outstanding, kind: 'money' },
      { header: 'Paid', value: (row) => row.paid, kind: 'money' },
      { header: 'Balance', value: (row) => row.balance, kind: 'money' },
    ],
    totals: ['Total', totals.count, totals.ordered, totals.received, totals.outstanding, totals.paid, totals.balance],
  };

  const topProducts: ReportTable<ProductRow> = {
    title: 'Top Products',
    fileName: `top-purchased-products-${suffix}`,
    rows: report.top_products,
    rowKey: (row) => row.product_id,
    rowLabel: (row) => row.product_name,
    empty: 'No products ordered in this period',
    columns: [
      { header: 'Product', value: (row) => row.product_name },
      { header: 'Type', value: (row) => PRODUCT_TYPE_LABELS[row.product_type] ?? row.product_type },
      { header: 'Quantity', value: (row) => row.quantity, kind: 'number' },
      { header: 'Amount', value: (row) => row.amount, kind: 'money' },
    ],
  };

  const overdue: ReportTable<OverdueRow> = {
    title: 'Overdue Deliveries',
    fileName: `overdue-deliveries-${suffix}`,
    rows: report.overdue_orders,
    rowKey: (row) => row.id,
    rowLabel: (row) => `Purchase order ${row.number ?? row.id}`,
    empty: 'No open orders are past their expected delivery date',
    columns: [
      { header: 'PO Number', value: (row) => row.number, cell: (row) => <Link to={`/purchases/${row.id}`}>{row.number}</Link>, nowrap: true },
      { header: 'Supplier', value: (row) => row.supplier.name },
      { header: 'Date', value: (row) => row.purchase_date, kind: 'date', nowrap: true },
      { header: 'Expected Delivery', value: (row) => row.expected_delivery_date, kind: 'date', nowrap: true },
      { header: 'Days Late', value: (row) => row.days_late, kind: 'number' },
      { header: 'Total Amount', value: (row) => row.net_amount, kind: 'money' },
      { header: 'Status', value: (row) => STATUS_LABELS[row.status] ?? row.status },
    ],
  };

  return [
    {
      table: byPeriod,
      chart: (width) => (
        <TrendChart
          label={`Ordered and received value per ${filters.group}, ${range}`}
          periods={report.series.map((row) => periodTick(row.period, filters.group))}
          series={[
            { name: 'Ordered', values: report.series.map((row) => row.ordered) },
            { name: 'Received', values: report.series.map((row) => row.received) },
          ]}
          formatTick={compactMoney}
          formatValue={formatMoney}
          width={width}
        />
      ),
    },
    { table: bySupplier },
    { table: topProducts },
    { table: overdue, note: 'Pending and ordered purchase orders whose expected delivery date has passed, whatever their date.' },
  ];
}

/** /reports/purchases: ordered, received and outstanding value per period and supplier, top products, late deliveries. */
export function PurchasesReportPage() {
  const params = useReportParams();
  const locationId = params.get('location_id');
  const supplierId = params.get('supplier_id');
  const location = useLookupName('locations', locationId, 'All Locations');
  const supplier = useLookupName('suppliers', supplierId, 'All Suppliers');
  const query = { dateFrom: params.get('dateFrom'), dateTo: params.get('dateTo'), group: params.get('group'), location_id: locationId, supplier_id: supplierId };
  const report = useQuery({ ...purchasesReportQuery(query), placeholderData: keepPreviousData });
  const data = report.data;
  const errors = isApiError(report.error, 422) ? report.error.errors : undefined;
  const applied = data?.filters;

  return (
    <ReportPage
      title="Purchases Report"
      query={report}
      facts={
        applied
          ? [
              ['Period', formatRange(applied)],
              ['Location', location],
              ['Supplier', supplier],
              ['Grouped By', groupLabel(applied.group)],
            ]
          : []
      }
      filters={
        <>
          <PeriodFields params={params} applied={applied} errors={errors} />
          <LookupFilter path="locations" name="location_id" label="Location" all="All Locations" value={locationId} onChange={(value) => params.set('location_id', value)} />
          <LookupFilter path="suppliers" name="supplier_id" label="Supplier" all="All Suppliers" value={supplierId} onChange={(value) => params.set('supplier_id', value)} />
        </>
      }
      stats={data ? purchaseStats(data) : []}
      sections={data ? purchaseSections(data, { location, supplier }) : []}
    />
  );
}
