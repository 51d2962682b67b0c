import { formatMoney } from '../../shared/ui/money';

/** Over (more counted than expected), short, or even: in words and colour, never by colour alone. */
export function OverShort({ value }: { value: number }) {
  const cents = Math.round(value * 100);
  if (cents === 0) return <span className="dc-even">Even</span>;
  return cents > 0 ? <span className="dc-over">Over {formatMoney(value)}</span> : <span className="dc-short">Short {formatMoney(-value)}</span>;
}

export function CloseStatus({ status }: { status: 'closed' | 'reopened' }) {
  return status === 'closed' ? <span className="badge badge-green">Closed</span> : <span className="badge badge-yellow">Reopened</span>;
}
