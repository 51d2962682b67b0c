import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { lookupNamed } from '../db/sql.ts';
import type { Db } from '../db/port.ts';
import type { AppEnv } from '../env.ts';
import { describe } from '../http/openapi.ts';
import { listQuery, optionalFilter, pageOf, toPage } from '../http/paging.ts';
import { parse } from '../http/validate.ts';
import { Where } from '../http/where.ts';
import {
  ACTIVITY_RECORD_TYPES,
  AUDIT_ACTIONS,
  AUDIT_RECORD_TYPE_KEYS,
  AUDIT_RECORD_TYPES,
  activityPage,
  auditEventPage,
  type AuditEvent,
} from '../schemas/audit.ts';
import { LIMITS, optionalDate, requiredId } from '../schemas/common.ts';
import { toCsv } from '../schemas/csv.ts';

const EXPORT_LIMIT = LIMITS.exportRows;
const COUNT_LIMIT = 10_000;
const tag = 'Audit Events';

const auditQuery = listQuery.extend({
  user_id: optionalFilter(requiredId('User must be a valid choice')),
  record_type: optionalFilter(z.enum(AUDIT_RECORD_TYPE_KEYS, { error: 'Record type must be one of the listed types' })),
  record_id: optionalFilter(requiredId('Record must be a valid id')),
  action: optionalFilter(z.enum(AUDIT_ACTIONS, { error: 'Action must be one of the listed actions' })),
  date_from: optionalDate('From date'),
  date_to: optionalDate('To date'),
});

const activityQuery = listQuery.extend({
  record_type: z.enum(ACTIVITY_RECORD_TYPES, { error: `Record type must be one of: ${ACTIVITY_RECORD_TYPES.join(', ')}` }),
  record_id: requiredId('Record must be a valid id'),
});

const eventColumns = `e.id, e.occurred_at, ${lookupNamed('users', 'e.user_id')} as "user", ${lookupNamed('locations', 'e.location_id')} as location,
  e.action, e.record_type, e.record_id, e.record_label, e.related_type, e.related_id, e.related_label, e.changes,
  case when e.record_type = 'product' then (select p.kind from public.products p where p.id = e.record_id) end as product_kind`;

/** Filters of the trail; dates are the shop's days in UTC, as everywhere else. */
function auditWhere(query: z.output<typeof auditQuery>): Where {
  const where = new Where()
    .addIf(query.user_id, 'e.user_id = ?')
    .addIf(query.record_type, 'e.record_type = ?')
    .addIf(query.record_id, 'e.record_id = ?')
    .addIf(query.action, 'e.action = ?')
    .addIf(query.date_from, `e.occurred_at >= ?::date`)
    .addIf(query.date_to, `e.occurred_at < ?::date + 1`);
  return where;
}

const formatValue = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** An event's changes on one line: 'selling_price: 120 → 130; notes: — → Rim scratched'. */
export function describeChanges(changes: AuditEvent['changes']): string {
  if (!changes) return '';
  return Object.entries(changes)
    .map(([field, change]) => `${field}: ${formatValue(change.old)} → ${formatValue(change.new)}`)
    .join('; ');
}

async function exportCsv(c: Context<AppEnv>, where: Where) {
  const rows = await c.get('db').query<AuditEvent>(
    `select ${eventColumns} from public.audit_events e ${where.sql} order by e.id desc limit ${EXPORT_LIMIT}`,
    where.params,
  );
  const csv = toCsv(
    ['When', 'User', 'Branch', 'Action', 'Record type', 'Record', 'Changes'],
    rows.map((event) => [
      new Date(event.occurred_at).toISOString(),
      event.user?.name ?? '',
      event.location?.name ?? '',
      event.action,
      AUDIT_RECORD_TYPES[event.record_type] ?? event.record_type,
      event.record_label ?? (event.record_id === null ? '' : `#${event.record_id}`),
      describeChanges(event.changes),
    ]),
  );
  return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit-trail.csv"' });
}

export const auditRoutes = new Hono<AppEnv>();

/**
 * A page of the trail, newest first. A year of a busy chain is a million events, and counting them
 * all on every page costs more than the page: the total counts up to COUNT_LIMIT, and says so with
 * `total_capped` when there are more (narrow the filters to see the rest).
 */
/** Failed sign-ins for unknown e-mails are tallied per address and minute; a finished minute is written first. */
const writeSignInTallies = (db: Db) => db.query('select public.sign_in_write_tallies()');

auditRoutes.get('/audit-events', describe({ tag, summary: 'A page of the audit trail', query: auditQuery, ok: auditEventPage }), async (c) => {
  const query = parse(auditQuery, c.req.query());
  await writeSignInTallies(c.get('db'));
  const where = auditWhere(query);
  const sql = { columns: eventColumns, from: 'from public.audit_events e', orderBy: 'e.id desc' };
  const bounded = { sql: `select count(*)::int as total from (select 1 from public.audit_events e ${where.sql} limit ${COUNT_LIMIT + 1}) m`, params: where.params };
  const page = await pageOf(c.get('db'), sql, where, query, bounded);
  const capped = page.total > COUNT_LIMIT;
  return c.json(capped ? { ...toPage(page.data, COUNT_LIMIT, query), total_capped: true } : { ...page, total_capped: false });
});

auditRoutes.get(
  '/audit-events/export',
  describe({ tag, summary: 'The audit trail as a CSV file (newest 50,000 events)', query: auditQuery, csv: true }),
  async (c) => {
    const where = auditWhere(parse(auditQuery, c.req.query()));
    await writeSignInTallies(c.get('db'));
    return exportCsv(c, where);
  },
);

/** One record's events and those of what belongs to it (a document's receipts), for its detail page. */
auditRoutes.get('/activity', describe({ tag, summary: "A record's activity", query: activityQuery, ok: activityPage }), async (c) => {
  const query = parse(activityQuery, c.req.query());
  const { record_type: type, record_id: id } = query;
  const where = new Where().add('((e.record_type = ? and e.record_id = ?) or (e.related_type = ? and e.related_id = ?))', type, id, type, id);
  const sql = { columns: eventColumns, from: 'from public.audit_events e', orderBy: 'e.id desc' };
  return c.json(await pageOf(c.get('db'), sql, where, query));
});
