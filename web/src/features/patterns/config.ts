import type { z } from 'zod';
import { patternInput, type Pattern } from '@schemas/lookups';
import { pagedResource } from '../../shared/api/resource';
import { lookupTexts } from '../../shared/records/lookupTexts';
import type { RecordConfig } from '../../shared/records/types';
import { formatMoney } from '../../shared/ui/money';
import { categoryLabel, PatternForm } from './PatternForm';

export const patternConfig: RecordConfig<Pattern, typeof patternInput> = {
  basePath: '/patterns',
  resource: pagedResource<Pattern, z.output<typeof patternInput>>('patterns', { refreshes: ['tags', 'tires'] }),
  schema: patternInput,
  form: PatternForm,
  columns: [
    { header: 'Name', cell: (pattern) => pattern.name },
    { header: 'Brand', cell: (pattern) => pattern.tire_brand?.name },
    { header: 'Type', cell: (pattern) => pattern.tire_type?.name },
    { header: 'Category', cell: (pattern) => categoryLabel(pattern.category) },
    { header: 'Price', cell: (pattern) => formatMoney(pattern.price), className: 'cell-nowrap' },
    { header: 'Active', cell: (pattern) => (pattern.is_active ? 'Yes' : 'No') },
    { header: 'Tags', cell: (pattern) => pattern.tags.map((tag) => tag.name).join(', '), className: 'cell-wrap' },
  ],
  texts: lookupTexts({ one: 'pattern', many: 'patterns', title: 'Pattern', listTitle: 'Patterns' }),
};
