import { TRADING_COMMANDS } from '../../ops/trading.js';
import { defineModule } from '../../platform-kit/define-module.js';
import { TradingEngine } from './engine.js';
import { seedInstrumentTerms } from './instruments.js';
import { anchorReceiptChains } from './receipts.js';
import { tradingRoutes } from './routes.js';

/** The job appending an anchor of every symbol's receipt chain to the venue's (receipts.ts anchorReceiptChains). */
export const RECEIPT_ANCHOR_JOB = 'receipts.anchor';
export const RECEIPT_ANCHOR_MS = 10_000;

declare module '../../platform-kit/define-module.js' {
  interface ServiceRegistry {
    /** The trading engine's core: instrument terms, fill evidence, receipts, price triggers and order guards. */
    trading: TradingEngine;
  }
}

/**
 * The trading engine core (spot and perpetual modules build on it): seeds instrument terms from the market
 * catalogue, rebuilds the trigger index when the app is ready and hands it every tick batch, and stops
 * listening (waiting for the triggers being decided) before the app closes; every RECEIPT_ANCHOR_MS it anchors the
 * symbols' receipt chains in the venue's.
 */
export const tradingModule = defineModule({
  name: 'trading',
  needs: ['market'],
  setup: ({ db, clock, auth, log, config, services: { market } }) => ({
    trading: new TradingEngine({ db, clock, auth, log, market, orderLimits: config.orderLimits }),
  }),
  seed: ({ db, clock, services: { market } }) => seedInstrumentTerms(db, market.instruments.values(), clock()),
  routes: ({ services: { trading } }) => ({ '/asset/api': tradingRoutes(trading) }),
  start: ({ services: { trading } }) => trading.start(),
  stop: ({ services: { trading } }) => trading.stop(),
  jobs: () => [{ kind: RECEIPT_ANCHOR_JOB, everyMs: RECEIPT_ANCHOR_MS, run: ({ db, now }) => anchorReceiptChains(db, now) }],
  opsCommands: TRADING_COMMANDS,
});
