import { defineModule } from '../../platform-kit/define-module.js';
import { seedTerms } from '../trading/instruments.js';
import { forexRoutes } from './routes.js';
import { createForex, type ForexService } from './service.js';
import { forexTerms } from './terms.js';

declare module '../../platform-kit/define-module.js' {
  interface ServiceRegistry {
    /** Forex contracts: lots, pips and forex views over the perpetual engine. */
    forex: ForexService;
  }
}

/**
 * Forex contracts: seeds the trading terms of every forex pair of the catalogue that has none (lots of 100,000
 * units, forex leverages, fees and maintenance tiers; operator changes stay) and serves the forex calls. Opening,
 * closing, triggers, liquidation, financing and receipts are the perpetual module's.
 */
export const forexModule = defineModule({
  name: 'forex',
  needs: ['market', 'trading', 'perpetual'],
  seed: async ({ db, clock, services: { market } }) => {
    for (const instrument of market.instruments.values()) if (instrument.category === 'FOREX') await seedTerms(db, forexTerms(instrument), clock());
  },
  setup: ({ db, services: { market, trading, perpetual } }) => ({ forex: createForex({ db, engine: trading, perpetual, market }) }),
  routes: ({ services: { trading, forex } }) => ({ '/asset/api': forexRoutes(trading, forex) }),
});
