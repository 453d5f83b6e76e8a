import { SPOT_COMMANDS } from '../../ops/spot.js';
import { defineModule } from '../../platform-kit/define-module.js';
import { spotRoutes } from './routes.js';
import { createSpot, type Spot } from './service.js';

declare module '../../platform-kit/define-module.js' {
  interface ServiceRegistry {
    spot: Spot;
  }
}

/** Spot trading on the trading engine: market orders walk the feed's book, limit orders rest on its triggers. */
export const spotModule = defineModule({
  name: 'spot',
  needs: ['trading'],
  setup: ({ db, services: { trading } }) => ({ spot: createSpot({ db, engine: trading }) }),
  routes: ({ services: { spot, trading } }) => ({ '/asset/api': spotRoutes(spot, trading) }),
  opsCommands: SPOT_COMMANDS,
});
