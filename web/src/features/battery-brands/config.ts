import type { z } from 'zod';
import { batteryBrandInput, type BatteryBrand } from '@schemas/lookups';
import { pagedResource } from '../../shared/api/resource';
import { lookupTexts } from '../../shared/records/lookupTexts';
import type { RecordConfig } from '../../shared/records/types';

export const batteryBrandConfig: RecordConfig<BatteryBrand, typeof batteryBrandInput> = {
  basePath: '/battery-brands',
  resource: pagedResource<BatteryBrand, z.output<typeof batteryBrandInput>>('battery-brands', { refreshes: ['batteries'] }),
  schema: batteryBrandInput,
  fields: [{ name: 'name', label: 'Name', required: true }],
  columns: [{ header: 'Name', cell: (brand) => brand.name }],
  inlineFieldErrors: true,
  texts: lookupTexts({ one: 'battery brand', many: 'battery brands', title: 'Battery Brand', listTitle: 'Battery Brands' }),
};
