import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { openCluster, type Cluster } from './cluster/cluster.js';
import { clusterSink } from './cluster/pushes.js';
import { clockFrom, type Config } from './config.js';
import type { AppContext } from './context.js';
import type { Db } from './db/db.js';
import { openDb } from './db/open.js';
import { registerAbuseLimits } from './http/abuse-limits.js';
import { registerCompression } from './http/compression.js';
import { FastLane } from './http/fast-lane.js';
import { closeConnectionsWhenClosing } from './http/drain.js';
import { requireContracts } from './http/contract-guard.js';
import { createErrorHandler, notFound } from './http/errors.js';
import { registerPrivateAnswers } from './http/private-answers.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { appVersionModule } from './modules/app-version/module.js';
import { convertModule } from './modules/convert/module.js';
import { depositsModule } from './modules/deposits/module.js';
import { createAuth } from './modules/identity/auth.js';
import { isKnownClient } from './modules/identity/login/trusted-clients.js';
import { identityModule } from './modules/identity/module.js';
import { ledgerModule } from './modules/ledger/module.js';
import { productKitModule } from './platform-kit/product/module.js';
import { loansModule } from './modules/loans/module.js';
import { marketModule } from './modules/market/module.js';
import { newsModule } from './modules/news/module.js';
import { notificationsModule } from './modules/notifications/module.js';
import { outboxModule } from './modules/outbox/module.js';
import { configuredTransports, createOutbox } from './modules/outbox/service.js';
import { platformModule } from './modules/platform/module.js';
import { registerStatic, sendAppShell } from './modules/platform/static.js';
import { registerWebsocket } from './modules/platform/websocket.js';
import { perpetualModule } from './modules/perpetual/module.js';
import { forexModule } from './modules/forex/module.js';
import { secondsModule } from './modules/seconds/module.js';
import { siteModule } from './modules/site/module.js';
import { spotModule } from './modules/spot/module.js';
import { stocksModule } from './modules/stocks/module.js';
import { tokenOffersModule } from './modules/token-offers/module.js';
import { stockOffersModule } from './modules/stock-offers/module.js';
import { c2cModule } from './modules/c2c/module.js';
import { smartPoolModule } from './modules/smart-pool/module.js';
import { financingModule } from './modules/financing/module.js';
import { aiFundsModule } from './modules/ai-funds/module.js';
import { tradingModule } from './modules/trading/module.js';
import { walletModule } from './modules/wallet/module.js';
import { withdrawalsModule } from './modules/withdrawals/module.js';
import { listenOpsChannel } from './ops/channel.js';
import { operatorCommands, productKindsOf } from './ops/commands.js';
import type { AnyModule } from './platform-kit/define-module.js';
import { JobRunner, type JobRunnerOptions } from './platform-kit/jobs/job-runner.js';
import { mountModules } from './platform-kit/mount-modules.js';

/**
 * Every domain module, in dependency order: a module's `needs` are provided by modules above it. Start-up takes
 * them in this order and shutdown in the reverse (platform-kit/mount-modules.ts).
 */
export const MODULES: readonly AnyModule[] = [
  platformModule,
  outboxModule,
  identityModule,
  siteModule,
  appVersionModule,
  notificationsModule,
  ledgerModule,
  marketModule,
  walletModule,
  convertModule,
  depositsModule,
  withdrawalsModule,
  loansModule,
  productKitModule,
  newsModule,
  tradingModule,
  spotModule,
  perpetualModule,
  forexModule,
  secondsModule,
  stocksModule,
  tokenOffersModule,
  stockOffersModule,
  c2cModule,
  smartPoolModule,
  financingModule,
  aiFundsModule,
];
import { withUserEvents, type UserEventSink } from './modules/platform/user-events.js';

export interface AppDeps {
  /** A store the caller opened and will close; when omitted the app opens the configured one and closes it. */
  db?: Db;
  wsHeartbeatMs?: number;
  /** The time source of the app's rules (code and session expiry); defaults to the system clock. */
  clock?: () => Date;
  /** Listen for `pnpm ops` on DATA_DIR/ops.sock while running (src/ops/channel.ts); main.ts turns it on. */
  opsChannel?: boolean;
  /** The job runner's settings (tests); `false` runs no jobs in this process. */
  jobs?: JobRunnerOptions | false;
  /** Tests only: another module list. */
  modules?: readonly AnyModule[];
  /** Tests only: the cluster membership (otherwise cluster mode follows DATABASE_URL and REDIS_URL). */
  cluster?: Cluster;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  // the market lists every quote screen polls are replayed in front of Fastify between ticks (http/fast-lane.ts)
  const fastLane = new FastLane();
  const app = Fastify({ logger: loggerOptions(config), trustProxy: config.trustProxy, serverFactory: fastLane.serverFactory });
  closeConnectionsWhenClosing(app);
  fastLane.attach(app);
  app.decorate('fastLane', fastLane);

