import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Party, PurchasePaymentInput, Receipt, ReceiptInput } from '@schemas/documents';
import type { DocumentPreview } from '@schemas/tax';
import { useDebounced } from '../../shared/hooks/useDebounced';
import type { Page } from '@schemas/paging';
import { api, type QueryParams } from '../../shared/api/client';
import { branchFilterParam } from '../../shared/branches/BranchSelect';
import { stockAlerts, type ProductEntry, type ProductType } from '../../shared/api/products';
import { activityKeys } from '../../shared/audit/activity';

export const DOCUMENT_PAGE_SIZE = 20;

type Id = number | string;

/** The catalogue lists and details that show stock or a cost price, which documents change. */
const PRODUCT_ROOTS = ['tires', 'batteries', 'wiper-products', 'inventories'];

/**
 * A list's query from its applied filters (the address's, else their defaults): the branch filter as
 * the API takes it, Overdue as 1, and none left empty, so that the list asked for before the page
 * renders (./routes) is the one it shows.
 */
export function listParams(applied: Record<string, string>): QueryParams {
  const params: QueryParams = {};
  for (const [name, value] of Object.entries(applied)) {
    const sent = name === 'location_id' ? branchFilterParam(value) : name === 'overdue' && value ? 1 : value;
    if (sent !== '') params[name] = sent;
  }
  return params;
}

/** The queries of one document kind (invoices, sales): a filtered page and a detail, under `[path]`. */
export function documentQueries<T>(path: string) {
  const keys = {
    all: [path] as const,
    lists: () => [path, 'list'] as const,
    list: (filters: QueryParams, page: number) => [path, 'list', { ...filters, page }] as const,
    detail: (id: Id) => [path, 'detail', String(id)] as const,
  };
  return {
    path,
    keys,
    list: (filters: QueryParams, page: number) =>
      queryOptions({
        queryKey: keys.list(filters, page),
        queryFn: ({ signal }) => api.get<Page<T>>(`/${path}`, { params: { ...filters, page, per_page: DOCUMENT_PAGE_SIZE }, signal }),
        placeholderData: keepPreviousData,
      }),
    detail: (id: Id) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => api.get<T>(`/${path}/${encodeURIComponent(id)}`, { signal }),
      }),
  };
}

export type DocumentQueries<T> = ReturnType<typeof documentQueries<T>>;

/**
 * Changes of a document kind. Each refreshes its lists and the activity shown; a change that can move stock or money
 * (create, send, complete, receive, cancel, delete) also refreshes products, stock alerts and receipts.
 */
export function useDocumentMutations<T>(queries: DocumentQueries<T>) {
  const queryClient = useQueryClient();
  const path = `/${queries.path}`;
  const refreshLists = () =>
    Promise.all([queries.keys.lists(), activityKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const refreshAll = () =>
    Promise.all([
      refreshLists(),
      ...[['products'], stockAlerts.queryKey, ['receipts'], ...PRODUCT_ROOTS.map((root) => [root])].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    ]);
  const keep = (id: Id, document: T) => queryClient.setQueryData(queries.keys.detail(id), document);

  return {
    create: useMutation({
      mutationFn: ({ input, idempotencyKey }: { input: unknown; idempotencyKey: string }) =>
        api.post<T>(path, input, { headers: { 'Idempotency-Key': idempotencyKey } }),
      onSuccess: refreshAll,
    }),
    update: useMutation({
      mutationFn: ({ id, input, version }: { id: Id; input: unknown; version?: number }) =>
        api.put<T>(`${path}/${encodeURIComponent(id)}`, input, { version }),
      onSuccess: (document, { id }) => {
        keep(id, document);
        return refreshLists();
      },
    }),
    /** POST /{kind}/{id}/{action}: send, complete, cancel, receive (with what came, or nothing for everything). */
    transition: useMutation({
      mutationFn: ({ id, action, input }: { id: Id; action: string; input?: unknown }) =>
        api.post<T>(`${path}/${encodeURIComponent(id)}/${action}`, input),
      onSuccess: (document, { id }) => {
        keep(id, document);
        return refreshAll();
      },
    }),
    remove: useMutation({
      mutationFn: (id: Id) => api.delete(`${path}/${encodeURIComponent(id)}`),
      onSuccess: (_, id) => {
        queryClient.removeQueries({ queryKey: queries.keys.detail(id) });
        return refreshAll();
      },
    }),
  };
}

/** Customers or suppliers whose name or phone matches, a few at a time: there may be thousands. */
export const partySearchQuery = (kind: 'customers' | 'suppliers', search: string) =>
  queryOptions({
    queryKey: [kind, 'search', search] as const,
    queryFn: ({ signal }) => api.get<Page<Party>>(`/${kind}`, { params: { search, per_page: 10 }, signal }),
  });

/** One customer or supplier, e.g. the one a link to a new document names. */
export const partyQuery = (kind: 'customers' | 'suppliers', id: string) =>
  queryOptions({
    queryKey: [kind, 'detail', id] as const,
    queryFn: ({ signal }) => api.get<Party>(`/${kind}/${encodeURIComponent(id)}`, { signal }),
  });

/** One product as the item entry row offers it (a link such as "Order more" names it), if it is of one of `types`. */
export const productEntryQuery = (id: string, types: readonly ProductType[]) =>
  queryOptions({
    queryKey: ['products', 'entry', id, ...types] as const,
    queryFn: async ({ signal }): Promise<ProductEntry | null> => {
      const page = await api.get<Page<ProductEntry>>('/products', { params: { id, per_page: 1 }, signal });
      const product = page.data[0];
      return product && types.includes(product.type) ? product : null;
    },
  });

/**
 * A payment on a document: POST /api/receipts (invoices, sales) or POST /api/purchases/{id}/payments.
 * Refreshes the document (`documentKeys`), its lists, the receipts and the activity shown.
 */
export function useRecordPayment(documentKeys: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, input, idempotencyKey }: { path: string; input: ReceiptInput | PurchasePaymentInput; idempotencyKey: string }) =>
      api.post<Receipt>(path, input, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => Promise.all([['receipts'], activityKeys.all, ...documentKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** What the form sends to be priced: the customer, the document discount and the lines with the fees they were let off. */
export interface DocumentPreviewInput {
  customer_id: number | null;
  discount_amount: string;
  items: { product_id: number; quantity: number; unit_price: string; discount_percent: number; waived_fees: { fee_rule_id: number }[] }[];
}

/** The fee lines and tax the server's rules give a form's lines, asked again a moment after they stop changing. */
export function useDocumentPreview(input: DocumentPreviewInput | null) {
  const asked = useDebounced(input, 250);
  const settled = JSON.stringify(asked) === JSON.stringify(input);
  const query = useQuery<DocumentPreview>({
    queryKey: ['document-preview', asked],
    queryFn: ({ signal }) => api.post<DocumentPreview>('/document-preview', asked, { signal }),
    enabled: Boolean(asked?.items.length),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
  const empty = !input?.items.length;
  return {
    preview: empty ? null : (query.data ?? null),
    /** The figure shown may not be the lines' yet. */
    pending: !empty && (!settled || query.isFetching || !query.data),
  };
}
