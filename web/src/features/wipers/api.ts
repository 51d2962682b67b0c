import type { Wiper, WiperInput } from '@schemas/wipers';
import { pagedResource } from '../../shared/api/resource';

export const wiperQueries = pagedResource<Wiper, WiperInput>('wiper-products');
