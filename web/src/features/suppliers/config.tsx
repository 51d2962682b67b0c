import { supplierInput, type Supplier } from '@schemas/suppliers';
import type { RecordConfig } from '../../shared/records/types';
import { formatDateTime } from '../../shared/ui/dates';
import { supplierQueries } from './api';
import { SupplierActions, SupplierHub } from './SupplierHub';

export const supplierConfig: RecordConfig<Supplier, typeof supplierInput> = {
  basePath: '/suppliers',
  resource: supplierQueries,
  schema: supplierInput,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'contact_person', label: 'Contact Person' },
    { name: 'email', label: 'Email', type: 'email' },
    { name: 'phone', label: 'Phone', type: 'tel', required: true },
    { name: 'address', label: 'Address', required: true, multiline: true },
  ],
  activity: 'supplier',
  actions: (supplier) => <SupplierActions supplier={supplier} />,
  lead: (supplier) => <SupplierHub supplier={supplier} />,
  columns: [
    { header: 'Name', cell: (supplier) => supplier.name },
    { header: 'Contact Person', cell: (supplier) => supplier.contact_person ?? '' },
    { header: 'Email', cell: (supplier) => supplier.email ?? '', className: 'cell-wrap' },
    { header: 'Phone', cell: (supplier) => supplier.phone, className: 'cell-nowrap' },
    { header: 'Address', cell: (supplier) => supplier.address, className: 'cell-wrap' },
  ],
  details: (supplier) => [
    { label: 'Name', value: supplier.name },
    { label: 'Contact Person', value: supplier.contact_person },
    { label: 'Email', value: supplier.email },
    { label: 'Phone', value: supplier.phone },
    { label: 'Address', value: supplier.address },
    { label: 'Created', value: formatDateTime(supplier.created_at) },
    { label: 'Updated', value: formatDateTime(supplier.updated_at) },
  ],
  texts: {
    listTitle: 'Supplier List',
    createTitle: 'Add New Supplier',
    detailTitle: 'Supplier Details',
    editTitle: 'Edit Supplier',
    addButton: 'Add New Supplier',
    searchPlaceholder: 'Search by name or phone',
    searchLabel: 'Search suppliers',
    empty: 'No suppliers found',
    notFound: 'Supplier not found',
    loadError: 'Error loading supplier data',
    loading: 'Loading suppliers...',
    added: 'Supplier added successfully!',
    updated: 'Supplier updated successfully!',
    deleted: 'Supplier deleted successfully!',
    addFailed: 'Could not add supplier. Please try again.',
    updateFailed: 'Could not update supplier. Please try again.',
    deleteTitle: 'Delete supplier',
    deleteConfirm: 'Are you sure you want to delete this supplier?',
    deleteFailed: 'Error deleting supplier. Please try again.',
    saveButton: 'Save Supplier',
    updateButton: 'Update Supplier',
  },
};
