import { STOCK_OFFER_COMMANDS } from '../../ops/stock-offers.js';
import { defineModule } from '../../platform-kit/define-module.js';
import { stockOfferJobs } from './jobs.js';
import { stockOfferRoutes } from './routes.js';

/**
 * IPO subscriptions with a provably fair draw, and block trades: operators publish and decide (pnpm ops), users
 * subscribe with their cost held, a job closes windows, draws, lists, delivers and expires (exactly once).
 */
export const stockOffersModule = defineModule({
  name: 'stock-offers',
  routes: () => ({ '/asset/api': stockOfferRoutes }),
  jobs: ({ clock }) => stockOfferJobs(clock),
  opsCommands: STOCK_OFFER_COMMANDS,
});
