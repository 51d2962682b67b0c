import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { HttpError } from './errors.ts';

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * A create sent with an `Idempotency-Key` runs once per user and key for 24 hours: a repeat with the
 * same body gets the first answer again, with another body a 422. Only successful answers are kept,
 * so a refused request can be corrected and sent again with the same key. It runs inside the
 * request's transaction: a repeat sent while the first is running waits for it, then replays it.
 */
export const idempotent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return next();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    const message = 'The Idempotency-Key header must be 1 to 255 visible characters.';
    throw new HttpError(422, message, { _: [message] });
  }
  const db = c.get('db');
  const user = c.get('user');
  const hash = await sha256(`${c.req.method} ${c.req.path}\n${await c.req.text()}`);
  await db.query(`delete from public.idempotency_keys where user_id = $1 and created_at < now() - interval '24 hours'`, [user.id]);
  const claimed = await db.query(
    'insert into public.idempotency_keys (user_id, key, request_hash) values ($1, $2, $3) on conflict do nothing returning key',
    [user.id, key, hash],
  );
  if (!claimed.length) {
    const [kept] = await db.query<{ request_hash: string; status_code: number | null; response: unknown }>(
      'select request_hash, status_code, response from public.idempotency_keys where user_id = $1 and key = $2',
      [user.id, key],
    );
    if (!kept) throw new HttpError(409, 'This request is still being processed. Please try again.');
    if (kept.request_hash !== hash) {
      const message = 'This Idempotency-Key was already used for a different request.';
      throw new HttpError(422, message, { _: [message] });
    }
    if (kept.status_code === null) throw new HttpError(409, 'This request is still being processed. Please try again.');
    c.header('Idempotent-Replayed', 'true');
    return c.json(kept.response as object, kept.status_code as 201);
  }
  await next();
  // A refused request's transaction is rolled back, and the key's claim with it.
  if (c.res.ok && !c.error) {
    await db.query('update public.idempotency_keys set status_code = $3, response = $4::text::jsonb where user_id = $1 and key = $2', [
      user.id,
      key,
      c.res.status,
      await c.res.clone().text(),
    ]);
  }
};
