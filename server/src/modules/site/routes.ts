import type { FastifyPluginAsync } from 'fastify';
import { site } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { siteSettings } from './service.js';

export const siteRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  route(app, site.settings, () => {
    const settings = siteSettings(config);
    return { ...settings, languages: [...settings.languages] };
  });
};
