import type { z } from 'zod';
import type { Customer, customerInput } from '@schemas/customers';
import { pagedResource } from '../../shared/api/resource';

export const customerQueries = pagedResource<Customer, z.output<typeof customerInput>>('customers');
export const customerKeys = customerQueries.keys;
