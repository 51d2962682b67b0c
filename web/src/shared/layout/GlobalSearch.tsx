import { useCallback, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Customer } from '@schemas/customers';
import type { Invoice, Sale } from '@schemas/documents';
import type { Supplier } from '@schemas/suppliers';
import { PRODUCT_TYPE_LABELS, productPath, type ProductEntry } from '../api/products';
import { pagedResource } from '../api/resource';
import { formatMoney } from '../ui/money';
import { useDebounced } from '../hooks/useDebounced';
import { SearchIcon } from './icons';
import { useDismiss } from './useDismiss';

const customers = pagedResource<Customer>('customers');
const suppliers = pagedResource<Supplier>('suppliers');
const products = pagedResource<ProductEntry>('products');
const invoices = pagedResource<Invoice>('invoices');
const sales = pagedResource<Sale>('sales');

interface Hit {
  id: number;
  name: string;
  meta: string;
  to: string;
}

export function GlobalSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const term = useDebounced(text.trim(), 250);
  const enabled = term.length >= 2;
  const params = { search: term, per_page: 5 };

  const productHits = useQuery({ ...products.list(params), enabled, placeholderData: keepPreviousData });
  const customerHits = useQuery({ ...customers.list(params), enabled, placeholderData: keepPreviousData });
  const supplierHits = useQuery({ ...suppliers.list(params), enabled, placeholderData: keepPreviousData });
  const invoiceHits = useQuery({ ...invoices.list(params), enabled, placeholderData: keepPreviousData });
  const saleHits = useQuery({ ...sales.list(params), enabled, placeholderData: keepPreviousData });

  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  const done = () => {
    setOpen(false);
    setText('');
  };

  const showPanel = open && enabled;
  const searches = [productHits, customerHits, supplierHits, invoiceHits, saleHits];
  const loading = searches.some((hits) => hits.isPending);
  const failed = searches.every((hits) => hits.isError);
  const partlyFailed = !failed && searches.some((hits) => hits.isError);
  const productRows: Hit[] = (productHits.data?.data ?? []).map((product) => ({
    id: product.id,
    name: product.name,
    meta: `${PRODUCT_TYPE_LABELS[product.type]} · ${formatMoney(product.selling_price)}`,
    to: productPath(product.type, product.id),
  }));
  const people = (base: string, rows: (Customer | Supplier)[] = []): Hit[] =>
    rows.map((row) => ({ id: row.id, name: row.name, meta: row.phone, to: `${base}/${row.id}` }));
  const customerRows = people('/customers', customerHits.data?.data);
  const supplierRows = people('/suppliers', supplierHits.data?.data);
  const documents = (base: string, rows: (Invoice | Sale)[] = []): Hit[] =>
    rows.map((row) => ({
      id: row.id,
      name: `${row.number ?? 'Draft'} · ${row.customer?.name ?? '-'}`,
      meta: formatMoney(row.net_amount),
      to: `${base}/${row.id}`,
    }));
  const invoiceRows = documents('/invoices', invoiceHits.data?.data);
  const saleRows = documents('/sales', saleHits.data?.data);
  const hitCount = productRows.length + customerRows.length + supplierRows.length + invoiceRows.length + saleRows.length;

  const section = (title: string, rows: Hit[]) =>
    rows.length > 0 && (
      <div className="search-section">
        <p className="search-section-title">{title}</p>
        <ul>
          {rows.map((row) => (
            <li key={row.id}>
              <Link to={row.to} className="search-hit" onClick={done}>
                <span className="search-hit-name">{row.name}</span>
                <span className="search-hit-meta">{row.meta}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );

  return (
    <div className="global-search" ref={ref}>
      <SearchIcon />
      <input
        type="search"
        className="global-search-input"
        placeholder="Search products, customers..."
        aria-label="Search"
        // A search box, not a combobox: the results are a region of links below it, so no
        // aria-expanded (a searchbox may not carry it); it points at them while they are shown.
        aria-controls={showPanel ? 'global-search-results' : undefined}
        autoComplete="off"
        value={text}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
      />
      {showPanel && (
        <div id="global-search-results" className="dropdown search-results" aria-label="Search results" role="region">
          {loading ? (
            <p className="dropdown-empty">Searching...</p>
          ) : failed ? (
            <p className="dropdown-empty">Search failed. Please try again.</p>
          ) : hitCount === 0 ? (
            <p className="dropdown-empty">{partlyFailed ? 'No results. Some searches failed; please try again.' : 'No results'}</p>
          ) : (
            <>
              {section('Products', productRows)}
              {section('Customers', customerRows)}
              {section('Suppliers', supplierRows)}
              {section('Invoices', invoiceRows)}
              {section('Sales', saleRows)}
              {partlyFailed && <p className="dropdown-empty">Some results could not be loaded.</p>}
            </>
          )}
        </div>
      )}
    </div>
  );
}
