import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { parse, readBody } from '../http/validate.ts';
import { describe } from '../http/openapi.ts';
import { one } from '../schemas/answers.ts';
import { coreMoveRow, coresReport, feesReport, feesReportQuery, sendCoresInput } from '../schemas/fees.ts';
import { requireReferences } from './products/core.ts';
import { documentRule } from './documents/shared.ts';

/** The fees collected, and the cores: what each branch holds, what is owed back, and cores sent to a supplier. */
export const feeReportRoutes = new Hono<AppEnv>();
export const coreRoutes = new Hono<AppEnv>();
const tag = 'Fees';

feeReportRoutes.get(
  '/fees',
  describe({
    tag,
    summary: 'Fees collected',
    description: 'Per fee, month and branch, for the authority disposal fees are paid to: the fee lines of sent invoices and completed sales, less those credit notes took back. Defaults: this month.',
    query: feesReportQuery,
    ok: feesReport,
  }),
  async (c) => {
    const query = parse(feesReportQuery, c.req.query());
    const [row] = await c.get('db').query<{ report: unknown }>(
      `with f as (select coalesce($1::date, date_trunc('month', current_date)::date) as date_from, coalesce($2::date, current_date) as date_to),
       l as (select to_char(x.day, 'YYYY-MM') as month, x.location_id, x.fee_rule_id, sum(x.quantity)::int as quantity, sum(x.amount) as amount
               from public.report_fee_lines x, f
              where x.day between f.date_from and f.date_to and ($3::bigint is null or x.location_id = $3)
              group by 1, 2, 3)
       select json_build_object(
         'filters', (select json_build_object('dateFrom', f.date_from, 'dateTo', f.date_to, 'location_id', $3::bigint) from f),
         'rows', coalesce((select json_agg(json_build_object('month', l.month, 'location_id', l.location_id, 'location', lo.name,
                    'fee_rule_id', l.fee_rule_id, 'fee', r.name, 'quantity', l.quantity, 'amount', l.amount) order by l.month, lo.name, r.name)
                    from l join public.locations lo on lo.id = l.location_id join public.fee_rules r on r.id = l.fee_rule_id), '[]'),
         'totals', coalesce((select json_agg(json_build_object('fee_rule_id', t.fee_rule_id, 'fee', r.name, 'quantity', t.quantity, 'amount', t.amount) order by r.name)
                    from (select l.fee_rule_id, sum(l.quantity)::int as quantity, sum(l.amount) as amount from l group by 1) t
                    join public.fee_rules r on r.id = t.fee_rule_id), '[]')) as report`,
      [query.dateFrom, query.dateTo, query.location_id],
    );
    return c.json(row.report as object);
  },
);

feeReportRoutes.get(
  '/cores',
  describe({
    tag,
    summary: 'Cores on hand and core charges owed back',
    description: "The cores each branch holds (never sold), and each core charge sold whose core has not come back past the shop's core return days.",
    ok: coresReport,
  }),
  async (c) => {
    const [row] = await c.get('db').query<{ report: unknown }>(
      `with s as (select core_return_days as days from public.settings)
       select json_build_object(
         'core_return_days', (select days from s),
         'on_hand', coalesce((select json_agg(json_build_object('location_id', k.location_id, 'location', lo.name, 'fee_rule_id', k.fee_rule_id,
                      'fee', r.name, 'quantity', k.quantity) order by lo.name, r.name)
                      from public.core_stock k join public.locations lo on lo.id = k.location_id join public.fee_rules r on r.id = k.fee_rule_id
                     where k.quantity > 0), '[]'),
         'overdue', coalesce((select json_agg(json_build_object('document_type', x.document_type, 'document_id', x.document_id, 'number', x.number,
                      'sold_on', x.sold_on, 'deadline', x.sold_on + s.days, 'location_id', x.location_id,
                      'customer', json_build_object('id', cu.id, 'name', cu.name), 'fee', r.name, 'outstanding', x.quantity - x.returned,
                      'amount', (x.quantity - x.returned) * x.unit_price) order by x.sold_on, x.number)
                      from public.report_core_charges x cross join s
                      join public.customers cu on cu.id = x.customer_id join public.fee_rules r on r.id = x.fee_rule_id
                     where x.returned < x.quantity and x.sold_on + s.days < current_date), '[]')) as report`,
    );
    return c.json(row.report as object);
  },
);

coreRoutes.post(
  '/send-back',
  describe({
    tag,
    summary: 'Send cores back to a supplier',
    description: 'They leave the branch’s cores on hand (409 when it holds fewer), for the credit the supplier gives.',
    body: sendCoresInput,
    created: one(coreMoveRow),
    errors: [409],
  }),
  async (c) => {
    const input = await readBody(c, sendCoresInput);
    const db = c.get('db');
    await requireReferences(db, [
      { table: 'locations', id: input.location_id, field: 'location_id', message: 'The selected location does not exist' },
      { table: 'suppliers', id: input.supplier_id, field: 'supplier_id', message: 'The selected supplier does not exist' },
    ]);
    const [rule] = await db.query<{ refundable: boolean }>('select refundable from public.fee_rules where id = $1', [input.fee_rule_id]);
    if (!rule?.refundable) throw new HttpError(422, 'Choose a core charge', { fee_rule_id: ['Choose a core charge'] });
    const [move] = await documentRule(() =>
      db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `insert into public.core_moves (location_id, fee_rule_id, quantity, reason, supplier_id, credit_amount, notes, created_by)
           values ($1, $2, $3, 'sent_back', $4, $5, $6, $7) returning id`,
          [input.location_id, input.fee_rule_id, -input.quantity, input.supplier_id, input.credit_amount ?? null, input.notes, c.get('user').id],
        );
        await tx.query(
          `select public.audit_record('sent back', 'core', $1, $2, jsonb_build_object('quantity', jsonb_build_object('old', null, 'new', $3::int),
             'supplier', jsonb_build_object('old', null, 'new', (select name from public.suppliers where id = $4))), $5)`,
          [row.id, `${input.quantity} × ${(await tx.query<{ name: string }>('select name from public.fee_rules where id = $1', [input.fee_rule_id]))[0].name}`, input.quantity, input.supplier_id, input.location_id],
        );
        return tx.query(
          `select m.id, m.location_id, m.fee_rule_id, m.quantity, m.reason, m.supplier_id, m.credit_amount, m.moved_on, m.notes,
                  (select s.quantity from public.core_stock s where s.location_id = m.location_id and s.fee_rule_id = m.fee_rule_id) as on_hand
             from public.core_moves m where m.id = $1`,
          [row.id],
        );
      }),
    );
    return c.json({ data: move }, 201);
  },
);
