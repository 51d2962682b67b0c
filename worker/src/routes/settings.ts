import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/validate.ts';
import { describe } from '../http/openapi.ts';
import { one } from '../schemas/answers.ts';
import { settingsInput, settingsRow } from '../schemas/documents.ts';

const FIELDS = Object.keys(settingsInput.shape);
const COLUMNS = FIELDS.join(', ');

/** The shop profile that prints carry and documents default from: read by everyone, changed by admins. */
export const settingsRoutes = new Hono<AppEnv>();
const tag = 'Settings';

settingsRoutes.get('/', describe({ tag, summary: 'The shop settings', ok: one(settingsRow) }), async (c) => {
  const [row] = await c.get('db').query(`select ${COLUMNS} from public.settings`);
  return c.json({ data: row });
});

settingsRoutes.put('/', describe({ tag, summary: 'Change the shop settings', body: settingsInput, ok: one(settingsRow) }), async (c) => {
  const input = await readBody(c, settingsInput);
  const [row] = await c.get('db').query(
    `update public.settings set ${FIELDS.map((field, i) => `${field} = $${i + 1}`).join(', ')}, updated_at = now() returning ${COLUMNS}`,
    FIELDS.map((field) => input[field as keyof typeof input]),
  );
  return c.json({ data: row });
});
