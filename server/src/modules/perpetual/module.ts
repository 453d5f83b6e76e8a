import { PERPETUAL_COMMANDS } from '../../ops/perpetual.js';
import { defineModule } from '../../platform-kit/define-module.js';
import { perpetualRoutes } from './routes.js';
import { createPerpetual, type PerpetualService } from './service.js';

declare module '../../platform-kit/define-module.js' {
  interface ServiceRegistry {
    /** Perpetual contracts: opening, closing, TP/SL, liquidation and funding on the trading engine. */
    perpetual: PerpetualService;
  }
}

/** How often the funding job looks for a funding time passed (each instrument's interval decides when one has). */
export const FUNDING_CHECK_MS = 60_000;

/**
 * Perpetual contracts on the trading engine: registers its trigger handlers (limit opens, take-profit, stop-loss,
 * liquidation) in the engine's trigger book, its routes, the recurring funding job and operator commands.
 */
export const perpetualModule = defineModule({
  name: 'perpetual',
  needs: ['trading'],
  setup: ({ db, services: { trading } }) => ({ perpetual: createPerpetual({ db, engine: trading }) }),
  routes: ({ services: { trading, perpetual } }) => ({ '/asset/api': perpetualRoutes(trading, perpetual) }),
  jobs: ({ services: { perpetual } }) => [{ kind: 'perpetual.funding', everyMs: FUNDING_CHECK_MS, run: ({ db, now }) => perpetual.fund(now, db) }],
  opsCommands: PERPETUAL_COMMANDS,
});
