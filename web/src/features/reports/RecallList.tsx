import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import { isApiError } from '../../shared/api/client';
import { Field } from '../../shared/forms/Field';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { Pagination } from '../../shared/ui/Pagination';
import { Spinner } from '../../shared/ui/Spinner';
import { tireSalesQuery, type TireSale } from './api';
import { LookupFilter, useLookupName, useReportParams, useTypedParam } from './filters';
import { formatRange } from './format';
import { FilterFold, loadFailure, ReportSection, type AnySection } from './ReportPage';
import { slug, type ReportTable } from './table';

/** The recall list's own page in the address, beside the sales report's filters. */
export const RECALL_PAGE = 'recallPage';

const DOCUMENT_PATHS: Record<TireSale['document_type'], string> = { Invoice: '/invoices', Sale: '/sales' };
const documentText = (row: TireSale) => `${row.document_type} ${row.document_number}`;
const NO_CONTACT = 'No contact recorded';
const vehicleModel = (vehicle: NonNullable<TireSale['vehicle']>) => [vehicle.make, vehicle.model, vehicle.year].filter(Boolean).join(' ');
const vehicleLabel = (vehicle: NonNullable<TireSale['vehicle']>) => [vehicle.plate, vehicleModel(vehicle)].filter(Boolean).join(' · ');
/** A DOT week and year as people read it: '0124' (or '01/24') → '01/24'. */
const weekText = (code: string) => code.replace(/\D/g, '').replace(/^(\d{2})(\d{2})$/, '$1/$2');

/**
 * The recall list: tires sold by DOT code, a range of DOT weeks and brand, with who to contact and on
 * which document and vehicle. Its filters (`dot`, `dot_from`, `dot_to`, `tire_brand_id`, `recallFrom`, `recallTo`)
 * sit in the address beside the report's.
 */
