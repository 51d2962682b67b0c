import type { SessionUser } from '@schemas/auth';
import { OPEN_STATUS } from '@schemas/document-statuses';
import { useAuth } from './AuthContext';

interface OwnedDocument {
  status: string;
  created_by_id?: number | null;
}

/**
 * What a user may do beyond what every signed-in user may, as the API decides it: an administrator
 * everything; staff may delete only a draft invoice, pending sale or pending purchase order of their own,
 * cancel only a document with no payments, record no refund, and change neither cost prices (nor order at
 * another cost) nor the settings.
 */
export function permissionsFor(user: Pick<SessionUser, 'id' | 'role'> | null) {
  const admin = user?.role === 'admin';
  return {
    /** Customers, suppliers, products, lookups; tires one at a time or in bulk. */
    deleteRecords: admin,
    deleteReceipts: admin,
    recordRefund: admin,
    changeCostPrice: admin,
    changeSettings: admin,
    /** Set a document's tax other than what the shop's rates give. */
    overrideTax: admin,
    deleteDocument: (kind: string, document: OwnedDocument) =>
      admin || (user !== null && document.status === (OPEN_STATUS as Record<string, string>)[kind] && document.created_by_id === user.id),
    /** Staff cancel a document with no payments; some (a credit note) only an administrator. */
    cancelDocument: (document: { payment_status: string }, adminOnly = false) => admin || (!adminOnly && document.payment_status === 'pending'),
  };
}

export type Permissions = ReturnType<typeof permissionsFor>;

/** The signed-in user's permissions. */
export function usePermissions(): Permissions {
  return permissionsFor(useAuth().user);
}
