/**
 * `npm run bench -- --stock-count 20`: a count of every tire at the first branch, through the API as
 * staff would run it: start it, count every line (1,000 a request) with one line in 20 off the shelf by
 * one, and post it. Prints how long each step took. It posts corrections: the data set's stock moves.
 */
import type { Db } from '../../src/db/port.ts';

const LINES_PER_REQUEST = 1000;

export interface StockCountFigures {
  lines: number;
  corrections: number;
  startMs: number;
  countingMs: number;
  countRequests: number;
  postMs: number;
}

export async function benchStockCount(base: string, token: string, db: Db, locationId: number, offEvery: number): Promise<StockCountFigures> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const send = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, { method, headers, body: JSON.stringify(body) });
    const answer = (await response.json()) as { data: { id: number; lines: number; summary: { with_variance: number } }; message?: string };
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${answer.message}`);
    return answer.data;
  };

  let started = performance.now();
  const count = await send('POST', '/api/stock-counts', { location_id: locationId, scope: { kind: 'tire' } });
  const startMs = performance.now() - started;

  const lines = await db.query<{ product_id: number; snapshot: number }>(
    'select product_id::int, snapshot from public.stock_count_lines where stock_count_id = $1 order by product_id',
    [count.id],
  );
  const counted = lines.map((line, i) => ({
    product_id: line.product_id,
    counted: i % offEvery === 0 ? (line.snapshot > 0 ? line.snapshot - 1 : 1) : line.snapshot,
  }));
  started = performance.now();
  let countRequests = 0;
  for (let i = 0; i < counted.length; i += LINES_PER_REQUEST) {
    await send('PUT', `/api/stock-counts/${count.id}/lines`, { lines: counted.slice(i, i + LINES_PER_REQUEST) });
    countRequests++;
  }
  const countingMs = performance.now() - started;

  started = performance.now();
  const posted = await send('POST', `/api/stock-counts/${count.id}/post`, {});
  const postMs = performance.now() - started;
  return { lines: count.lines, corrections: posted.summary.with_variance, startMs, countingMs, countRequests, postMs };
}
