import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { isAdmin, requireStaffCondition } from '../../auth/permissions.ts';
import type { Db } from '../../db/port.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { parse, parseId, readBody } from '../../http/validate.ts';
import { describe } from '../../http/openapi.ts';
import { lockVersion, versioned } from '../../http/versions.ts';
import { one, page } from '../../schemas/answers.ts';
import { purchasePaymentInput, receiptRow } from '../../schemas/documents.ts';
import type { SessionUser } from '../../schemas/auth.ts';
import type { Body, DocumentKind } from './kinds.ts';
import {
  documentListQuery,
  documentRule,
  insertDocument,
  isUsed,
  linesOf,
  listDocuments,
  lockForDelete,
  receiptColumns,
  receiptFrom,
  requireParty,
  runTransition,
  showDocument,
  updateDocument,
  writeLines,
} from './shared.ts';
import { requireVehicle } from './vehicles.ts';

/** Writes a body's lines; then staff are refused lines their kind's rule does not allow (after the lines' own 422s). */
async function saveLines(tx: Db, kind: DocumentKind, id: number | string, input: Body, user: SessionUser) {
  const lines = linesOf(kind, input);
  const staffMay = (await kind.staffLines?.holds(tx, id, lines)) ?? true;
  const { taxOverridden } = await writeLines(tx, kind, id, lines, input);
  if (kind.staffLines) requireStaffCondition(user, kind.staffLines.condition, staffMay);
  requireStaffCondition(user, 'tax as computed', !taxOverridden);
}

