import { createApp } from '../../worker/src/app.ts';
import { openApiDocument } from '../../worker/src/http/openapi.ts';
import type { OpenApiDocument } from './contract.ts';

/** The app as it is built, without a database: for reading its routes, not for answering requests. */
const app = createApp({ db: {} as never, config: { jwtSecret: 'x'.repeat(40) } as never });

/** Every route of the app, as `GET /api/customers/:id`. */
export function routesOfTheApp(): string[] {
  return [...new Set(app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`))];
}

/** The app's OpenAPI document, made without a running server. */
export const documentOfTheApp = () => openApiDocument(app) as Promise<OpenApiDocument>;
