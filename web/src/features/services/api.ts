import type { Service, ServiceInput } from '@schemas/services';
import { pagedResource } from '../../shared/api/resource';

export const serviceQueries = pagedResource<Service, ServiceInput>('services');
