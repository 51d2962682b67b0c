import { customerInput, type Customer } from '@schemas/customers';
import type { RecordConfig } from '../../shared/records/types';
import { formatDate, formatDateTime } from '../../shared/ui/dates';
import { customerQueries } from './api';
import { CustomerActions, CustomerHub } from './CustomerHub';
import { CustomerVehicles } from './CustomerVehicles';

export const customerConfig: RecordConfig<Customer, typeof customerInput> = {
  basePath: '/customers',
  resource: customerQueries,
  schema: customerInput,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'email', label: 'Email', type: 'email' },
    { name: 'phone', label: 'Phone', type: 'tel', required: true },
    { name: 'company_name', label: 'Company' },
    { name: 'address', label: 'Address', required: true, multiline: true },
    { name: 'tax_exempt', label: 'Tax exempt', type: 'checkbox', hint: 'Buys without tax while the certificate holds' },
    { name: 'tax_exempt_certificate', label: 'Exemption Certificate' },
    { name: 'tax_exempt_until', label: 'Exempt Until', type: 'date', hint: 'Left empty: no expiry' },
  ],
  activity: 'customer',
  actions: (customer) => <CustomerActions customer={customer} />,
  lead: (customer) => <CustomerHub customer={customer} />,
  extra: (customer) => <CustomerVehicles customer={customer} />,
  columns: [
    { header: 'Name', cell: (customer) => customer.name },
    { header: 'Email', cell: (customer) => customer.email ?? '', className: 'cell-wrap' },
    { header: 'Phone', cell: (customer) => customer.phone, className: 'cell-nowrap' },
    { header: 'Address', cell: (customer) => customer.address, className: 'cell-wrap' },
  ],
  details: (customer) => [
    { label: 'Name', value: customer.name },
    { label: 'Email', value: customer.email },
    { label: 'Phone', value: customer.phone },
    { label: 'Company', value: customer.company_name },
    { label: 'Address', value: customer.address },
    ...(customer.tax_exempt
      ? [{ label: 'Tax exempt', value: `Certificate ${customer.tax_exempt_certificate}${customer.tax_exempt_until ? `, until ${formatDate(customer.tax_exempt_until)}` : ''}` }]
      : []),
    { label: 'Created', value: formatDateTime(customer.created_at) },
    { label: 'Updated', value: formatDateTime(customer.updated_at) },
  ],
  texts: {
    listTitle: 'Customer List',
    createTitle: 'Add New Customer',
    detailTitle: 'Customer Details',
    editTitle: 'Edit Customer',
    addButton: 'Add New Customer',
    searchPlaceholder: 'Search by name or phone',
    searchLabel: 'Search customers',
    empty: 'No customers found',
    notFound: 'Customer not found',
    loadError: 'Error loading customer data',
    loading: 'Loading customers...',
    added: 'Customer added successfully!',
    updated: 'Customer updated successfully!',
    deleted: 'Customer deleted successfully!',
    addFailed: 'Could not add customer. Please try again.',
    updateFailed: 'Could not update customer. Please try again.',
    deleteTitle: 'Delete customer',
    deleteConfirm: 'Are you sure you want to delete this customer?',
    deleteFailed: 'Error deleting customer. Please try again.',
    saveButton: 'Save Customer',
    updateButton: 'Update Customer',
  },
};
