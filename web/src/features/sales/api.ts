import type { Sale } from '@schemas/documents';
import { documentQueries, useDocumentMutations } from '../documents/api';

export const saleQueries = documentQueries<Sale>('sales');
export const saleKeys = saleQueries.keys;

export const useSaleMutations = () => useDocumentMutations<Sale>(saleQueries);

/** Only what never moved stock or money can be deleted. */
export const canDeleteSale = (sale: Sale) => sale.status !== 'completed' && sale.total_paid === 0;
