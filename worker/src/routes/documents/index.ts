import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { DOCUMENT_KINDS } from './kinds.ts';
import { receiptRoutes } from './receipts.ts';
import { kindRoutes } from './routes.ts';

/** Invoices, sales, purchase orders and the receipts that pay them. */
export const documentRoutes = new Hono<AppEnv>();
for (const kind of DOCUMENT_KINDS) documentRoutes.route(kind.path, kindRoutes(kind));
documentRoutes.route('/receipts', receiptRoutes);
