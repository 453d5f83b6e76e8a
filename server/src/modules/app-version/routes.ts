import type { FastifyPluginAsync } from 'fastify';
import { site } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { appQrLinks, versionFor } from './service.js';

/** app-version/get-version and app-version/app-qr under /asset/api (contracts/src/site). */
export const appVersionRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  route(app, site.version, (request) => versionFor(config, request.query.platform, request.query.versionNo));
  route(app, site.appQr, () => appQrLinks(config));
};
