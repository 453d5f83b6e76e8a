import type { FastifyPluginAsync } from 'fastify';
import { site } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { stockRateSettings } from '../stocks/rates.js';
import { siteSettings } from './service.js';

export const siteRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db }) => {
  route(app, site.settings, async () => {
    const settings = siteSettings(config);
    return { ...settings, languages: [...settings.languages], stockRates: await stockRateSettings(db) };
  });
};
