import { formatDate } from '../../shared/ui/dates';
import type { PeriodGroup, ProductType } from './api';

export { compactMoney, periodLabel, periodTick } from '../../shared/charts/format';

export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  tire: 'Tires',
  battery: 'Batteries',
  wiper: 'Wipers',
  service: 'Services',
  item: 'Shop Supplies',
};

export const GROUP_OPTIONS: { value: PeriodGroup; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

export function groupLabel(group: PeriodGroup): string {
  return GROUP_OPTIONS.find((option) => option.value === group)?.label ?? group;
}

/** 'Nov 1, 2026 to Nov 23, 2026': a report's dates in its captions. */
export function formatRange(filters: { dateFrom: string; dateTo: string }): string {
  return `${formatDate(filters.dateFrom)} to ${formatDate(filters.dateTo)}`;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** '12.5%', or '—' where there is nothing to divide by. */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

const printedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatPrintedAt(date: Date): string {
  return printedAt.format(date);
}
