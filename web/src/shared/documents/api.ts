import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Party, Receipt, ReceiptInput } from '@schemas/documents';
import type { Page } from '@schemas/paging';
import { api, type QueryParams } from '../api/client';
import { stockAlerts, type ProductEntry, type ProductType } from '../api/products';

export const DOCUMENT_PAGE_SIZE = 20;

type Id = number | string;

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
 * Changes of a document kind. Each refreshes its lists; a change that can move stock or money
 * (create, send, complete, cancel, delete) also refreshes products, stock alerts and receipts.
 */
export function useDocumentMutations<T>(queries: DocumentQueries<T>) {
  const queryClient = useQueryClient();
  const path = `/${queries.path}`;
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: queries.keys.lists() });
  const refreshAll = () =>
    Promise.all([
      refreshLists(),
      ...[['products'], stockAlerts.queryKey, ['receipts']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  const keep = (id: Id, document: T) => queryClient.setQueryData(queries.keys.detail(id), document);

  return {
    create: useMutation({
      mutationFn: ({ input, idempotencyKey }: { input: unknown; idempotencyKey: string }) =>
        api.post<T>(path, input, { headers: { 'Idempotency-Key': idempotencyKey } }),
      onSuccess: refreshAll,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: Id; input: unknown }) => api.put<T>(`${path}/${encodeURIComponent(id)}`, input),
      onSuccess: (document, { id }) => {
        keep(id, document);
        return refreshLists();
      },
    }),
    /** POST /{kind}/{id}/{action}: send, complete, cancel. */
    transition: useMutation({
      mutationFn: ({ id, action }: { id: Id; action: string }) => api.post<T>(`${path}/${encodeURIComponent(id)}/${action}`),
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

/** Customers whose name, phone or email matches, a few at a time: there may be thousands. */
export const customerSearchQuery = (search: string) =>
  queryOptions({
    queryKey: ['customers', 'search', search] as const,
    queryFn: ({ signal }) => api.get<Page<Party>>('/customers', { params: { search, per_page: 10 }, signal }),
  });

/** Products of one type for the item entry row, with the stock at the document's branch. */
export const productPickerQuery = (type: ProductType | '', search: string, locationId: string) =>
  queryOptions({
    queryKey: ['products', 'picker', type, search, locationId] as const,
    queryFn: ({ signal }) =>
      api.get<Page<ProductEntry>>('/products', { params: { type, search, location_id: locationId, per_page: 20 }, signal }),
    enabled: type !== '',
  });

/** POST /api/receipts: a payment on a document. Refreshes the document (`documentKey`), its lists and the receipts. */
export function useRecordPayment(documentKeys: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: ReceiptInput; idempotencyKey: string }) =>
      api.post<Receipt>('/receipts', input, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => Promise.all([['receipts'], ...documentKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
