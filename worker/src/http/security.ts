import type { MiddlewareHandler } from 'hono';

/** The one inline style the app uses: the page style react-to-print puts in its print frame. */
const PRINT_STYLE_HASH = "'sha256-VqJ0k9HbwnugthqnO223SRPoQooGv+H+KrWdXiOXBgc='";

/** The one inline script: index.html's, which asks for a page's first answers before its code comes (web/src/shared/api/firstAsks.ts). */
export const FIRST_ASKS_SCRIPT_HASH = "'sha256-ctLF1vRim3cboab/EI7W6gsZe3J3gpe2os31nyfUYuo='";

export const securityHeaders: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy':
    `default-src 'self'; script-src 'self' ${FIRST_ASKS_SCRIPT_HASH}; style-src 'self' ${PRINT_STYLE_HASH}; img-src 'self' data:; connect-src 'self'; ` +
    "font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
};

/**
 * Set before the handler, so the answer is made with them: touching `c.res.headers` afterwards turns
 * the Node server's ready string body into a stream it writes in pieces.
 */
export const withSecurityHeaders: MiddlewareHandler = async (c, next) => {
  for (const [name, value] of Object.entries(securityHeaders)) c.header(name, value);
  await next();
};
