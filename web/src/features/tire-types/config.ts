import type { z } from 'zod';
import { tireTypeInput, type TireType } from '@schemas/lookups';
import { pagedResource } from '../../shared/api/resource';
import { lookupTexts } from '../../shared/records/lookupTexts';
import type { RecordConfig } from '../../shared/records/types';

export const tireTypeConfig: RecordConfig<TireType, typeof tireTypeInput> = {
  basePath: '/tire-types',
  resource: pagedResource<TireType, z.output<typeof tireTypeInput>>('tire-types', { refreshes: ['patterns', 'tires'] }),
  schema: tireTypeInput,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'section', label: 'Section' },
  ],
  columns: [
    { header: 'Name', cell: (type) => type.name },
    { header: 'Section', cell: (type) => type.section },
  ],
  inlineFieldErrors: true,
  texts: lookupTexts({ one: 'tire type', many: 'tire types', title: 'Tire Type', listTitle: 'Tire Types' }),
};
