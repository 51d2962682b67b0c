import { COUNT_STATUS_LABELS, type CountStatus } from '@schemas/stock-counts';

const BADGES: Record<CountStatus, string> = { open: 'badge-yellow', posted: 'badge-green', cancelled: 'badge-gray' };

export function CountStatusBadge({ status }: { status: CountStatus }) {
  return <span className={`badge ${BADGES[status]}`}>{COUNT_STATUS_LABELS[status]}</span>;
}

/** A variance in words and sign, never by colour alone: "+2 over", "−1 short", "Even". */
export function Variance({ value }: { value: number | null }) {
  if (value === null) return <span className="cell-empty">Not counted</span>;
  if (value === 0) return <span className="sc-even">Even</span>;
  return value > 0 ? <span className="sc-over">+{value} over</span> : <span className="sc-short">−{-value} short</span>;
}
