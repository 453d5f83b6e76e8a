import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { PLATFORMS, appQrLinks, versionFor, type Platform } from './service.js';
import { VERSION_PATTERN } from './version.js';

const getVersionQuery = {
  type: 'object',
  properties: {
    platform: { type: 'string', enum: [...PLATFORMS] },
    versionNo: { type: 'string', pattern: VERSION_PATTERN },
  },
  required: ['platform', 'versionNo'],
} as const;

export const appVersionRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  app.get<{ Querystring: { platform: Platform; versionNo: string } }>(
    '/app-version/get-version',
    { schema: { querystring: getVersionQuery } },
    async (request) => ok(versionFor(config, request.query.platform, request.query.versionNo)),
  );
  app.get('/app-version/app-qr', async () => ok(appQrLinks(config)));
};
