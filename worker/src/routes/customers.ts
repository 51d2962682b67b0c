import { customerInput, customerRow } from '../schemas/customers.ts';
import { addPartySummary } from './party-summary.ts';
import { resourceRoutes, searchCondition } from './resource.ts';

export const customerRoutes = addPartySummary(
  resourceRoutes({
    table: 'customers',
    tag: 'Customers',
    noun: 'customer',
    row: customerRow,
    schema: customerInput,
    columns: ['name', 'email', 'phone', 'address', 'company_name', 'tax_exempt', 'tax_exempt_certificate', 'tax_exempt_until'],
    searchWhere: searchCondition(['name', 'phone'], ['phone']),
    orderBy: 'lower(name)',
    notFound: 'Customer not found',
    inUse: 'This customer cannot be deleted because invoices, sales or receipts refer to it.',
  }),
  'customer',
);
