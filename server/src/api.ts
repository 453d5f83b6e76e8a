import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context.js';
import { appVersionRoutes } from './modules/app-version/routes.js';
import { siteRoutes } from './modules/site/routes.js';

/**
 * The spec's three API groups, each a Fastify plugin under its path prefix. A domain module adds its routes
 * plugin to the group whose paths it serves; unknown paths under any prefix answer the 404 envelope.
 */
const API_GROUPS: { prefix: string; modules: FastifyPluginAsync<AppContext>[] }[] = [
  { prefix: '/asset/api', modules: [siteRoutes, appVersionRoutes] },
  { prefix: '/api/market', modules: [] },
  { prefix: '/transaction/api', modules: [] },
];

export async function registerApi(app: FastifyInstance, context: AppContext): Promise<void> {
  for (const { prefix, modules } of API_GROUPS) {
    await app.register(
      async (group) => {
        for (const module of modules) await group.register(module, context);
      },
      { prefix },
    );
  }
}
