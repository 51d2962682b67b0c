import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import {
  batteryBrandInput,
  locationInput,
  locationUpdateInput,
  madeInInput,
  tagInput,
  tireBrandInput,
  tireTypeInput,
  tireBrandRow,
  tireTypeRow,
  madeInRow,
  batteryBrandRow,
  locationRow,
  tagRow,
  tagListRow,
} from '../schemas/lookups.ts';
import { patternRoutes } from './lookups/patterns.ts';
import { resourceRoutes, searchCondition } from './resource.ts';

const byName = { searchWhere: searchCondition(['name']), orderBy: 'lower(name)' };
const inUse = (noun: string) => `This ${noun} cannot be deleted because other records refer to it.`;

/** Tire brands, tire types, made-in, battery brands, locations, tags and patterns. */
export const lookupRoutes = new Hono<AppEnv>();

lookupRoutes.route(
  '/tire-brands',
  resourceRoutes({
    ...byName,
    table: 'tire_brands',
    tag: 'Tire brands',
    noun: 'tire brand',
    row: tireBrandRow,
    schema: tireBrandInput,
    columns: ['name', 'country'],
    notFound: 'Tire brand not found',
    inUse: inUse('tire brand'),
    usage: {
      noun: 'tire brand',
      users: [
        { table: 'patterns', column: 'tire_brand_id', label: ['pattern', 'patterns'] },
        { table: 'tires', column: 'tire_brand_id', label: ['tire', 'tires'] },
      ],
    },
  }),
);

lookupRoutes.route(
  '/tire-types',
  resourceRoutes({
    ...byName,
    table: 'tire_types',
    tag: 'Tire types',
    noun: 'tire type',
    row: tireTypeRow,
    schema: tireTypeInput,
    columns: ['name', 'section'],
    notFound: 'Tire type not found',
    inUse: inUse('tire type'),
    usage: {
      noun: 'tire type',
      users: [
        { table: 'patterns', column: 'tire_type_id', label: ['pattern', 'patterns'] },
        { table: 'tires', column: 'tire_type_id', label: ['tire', 'tires'] },
      ],
    },
  }),
);

lookupRoutes.route(
  '/made-ins',
  resourceRoutes({
    ...byName,
    table: 'made_ins',
    tag: 'Made in',
    noun: 'made-in country',
    row: madeInRow,
    schema: madeInInput,
    columns: ['name'],
    notFound: 'Made in not found',
    inUse: inUse('made-in country'),
    usage: {
      noun: 'made-in country',
      users: [
        { table: 'batteries', column: 'made_in_id', label: ['battery', 'batteries'] },
        { table: 'wipers', column: 'made_in_id', label: ['wiper', 'wipers'] },
      ],
    },
  }),
);

lookupRoutes.route(
  '/battery-brands',
  resourceRoutes({
    ...byName,
    table: 'battery_brands',
    tag: 'Battery brands',
    noun: 'battery brand',
    row: batteryBrandRow,
    schema: batteryBrandInput,
    columns: ['name'],
    notFound: 'Battery brand not found',
    inUse: inUse('battery brand'),
    usage: { noun: 'battery brand', users: [{ table: 'batteries', column: 'battery_brand_id', label: ['battery', 'batteries'] }] },
  }),
);

lookupRoutes.route(
  '/locations',
  resourceRoutes({
    ...byName,
    table: 'locations',
    tag: 'Locations',
    noun: 'location (branch)',
    row: locationRow,
    schema: locationInput,
    updateSchema: locationUpdateInput,
    columns: ['name', 'address'],
    notFound: 'Location not found',
    inUse: inUse('location'),
    usage: {
      noun: 'location',
      users: [
        { table: 'tires', column: 'location_id', label: ['tire', 'tires'] },
        { table: 'batteries', column: 'location_id', label: ['battery', 'batteries'] },
        { table: 'stock_levels', column: 'location_id', where: 'quantity > 0', label: ['product in stock', 'products in stock'] },
        { table: 'stock_moves', column: 'location_id', label: ['stock move', 'stock moves'] },
      ],
    },
  }),
);

lookupRoutes.route(
  '/tags',
  resourceRoutes({
    ...byName,
    table: 'tags',
    tag: 'Tags',
    noun: 'tag',
    row: tagRow, listRow: tagListRow,
    schema: tagInput,
    columns: ['name', 'section', '(select count(*)::int from public.pattern_tags pt where pt.tag_id = tags.id) as patterns_count'],
    detailColumns: [
      `coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name) order by lower(p.name), p.id)
          from public.pattern_tags pt join public.patterns p on p.id = pt.pattern_id
         where pt.tag_id = tags.id), '[]'::json) as patterns`,
    ],
    notFound: 'Tag not found',
    inUse: inUse('tag'),
    usage: { noun: 'tag', users: [{ table: 'pattern_tags', column: 'tag_id', label: ['pattern', 'patterns'] }] },
  }),
);

lookupRoutes.route('/patterns', patternRoutes);
