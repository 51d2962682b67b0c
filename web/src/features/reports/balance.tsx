import type { ReactNode } from 'react';
import { BarChart } from '../../shared/charts/BarChart';
import { formatMoney } from '../../shared/ui/money';
import type { Ageing, PartySide } from './api';
import type { AnySection } from './ReportPage';
import type { ReportColumn, ReportTable } from './table';

export interface SideTexts {
  title: string;
  statementTitle: string;
  party: string;
  parties: string;
  /** The report's own address. */
  path: string;
  /** Where a party's record is. */
  partyPath: string;
  owed: string;
  notFound: string;
}

export const SIDE_TEXTS: Record<PartySide, SideTexts> = {
  customer: {
    title: 'Customer Balance Report',
    statementTitle: 'Customer Statement',
    party: 'Customer',
    parties: 'Customers',
    path: '/reports/customer-balance',
    partyPath: '/customers',
    owed: 'Owed by customers',
    notFound: 'Customer not found',
  },
  supplier: {
    title: 'Supplier Balance Report',
    statementTitle: 'Supplier Statement',
    party: 'Supplier',
    parties: 'Suppliers',
    path: '/reports/supplier-balance',
    partyPath: '/suppliers',
    owed: 'Owed to suppliers',
    notFound: 'Supplier not found',
  },
};

export const BUCKETS: { key: keyof Ageing; label: string; tone?: 'good' | 'warn' | 'bad' }[] = [
  { key: 'current', label: 'Current', tone: 'good' },
  { key: 'days_1_30', label: '1-30 Days' },
  { key: 'days_31_60', label: '31-60 Days', tone: 'warn' },
  { key: 'days_61_90', label: '61-90 Days', tone: 'warn' },
  { key: 'days_over_90', label: 'Over 90 Days', tone: 'bad' },
];

/** The ageing buckets that hold anything in any of `figures` (a bucket that is zero everywhere is left out). */
export function bucketsIn(figures: Ageing[]): typeof BUCKETS {
  return BUCKETS.filter((bucket) => figures.some((row) => row[bucket.key] !== 0));
}

/** The ageing columns of a party or document table: the buckets that hold anything. */
export function bucketColumns<T extends Ageing>(buckets: typeof BUCKETS): ReportColumn<T>[] {
  return buckets.map((bucket) => ({ header: bucket.label, value: (row: T) => row[bucket.key], kind: 'money' as const }));
}

/** Past due: everything but what is not yet due. */
export function overdueOf(ageing: Ageing): number {
  return (Math.round((ageing.days_1_30 + ageing.days_31_60 + ageing.days_61_90 + ageing.days_over_90) * 100)) / 100;
}

type BucketRow = { key: keyof Ageing; label: string; amount: number };

/** How much is how late, as bars beside a table of the buckets that hold anything. */
export function ageingSection(ageing: Ageing & { balance: number }, { label, fileName }: { label: string; fileName: string }): AnySection {
  const buckets = bucketsIn([ageing]);
  const rows: BucketRow[] = buckets.map((bucket) => ({ key: bucket.key, label: bucket.label, amount: ageing[bucket.key] }));
  const share = (amount: number) => (ageing.balance ? Math.round((amount / ageing.balance) * 1000) / 10 : null);
  const table: ReportTable<BucketRow> = {
    title: 'Ageing',
    fileName,
    rows,
    rowKey: (row) => row.key,
    rowLabel: (row) => row.label,
    empty: 'Nothing owed',
    columns: [
      { header: 'Days Past Due', value: (row) => row.label },
      { header: 'Amount', value: (row) => row.amount, kind: 'money' },
      { header: 'Share', value: (row) => share(row.amount), kind: 'percent' },
    ],
    totals: ['Total', ageing.balance, ageing.balance ? 100 : null],
  };
  return {
    table,
    chart: (width?: number): ReactNode => (
      <BarChart label={label} bars={buckets.map((bucket) => ({ label: bucket.label, value: ageing[bucket.key], tone: bucket.tone }))} formatValue={formatMoney} width={width} />
    ),
  };
}
