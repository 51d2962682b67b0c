import type { TransferStatus } from '@schemas/transfers';

const STATUS: Record<TransferStatus, { label: string; tone: string }> = {
  draft: { label: 'Draft', tone: 'gray' },
  shipped: { label: 'In Transit', tone: 'blue' },
  received: { label: 'Received', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

export const STATUS_OPTIONS = (Object.keys(STATUS) as TransferStatus[]).map((value) => ({ value, label: STATUS[value].label }));

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  return <span className={`badge badge-${STATUS[status].tone}`}>{STATUS[status].label}</span>;
}
