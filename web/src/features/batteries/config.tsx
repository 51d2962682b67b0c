import { batteryInput, type Battery } from '@schemas/batteries';
import type { RecordConfig } from '../../shared/records/types';
import { HomeStock } from '../../shared/stock/HomeStock';
import { StockPanel } from '../../shared/stock/StockPanel';
import { formatDateTime } from '../../shared/ui/dates';
import { formatMoney } from '../../shared/ui/money';
import { batteryQueries } from './api';
import { BatteryForm } from './BatteryForm';
import { amperes, SHAPE_LABELS, TYPE_LABELS, yesNo } from './labels';

const branches = (battery: Battery) => battery.inventory.map((stock) => `${stock.location_name}: ${stock.quantity}`).join('\n');

export const batteryConfig: RecordConfig<Battery, typeof batteryInput> = {
  basePath: '/batteries',
  resource: batteryQueries,
  schema: batteryInput,
  form: BatteryForm,
  activity: 'product',
  columns: [
    { header: 'Battery Name', cell: (battery) => battery.name, className: 'cell-wrap' },
    { header: 'Brand', cell: (battery) => battery.battery_brand.name },
    { header: 'Type', cell: (battery) => TYPE_LABELS[battery.battery_type] },
    { header: 'Ampere', cell: (battery) => amperes(battery.ampere), className: 'cell-nowrap' },
    { header: 'Price', cell: (battery) => formatMoney(battery.selling_price), className: 'cell-nowrap' },
    { header: 'Stock', cell: (battery) => <HomeStock branch={battery.branch_stock} total={battery.inventory_quantity} /> },
  ],
  details: (battery) => [
    { label: 'Battery Name', value: battery.name },
    { label: 'Brand', value: battery.battery_brand.name },
    { label: 'Shape', value: SHAPE_LABELS[battery.product_shape] },
    { label: 'Ampere', value: amperes(battery.ampere) },
    { label: 'Reversed', value: yesNo(battery.reversed) },
    { label: 'Type', value: TYPE_LABELS[battery.battery_type] },
    { label: 'Made In', value: battery.made_in.name },
    { label: 'Date Received', value: battery.date_received },
    { label: 'Cost Price', value: formatMoney(battery.cost_price) },
    { label: 'Selling Price', value: formatMoney(battery.selling_price) },
    { label: 'Barcode', value: battery.barcode },
    { label: 'Preferred Supplier', value: battery.preferred_supplier?.name },
    { label: 'Total Stock', value: battery.inventory_quantity },
    { label: 'Stock per Branch', value: branches(battery) },
    { label: 'Receiving Branch', value: battery.location?.name },
    { label: 'Notes', value: battery.notes },
    { label: 'Created', value: formatDateTime(battery.created_at) },
    { label: 'Updated', value: formatDateTime(battery.updated_at) },
  ],
  extra: (battery) => <StockPanel product={battery} refresh={[batteryQueries.keys.all]} withPrice />,
  texts: {
    listTitle: 'Batteries List',
    createTitle: 'Add New Battery & Product',
    detailTitle: 'Battery Product Details',
    editTitle: 'Edit Battery & Product',
    addButton: 'Add New Battery',
    searchPlaceholder: 'Search by name or brand',
    searchLabel: 'Search batteries',
    empty: 'No batteries found',
    notFound: 'Battery not found',
    loadError: 'Error loading batteries: {message}',
    loading: 'Loading batteries...',
    added: 'Battery added successfully!',
    updated: 'Battery updated successfully!',
    deleted: 'Battery deleted successfully!',
    addFailed: 'Error creating battery. Please try again.',
    updateFailed: 'Error updating battery. Please try again.',
    deleteTitle: 'Delete battery',
    deleteConfirm: 'Are you sure you want to delete this battery?',
    deleteFailed: 'Error deleting battery. Please try again.',
    saveButton: 'Save Battery',
    updateButton: 'Update Battery',
  },
};
