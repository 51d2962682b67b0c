import type { z } from 'zod';
import { madeInInput, type MadeIn } from '@schemas/lookups';
import { pagedResource } from '../../shared/api/resource';
import { lookupTexts } from '../../shared/records/lookupTexts';
import type { RecordConfig } from '../../shared/records/types';

export const madeInConfig: RecordConfig<MadeIn, typeof madeInInput> = {
  basePath: '/made-in',
  resource: pagedResource<MadeIn, z.output<typeof madeInInput>>('made-ins', { refreshes: ['batteries', 'wiper-products'] }),
  schema: madeInInput,
  fields: [{ name: 'name', label: 'Name', required: true }],
  columns: [{ header: 'Name', cell: (madeIn) => madeIn.name }],
  inlineFieldErrors: true,
  texts: lookupTexts({ one: 'made in', many: 'made-in countries', title: 'Made In', listTitle: 'Made In' }),
};
