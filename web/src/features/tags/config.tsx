import { Link } from '../../shared/routes/Link';
import type { z } from 'zod';
import { tagInput, type Tag } from '@schemas/lookups';
import { pagedResource } from '../../shared/api/resource';
import { lookupTexts } from '../../shared/records/lookupTexts';
import type { RecordConfig } from '../../shared/records/types';
import './tags.css';

export const tagConfig: RecordConfig<Tag, typeof tagInput> = {
  basePath: '/tags',
  resource: pagedResource<Tag, z.output<typeof tagInput>>('tags', { refreshes: ['patterns'] }),
  schema: tagInput,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'section', label: 'Section' },
  ],
  columns: [
    { header: 'Name', cell: (tag) => tag.name },
    { header: 'Section', cell: (tag) => tag.section },
    { header: 'Patterns', cell: (tag) => tag.patterns_count },
  ],
  details: (tag) => [
    { label: 'Name', value: tag.name },
    { label: 'Section', value: tag.section },
    {
      label: 'Patterns',
      value: tag.patterns?.length ? (
        <ul className="tag-patterns">
          {tag.patterns.map((pattern) => (
            <li key={pattern.id}>
              <Link to={`/patterns/${pattern.id}/edit`}>{pattern.name}</Link>
            </li>
          ))}
        </ul>
      ) : (
        'No patterns carry this tag yet.'
      ),
    },
  ],
  inlineFieldErrors: true,
  backToListOnLoadFailure: true,
  texts: lookupTexts({ one: 'tag', many: 'tags', title: 'Tag', listTitle: 'Tags' }),
};
