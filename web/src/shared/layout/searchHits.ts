import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '@schemas/customers';
import type { Invoice, Sale } from '@schemas/documents';
import type { Page } from '@schemas/paging';
import type { Supplier } from '@schemas/suppliers';
import { api } from '../api/client';
import { lookupQuery } from '../api/lookups';
import { PRODUCT_TYPE_LABELS, productPath, type ProductEntry } from '../api/products';
import { pagedResource } from '../api/resource';
import { vehicleSearchQuery, vehicleText } from '../api/vehicles';
import { useNewDocumentBranch } from '../branches/BranchSelect';
import { formatMoney } from '../ui/money';
import { documentNumber } from '../ui/documentNumber';

const customers = pagedResource<Customer>('customers');
const suppliers = pagedResource<Supplier>('suppliers');
const invoices = pagedResource<Invoice>('invoices');
const sales = pagedResource<Sale>('sales');

/** Products of every kind, with the stock at `locationId` (in every branch when ''). */
const productSearch = (search: string, perPage: number, locationId: string) =>
  queryOptions({
    queryKey: ['products', 'search', search, perPage, locationId] as const,
    queryFn: ({ signal }) => api.get<Page<ProductEntry>>('/products', { params: { search, per_page: perPage, location_id: locationId }, signal }),
  });

export interface Hit {
  /** Unique among every section's hits. */
  key: string;
  name: string;
  meta: string;
  to: string;
}

export interface HitSection {
  title: string;
  hits: Hit[];
}

export interface FoundHits {
  enabled: boolean;
  sections: HitSection[];
  loading: boolean;
  failed: boolean;
  partlyFailed: boolean;
}

/**
 * What the top search and its results page find for `term` (at least two characters): products (a
 * tire by its size, with the stock at the user's branch), customers, vehicles (by plate or VIN), suppliers, invoices and sales.
 */
export function useSearchHits(term: string, perPage: number): FoundHits {
  const enabled = term.length >= 2;
  const branch = useNewDocumentBranch();
  const branchName = useQuery(lookupQuery('locations')).data?.find((row) => String(row.id) === branch)?.name;
  const params = { search: term, per_page: perPage };
  const options = { enabled, placeholderData: keepPreviousData };
  const productHits = useQuery({ ...productSearch(term, perPage, branchName ? branch : ''), ...options });
  const customerHits = useQuery({ ...customers.list(params), ...options });
  const supplierHits = useQuery({ ...suppliers.list(params), ...options });
  const invoiceHits = useQuery({ ...invoices.list(params), ...options });
  const saleHits = useQuery({ ...sales.list(params), ...options });
  const vehicleHits = useQuery({ ...vehicleSearchQuery(term, perPage), ...options });

  const stock = (product: ProductEntry) => {
    if (product.stock === null) return null;
    return branchName ? `${product.stock} at ${branchName}` : `${product.stock} in stock`;
  };
  const people = (base: string, rows: (Customer | Supplier)[] = []): Hit[] =>
    rows.map((row) => ({ key: `${base}/${row.id}`, name: row.name, meta: row.phone, to: `${base}/${row.id}` }));
  const documents = (base: string, rows: (Invoice | Sale)[] = []): Hit[] =>
    rows.map((row) => ({
      key: `${base}/${row.id}`,
      name: `${documentNumber(row)} · ${row.customer?.name ?? '-'}`,
      meta: formatMoney(row.net_amount),
      to: `${base}/${row.id}`,
    }));
  const sections: HitSection[] = [
    {
      title: 'Products',
      hits: (productHits.data?.data ?? []).map((product) => ({
        key: `product/${product.id}`,
        name: product.name,
        meta: [PRODUCT_TYPE_LABELS[product.type], formatMoney(product.selling_price), stock(product)].filter(Boolean).join(' · '),
        to: productPath(product.type, product.id),
      })),
    },
    { title: 'Customers', hits: people('/customers', customerHits.data?.data) },
    {
      title: 'Vehicles',
      hits: (vehicleHits.data?.data ?? []).map((vehicle) => ({
        key: `vehicle/${vehicle.id}`,
        name: vehicleText(vehicle),
        meta: [vehicle.vin, vehicle.customer.name].filter(Boolean).join(' · '),
        to: `/vehicles/${vehicle.id}`,
      })),
    },
    { title: 'Suppliers', hits: people('/suppliers', supplierHits.data?.data) },
    { title: 'Invoices', hits: documents('/invoices', invoiceHits.data?.data) },
    { title: 'Sales', hits: documents('/sales', saleHits.data?.data) },
  ].filter((section) => section.hits.length > 0);

  const searches = [productHits, customerHits, vehicleHits, supplierHits, invoiceHits, saleHits];
  return {
    enabled,
    sections,
    loading: searches.some((hits) => hits.isPending),
    failed: searches.every((hits) => hits.isError),
    partlyFailed: !searches.every((hits) => hits.isError) && searches.some((hits) => hits.isError),
  };
}

export { searchPath } from './searchPath';
