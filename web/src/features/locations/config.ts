import type { z } from 'zod';
import { locationInput, locationUpdateInput, type Location } from '@schemas/lookups';
import { pagedResource } from '../../shared/api/resource';
import { lookupTexts } from '../../shared/records/lookupTexts';
import type { RecordConfig } from '../../shared/records/types';

export const locationConfig: RecordConfig<Location, typeof locationInput> = {
  basePath: '/locations',
  resource: pagedResource<Location, z.output<typeof locationInput>>('locations', {
    refreshes: ['tires', 'batteries', 'wiper-products', 'inventories', 'products'],
  }),
  schema: locationInput,
  updateSchema: locationUpdateInput,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'address', label: 'Address', multiline: true, required: 'update' },
  ],
  columns: [
    { header: 'Name', cell: (location) => location.name },
    { header: 'Address', cell: (location) => location.address, className: 'cell-wrap' },
  ],
  inlineFieldErrors: true,
  texts: lookupTexts({ one: 'location', many: 'locations', title: 'Location', listTitle: 'Locations' }),
};
