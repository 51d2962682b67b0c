import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, RECEIPT_TYPES, type Receipt, type ReceiptType } from '@schemas/documents';
import { usePermissions } from '../../shared/auth/permissions';
import { Field } from '../../shared/forms/Field';
import { useListSearch, withFilter, useAddress } from '../../shared/hooks/useListSearch';
import { formatDate } from '../../shared/ui/dates';
import { usePrint } from '../../shared/print';
import { usePageInRange } from '../../shared/records/listHooks';
import { UpdatingHint } from '../../shared/records/RecordTable';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { Pagination } from '../../shared/ui/Pagination';
import { SearchBox } from '../../shared/ui/SearchBox';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { receiptListQuery, useReceiptDeletion, type ReceiptFilters, type ReceiptPage, type ReceiptSide } from './api';
import { MethodLabel, RECEIPT_TYPE_LABELS, RelatedDocument, SIDE_TITLES, TypeBadge } from './labels';
import './receipts.css';

const isReceiptType = (value: string | null): value is ReceiptType => RECEIPT_TYPES.includes(value as ReceiptType);

/**
 * The menu's `?type=sale` and `?type=purchase` choose whose receipts are listed; the receipt type
 * filter (income, expense, refund) is `receipt_type`, and `?type=income` is read as that too.
 */
function useReceiptFilters() {
  const [params, setParams] = useAddress();
  const { text, setText, search, page, setPage } = useListSearch();
  const typeParam = params.get('type');
  const side: ReceiptSide = typeParam === 'sale' || typeParam === 'purchase' ? typeParam : '';
  const receiptType = params.get('receipt_type') ?? (isReceiptType(typeParam) ? typeParam : '');
  const filters: ReceiptFilters = {
    side,
    type: isReceiptType(receiptType) ? receiptType : '',
    payment_method: params.get('payment_method') ?? '',
    search,
    dateFrom: params.get('dateFrom') ?? '',
    dateTo: params.get('dateTo') ?? '',
    page,
  };
  const setFilter = (name: 'receipt_type' | 'payment_method' | 'dateFrom' | 'dateTo', value: string) =>
    setParams((current) => {
      const next = withFilter(current, name, value);
      if (name === 'receipt_type' && isReceiptType(next.get('type'))) next.delete('type');
      return next;
    });
  const sideLink = (value: ReceiptSide) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (value) next.set('type', value);
    else next.delete('type');
    if (isReceiptType(typeParam)) next.set('receipt_type', typeParam);
    const query = next.toString();
    return query ? `/receipts?${query}` : '/receipts';
  };
  return { filters, setFilter, searchText: text, setSearchText: setText, setPage, sideLink };
}

function SummaryCards({ page }: { page: ReceiptPage | undefined }) {
  const summary = page?.summary;
  const money = (value: number | undefined) => (summary ? formatMoney(value) : '…');
  const cards: { label: string; value: string; className?: string; note?: string }[] = [
    { label: 'Total Receipts', value: summary ? String(summary.count) : '…' },
    { label: 'Total Income', value: money(summary?.income), className: summary?.income ? 'receipt-stat-in' : undefined },
    { label: 'Total Expense', value: money(summary?.expense), className: summary?.expense ? 'receipt-stat-out' : undefined },
    {
      label: 'Net Balance',
      value: money(summary?.net),
      className: summary && summary.net < 0 ? 'receipt-stat-out' : undefined,
      note: summary?.refund ? `After ${formatMoney(summary.refund)} of refunds` : undefined,
    },
  ];
  return (
    <dl className="receipt-stats" aria-label="Receipt totals">
      {cards.map((card) => (
        <div key={card.label} className={['card receipt-stat', card.className].filter(Boolean).join(' ')}>
          <dt>{card.label}</dt>
          <dd>{card.value}</dd>
          {card.note && <dd className="receipt-stat-note">{card.note}</dd>}
        </div>
      ))}
    </dl>
  );
}

const columns: Column<Receipt>[] = [
  { header: 'Receipt #', cell: (receipt) => <Link to={`/receipts/${receipt.id}`}>{receipt.number}</Link>, className: 'cell-nowrap' },
  { header: 'Date', cell: (receipt) => formatDate(receipt.receipt_date), className: 'cell-nowrap' },
  { header: 'Type', cell: (receipt) => <TypeBadge type={receipt.type} /> },
  { header: 'Related To', cell: (receipt) => <RelatedDocument receipt={receipt} /> },
  { header: 'Amount', cell: (receipt) => formatMoney(receipt.amount), className: 'cell-nowrap' },
  { header: 'Method', cell: (receipt) => <MethodLabel method={receipt.payment_method} /> },
  { header: 'Reference', cell: (receipt) => receipt.reference_number },
];

