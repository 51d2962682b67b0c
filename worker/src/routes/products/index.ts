import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { batteryRoutes } from './batteries.ts';
import { inventoryRoutes } from './inventories.ts';
import { serviceRoutes } from './services.ts';
import { stockRoutes } from './stock.ts';
import { tireRoutes } from './tires.ts';
import { wiperRoutes } from './wipers.ts';

/** Tires, batteries, wipers, inventory items, services, and stock of any product. */
export const productRoutes = new Hono<AppEnv>();
productRoutes.route('/products', stockRoutes);
productRoutes.route('/tires', tireRoutes);
productRoutes.route('/batteries', batteryRoutes);
productRoutes.route('/wiper-products', wiperRoutes);
productRoutes.route('/inventories', inventoryRoutes);
productRoutes.route('/services', serviceRoutes);