  let db = deps.db;
  if (!db) {
    const owned = await openDb(config, app.log);
    app.addHook('onClose', () => owned.close());
    db = owned;
  }
  // every module's store pushes balance and record changes to the user's positions stream once committed
  // (the streams that carry them are registered below, so the sink is read at send time)
  const userEvents: { sink?: UserEventSink } = {};
  db = withUserEvents(db, () => userEvents.sink);
  const store = db;
  // MERIDIAN_TEST_CLOCK: the whole app, its jobs included, lives at the test's time
  const testClock = config.testClockStart !== undefined ? clockFrom(config.testClockStart) : undefined;
  const clock = deps.clock ?? testClock ?? (() => new Date());
  // DATABASE_URL and REDIS_URL: one of several processes serving one venue (src/cluster); else one process
  const cluster =
    deps.cluster ??
    openCluster(config, (err, what) => app.log.error({ err }, `cluster: ${what} failed`));
  const context: AppContext = {
    cluster,
    config,
    db,
    outbox: createOutbox(db, {
      production: config.production,
      log: app.log,
      transports: configuredTransports(config.delivery),
      timeoutMs: config.delivery.timeoutMs,
      clock,
    }),
    auth: createAuth(db, clock, config.sessionTtlHours),
    clock,
  };

  app.setErrorHandler(createErrorHandler({ checkRefusals: config.checkRefusals }));
  requireContracts(app);
  app.setNotFoundHandler(async (request, reply) => {
    if (!(await sendAppShell(request, reply, config))) notFound(request, reply);
    return reply;
  });
  // CSP, anti-framing, nosniff, Referrer-Policy on every answer, the app shell and 404s included.
  await registerSecurityHeaders(app, config);
  // Cache-Control: no-store on answers about a user (an authenticated call, a login's token); public data keeps its caching.
  registerPrivateAnswers(app);
  // Static files first: they are precompressed at build, and only routes registered after the compression
  // plugin get compressed on the fly (the API, mf-config.json).
  await registerStatic(app, config.publicDir);
  await registerCompression(app);
  // The transport every module's streams use, with its heartbeat and /ws/health.
  await registerWebsocket(app, deps.wsHeartbeatMs ?? 30_000);

  // before any module's routes: the limits attach to routes as they are registered
  // a client the account it names knows passes the global login ceiling (a flood cannot lock every user out)
  await registerAbuseLimits(app, config.abuseLimits, { login: (request) => isKnownClient(store, request) }, cluster.redis ? { redis: cluster.redis, nameSpace: `${cluster.prefix}rate-limit:` } : undefined);
  const modules = deps.modules ?? MODULES;
  const mounted = await mountModules(app, context, modules);
  const positions = mounted.services.positions as UserEventSink | undefined;
  // in cluster mode a push goes through the bus, and every process delivers it to the user's sockets it holds
  userEvents.sink = cluster.bus && positions ? clusterSink(cluster.bus, positions) : positions;
  const commands = operatorCommands(modules);
  const runner = deps.jobs === false ? undefined : new JobRunner(store, mounted.jobs, { log: app.log, ...(testClock ? { clock: testClock } : {}), ...deps.jobs });

  // Up in list order, then the jobs, then operators; down in the reverse order.
  let channel: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    await mounted.start();
    await runner?.start();
    // leadership last: a new leader's hooks (trigger index, cross accounts, feed) are all registered by now
    await cluster.start();
    if (deps.opsChannel) channel = await listenOpsChannel({ dataDir: config.dataDir, db: store, clock, commands, productKinds: productKindsOf(modules) });
  });
  app.addHook('preClose', async () => {
    // first give the feed and the triggers to another process, then stop the rest; the bus goes last
    await cluster.leadership.stop();
    await channel?.close();
    await runner?.stop();
    await mounted.stop();
    await cluster.close();
  });
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
