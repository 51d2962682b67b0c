import type { Context } from 'hono';
import type { Db } from '../db/port.ts';
import { HttpError } from './errors.ts';

/**
 * Record versions. Every record people edit has a `version` that any change of its row raises (see
 * the record_versions migration). A record's answer carries it as its ETag, and an update that sends
 * it back as If-Match is refused with 412 when the record has changed since, so a form left open
 * never overwrites work done in the meantime.
 */

export const etag = (version: number | string) => `"${version}"`;

/** The version the client says it read (If-Match: "7"); null when it sends none or `*`, NaN when unreadable. */
export function expectedVersion(c: Context): number | null {
  const header = c.req.header('if-match')?.trim();
  if (!header || header === '*') return null;
  const match = /^(?:W\/)?"(\d{1,9})"$/.exec(header);
  return match ? Number(match[1]) : Number.NaN;
}

/** Answers a record with its version as the ETag header: `{data: row}`. */
export function versioned<R extends object>(c: Context, row: R, status: 200 | 201 = 200) {
  c.header('ETag', etag(Number((row as { version?: unknown }).version)));
  return c.json({ data: row }, status);
}

export class StaleRecord extends HttpError {
  constructor(
    message: string,
    readonly current: { version: number; changed_by: string | null; changed_at: string | null },
  ) {
    super(412, message);
  }

  override get body() {
    return { message: this.message, ...this.current };
  }
}

function staleMessage(changedBy: string | null, changedAt: Date | null): string {
  const when = changedAt ? ` at ${changedAt.toISOString().slice(11, 16)} UTC on ${changedAt.toISOString().slice(0, 10)}` : '';
  return `Changed by ${changedBy ?? 'someone else'}${when}; reload to see the changes.`;
}

interface VersionRow {
  version: number;
  changed_by: string | null;
  changed_at: Date | string | null;
}

/**
 * Locks the record's row for the rest of the request's transaction and checks the version the
 * client read: 404 when there is no such record, 412 when it has changed since. `proven` is true
 * when the client proved it read the current version, false when it sent none; the row's other
 * `columns` (SQL on `r`) come with it, so a caller that needs them does not lock the row again.
 */
export async function lockVersion<R extends object = object>(
  c: Context,
  db: Db,
  record: { table: string; id: string | number | boolean; notFound: string; where?: string; columns?: string },
): Promise<R & { proven: boolean }> {
  const expected = expectedVersion(c);
  const [row] = await db.query<VersionRow & R>(
    `select r.version, (select u.name from public.users u where u.id = r.changed_by) as changed_by, r.changed_at${record.columns ? `, ${record.columns}` : ''}
       from public.${record.table} r where r.id = $1${record.where ? ` and ${record.where}` : ''} for update`,
    [record.id],
  );
  if (!row) throw new HttpError(404, record.notFound);
  const version = Number(row.version);
  if (expected === null || expected === version) return { ...row, proven: expected !== null };
  const changedAt = row.changed_at === null ? null : new Date(row.changed_at);
  throw new StaleRecord(staleMessage(row.changed_by, changedAt), {
    version,
    changed_by: row.changed_by,
    changed_at: changedAt?.toISOString() ?? null,
  });
}
