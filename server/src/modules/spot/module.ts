import { SPOT_COMMANDS } from '../../ops/spot.js';
import { defineModule } from '../../platform-kit/define-module.js';
import { createSpotConditionals, type SpotConditionals } from './conditional.js';
import { conditionalRoutes } from './conditional-routes.js';
import { spotRoutes } from './routes.js';
import { createSpot, type Spot } from './service.js';

declare module '../../platform-kit/define-module.js' {
  interface ServiceRegistry {
    spot: Spot;
    spotConditionals: SpotConditionals;
  }
}

/**
 * Spot trading on the trading engine: market orders walk the feed's book, limit orders rest on its triggers, and
 * take-profit/stop-loss and OCO sells on a holding wait on theirs (conditional.ts).
 */
export const spotModule = defineModule({
  name: 'spot',
  needs: ['trading'],
  setup: ({ db, services: { trading } }) => {
    const spot = createSpot({ db, engine: trading });
    return { spot, spotConditionals: createSpotConditionals({ db, engine: trading, spot }) };
  },
  routes: ({ services: { spot, spotConditionals, trading } }) => ({
    '/asset/api': async (app) => {
      await app.register(spotRoutes(spot, trading));
      await app.register(conditionalRoutes(spotConditionals, trading));
    },
  }),
  opsCommands: SPOT_COMMANDS,
});
