import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { Field } from '../../shared/forms/Field';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { Pagination } from '../../shared/ui/Pagination';
import { Spinner } from '../../shared/ui/Spinner';
import { tireSalesQuery, type TireSale } from './api';
import { LookupFilter, useLookupName, useReportParams, useTypedParam } from './filters';
import { formatRange } from './format';
import { loadFailure, PrintedSection, ReportSection, type AnySection } from './ReportPage';
import { slug, type ReportTable } from './table';

/** The recall list's own page in the address, beside the sales report's filters. */
export const RECALL_PAGE = 'recallPage';

const DOCUMENT_PATHS: Record<TireSale['document_type'], string> = { Invoice: '/invoices', Sale: '/sales' };
const documentText = (row: TireSale) => `${row.document_type} ${row.document_number}`;

/**
 * The recall list: tires sold by DOT code and brand, with who bought them and on which document.
 * Its filters (`dot`, `tire_brand_id`, `recallFrom`, `recallTo`) sit in the address beside the report's.
 */
export function useRecallList(params: ReturnType<typeof useReportParams>) {
  const dot = useTypedParam(params, 'dot');
  const brandId = params.get('tire_brand_id');
  const brandName = useLookupName('tire-brands', brandId, 'All Brands');
  const page = params.page(RECALL_PAGE);
  const filters = { dot: params.get('dot'), tire_brand_id: brandId, dateFrom: params.get('recallFrom'), dateTo: params.get('recallTo'), page };
  const list = useQuery({ ...tireSalesQuery(filters), placeholderData: keepPreviousData });
  const errors = isApiError(list.error, 422) ? list.error.errors : undefined;

  const applied = list.data?.filters;
  const described = [
    filters.dot ? `DOT starting ${filters.dot}` : 'any DOT',
    brandId ? brandName : 'all brands',
    applied ? `sold ${formatRange(applied)}` : null,
  ]
    .filter(Boolean)
    .join(', ');

  const table: ReportTable<TireSale> = {
    title: 'Tire Sales by DOT',
    fileName: `tire-sales-by-dot${filters.dot ? `-${slug(filters.dot)}` : ''}${brandId ? `-${slug(brandName)}` : ''}${page > 1 ? `-page-${page}` : ''}`,
    rows: list.data?.data ?? [],
    rowKey: (row) => `${row.document_type}-${row.document_id}-${row.product_id}-${row.dot ?? ''}`,
    rowLabel: (row) => [row.brand, row.size, documentText(row)].filter(Boolean).join(', '),
    empty: 'No tire sales found',
    columns: [
      { header: 'DOT', value: (row) => row.dot, nowrap: true },
      { header: 'Brand', value: (row) => row.brand },
      { header: 'Size', value: (row) => row.size, nowrap: true },
      { header: 'Quantity', value: (row) => row.quantity, kind: 'number' },
      { header: 'Date', value: (row) => row.date, kind: 'date', nowrap: true },
      {
        header: 'Document',
        value: (row) => row.document_number,
        cell: (row) => (
          <span>
            <Link to={`${DOCUMENT_PATHS[row.document_type]}/${row.document_id}`}>{row.document_number}</Link>
            <span className="report-cell-detail">{row.document_type}</span>
          </span>
        ),
        nowrap: true,
      },
      { header: 'Document Type', value: (row) => row.document_type, offScreen: true },
      {
        header: 'Customer',
        value: (row) => row.customer.name,
        cell: (row) => (
          <span>
            <Link to={`/customers/${row.customer.id}`}>{row.customer.name}</Link>
            {row.customer.phone && <span className="report-cell-detail">{row.customer.phone}</span>}
          </span>
        ),
      },
      { header: 'Phone', value: (row) => row.customer.phone, nowrap: true, offScreen: true },
    ],
  };
  const section: AnySection = { table, note: `Tires sold on invoices and sales, newest first: ${described}.` };

  const controls = (
    <div className="report-subfilters" role="group" aria-label="Recall list filters">
      <Field name="dot" label="DOT Code" value={dot.text} onChange={dot.setText} inputProps={{ placeholder: 'e.g. 2319' }} errors={errors?.dot} />
      <LookupFilter path="tire-brands" name="tire_brand_id" label="Brand" all="All Brands" value={brandId} onChange={(value) => params.set('tire_brand_id', value)} />
      <Field name="recallFrom" label="Sold From" type="date" value={filters.dateFrom || applied?.dateFrom || ''} errors={errors?.dateFrom} onChange={(value) => params.set('recallFrom', value)} />
      <Field name="recallTo" label="Sold To" type="date" value={filters.dateTo || applied?.dateTo || ''} errors={errors?.dateTo} onChange={(value) => params.set('recallTo', value)} />
    </div>
  );
  const status = list.isPending ? <Spinner label="Loading…" /> : list.isError && !list.data ? <ErrorBox messages={loadFailure('the recall list', list.error)} /> : undefined;
  const pages = list.data && list.data.last_page > 1 && (
    <Pagination page={list.data.current_page} lastPage={list.data.last_page} onChange={(value) => params.setPage(value, RECALL_PAGE)} />
  );

  return {
    screen: <ReportSection section={section} controls={controls} status={status} footer={pages} />,
    print: list.isSuccess ? <PrintedSection section={section} /> : null,
  };
}
