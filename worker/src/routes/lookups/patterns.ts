import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/port.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../http/errors.ts';
import { listQuery, pageOf } from '../../http/paging.ts';
import { parse, parseId, readBody } from '../../http/validate.ts';
import { Where } from '../../http/where.ts';
import { named } from '../../db/sql.ts';
import { flag, optionalId, type FieldErrors } from '../../schemas/common.ts';
import { patternCategories, patternInput, patternRow, type Pattern } from '../../schemas/lookups.ts';
import { describe } from '../../http/openapi.ts';
import { lockVersion, versioned } from '../../http/versions.ts';
import { one, page } from '../../schemas/answers.ts';
import { deleteRow } from '../resource.ts';

const notFound = 'Pattern not found';

const listFilters = listQuery.extend({
  tire_brand_id: optionalId('Brand'),
  category: z.enum(patternCategories, { error: 'Category must be automotive, industrial or commercial' }).optional(),
  is_active: flag('Active').optional(),
});

const COLUMNS = `
         p.id, p.name, p.description, p.category, p.price, p.is_active, p.tire_brand_id, p.tire_type_id,
         ${named('b')} as tire_brand, ${named('t')} as tire_type,
         coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by lower(g.name), g.id)
                     from public.pattern_tags pg join public.tags g on g.id = pg.tag_id
                    where pg.pattern_id = p.id), '[]'::json) as tags,
         p.version, p.created_at, p.updated_at`;
const FROM = `from public.patterns p
    left join public.tire_brands b on b.id = p.tire_brand_id
    left join public.tire_types t on t.id = p.tire_type_id`;
const selectPatterns = `select ${COLUMNS} ${FROM}`;

type Input = z.output<typeof patternInput>;

const idArray = (ids: number[]) => `{${ids.join(',')}}`;

async function findPattern(db: Db, id: string | number): Promise<Pattern> {
  const [pattern] = await db.query<Pattern>(`${selectPatterns} where p.id = $1`, [id]);
  if (!pattern) throw new HttpError(404, notFound);
  return pattern;
}

/** 422 unless the brand, tire type and tags exist; they stay locked against deletion until the save commits. */
async function checkReferences(tx: Db, input: Input): Promise<void> {
  const errors: FieldErrors = {};
  const exists = async (table: string, id: number) =>
    (await tx.query(`select 1 from public.${table} where id = $1 for key share`, [id])).length > 0;
  if (input.tire_brand_id !== null && !(await exists('tire_brands', input.tire_brand_id))) {
    errors.tire_brand_id = ['The selected brand does not exist'];
  }
  if (input.tire_type_id !== null && !(await exists('tire_types', input.tire_type_id))) {
    errors.tire_type_id = ['The selected tire type does not exist'];
  }
  if (input.tag_ids.length) {
    const found = await tx.query('select id from public.tags where id = any($1::bigint[]) for key share', [idArray(input.tag_ids)]);
    if (found.length !== input.tag_ids.length) errors.tag_ids = ['The selected tags do not exist'];
  }
  const messages = Object.values(errors);
  if (messages.length) throw new HttpError(422, messages[0][0], errors);
}

const columns = ['name', 'description', 'category', 'price', 'is_active', 'tire_brand_id', 'tire_type_id'] as const;

/** Saves a pattern (a new one without `id`) with exactly the given tags, in one transaction. */
function savePattern(db: Db, input: Input, id?: string): Promise<Pattern> {
  return db.transaction(async (tx) => {
    if (id && !(await tx.query('select 1 from public.patterns where id = $1 for update', [id])).length) {
      throw new HttpError(404, notFound);
    }
    await checkReferences(tx, input);
    const values = columns.map((column) => input[column]);
    if (id) {
      const assignments = columns.map((column, i) => `${column} = $${i + 2}`).join(', ');
      await tx.query(`update public.patterns set ${assignments}, updated_at = now() where id = $1`, [id, ...values]);
      await tx.query('delete from public.pattern_tags where pattern_id = $1', [id]);
    } else {
      const placeholders = columns.map((_, i) => `$${i + 1}`).join(', ');
      const [row] = await tx.query<{ id: number }>(
        `insert into public.patterns (${columns.join(', ')}) values (${placeholders}) returning id`,
        values,
      );
      id = String(row.id);
    }
    if (input.tag_ids.length) {
      await tx.query('insert into public.pattern_tags (pattern_id, tag_id) select $1, unnest($2::bigint[])', [
        id,
        idArray(input.tag_ids),
      ]);
    }
    return findPattern(tx, id);
  });
}

/** Tire patterns with their brand, tire type and tags. */
export const patternRoutes = new Hono<AppEnv>();

const tag = 'Patterns';

patternRoutes.get('/', describe({ tag, summary: 'List patterns', query: listFilters, ok: page(patternRow) }), async (c) => {
  const query = parse(listFilters, c.req.query());
  const where = new Where()
    .addIf(query.search, 'strpos(lower(p.name), lower(?)) > 0')
    .addIf(query.tire_brand_id, 'p.tire_brand_id = ?')
    .addIf(query.category, 'p.category = ?')
    .addIf(query.is_active, 'p.is_active = ?');
  return c.json(await pageOf(c.get('db'), { columns: COLUMNS, from: FROM, orderBy: 'lower(p.name), p.id' }, where, query));
});

const byBrand = describe({
  tag,
  summary: "A brand's patterns",
  description: 'Every pattern of the tire brand, by name.',
  ok: z.object({ data: z.array(patternRow) }),
});

patternRoutes.get('/by-brand/:id', byBrand, async (c) => {
  const brandNotFound = 'Tire brand not found';
  const id = parseId(c.req.param('id'), brandNotFound);
  if (!(await c.get('db').query('select 1 from public.tire_brands where id = $1', [id])).length) {
    throw new HttpError(404, brandNotFound);
  }
  const rows = await c.get('db').query<Pattern>(`${selectPatterns} where p.tire_brand_id = $1 order by lower(p.name), p.id`, [id]);
  return c.json({ data: rows });
});

patternRoutes.post('/', describe({ tag, summary: 'Add a pattern', body: patternInput, created: one(patternRow) }), async (c) => {
  const input = await readBody(c, patternInput);
  return versioned(c, await savePattern(c.get('db'), input), 201);
});

patternRoutes.get('/:id', describe({ tag, summary: 'One pattern', ok: one(patternRow), etag: true }), async (c) => {
  return versioned(c, await findPattern(c.get('db'), parseId(c.req.param('id'), notFound)));
});

patternRoutes.put('/:id', describe({ tag, summary: 'Change a pattern', body: patternInput, ok: one(patternRow), ifMatch: true }), async (c) => {
  const id = parseId(c.req.param('id'), notFound);
  const input = await readBody(c, patternInput);
  await lockVersion(c, c.get('db'), { table: 'patterns', id, notFound });
  return versioned(c, await savePattern(c.get('db'), input, id));
});

patternRoutes.delete('/:id', describe({ tag, summary: 'Delete a pattern', noContent: true, errors: [409] }), async (c) => {
  await deleteRow(c.get('db'), {
    table: 'patterns',
    id: parseId(c.req.param('id'), notFound),
    notFound,
    inUse: 'This pattern cannot be deleted because other records refer to it.',
    usage: { noun: 'pattern', users: [{ table: 'tires', column: 'pattern_id', label: ['tire', 'tires'] }] },
  });
  return c.body(null, 204);
});
