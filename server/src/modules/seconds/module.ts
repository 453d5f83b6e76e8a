import { SECONDS_COMMANDS } from '../../ops/seconds.js';
import { defineModule } from '../../platform-kit/define-module.js';
import { seedProducts } from './products.js';
import { secondsRoutes } from './routes.js';
import { createSeconds, type SecondsService } from './service.js';

declare module '../../platform-kit/define-module.js' {
  interface ServiceRegistry {
    /** Seconds contracts: purchase, tick recording, settlement on recorded ticks. */
    seconds: SecondsService;
  }
}

/** How often the settlement job looks for expired contracts (the feed ticks once a second by default). */
export const SETTLE_EVERY_MS = 1000;
/** How often recorded ticks past their retention are deleted. */
export const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Seconds contracts on the trading engine: products seeded on the crypto symbols, the tick recorder listening to
 * the market while the app runs, the settlement and tick-retention jobs, routes and operator commands.
 */
export const secondsModule = defineModule({
  name: 'seconds',
  needs: ['trading', 'market'],
  setup: ({ db, log, services: { trading, market } }) => ({ seconds: createSeconds({ db, engine: trading, market, log }) }),
  seed: ({ db, clock, services: { market } }) => seedProducts(db, market.instruments.values(), clock()),
  routes: ({ services: { trading, market, seconds } }) => ({ '/transaction/api': secondsRoutes(trading, market, seconds) }),
  jobs: ({ clock, services: { seconds } }) => [
    // business time from the module's clock, like every other settlement
    { kind: 'seconds.settle', everyMs: SETTLE_EVERY_MS, run: ({ db }) => seconds.settleDue(db, clock()) },
    { kind: 'seconds.prune-ticks', everyMs: PRUNE_EVERY_MS, run: ({ db }) => seconds.pruneTicks(db, clock()) },
  ],
  start: ({ services: { seconds } }) => seconds.start(),
  stop: ({ services: { seconds } }) => seconds.stop(),
  opsCommands: SECONDS_COMMANDS,
});
