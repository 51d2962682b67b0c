import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { invoiceRoutes } from './invoices.ts';
import { purchaseRoutes } from './purchases.ts';
import { receiptRoutes } from './receipts.ts';
import { saleRoutes } from './sales.ts';

/** Invoices, sales, purchase orders and the receipts that pay them. */
export const documentRoutes = new Hono<AppEnv>();
documentRoutes.route('/invoices', invoiceRoutes);
documentRoutes.route('/sales', saleRoutes);
documentRoutes.route('/purchases', purchaseRoutes);
documentRoutes.route('/receipts', receiptRoutes);
