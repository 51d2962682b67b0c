import { formatDate } from '../ui/dates';

/** How a trend's figures are grouped: the period is the date its bucket starts. */
export type PeriodGroup = 'day' | 'week' | 'month';

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthOnly = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const asDate = (period: string) => new Date(`${period.slice(0, 10)}T00:00:00Z`);

/** A period as a table names it: 'Nov 3, 2026', 'Week of Nov 2, 2026', 'Nov 2026'. */
export function periodLabel(period: string, group: PeriodGroup): string {
  if (group === 'month') return monthYear.format(asDate(period));
  if (group === 'week') return `Week of ${formatDate(period)}`;
  return formatDate(period);
}

/** A period as a chart's axis names it: 'Nov 3', or 'Nov' ('Jan 27' in January, where the year turns). */
export function periodTick(period: string, group: PeriodGroup): string {
  const date = asDate(period);
  if (group !== 'month') return dayMonth.format(date);
  return date.getUTCMonth() === 0 ? `${monthOnly.format(date)} ${String(date.getUTCFullYear()).slice(2)}` : monthOnly.format(date);
}

const compactDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** Money on a chart's axis: '$0', '$500', '$1.5K'. */
export function compactMoney(value: number): string {
  return compactDollars.format(value);
}
