import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice, Receipt, ReceiptableType, ReceiptInput, ReceiptSummary, ReceiptType, Sale } from '@schemas/documents';
import type { Page } from '@schemas/paging';
import { api } from '../../shared/api/client';
import { useConfirmedDelete } from '../../shared/ui/useConfirmedDelete';

/** Which receipts the list shows: of invoices and sales, of purchase orders, or all. */
export type ReceiptSide = 'sale' | 'purchase' | '';

export interface ReceiptFilters {
  side: ReceiptSide;
  type: string;
  payment_method: string;
  search: string;
  dateFrom: string;
  dateTo: string;
  page: number;
}

export type ReceiptPage = Page<Receipt> & { summary: ReceiptSummary };

/** A document a receipt can be recorded against, as the create form lists it. */
export interface PayableDocument {
  id: number;
  number: string | null;
  party: string | null;
  net_amount: number;
  total_paid: number;
}

export const receiptKeys = {
  all: ['receipts'] as const,
  lists: () => [...receiptKeys.all, 'list'] as const,
  list: (filters: ReceiptFilters) => [...receiptKeys.lists(), filters] as const,
  detail: (id: string) => [...receiptKeys.all, 'detail', id] as const,
  payable: (documentType: ReceiptableType, receiptType: ReceiptType) => [...receiptKeys.all, 'payable', documentType, receiptType] as const,
};

export const receiptListQuery = (filters: ReceiptFilters) =>
  queryOptions({
    queryKey: receiptKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<ReceiptPage>('/receipts', {
        params: {
          side: filters.side,
          type: filters.type,
          payment_method: filters.payment_method,
          search: filters.search,
          dateFrom: filters.dateFrom,
          dateTo: filters.dateTo,
          page: filters.page,
          per_page: 20,
        },
        signal,
      }),
  });

export const receiptQuery = (id: string) =>
  queryOptions({
    queryKey: receiptKeys.detail(id),
    queryFn: ({ signal }) => api.get<Receipt>(`/receipts/${encodeURIComponent(id)}`, { signal }),
  });

interface PurchaseRow {
  id: number;
  number?: string | null;
  reference_number?: string | null;
  supplier?: { name: string } | null;
  net_amount: number;
  total_paid: number;
}

/**
 * What the list of documents asks for: money in goes to documents with something still owed,
 * a refund to documents with something paid.
 */
function payableParams(documentType: ReceiptableType, receiptType: ReceiptType) {
  const refund = receiptType === 'refund';
  const payment_status = refund ? 'partial,paid' : 'pending,partial';
  switch (documentType) {
    case 'Invoice':
      return { path: '/invoices', params: { status: refund ? 'partial,paid' : 'sent,overdue,partial', payment_status } };
    case 'Sale':
      return { path: '/sales', params: { status: 'pending,completed', payment_status } };
    case 'Purchase':
      // Cancelled orders take no money (they are cancelled only with nothing paid).
      return { path: '/purchases', params: { status: 'pending,ordered,received', payment_status } };
  }
}

function toPayable(documentType: ReceiptableType, row: Invoice | Sale | PurchaseRow): PayableDocument {
  if (documentType === 'Purchase') {
    const purchase = row as PurchaseRow;
    return {
      id: purchase.id,
      number: purchase.number ?? purchase.reference_number ?? null,
      party: purchase.supplier?.name ?? null,
      net_amount: purchase.net_amount,
      total_paid: purchase.total_paid,
    };
  }
  const document = row as Invoice | Sale;
  return { id: document.id, number: document.number, party: document.customer?.name ?? null, net_amount: document.net_amount, total_paid: document.total_paid };
}

/** The documents a new receipt can be recorded against. */
export const payableDocumentsQuery = (documentType: ReceiptableType, receiptType: ReceiptType) =>
  queryOptions({
    queryKey: receiptKeys.payable(documentType, receiptType),
    queryFn: async ({ signal }): Promise<PayableDocument[]> => {
      const { path, params } = payableParams(documentType, receiptType);
      const page = await api.get<Page<Invoice | Sale | PurchaseRow>>(path, { params: { ...params, per_page: 100 }, signal });
      return page.data.map((row) => toPayable(documentType, row));
    },
  });

/** Everything a receipt changes: receipt lists, and the balance of the document it pays. */
function useRefreshAfterReceipt() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: receiptKeys.all }),
      ...['invoices', 'sales', 'purchases', 'reports'].map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
    ]);
}

export function useCreateReceipt() {
  const refresh = useRefreshAfterReceipt();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: ReceiptInput; idempotencyKey: string }) =>
      api.post<Receipt>('/receipts', input, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: refresh,
  });
}

/** Deletes a receipt once the user confirms it, with the list's and the detail page's wording. */
export function useReceiptDeletion(onDeleted: () => void) {
  const refresh = useRefreshAfterReceipt();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/receipts/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: receiptKeys.detail(String(id)) });
      return refresh();
    },
  });
  return useConfirmedDelete({
    remove,
    title: 'Delete Receipt',
    confirmMessage: 'Are you sure you want to delete this receipt?',
    failureMessage: 'Error deleting receipt. Please try again.',
    onDeleted,
  });
}
