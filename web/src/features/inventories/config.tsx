import { Link } from '../../shared/routes/Link';
import { inventoryInput, type InventoryItem } from '@schemas/inventories';
import { orderMorePath } from '../../shared/api/products';
import type { RecordConfig } from '../../shared/records/types';
import { StockBadge, stockState } from '../../shared/stock/StockBadge';
import { HomeStock } from '../../shared/stock/HomeStock';
import { StockPanel } from '../../shared/stock/StockPanel';
import { formatMoney } from '../../shared/ui/money';
import { inventoryQueries } from './api';
import { InventoryForm } from './InventoryForm';
import { CATEGORY_LABELS } from './status';

/** The stock badge; a low or empty shelf offers "Order more", a new purchase order with the item. */
function StockStatus({ item }: { item: InventoryItem }) {
  const low = stockState(item.current_stock, item.min_stock, item.is_low).tone !== 'in';
  return (
    <span className="stock-status">
      <StockBadge quantity={item.current_stock} minStock={item.min_stock} low={item.is_low} />
      {low && (
        <Link to={orderMorePath('item', item.id)} className="order-more" aria-label={`Order more ${item.name}`}>
          Order more
        </Link>
      )}
    </span>
  );
}

export const inventoryConfig: RecordConfig<InventoryItem, typeof inventoryInput> = {
  basePath: '/inventories',
  resource: inventoryQueries,
  schema: inventoryInput,
  form: InventoryForm,
  activity: 'product',
  columns: [
    { header: 'Name', cell: (item) => item.name, className: 'cell-wrap' },
    { header: 'Category', cell: (item) => CATEGORY_LABELS[item.category] },
    { header: 'Current Stock', cell: (item) => <HomeStock branch={item.branch_stock} total={item.current_stock} /> },
    { header: 'Min Stock', cell: (item) => item.min_stock },
    { header: 'Unit Price', cell: (item) => formatMoney(item.unit_price), className: 'cell-nowrap' },
    { header: 'Value', cell: (item) => formatMoney(item.current_stock * item.unit_price), className: 'cell-nowrap' },
    { header: 'Status', cell: (item) => <StockStatus item={item} /> },
  ],
  extra: (item) => (
    <StockPanel product={{ id: item.id, cost_price: item.cost_price, selling_price: item.unit_price }} refresh={[inventoryQueries.keys.all]} />
  ),
  texts: {
    listTitle: 'Inventory Overview',
    createTitle: 'Add Inventory Item',
    detailTitle: 'Inventory Item',
    editTitle: 'Edit Inventory Item',
    addButton: 'Add Inventory Item',
    searchPlaceholder: 'Search by name',
    searchLabel: 'Search inventory items',
    empty: 'No inventory items found',
    notFound: 'Inventory item not found',
    loadError: 'Error loading inventories: {message}',
    loading: 'Loading inventory...',
    added: 'Inventory item added successfully!',
    updated: 'Inventory item updated successfully!',
    deleted: 'Inventory item deleted successfully!',
    addFailed: 'Error creating inventory item. Please try again.',
    updateFailed: 'Error updating inventory item. Please try again.',
    deleteTitle: 'Delete inventory item',
    deleteConfirm: 'Are you sure you want to delete this inventory item?',
    deleteFailed: 'Error deleting inventory item. Please try again.',
    saveButton: 'Save Item',
    updateButton: 'Update Item',
  },
};
