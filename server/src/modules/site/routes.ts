import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { siteSettings } from './service.js';

export const siteRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  app.get('/site-setting/getSetting', async () => ok(siteSettings(config)));
};
