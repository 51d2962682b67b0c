import type { z } from 'zod';
import { tireBrandInput, type TireBrand } from '@schemas/lookups';
import { pagedResource } from '../../shared/api/resource';
import { lookupTexts } from '../../shared/records/lookupTexts';
import type { RecordConfig } from '../../shared/records/types';

export const tireBrandConfig: RecordConfig<TireBrand, typeof tireBrandInput> = {
  basePath: '/tire-brands',
  resource: pagedResource<TireBrand, z.output<typeof tireBrandInput>>('tire-brands', { refreshes: ['patterns', 'tires'] }),
  schema: tireBrandInput,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'country', label: 'Country', autoComplete: 'country-name' },
  ],
  columns: [
    { header: 'Name', cell: (brand) => brand.name },
    { header: 'Country', cell: (brand) => brand.country },
  ],
  inlineFieldErrors: true,
  texts: lookupTexts({ one: 'tire brand', many: 'tire brands', title: 'Tire Brand', listTitle: 'Tire Brands' }),
};
