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
  needs: ['trading', 'wallets', 'market'],
  setup: ({ db, log, services: { trading, wallets } }) => {
    const perpetual = createPerpetual({ db, engine: trading, log });
    wallets.watch({ wallet: 'contract', beforeWithdraw: perpetual.beforeWithdraw, changed: perpetual.walletChanged });
    return { perpetual };
  },
  routes: ({ services: { trading, perpetual } }) => ({ '/asset/api': perpetualRoutes(trading, perpetual) }),
  jobs: ({ services: { perpetual } }) => [{ kind: 'perpetual.funding', everyMs: FUNDING_CHECK_MS, run: ({ db, now }) => perpetual.fund(now, db) }],
  opsCommands: PERPETUAL_COMMANDS,
  // the feed's owner liquidates cross accounts (single-process: this process)
  start: ({ services: { market, perpetual } }) =>
    perpetual.start(
      (listener) => market.subscribeOwned((_quotes, ticks) => listener(ticks)),
      market.bus ? { bus: market.bus, onTakeOver: (hook) => market.onTakeOver(hook), owner: () => market.owner } : undefined,
    ),
  stop: ({ services: { perpetual } }) => perpetual.stop(),
});
