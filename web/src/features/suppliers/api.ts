import type { z } from 'zod';
import type { Supplier, supplierInput } from '@schemas/suppliers';
import { pagedResource } from '../../shared/api/resource';

export const supplierQueries = pagedResource<Supplier, z.output<typeof supplierInput>>('suppliers');
export const supplierKeys = supplierQueries.keys;
