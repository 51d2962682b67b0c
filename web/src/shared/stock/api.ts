import { useContext } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import type { BranchStockLevel, PriceInput, StockAdjustmentInput, StockMove, StockTransferInput } from '@schemas/stock';
import type { ReorderLevelInput } from '@schemas/reorder';
import { RecordChangedHere } from '../records/useOpenedRecord';
import { api } from '../api/client';
import { stockAlerts } from '../api/products';
import { activityKeys } from '../audit/activity';

type Id = number | string;

/** What the stock pieces need of any product (a tire, a battery, a wiper, an inventory item). */
export interface StockProduct {
  id: number;
  cost_price: number;
  selling_price: number;
  /** The branch an adjustment starts on when the user has no home branch. */
  location_id?: number | null;
  /** The product's version, which a price change sends back (If-Match). */
  version?: number;
}

export const stockKeys = {
  product: (id: Id) => ['products', String(id)] as const,
  stock: (id: Id) => [...stockKeys.product(id), 'stock'] as const,
  moves: (id: Id, page: number) => [...stockKeys.product(id), 'moves', page] as const,
};

export const stockQueries = {
  /** Every branch, 0 where the product has none. */
  stock: (id: Id) =>
    queryOptions({
      queryKey: stockKeys.stock(id),
      queryFn: ({ signal }) => api.get<BranchStockLevel[]>(`/products/${id}/stock`, { signal }),
    }),
  moves: (id: Id, page: number) =>
    queryOptions({
      queryKey: stockKeys.moves(id, page),
      queryFn: ({ signal }) => api.get<Page<StockMove>>(`/products/${id}/stock-moves`, { params: { page, per_page: 20 }, signal }),
      placeholderData: keepPreviousData,
    }),
};

/**
 * A product's stock and price changes. Each refreshes the product's stock and moves, and the
 * caller's `refresh` keys (the record that shows its quantity or price), the stock alerts and the activity shown.
 */
export function useStockMutations(refresh: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  const changedHere = useContext(RecordChangedHere);
  // The open form takes the record's new version after the refresh: a fetch started before it would
  // be cancelled by it.
  const onSuccess = async (_: unknown, { id }: { id: number }) => {
    await Promise.all([stockKeys.product(id), stockAlerts.queryKey, activityKeys.all, ...refresh].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    changedHere?.();
  };

  return {
    adjust: useMutation({
      mutationFn: ({ id, input }: { id: number; input: StockAdjustmentInput }) => api.post(`/products/${id}/stock-adjustments`, input),
      onSuccess,
    }),
    transfer: useMutation({
      mutationFn: ({ id, input }: { id: number; input: StockTransferInput }) => api.post(`/products/${id}/stock-transfers`, input),
      onSuccess,
    }),
    reorderLevel: useMutation({
      mutationFn: ({ id, input }: { id: number; input: ReorderLevelInput }) => api.put(`/products/${id}/reorder-levels`, input),
      onSuccess,
    }),
    price: useMutation({
      mutationFn: ({ id, input, version }: { id: number; input: PriceInput; version?: number }) => api.patch(`/products/${id}/price`, input, { version }),
      onSuccess,
    }),
  };
}
