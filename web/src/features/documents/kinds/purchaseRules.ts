import type { Purchase } from '@schemas/documents';
import { documentQueries } from '../api';

export const purchaseQueries = documentQueries<Purchase>('purchases');

type Order = Pick<Purchase, 'status' | 'total_paid' | 'purchase_items'>;

const open = (purchase: Pick<Purchase, 'status'>) => purchase.status === 'pending' || purchase.status === 'ordered';

/** Some goods have come in on at least one line. */
export const hasReceived = (purchase: Pick<Purchase, 'purchase_items'>) =>
  purchase.purchase_items.some((item) => item.received_quantity > 0);

/** Receiving (all at once or part) is offered while the order is neither received nor cancelled. */
export const canReceive = open;

/** Pending and ordered orders are edited; received and cancelled ones are not. */
export const canEdit = open;

/** Cancelling is only while nothing has come in (the server also asks for payments to be refunded first). */
export const canCancel = (purchase: Order) => open(purchase) && !hasReceived(purchase);

/** Deleting is only for an order that moved neither stock nor money; otherwise it is cancelled. */
export const canDelete = (purchase: Order) => purchase.status !== 'received' && !hasReceived(purchase) && purchase.total_paid === 0;

/** The status as shown: an ordered order with some goods in is "Partly received". */
export const shownStatus = (purchase: Pick<Purchase, 'status' | 'is_partly_received'>) =>
  purchase.is_partly_received && open(purchase) ? 'partly_received' : purchase.status;

export const RECEIVE_CONFIRM = 'Mark this purchase order as received? This will update inventory.';