export function ReceiptListPage() {
  const { filters, setFilter, searchText, setSearchText, setPage, sideLink } = useReceiptFilters();
  const list = useQuery({ ...receiptListQuery(filters), placeholderData: keepPreviousData });
  const flash = useFlash();
  const can = usePermissions();
  const deletion = useReceiptDeletion(() => flash('Receipt deleted.'));
  const [printing, setPrinting] = useState<Receipt>();
  const printer = usePrint(printing && { kind: 'receipt', document: printing });

  usePageInRange(list.data, filters.page, setPage);

  const sides: { value: ReceiptSide; label: string }[] = [
    { value: '', label: 'All' },
    { value: 'sale', label: 'Invoices and sales' },
    { value: 'purchase', label: 'Purchase orders' },
  ];

  return (
    <section>
      <PageHeader
        title="Receipts"
        actions={
          <Link to="/receipts/create" className="btn btn-primary">
            New Receipt
          </Link>
        }
      />
      <p className="receipt-subtitle">{SIDE_TITLES[filters.side]}</p>
      <nav className="receipt-sides" aria-label="Whose receipts">
        {sides.map((side) => (
          <Link key={side.value || 'all'} to={sideLink(side.value)} className="receipt-side" aria-current={filters.side === side.value ? 'page' : undefined}>
            {side.label}
          </Link>
        ))}
      </nav>

      {!list.isError && <SummaryCards page={list.data} />}

      <div className="card">
        <div className="receipt-filters" role="group" aria-label="Filters">
          <div className="receipt-filter-search">
            <span className="field-label" aria-hidden="true">
              Search
            </span>
            <SearchBox value={searchText} onChange={setSearchText} placeholder="Search by reference or number..." label="Search receipts by reference" />
          </div>
          <SelectField
            name="receipt_type"
            label="Type"
            value={filters.type}
            placeholder="All types"
            options={RECEIPT_TYPES.map((type) => ({ value: type, label: RECEIPT_TYPE_LABELS[type] }))}
            onChange={(value) => setFilter('receipt_type', value)}
          />
          <SelectField
            name="payment_method"
            label="Payment Method"
            value={filters.payment_method}
            placeholder="All methods"
            options={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
            onChange={(value) => setFilter('payment_method', value)}
          />
          <Field name="dateFrom" label="From Date" type="date" value={filters.dateFrom} onChange={(value) => setFilter('dateFrom', value)} />
          <Field name="dateTo" label="To Date" type="date" value={filters.dateTo} onChange={(value) => setFilter('dateTo', value)} />
        </div>
        <UpdatingHint list={list} />
        {deletion.error && <ErrorBox messages={[deletion.error]} />}
        {list.isPending ? (
          <Spinner label="Loading receipts..." />
        ) : list.isError ? (
          <ErrorBox messages={[`Error loading receipts: ${list.error.message}`]} />
        ) : !list.data.data.length ? (
          <p className="empty">No receipts found</p>
        ) : (
          <div className="receipt-table">
            <DataTable
              caption="Receipts"
              columns={columns}
              rows={list.data.data}
              rowKey={(receipt) => receipt.id}
              rowLabel={(receipt) => `Receipt ${receipt.number}`}
              actions={(receipt) => (
                <>
                  <Link to={`/receipts/${receipt.id}`} className="btn btn-small btn-secondary">
                    View
                  </Link>
                  <button
                    type="button"
                    className="btn btn-small btn-secondary"
                    onClick={() => {
                      setPrinting(receipt);
                      printer.print();
                    }}
                  >
                    Print
                  </button>
                  {can.deleteReceipts && (
                    <button type="button" className="btn btn-small btn-danger-outline" onClick={() => deletion.ask(receipt.id)}>
                      Delete
                    </button>
                  )}
                </>
              )}
            />
            <Pagination page={list.data.current_page} lastPage={list.data.last_page} onChange={setPage} />
          </div>
        )}
      </div>
      {deletion.dialog}
      {printer.node}
    </section>
  );
}
