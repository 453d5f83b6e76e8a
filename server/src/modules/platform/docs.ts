import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { CONTRACTS, openApiDocument } from '@meridian/contracts/schemas';

/**
 * The browsable reference's own policy, on its routes only: Swagger UI writes inline styles and shows data: icons,
 * which the app's policy (http/security-headers.ts) does not allow. Still no inline script and no framing.
 */
export const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * The API reference, generated from the contracts: `GET /docs/openapi.json` always (clients and tools read it),
 * the browsable reference page at `/docs` outside production only.
 */
export async function registerDocs(app: FastifyInstance, options: { production: boolean; version: string }): Promise<void> {
  const document = openApiDocument(CONTRACTS, { title: 'Meridian API', version: options.version });
  app.get('/docs/openapi.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(document));
  if (options.production) return;
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', validatorUrl: null }, staticCSP: DOCS_CSP });
}
