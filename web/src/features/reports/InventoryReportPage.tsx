import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import { formatMoney } from '../../shared/ui/money';
import { inventoryReportQuery, type InventoryFigures, type InventorySummary, type LowStockItem } from './api';
import { LookupFilter, useLookupName, useReportParams } from './filters';
import { formatCount } from './format';
import { ReportPage, type AnySection, type Stat } from './ReportPage';
import { slug, type ReportColumn, type ReportTable } from './table';

type LocationRow = InventorySummary['summary'][number];
type SuppliesRow = InventorySummary['supplies'][number];
type StockFigures = InventorySummary['grand_total'];

type ItemType = LowStockItem['inventoryable']['type'];
const ITEM_TYPE_LABELS: Record<ItemType, string> = { tire: 'Tire', battery: 'Battery', wiper: 'Wiper', item: 'Shop Supply' };
const productPath = (type: ItemType, id: number) =>
  ({ tire: `/tires/${id}`, battery: `/batteries/${id}`, wiper: `/wiper-products/${id}`, item: `/inventories/${id}/edit` })[type];

const itemName = (item: LowStockItem) => item.inventoryable.name ?? item.inventoryable.battery_name ?? `#${item.inventoryable.id}`;

/** Money added up in cents, so a column's total is exact. */
const sumMoney = (values: number[]) => values.reduce((cents, value) => cents + Math.round(value * 100), 0) / 100;
const sumCount = (values: number[]) => values.reduce((total, value) => total + value, 0);

const figureNotes = (figures: StockFigures) => [
  `${formatCount(figures.unique_products)} unique ${figures.unique_products === 1 ? 'product' : 'products'}`,
  `Cost value ${formatMoney(figures.cost_value)}`,
  `Retail value ${formatMoney(figures.retail_value)}`,
  ...(figures.in_transit_quantity > 0 ? [`In transit ${formatCount(figures.in_transit_quantity)} (cost ${formatMoney(figures.in_transit_value)})`] : []),
];

/** A row's stock: units, products in stock, their value at cost and at price, and what is on its way to the branch (at cost). */
const figureColumns: ReportColumn<StockFigures>[] = [
  { header: 'Quantity', value: (row) => row.total_quantity, kind: 'number' },
  { header: 'Unique Products', value: (row) => row.unique_products, kind: 'number' },
  { header: 'Cost Value', value: (row) => row.cost_value, kind: 'money' },
  { header: 'Retail Value', value: (row) => row.retail_value, kind: 'money' },
  { header: 'In Transit', value: (row) => row.in_transit_quantity, kind: 'number' },
  { header: 'In Transit Value', value: (row) => row.in_transit_value, kind: 'money' },
];

/** Total Tires, Total Batteries, Total Wipers, then all the stock with shop supplies: the dashboard's stock units and value. */
function stockStats(totals: InventoryFigures[], grandTotal: StockFigures): Stat[] {
  return [
    ...totals.map((type) => ({ label: `Total ${type.product_type}`, value: formatCount(type.total_quantity), notes: figureNotes(type) })),
    { label: 'All Stock', value: formatCount(grandTotal.total_quantity), notes: ['With shop supplies', ...figureNotes(grandTotal)] },
  ];
}

/** /reports/inventory: stock per type and branch, at cost and at selling price, and what is running low. */
export function InventoryReportPage() {
  const params = useReportParams();
  const locationId = params.get('location_id');
  const locationName = useLookupName('locations', locationId, 'All Locations');
  const report = useQuery({ ...inventoryReportQuery(locationId), placeholderData: keepPreviousData });
  const data = report.data;
  const fileSuffix = slug(locationName);

  const byLocation: ReportTable<LocationRow> = {
    title: 'Inventory by Location',
    fileName: `inventory-by-location-${fileSuffix}`,
    rows: data?.summary ?? [],
    rowKey: (row) => `${row.location.id}-${row.product_type}`,
    rowLabel: (row) => `${row.location.name}: ${row.product_type}`,
    empty: 'No stock at this location',
    columns: [
      { header: 'Location', value: (row) => row.location.name },
      { header: 'Type', value: (row) => row.product_type },
      ...figureColumns,
    ],
    totals: data && [
      'Total',
      null,
      sumCount(data.totals.map((type) => type.total_quantity)),
      sumCount(data.totals.map((type) => type.unique_products)),
      sumMoney(data.totals.map((type) => type.cost_value)),
      sumMoney(data.totals.map((type) => type.retail_value)),
      sumCount(data.totals.map((type) => type.in_transit_quantity)),
      sumMoney(data.totals.map((type) => type.in_transit_value)),
    ],
  };

  const supplies: ReportTable<SuppliesRow> = {
    title: 'Shop Supplies by Location',
    fileName: `shop-supplies-by-location-${fileSuffix}`,
    rows: data?.supplies ?? [],
    rowKey: (row) => String(row.location.id),
    rowLabel: (row) => `${row.location.name}: shop supplies`,
    empty: 'No shop supplies at this location',
    columns: [
      { header: 'Location', value: (row) => row.location.name },
      ...figureColumns,
    ],
    totals: data && [
      'Total',
      data.supplies_total.total_quantity,
      data.supplies_total.unique_products,
      data.supplies_total.cost_value,
      data.supplies_total.retail_value,
      data.supplies_total.in_transit_quantity,
      data.supplies_total.in_transit_value,
    ],
  };

  const lowStock: ReportTable<LowStockItem> = {
    title: 'Low Stock Items',
    fileName: `low-stock-items-${fileSuffix}`,
    rows: data?.low_stock_items ?? [],
    rowKey: (item) => `${item.id}-${item.location.id}`,
    rowLabel: (item) => `${itemName(item)} at ${item.location.name}`,
    empty: 'No low stock items',
    columns: [
      {
        header: 'Product',
        value: itemName,
        cell: (item) => <Link to={productPath(item.inventoryable.type, item.inventoryable.id)}>{itemName(item)}</Link>,
      },
      { header: 'Type', value: (item) => ITEM_TYPE_LABELS[item.inventoryable.type] ?? item.inventoryable.type, nowrap: true },
      { header: 'Size', value: (item) => item.inventoryable.size, nowrap: true },
      { header: 'Location', value: (item) => item.location.name, nowrap: true },
      { header: 'Quantity', value: (item) => item.quantity, kind: 'number' },
      { header: 'Low Stock Level', value: (item) => item.threshold, kind: 'number' },
      { header: 'Status', value: () => 'Critical', cell: () => <span className="badge badge-critical">Critical</span> },
    ],
  };

  const shown = data?.low_stock_items.length ?? 0;
  const sections: AnySection[] = [
    { table: byLocation },
    { table: supplies, note: 'Shop supplies (oils, parts, accessories) apart from the three groups; All Stock above counts them too.' },
    {
      table: lowStock,
      note:
        data && data.low_stock_total > shown
          ? `The ${formatCount(shown)} lowest of ${formatCount(data.low_stock_total)} items at or below their low stock level.`
          : undefined,
    },
  ];

  return (
    <ReportPage
      title="Inventory Report"
      query={report}
      facts={[['Location', locationName]]}
      filters={<LookupFilter path="locations" name="location_id" label="Location" all="All Locations" value={locationId} onChange={(value) => params.set('location_id', value)} />}
      stats={data ? stockStats(data.totals, data.grand_total) : []}
      sections={sections}
    />
  );
}