export function useRecallList(params: ReturnType<typeof useReportParams>) {
  const dot = useTypedParam(params, 'dot');
  const dotFrom = useTypedParam(params, 'dot_from');
  const dotTo = useTypedParam(params, 'dot_to');
  const brandId = params.get('tire_brand_id');
  const brandName = useLookupName('tire-brands', brandId, 'All Brands');
  const page = params.page(RECALL_PAGE);
  const filters = { dot: params.get('dot'), dot_from: params.get('dot_from'), dot_to: params.get('dot_to'), tire_brand_id: brandId, dateFrom: params.get('recallFrom'), dateTo: params.get('recallTo'), page };
  const list = useQuery({ ...tireSalesQuery(filters), placeholderData: keepPreviousData });
  const errors = isApiError(list.error, 422) ? list.error.errors : undefined;

  const applied = list.data?.filters;
  const described = [
    filters.dot ? `DOT starting ${filters.dot}` : 'any DOT',
    applied?.dot_from || applied?.dot_to
      ? `made ${applied.dot_from ? `from week ${weekText(applied.dot_from)}` : ''}${applied.dot_from && applied.dot_to ? ' ' : ''}${applied.dot_to ? `to week ${weekText(applied.dot_to)}` : ''}`
      : null,
    brandId ? brandName : 'all brands',
    applied ? `sold ${formatRange(applied)}` : null,
  ]
    .filter(Boolean)
    .join(', ');

  const table: ReportTable<TireSale> = {
    title: 'Tire Sales by DOT',
    fileName: `tire-sales-by-dot${filters.dot ? `-${slug(filters.dot)}` : ''}${filters.dot_from || filters.dot_to ? `-weeks-${slug(filters.dot_from)}-to-${slug(filters.dot_to)}` : ''}${brandId ? `-${slug(brandName)}` : ''}${page > 1 ? `-page-${page}` : ''}`,
    rows: list.data?.data ?? [],
    rowKey: (row) => `${row.document_type}-${row.document_id}-${row.product_id}-${row.dot ?? ''}`,
    rowLabel: (row) => [row.brand, row.pattern, row.size, documentText(row)].filter(Boolean).join(', '),
    empty: 'No tire sales found',
    columns: [
      { header: 'DOT', value: (row) => row.dot, nowrap: true },
      {
        header: 'Brand',
        value: (row) => row.brand,
        cell: (row) => (
          <span>
            {row.brand}
            {row.pattern && <span className="report-cell-detail">{row.pattern}</span>}
          </span>
        ),
      },
      { header: 'Pattern', value: (row) => row.pattern, offScreen: true },
      { header: 'Size', value: (row) => row.size, nowrap: true },
      { header: 'Quantity', value: (row) => row.quantity, kind: 'number' },
      { header: 'Returned', value: (row) => row.returned, kind: 'number' },
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
        header: 'Contact',
        value: (row) => (row.customer.contact_recorded ? row.customer.name : NO_CONTACT),
        cell: (row) =>
          row.customer.contact_recorded ? (
            <span>
              <Link to={`/customers/${row.customer.id}`}>{row.customer.name}</Link>
              <a href={`tel:${row.customer.phone.replace(/[^0-9+]/g, '')}`} className="report-cell-detail">
                {row.customer.phone}
              </a>
            </span>
          ) : (
            <span className="report-no-contact">
              <strong>{NO_CONTACT}</strong>
              <span className="report-cell-detail">Sold to {row.customer.name}</span>
            </span>
          ),
      },
      {
        header: 'Vehicle',
        value: (row) => (row.vehicle ? vehicleLabel(row.vehicle) : ''),
        cell: (row) =>
          row.vehicle && (
            <span>
              <Link to={`/vehicles/${row.vehicle.id}`}>{row.vehicle.plate}</Link>
              {vehicleModel(row.vehicle) && <span className="report-cell-detail">{vehicleModel(row.vehicle)}</span>}
            </span>
          ),
        nowrap: true,
      },
      { header: 'Plate', value: (row) => row.vehicle?.plate ?? '', offScreen: true },
      { header: 'Phone', value: (row) => (row.customer.contact_recorded ? row.customer.phone : ''), nowrap: true, offScreen: true },
      { header: 'Customer', value: (row) => row.customer.name, offScreen: true },
    ],
  };
  const walkIns = table.rows.some((row) => !row.customer.contact_recorded);
  const section: AnySection = {
    table,
    note: `Tires sold on invoices and sales, newest first: ${described}.${
      walkIns ? ' Walk-in sales have no contact to reach in a recall: when selling tires, record the buyer as a customer with a phone number.' : ''
    }`,
  };

  const controls = (
    <FilterFold
      label="Recall list filters"
      className="report-subfilters"
      summary={[filters.dot && `DOT ${filters.dot}`, (filters.dot_from || filters.dot_to) && `Weeks ${filters.dot_from ? weekText(filters.dot_from) : '…'} to ${filters.dot_to ? weekText(filters.dot_to) : '…'}`, brandId && brandName]
        .filter(Boolean)
        .join(' · ')}
    >
      <Field name="dot" label="DOT Code" value={dot.text} onChange={dot.setText} inputProps={{ placeholder: 'e.g. 2319' }} errors={errors?.dot} />
      <Field
        name="dot_from"
        label="DOT From (week/year)"
        value={dotFrom.text}
        onChange={dotFrom.setText}
        inputProps={{ placeholder: 'e.g. 0124', inputMode: 'numeric' }}
        errors={errors?.dot_from}
      />
      <Field
        name="dot_to"
        label="DOT To (week/year)"
        value={dotTo.text}
        onChange={dotTo.setText}
        inputProps={{ placeholder: 'e.g. 5224', inputMode: 'numeric' }}
        errors={errors?.dot_to}
      />
      <LookupFilter path="tire-brands" name="tire_brand_id" label="Brand" all="All Brands" value={brandId} onChange={(value) => params.set('tire_brand_id', value)} />
      <Field name="recallFrom" label="Sold From" type="date" value={filters.dateFrom || applied?.dateFrom || ''} errors={errors?.dateFrom} onChange={(value) => params.set('recallFrom', value)} />
      <Field name="recallTo" label="Sold To" type="date" value={filters.dateTo || applied?.dateTo || ''} errors={errors?.dateTo} onChange={(value) => params.set('recallTo', value)} />
    </FilterFold>
  );
  const status = list.isPending ? <Spinner label="Loading…" /> : list.isError && !list.data ? <ErrorBox messages={loadFailure('the recall list', list.error)} /> : undefined;
  const pages = list.data && list.data.last_page > 1 && (
    <Pagination page={list.data.current_page} lastPage={list.data.last_page} onChange={(value) => params.setPage(value, RECALL_PAGE)} />
  );

  return {
    screen: <ReportSection section={section} controls={controls} status={status} footer={pages} />,
    print: list.isSuccess ? [section] : [],
  };
}
