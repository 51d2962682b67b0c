import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { describe } from '../http/openapi.ts';
import { one } from '../schemas/answers.ts';
import { stockAlerts } from '../schemas/stock.ts';

const SHOWN = 20;

/** Products out of stock or running low: at or below their reorder point at a branch where one is set, else at or below their low-stock level in all. */
export const notificationRoutes = new Hono<AppEnv>();

const alerts = describe({
  tag: 'Notifications',
  summary: 'Stock alerts',
  description: `The first ${SHOWN} active goods out of stock or running low (at or below their reorder point at a branch where one is set, else at or below their low-stock level in all branches), emptiest first, and how many there are in all.`,
  ok: one(stockAlerts),
});

notificationRoutes.get('/', alerts, async (c) => {
  const [rows, [{ total }]] = await Promise.all([
    c.get('db').query<{ id: number; type: string; name: string; quantity: number }>(
      `select p.id, p.kind as type, p.name, p.total_stock as quantity
         from public.products p
        where p.stock_alert
        order by p.total_stock, lower(p.name), p.id
        limit ${SHOWN}`,
    ),
    c.get('db').query<{ total: number }>('select coalesce(sum(alerts), 0)::int as total from public.product_totals'),
  ]);
  return c.json({ data: { items: rows.map((row) => ({ ...row, state: row.quantity === 0 ? 'out' : 'low' })), total } });
});
