import { wiperInput, type Wiper } from '@schemas/wipers';
import type { RecordConfig } from '../../shared/records/types';
import { HomeStock } from '../../shared/stock/HomeStock';
import { StockPanel } from '../../shared/stock/StockPanel';
import { formatMoney } from '../../shared/ui/money';
import { wiperQueries } from './api';
import { WiperForm } from './WiperForm';

export const wiperConfig: RecordConfig<Wiper, typeof wiperInput> = {
  basePath: '/wiper-products',
  resource: wiperQueries,
  schema: wiperInput,
  form: WiperForm,
  backToListOnLoadFailure: true,
  activity: 'product',
  columns: [
    { header: 'Size', cell: (wiper) => `${wiper.size}"`, className: 'cell-nowrap' },
    { header: 'Type', cell: (wiper) => wiper.type },
    { header: 'Frame Material', cell: (wiper) => wiper.frame_material },
    { header: 'Year', cell: (wiper) => wiper.compatibility_year },
    { header: 'Compatible Cars', cell: (wiper) => wiper.compatible_cars, className: 'cell-wrap' },
    { header: 'Made In', cell: (wiper) => wiper.made_in.name },
    { header: 'Price', cell: (wiper) => formatMoney(wiper.selling_price), className: 'cell-nowrap' },
    { header: 'Stock', cell: (wiper) => <HomeStock branch={wiper.branch_stock} total={wiper.quantity} /> },
  ],
  extra: (wiper) => <StockPanel product={wiper} refresh={[wiperQueries.keys.all]} />,
  texts: {
    listTitle: 'Wiper Products',
    createTitle: 'Add Wiper Product',
    detailTitle: 'Wiper Product',
    editTitle: 'Edit Wiper Product',
    addButton: 'Add Wiper Product',
    searchPlaceholder: 'Search by size, type, cars or origin',
    searchLabel: 'Search wiper products',
    empty: 'No wiper products found',
    notFound: 'Wiper product not found',
    loadError: 'Error loading wiper products: {message}',
    loading: 'Loading wiper products...',
    added: 'Wiper product added successfully!',
    updated: 'Wiper product updated successfully!',
    deleted: 'Wiper product deleted successfully!',
    addFailed: 'Error creating wiper product. Please try again.',
    updateFailed: 'Error updating wiper product. Please try again.',
    deleteTitle: 'Delete wiper product',
    deleteConfirm: 'Are you sure you want to delete this wiper product?',
    deleteFailed: 'Error deleting wiper product.',
    saveButton: 'Save Wiper',
    updateButton: 'Update Wiper',
  },
};

/** The inline form on the list page says its failures in its own words. */
export const INLINE_SAVE_FAILED = 'Error saving wiper product.';
