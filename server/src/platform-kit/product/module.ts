import { RESERVE_COMMANDS } from '../../ops/reserves.js';
import { defineModule } from '../define-module.js';
import { payoutJob } from './payouts.js';
import { productRoutes } from './routes.js';

/**
 * The product kit's shared parts: the public reserve read, the payouts job that pays every product's due
 * payouts, and the reserve commands. Each product (IPO, funds, earn…) is a module of its own that sells through
 * the kit (sell.ts) with its terms (terms.ts), holds (holds.ts) and payout rule (payouts.ts).
 */
export const productKitModule = defineModule({
  name: 'product-kit',
  routes: () => ({ '/asset/api': productRoutes }),
  jobs: ({ clock }) => [payoutJob(clock)],
  opsCommands: RESERVE_COMMANDS,
});
