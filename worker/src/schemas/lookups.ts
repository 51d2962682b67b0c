import { z } from 'zod';
import { flag, money, optionalId, optionalText, requiredText } from './common.ts';
import { amount, id, named, recordStamps } from './answers.ts';

export const tireBrandInput = z.object({ name: requiredText('Name'), country: optionalText('Country') });
export const tireTypeInput = z.object({ name: requiredText('Name'), section: optionalText('Section') });
export const madeInInput = z.object({ name: requiredText('Name') });
export const batteryBrandInput = z.object({ name: requiredText('Name') });
export const locationInput = z.object({ name: requiredText('Name'), address: optionalText('Address', 500) });
/** The address may be left out when a location is added, not when it is edited. */
export const locationUpdateInput = z.object({ name: requiredText('Name'), address: requiredText('Address', 500) });
export const tagInput = z.object({ name: requiredText('Name'), section: optionalText('Section') });

export const patternCategories = ['automotive', 'industrial', 'commercial'] as const;
export type PatternCategory = (typeof patternCategories)[number];

const tagIdsMessage = 'The selected tags do not exist';
const tagIds = z
  .array(z.unknown(), { error: tagIdsMessage })
  .nullish()
  .transform((values, context) => {
    const ids = (values ?? []).map((value) => (typeof value === 'string' && value.trim() ? Number(value) : value));
    if (!ids.every((id): id is number => Number.isSafeInteger(id) && (id as number) > 0)) {
      context.addIssue({ code: 'custom', message: tagIdsMessage });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

export const patternInput = z.object({
  name: requiredText('Name'),
  description: optionalText('Description', 2000),
  category: z.enum(patternCategories, {
    error: (issue) =>
      issue.input == null || issue.input === '' ? 'Category is required' : 'Category must be automotive, industrial or commercial',
  }),
  price: money('Price'),
  is_active: flag('Active').optional().default(true),
  tire_brand_id: optionalId('Brand'),
  tire_type_id: optionalId('Tire type'),
  tag_ids: tagIds,
});
export type PatternInput = z.input<typeof patternInput>;

export type Named = z.infer<typeof named>;

const namedRow = <F extends z.ZodRawShape>(fields: F) => z.object({ id, name: z.string(), ...fields, ...recordStamps });
export const tireBrandRow = namedRow({ country: z.string().nullable() });
export const tireTypeRow = namedRow({ section: z.string().nullable() });
export const madeInRow = namedRow({});
export const batteryBrandRow = namedRow({});
export const locationRow = namedRow({ address: z.string().nullable() });
export const tagListRow = namedRow({ section: z.string().nullable(), patterns_count: z.number().int() });
export const tagRow = tagListRow.extend({ patterns: z.array(named) });

export type TireBrand = z.infer<typeof tireBrandRow>;
export type TireType = z.infer<typeof tireTypeRow>;
export type MadeIn = z.infer<typeof madeInRow>;
export type BatteryBrand = z.infer<typeof batteryBrandRow>;
export type Location = z.infer<typeof locationRow>;
export interface Tag extends z.infer<typeof tagListRow> {
  /** Only on a single tag. */
  patterns?: Named[];
}

export const patternRow = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    category: z.enum(patternCategories),
    price: amount,
    is_active: z.boolean(),
    tire_brand_id: id.nullable(),
    tire_type_id: id.nullable(),
    tire_brand: named.nullable(),
    tire_type: named.nullable(),
    tags: z.array(named),
    ...recordStamps,
  })
  .meta({ id: 'Pattern' });
export type Pattern = z.infer<typeof patternRow>;
