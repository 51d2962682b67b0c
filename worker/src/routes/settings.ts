import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/validate.ts';
import { lockVersion, versioned } from '../http/versions.ts';
import { describe } from '../http/openapi.ts';
import { one } from '../schemas/answers.ts';
import { settingsInput, settingsRow } from '../schemas/documents.ts';

const FIELDS = Object.keys(settingsInput.shape);
const COLUMNS = [...FIELDS, 'version'].join(', ');

/** The shop profile that prints carry and documents default from: read by everyone, changed by admins. */
export const settingsRoutes = new Hono<AppEnv>();
const tag = 'Settings';

settingsRoutes.get('/', describe({ tag, summary: 'The shop settings', ok: one(settingsRow), etag: true }), async (c) => {
  const [row] = await c.get('db').query<{ version: number }>(`select ${COLUMNS} from public.settings`);
  return versioned(c, row);
});

settingsRoutes.put('/', describe({ tag, summary: 'Change the shop settings', body: settingsInput, ok: one(settingsRow), ifMatch: true }), async (c) => {
  const input = await readBody(c, settingsInput);
  const db = c.get('db');
  await lockVersion(c, db, { table: 'settings', id: true, notFound: 'Settings not found' });
  const [row] = await db.query<{ version: number }>(
    `update public.settings set ${FIELDS.map((field, i) => `${field} = $${i + 1}`).join(', ')}, updated_at = now() returning ${COLUMNS}`,
    FIELDS.map((field) => input[field as keyof typeof input]),
  );
  return versioned(c, row);
});
