import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context.js';
import { appVersionRoutes } from './modules/app-version/routes.js';
import { kycRoutes } from './modules/identity/kyc/routes.js';
import { identityRoutes } from './modules/identity/routes.js';
import { uploadRoutes } from './modules/identity/upload/routes.js';
import { loanRoutes } from './modules/loans/routes.js';
import { newsRoutes } from './modules/news/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { siteRoutes } from './modules/site/routes.js';

/**
 * The spec's three API groups, each a Fastify plugin under its path prefix. A domain module adds its routes
 * plugin to the group whose paths it serves; unknown paths under any prefix answer the 404 envelope.
 */
const API_GROUPS = [
  { prefix: '/asset/api', modules: [siteRoutes, appVersionRoutes, identityRoutes, kycRoutes, notificationRoutes, loanRoutes, newsRoutes] },
  // The upload endpoint and the files it stores (the spec's path; owner-only, not an admin area).
  { prefix: '/asset/admin/common/oss', modules: [uploadRoutes] },
  { prefix: '/api/market', modules: [] },
  { prefix: '/transaction/api', modules: [] },
] as const satisfies readonly { prefix: string; modules: readonly FastifyPluginAsync<AppContext>[] }[];

/** Routes plugins built by app.ts around services (e.g. the market feed), added to their group after its modules. */
export type ExtraApiModules = Partial<Record<(typeof API_GROUPS)[number]['prefix'], FastifyPluginAsync[]>>;

export async function registerApi(app: FastifyInstance, context: AppContext, extra: ExtraApiModules = {}): Promise<void> {
  for (const { prefix, modules } of API_GROUPS) {
    await app.register(
      async (group) => {
        for (const module of modules) await group.register(module, context);
        for (const module of extra[prefix] ?? []) await group.register(module);
      },
      { prefix },
    );
  }
}

/** Joins the extra routes of several modules, group by group. */
export function mergeApi(...parts: ExtraApiModules[]): ExtraApiModules {
  const merged: ExtraApiModules = {};
  for (const part of parts) {
    for (const [prefix, modules] of Object.entries(part) as [keyof ExtraApiModules, FastifyPluginAsync[]][]) {
      merged[prefix] = [...(merged[prefix] ?? []), ...modules];
    }
  }
  return merged;
}
