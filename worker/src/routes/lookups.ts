import { Hono } from 'hono';
import type { z } from 'zod';
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
import { resourceRoutes, searchCondition, type ResourceDefinition, type Usage } from './resource.ts';

/**
 * A lookup list: searched and sorted by name; `name` is what its messages call one (its `noun` by
 * default), and a delete is refused while the `usedBy` columns point at it, saying how many.
 */
function lookup<S extends z.ZodObject>(
  definition: Omit<ResourceDefinition<S>, 'searchWhere' | 'orderBy' | 'notFound' | 'inUse' | 'usage'> & {
    name?: string;
    notFound?: string;
    usedBy: Usage['users'];
  },
) {
  const { name = definition.noun, usedBy, ...rest } = definition;
  return resourceRoutes({
    searchWhere: searchCondition(['name']),
    orderBy: 'lower(name)',
    notFound: `${name[0].toUpperCase()}${name.slice(1)} not found`,
    inUse: `This ${name} cannot be deleted because other records refer to it.`,
    usage: { noun: name, users: usedBy },
    ...rest,
  });
}

const used = (table: string, column: string, one: string, many: string, where?: string) => ({ table, column, label: [one, many] as [string, string], where });

/** Tire brands, tire types, made-in, battery brands, locations, tags and patterns. */
export const lookupRoutes = new Hono<AppEnv>();

lookupRoutes.route(
  '/tire-brands',
  lookup({
    table: 'tire_brands',
    tag: 'Tire brands',
    noun: 'tire brand',
    row: tireBrandRow,
    schema: tireBrandInput,
    columns: ['name', 'country'],
    usedBy: [used('patterns', 'tire_brand_id', 'pattern', 'patterns'), used('tires', 'tire_brand_id', 'tire', 'tires')],
  }),
);

lookupRoutes.route(
  '/tire-types',
  lookup({
    table: 'tire_types',
    tag: 'Tire types',
    noun: 'tire type',
    row: tireTypeRow,
    schema: tireTypeInput,
    columns: ['name', 'section'],
    usedBy: [used('patterns', 'tire_type_id', 'pattern', 'patterns'), used('tires', 'tire_type_id', 'tire', 'tires')],
  }),
);

lookupRoutes.route(
  '/made-ins',
  lookup({
    table: 'made_ins',
    tag: 'Made in',
    noun: 'made-in country',
    notFound: 'Made in not found',
    row: madeInRow,
    schema: madeInInput,
    columns: ['name'],
    usedBy: [used('batteries', 'made_in_id', 'battery', 'batteries'), used('wipers', 'made_in_id', 'wiper', 'wipers')],
  }),
);

lookupRoutes.route(
  '/battery-brands',
  lookup({
    table: 'battery_brands',
    tag: 'Battery brands',
    noun: 'battery brand',
    row: batteryBrandRow,
    schema: batteryBrandInput,
    columns: ['name'],
    usedBy: [used('batteries', 'battery_brand_id', 'battery', 'batteries')],
  }),
);

lookupRoutes.route(
  '/locations',
  lookup({
    table: 'locations',
    tag: 'Locations',
    noun: 'location (branch)',
    name: 'location',
    row: locationRow,
    schema: locationInput,
    updateSchema: locationUpdateInput,
    columns: ['name', 'address'],
    usedBy: [
      used('tires', 'location_id', 'tire', 'tires'),
      used('batteries', 'location_id', 'battery', 'batteries'),
      used('stock_levels', 'location_id', 'product in stock', 'products in stock', 'quantity > 0'),
      used('stock_moves', 'location_id', 'stock move', 'stock moves'),
    ],
  }),
);

lookupRoutes.route(
  '/tags',
  lookup({
    table: 'tags',
    tag: 'Tags',
    noun: 'tag',
    row: tagRow,
    listRow: tagListRow,
    schema: tagInput,
    columns: ['name', 'section', '(select count(*)::int from public.pattern_tags pt where pt.tag_id = tags.id) as patterns_count'],
    detailColumns: [
      `coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name) order by lower(p.name), p.id)
          from public.pattern_tags pt join public.patterns p on p.id = pt.pattern_id
         where pt.tag_id = tags.id), '[]'::json) as patterns`,
    ],
    usedBy: [used('pattern_tags', 'tag_id', 'pattern', 'patterns')],
  }),
);

lookupRoutes.route('/patterns', patternRoutes);
