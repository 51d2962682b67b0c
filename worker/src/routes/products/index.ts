import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';

/** Tires, batteries, wipers, inventory items, services, and stock of any product. */
export const productRoutes = new Hono<AppEnv>();
