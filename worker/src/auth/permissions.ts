import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import type { SessionUser } from '../schemas/auth.ts';

/**
 * Who may call a route:
 * - `public`: anyone, signed in or not;
 * - `self`: every signed-in user, even one who must first choose a new password;
 * - `staff`: staff and administrators;
 * - `admin`: administrators only;
 * - a condition: staff and administrators, but staff only when the route finds the condition true
 *   of the record or the request (administrators always may).
 */
export type Rule = 'public' | 'self' | 'staff' | 'admin' | StaffCondition;
export type StaffCondition = 'own open document' | 'no payments' | 'cost price unchanged' | 'lines at cost price' | 'not a refund' | 'tax as computed' | 'own branch' | 'own count';

/** What a refused staff member reads, by what was refused. */
const REFUSALS: Record<StaffCondition | 'admin', string> = {
  admin: 'Only an administrator can do this. Ask an administrator.',
  'own open document': 'Only an administrator can delete a document someone else created. Ask an administrator.',
  'no payments': 'This document has payments on it: only an administrator can cancel it. Ask an administrator.',
  'cost price unchanged': "Only an administrator can change a product's cost price. Ask an administrator.",
  'lines at cost price': "Only an administrator can order at a cost price other than the product's. Ask an administrator.",
  'not a refund': 'Only an administrator can record a refund. Ask an administrator.',
  'tax as computed': "Only an administrator can set a tax other than the one the shop's tax rates give. Ask an administrator.",
  'own branch': "Only an administrator can close another branch's day. Ask an administrator.",
  'own count': 'Only an administrator can cancel a count someone else started. Ask an administrator.',
};

const ADMIN_MESSAGES: Record<string, string> = {
  '/api/settings': 'Only an administrator can change the settings.',
  '/api/tax-rates': "Only an administrator can change the shop's tax rates.",
  '/api/fee-rules': "Only an administrator can change the shop's fees.",
  '/api/users': 'Only an administrator can manage users.',
  '/api/audit-events': 'Only an administrator can see the audit trail.',
  '/api/stock-counts': 'Only an administrator can post a stock count. Ask an administrator.',
};

const crud = (path: string, remove: Rule = 'admin'): Record<string, Rule> => ({
  [`GET ${path}`]: 'staff',
  [`POST ${path}`]: 'staff',
  [`GET ${path}/:id`]: 'staff',
  [`PUT ${path}/:id`]: 'staff',
  [`DELETE ${path}/:id`]: remove,
});

