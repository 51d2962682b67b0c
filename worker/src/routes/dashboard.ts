import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { describe } from '../http/openapi.ts';
import { parse } from '../http/validate.ts';
import { dashboard, locationQuery } from '../schemas/reports.ts';
import { runReport } from './reports.ts';

/** The dashboard's figures in one answer, for every branch or one (`location_id`). */
export const dashboardRoutes = new Hono<AppEnv>();

dashboardRoutes.get(
  '/',
  describe({ tag: 'Dashboard', summary: "The dashboard's figures, for every branch or one", query: locationQuery, ok: dashboard }),
  async (c) => {
    const query = parse(locationQuery, c.req.query());
    return c.json(await runReport(c, 'select public.report_dashboard($1) as report', [query.location_id ?? null]));
  },
);
