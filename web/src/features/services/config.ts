import { serviceInput, type Service } from '@schemas/services';
import type { RecordConfig } from '../../shared/records/types';
import { formatMoney } from '../../shared/ui/money';
import { serviceQueries } from './api';
import { ServiceForm } from './ServiceForm';

export const serviceConfig: RecordConfig<Service, typeof serviceInput> = {
  basePath: '/services',
  resource: serviceQueries,
  schema: serviceInput,
  form: ServiceForm,
  activity: 'product',
  columns: [
    { header: 'Name', cell: (service) => service.name },
    { header: 'Description', cell: (service) => service.description, className: 'cell-wrap' },
    { header: 'Price', cell: (service) => formatMoney(service.selling_price), className: 'cell-nowrap' },
    { header: 'Active', cell: (service) => (service.active ? 'Yes' : 'No') },
  ],
  texts: {
    listTitle: 'Services',
    createTitle: 'Add New Service',
    detailTitle: 'Service',
    editTitle: 'Edit Service',
    addButton: 'Add New Service',
    searchPlaceholder: 'Search by name or description',
    searchLabel: 'Search services',
    empty: 'No services found',
    notFound: 'Service not found',
    loadError: 'Error loading services: {message}',
    loading: 'Loading services...',
    added: 'Service added successfully!',
    updated: 'Service updated successfully!',
    deleted: 'Service deleted successfully!',
    addFailed: 'Error creating service. Please try again.',
    updateFailed: 'Error updating service. Please try again.',
    deleteTitle: 'Delete service',
    deleteConfirm: 'Are you sure you want to delete this service?',
    deleteFailed: 'Error deleting service. Please try again.',
    saveButton: 'Save Service',
    updateButton: 'Update Service',
  },
};