/** Every route of the API and its rule. A route missing here is refused to everyone. */
export const PERMISSIONS: Record<string, Rule> = {
  'GET /api/health': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'self',
  'GET /api/auth/me': 'self',
  'GET /api/profile': 'self',
  'PUT /api/profile': 'self',
  'PUT /api/profile/password': 'self',
  'GET /api/profile/sessions': 'self',
  'DELETE /api/profile/sessions/:id': 'self',
  'POST /api/profile/sessions/sign-out-others': 'self',

  ...crud('/api/customers'),
  ...crud('/api/suppliers'),
  'GET /api/customers/:id/summary': 'staff',
  'GET /api/suppliers/:id/summary': 'staff',
  'GET /api/customers/:id/vehicles': 'staff',
  'POST /api/customers/:id/vehicles': 'staff',
  'GET /api/vehicles': 'staff',
  'GET /api/vehicles/:id': 'staff',
  'PUT /api/vehicles/:id': 'staff',
  'DELETE /api/vehicles/:id': 'admin',
  'GET /api/vehicles/:id/history': 'staff',
  ...crud('/api/tire-brands'),
  ...crud('/api/tire-types'),
  ...crud('/api/made-ins'),
  ...crud('/api/battery-brands'),
  ...crud('/api/locations'),
  ...crud('/api/tags'),
  ...crud('/api/patterns'),
  'GET /api/patterns/by-brand/:id': 'staff',

  'GET /api/products': 'staff',
  'GET /api/products/:id/stock': 'staff',
  'GET /api/products/:id/stock-moves': 'staff',
  'POST /api/products/:id/stock-adjustments': 'staff',
  'POST /api/products/:id/stock-transfers': 'staff',
  'PATCH /api/products/:id/price': 'cost price unchanged',
  ...crud('/api/tires'),
  'PUT /api/tires/:id': 'cost price unchanged',
  'GET /api/tires/export': 'staff',
  'POST /api/tires/import': 'staff',
  'POST /api/tires/bulk-delete': 'admin',
  ...crud('/api/batteries'),
  'PUT /api/batteries/:id': 'cost price unchanged',
  ...crud('/api/wiper-products'),
  'PUT /api/wiper-products/:id': 'cost price unchanged',
  ...crud('/api/inventories'),
  'PUT /api/inventories/:id': 'cost price unchanged',
  ...crud('/api/services'),
  'GET /api/notifications': 'staff',

  'GET /api/settings': 'staff',
  'PUT /api/settings': 'admin',
  'GET /api/tax-rates': 'staff',
  'POST /api/tax-rates': 'admin',
  'GET /api/tax-rates/:id': 'staff',
  'PUT /api/tax-rates/:id': 'admin',
  'DELETE /api/tax-rates/:id': 'admin',
  'POST /api/document-preview': 'staff',
  'GET /api/fee-rules': 'staff',
  'POST /api/fee-rules': 'admin',
  'GET /api/fee-rules/:id': 'staff',
  'PUT /api/fee-rules/:id': 'admin',
  'DELETE /api/fee-rules/:id': 'admin',

  ...crud('/api/invoices', 'own open document'),
  'POST /api/invoices': 'tax as computed',
  'PUT /api/invoices/:id': 'tax as computed',
  'POST /api/invoices/:id/send': 'staff',
  'POST /api/invoices/:id/cancel': 'no payments',
  ...crud('/api/sales', 'own open document'),
  'POST /api/sales': 'tax as computed',
  'PUT /api/sales/:id': 'tax as computed',
  'POST /api/sales/:id/complete': 'staff',
  'POST /api/sales/:id/cancel': 'no payments',
  ...crud('/api/purchases', 'own open document'),
  'POST /api/purchases': 'lines at cost price',
  'PUT /api/purchases/:id': 'lines at cost price',
  'POST /api/purchases/:id/receive': 'staff',
  'POST /api/purchases/:id/cancel': 'no payments',
  'POST /api/purchases/:id/payments': 'staff',
  'GET /api/reorder-suggestions': 'staff',
  'POST /api/reorder-suggestions/purchase-orders': 'staff',
  'PUT /api/products/:id/reorder-levels': 'staff',
  'POST /api/reorder-levels/import': 'staff',
  ...crud('/api/quotes', 'own open document'),
  'POST /api/quotes': 'tax as computed',
  'PUT /api/quotes/:id': 'tax as computed',
  'POST /api/quotes/:id/send': 'staff',
  'POST /api/quotes/:id/accept': 'staff',
  'POST /api/quotes/:id/decline': 'staff',
  'POST /api/quotes/:id/convert': 'staff',
  'GET /api/credit-notes': 'staff',
  'POST /api/credit-notes': 'staff',
  'GET /api/credit-notes/:id': 'staff',
  'POST /api/credit-notes/:id/cancel': 'admin',
  'GET /api/supplier-returns': 'staff',
  'POST /api/supplier-returns': 'staff',
  'GET /api/supplier-returns/:id': 'staff',
  'GET /api/receipts': 'staff',
  'POST /api/receipts': 'not a refund',
  'GET /api/receipts/:id': 'staff',
  'DELETE /api/receipts/:id': 'admin',
  'GET /api/day-closes': 'staff',
  'GET /api/day-closes/preview': 'staff',
  'GET /api/day-closes/today': 'staff',
  'GET /api/day-closes/over-short': 'staff',
  'GET /api/day-closes/over-short/export': 'staff',
  'POST /api/day-closes': 'own branch',
  'GET /api/day-closes/:id': 'staff',
  'POST /api/day-closes/:id/reopen': 'admin',
  'GET /api/transfers': 'staff',
  'POST /api/transfers': 'staff',
  'GET /api/transfers/:id': 'staff',
  'PUT /api/transfers/:id': 'staff',
  'DELETE /api/transfers/:id': 'staff',
  'POST /api/transfers/:id/ship': 'staff',
  'POST /api/transfers/:id/receive': 'staff',
  'POST /api/transfers/:id/cancel': 'staff',
  'GET /api/stock-counts': 'staff',
  'POST /api/stock-counts': 'staff',
  'GET /api/stock-counts/:id': 'staff',
  'GET /api/stock-counts/:id/lines': 'staff',
  'PUT /api/stock-counts/:id/lines': 'staff',
  'GET /api/stock-counts/:id/sheet': 'staff',
  'GET /api/stock-counts/:id/export': 'staff',
  'POST /api/stock-counts/:id/post': 'admin',
  'POST /api/stock-counts/:id/cancel': 'own count',

  'GET /api/reports/inventory-summary': 'staff',
  'GET /api/reports/fees': 'staff',
  'GET /api/reports/cores': 'staff',
  'POST /api/cores/send-back': 'staff',
  'GET /api/reports/sales': 'staff',
  'GET /api/reports/tire-sales': 'staff',
  'GET /api/reports/purchases': 'staff',
  'GET /api/reports/customer-balance': 'staff',
  'GET /api/reports/customer-balance/:id': 'staff',
  'GET /api/reports/supplier-balance': 'staff',
  'GET /api/reports/supplier-balance/:id': 'staff',
  'GET /api/dashboard': 'staff',
  'GET /api/activity': 'staff',

  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'GET /api/users/:id': 'admin',
  'PUT /api/users/:id': 'admin',
  'POST /api/users/:id/disable': 'admin',
  'POST /api/users/:id/enable': 'admin',
  'POST /api/users/:id/reset-password': 'admin',
  'POST /api/users/:id/unlock': 'admin',
  'GET /api/audit-events': 'admin',
  'GET /api/audit-events/export': 'admin',
};

