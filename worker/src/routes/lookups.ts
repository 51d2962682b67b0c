import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

/** Tire brands, tire types, made-in, battery brands, locations, tags and patterns. */
export const lookupRoutes = new Hono<AppEnv>();
