import './documents.css';

const TONES: Record<string, string> = {
  draft: 'gray',
  pending: 'yellow',
  sent: 'blue',
  partial: 'orange',
  paid: 'green',
  completed: 'green',
  overdue: 'red',
  cancelled: 'dark',
  ordered: 'blue',
  partly_received: 'orange',
  received: 'green',
  accepted: 'green',
  declined: 'dark',
  expired: 'red',
  converted: 'blue',
  issued: 'blue',
};

/** 'partly_received' reads "Partly received". */
const label = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');

/** A document's or a payment's status as a coloured label. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${TONES[status] ?? 'gray'}`}>{label(status)}</span>;
}