/** A kind's routes, built from its entry: list, add, show, change, delete, its transitions and payments. */
export function kindRoutes(kind: DocumentKind) {
  const routes = new Hono<AppEnv>();
  const { tag, words, notFound } = kind;
  const document = one(kind.schemas.row);
  const listQuery = documentListQuery(kind);
  const idOf = (param: string) => parseId(param, notFound);
  const bodyOf = (c: Context, schema: z.ZodType) => readBody(c, schema) as Promise<Body>;

  routes.get('/', describe({ tag, ...words.list, query: listQuery, ok: page(kind.schemas.listRow) }), async (c) =>
    c.json(await listDocuments(c, kind, listQuery)),
  );

  routes.post('/', describe({ tag, ...words.create, body: kind.schemas.create, created: document, errors: [409] }), idempotent, async (c) => {
    const input = await bodyOf(c, kind.schemas.create);
    const db = c.get('db');
    const user = c.get('user');
    const { creates } = kind;
    if (!creates) await requireParty(db, kind, input[kind.party.column], input.location_id);
    await requireVehicle(db, kind, input);
    const id = await documentRule(
      () =>
        db.transaction(async (tx) => {
          if (creates) return creates(tx, input, user.id);
          const id = await insertDocument(tx, kind, input, user.id);
          await saveLines(tx, kind, id, input, user);
          const then = kind.createdAs[input.status]?.then;
          if (then) await runTransition(tx, kind, then, id, user.id, { date: input[kind.dateColumn] });
          await kind.onCreate?.run(tx, kind, id, input, user.id);
          return id;
        }),
      kind.onCreate?.fields,
    );
    return versioned(c, await showDocument(db, kind, id), 201);
  });

  routes.get('/:id', describe({ tag, ...words.show, ok: document, etag: true }), async (c) =>
    versioned(c, await showDocument(c.get('db'), kind, idOf(c.req.param('id')))),
  );

  const { edit, schemas } = kind;
  if (edit && schemas.update) {
    const { issued } = edit;
    const update = schemas.update;
    const updateBody = issued ? z.union([update, issued.input]) : update;
    routes.put('/:id', describe({ tag, ...words.update!, body: updateBody, ok: document, errors: [409], ifMatch: true }), async (c) => {
    const id = idOf(c.req.param('id'));
    const db = c.get('db');
    await documentRule(() =>
      db.transaction(async (tx) => {
        const { status } = await lockVersion<{ status: string }>(c, tx, { table: kind.table, id, notFound, columns: 'r.status' });
        if (edit.refused[status]) throw new HttpError(409, edit.refused[status]);
        if (issued?.status === status) return updateDocument(tx, kind, id, await bodyOf(c, issued.input), issued);
        const input = await bodyOf(c, update);
        await requireParty(tx, kind, input[kind.party.column], input.location_id);
        await requireVehicle(tx, kind, input, id);
        await updateDocument(tx, kind, id, input);
        await saveLines(tx, kind, id, input, c.get('user'));
      }),
    );
    return versioned(c, await showDocument(db, kind, id));
  });
  }

  const rules = kind.delete;
  if (rules) {
  routes.delete('/:id', describe({ tag, ...words.delete!, noContent: true, errors: [409] }), async (c) => {
    const id = idOf(c.req.param('id'));
    await c.get('db').transaction(async (tx) => {
      const { status } = await lockForDelete(c, tx, kind, id);
      if (rules.refused[status]) throw new HttpError(409, rules.refused[status]);
      if (rules.used && (await isUsed(tx, kind, id))) throw new HttpError(409, rules.used);
      await tx.query(`delete from public.${kind.table} where id = $1`, [id]);
    });
    return c.body(null, 204);
  });
  }

  for (const [name, action] of Object.entries(kind.actions)) {
    const { runs, body, ...text } = action;
    const contract = body ? { body, bodyOptional: true as const } : {};
    routes.post(`/:id/${name}`, describe({ tag, ...text, ...contract, ok: document, errors: [409] }), async (c) => {
      const id = idOf(c.req.param('id'));
      const db = c.get('db');
      const user = c.get('user');
      // A body that may be left out: nothing is everything outstanding.
      const input: Body = body ? ((await c.req.text()).trim() ? await bodyOf(c, body) : (parse(body, {}) as Body)) : {};
      if (runs === 'cancel' && !isAdmin(user)) {
        const [row] = await db.query<{ paid: boolean }>(`select total_paid > 0 as paid from public.${kind.table} where id = $1`, [id]);
        requireStaffCondition(user, 'no payments', !row?.paid);
      }
      await documentRule(() => runTransition(db, kind, runs, id, user.id, { items: input.items, date: input.actual_delivery_date }));
      return versioned(c, await showDocument(db, kind, id));
    });
  }

  if (kind.becomes) {
    const { kinds, body, ...text } = kind.becomes;
    const made = z.union(Object.values(kinds).map((other) => one(other.schemas.row)));
    routes.post('/:id/convert', describe({ tag, ...text, body, created: made, errors: [409] }), idempotent, async (c) => {
      const id = idOf(c.req.param('id'));
      const { to } = await bodyOf(c, body);
      const db = c.get('db');
      const [row] = await documentRule(() => db.query<{ id: number }>('select public.convert_document($1, $2, $3, $4) as id', [kind.type, id, to, c.get('user').id]));
      return versioned(c, await showDocument(db, kinds[to], row.id), 201);
    });
  }

  if (kind.payments) {
    routes.post(
      '/:id/payments',
      describe({ tag, ...kind.payments, body: purchasePaymentInput, created: one(receiptRow), errors: [409] }),
      idempotent,
      async (c) => {
        const id = idOf(c.req.param('id'));
        const input = await readBody(c, purchasePaymentInput);
        const db = c.get('db');
        const [row] = await documentRule(async () => {
          const [found] = await db.query(`select 1 from public.${kind.table} where id = $1`, [id]);
          if (!found) throw new HttpError(404, notFound);
          return db.query<{ id: number }>(
            `select public.create_receipt($1, $2, $3, $4, coalesce($5::date, current_date), $6, $7, $8, $9, $10, $11, $12) as id`,
            [kind.pays, kind.type, id, input.amount, input.receipt_date, input.payment_method, input.reference_number, input.bank_name,
              input.cheque_number, input.transaction_id, input.notes, c.get('user').id],
          );
        });
        const [receipt] = await db.query(`select ${receiptColumns} ${receiptFrom} where r.id = $1`, [row.id]);
        return c.json({ data: receipt }, 201);
      },
    );
  }
  return routes;
}