export function isAdmin(user: SessionUser): boolean {
  return user.role === 'admin';
}

/** The rule of the route this request reached (the last route matched that is not a middleware). */
function routeKey(c: Context): string | null {
  const route = matchedRoutes(c).findLast((matched) => matched.method !== 'ALL');
  return route ? `${route.method} ${route.path}` : null;
}

export function ruleOf(key: string): Rule | undefined {
  return Object.hasOwn(PERMISSIONS, key) ? PERMISSIONS[key] : undefined;
}

function adminMessage(key: string): string {
  const path = key.split(' ')[1];
  const prefix = Object.keys(ADMIN_MESSAGES).find((start) => path === start || path.startsWith(`${start}/`));
  return prefix ? ADMIN_MESSAGES[prefix] : REFUSALS.admin;
}

/**
 * Refuses a route its rule does not open to the signed-in user: 403 for staff on an administrator's
 * route, and for anyone who must choose a new password first. A route without a rule is refused.
 */
export const enforcePermissions: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = routeKey(c);
  if (key === null) return next();
  const rule = ruleOf(key);
  if (rule === undefined) throw new HttpError(403, 'This action is not allowed.');
  const user = c.get('user');
  if (rule !== 'public' && rule !== 'self' && user.must_change_password) {
    throw new HttpError(403, 'Choose a new password before you continue.');
  }
  if (rule === 'admin' && !isAdmin(user)) throw new HttpError(403, adminMessage(key));
  await next();
};

/** For a conditional rule: refuses staff when the route found its condition false of the record. */
export function requireStaffCondition(user: SessionUser, condition: StaffCondition, holds: boolean): void {
  if (!holds && !isAdmin(user)) throw new HttpError(403, REFUSALS[condition]);
}
