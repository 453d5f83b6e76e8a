import type { FastifyPluginAsync } from 'fastify';
import { products } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { reserveStatuses } from './reserves.js';

/** product/reserves under /asset/api: every reserve's balance, liability and coverage, public (what backs a product). */
export const productRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  route(app, products.reserves, (request) => reserveStatuses(db, request.query.product));
};
