import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { mergeApi, registerApi } from './api.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Db } from './db/db.js';
import { openDb } from './db/open.js';
import { closeConnectionsWhenClosing } from './http/drain.js';
import { errorHandler, notFound } from './http/errors.js';
import { createAuth } from './modules/identity/auth.js';
import { registerMarket } from './modules/market/setup.js';
import { createWalletModule } from './modules/wallet/setup.js';
import { registerDeposits } from './modules/deposits/setup.js';
import { createWithdrawalModule } from './modules/withdrawals/setup.js';
import { seedIdentity } from './modules/identity/seed.js';
import { listenOpsChannel } from './ops/channel.js';
import { seedLoanProducts } from './modules/loans/products.js';
import { seedNews } from './modules/news/seed.js';
import { outboxRoutes } from './modules/outbox/routes.js';
import { createOutbox } from './modules/outbox/service.js';
import { healthRoutes } from './modules/platform/health.js';
import { mfConfigRoutes } from './modules/platform/mf-config.js';
import { registerStatic, sendAppShell } from './modules/platform/static.js';
import { testSlowRoute } from './modules/platform/test-slow-route.js';
import { registerWebsocket } from './modules/platform/websocket.js';

export interface AppDeps {
  /** A store the caller opened and will close; when omitted the app opens the configured one and closes it. */
  db?: Db;
  wsHeartbeatMs?: number;
  /** The time source of the app's rules (code and session expiry); defaults to the system clock. */
  clock?: () => Date;
  /** Listen for `pnpm ops` on DATA_DIR/ops.sock while running (src/ops/channel.ts); main.ts turns it on. */
  opsChannel?: boolean;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(config) });
  closeConnectionsWhenClosing(app);

  let db = deps.db;
  if (!db) {
    const owned = await openDb(config, app.log);
    app.addHook('onClose', () => owned.close());
    db = owned;
  }
  const clock = deps.clock ?? (() => new Date());
  const context: AppContext = {
    config,
    db,
    outbox: createOutbox(db, { production: config.production, log: app.log }),
    auth: createAuth(db, clock, config.sessionTtlHours),
    clock,
  };
  await seedIdentity(db, config, app.log);
  // What a new platform starts with, once: loan products and announcements (operators' later changes stay). As
  // with the invitation code, a store that is down at start only costs a warning (and /health reports it).
  for (const seed of [seedLoanProducts, seedNews]) {
    await seed(db, clock()).catch((err: unknown) => app.log.warn({ err }, `start-up seed ${seed.name} failed`));
  }

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(async (request, reply) => {
    if (!(await sendAppShell(request, reply, config.publicDir))) notFound(request, reply);
    return reply;
  });

  await registerWebsocket(app, deps.wsHeartbeatMs ?? 30_000);
  const market = await registerMarket(app, context);
  await app.register(healthRoutes, context);
  await app.register(mfConfigRoutes, context);
  const wallet = createWalletModule(context, market.service);
  const deposits = await registerDeposits(app, context);
  const withdrawals = createWithdrawalModule(context);
  await registerApi(app, context, mergeApi(market.api, wallet.api, deposits.api, withdrawals.api));
  if (!config.production) await app.register(outboxRoutes, { ...context, prefix: '/dev' });
  if (config.testSlowRoute) await app.register(testSlowRoute, context);
  await registerStatic(app, config.publicDir);
  if (deps.opsChannel) {
    const store = db;
    let channel: { close(): Promise<void> } | undefined;
    app.addHook('onReady', async () => void (channel = await listenOpsChannel({ dataDir: config.dataDir, db: store, clock })));
    app.addHook('preClose', async () => channel?.close());
  }
  return app;
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: ['authorization', 'token', 'cookie'].flatMap((name) => [`req.headers.${name}`, `headers.${name}`]),
      censor: '[redacted]',
    },
    serializers: {
      // The positions stream carries the session token in its query string.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]'),
        remoteAddress: req.ip,
      }),
    },
  };
}
