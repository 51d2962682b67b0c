import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { totalStock } from './products/core.ts';

const SHOWN = 20;

/** Products out of stock or running low (below 10; shop supplies at or below their minimum). */
export const notificationRoutes = new Hono<AppEnv>();

notificationRoutes.get('/', async (c) => {
  const rows = await c.var.db.query<{ id: number; type: string; name: string; quantity: number; total: number }>(
    `select s.id, s.type, s.name, s.quantity, count(*) over ()::int as total
       from (select p.id, p.kind as type, pl.label as name, ${totalStock} as quantity, coalesce(ii.min_stock, 9) as low_at
               from public.products p
               join public.product_labels pl on pl.product_id = p.id
               left join public.inventory_items ii on ii.product_id = p.id
              where p.active and p.kind <> 'service') s
      where s.quantity <= s.low_at
      order by s.quantity, lower(s.name), s.id
      limit ${SHOWN}`,
  );
  return c.json({
    data: {
      items: rows.map(({ total: _, ...row }) => ({ ...row, state: row.quantity === 0 ? 'out' : 'low' })),
      total: rows[0]?.total ?? 0,
    },
  });
});
