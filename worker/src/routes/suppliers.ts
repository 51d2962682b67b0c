import { supplierInput, supplierRow } from '../schemas/suppliers.ts';
import { addPartySummary } from './party-summary.ts';
import { resourceRoutes, searchCondition } from './resource.ts';

export const supplierRoutes = addPartySummary(
  resourceRoutes({
    table: 'suppliers',
    tag: 'Suppliers',
    noun: 'supplier',
    row: supplierRow,
    schema: supplierInput,
    columns: ['name', 'contact_person', 'email', 'phone', 'address'],
    searchWhere: searchCondition(['name', 'phone'], ['phone']),
    orderBy: 'lower(name)',
    notFound: 'Supplier not found',
    inUse: 'This supplier cannot be deleted because purchase orders or tires refer to it.',
  }),
  'supplier',
);
