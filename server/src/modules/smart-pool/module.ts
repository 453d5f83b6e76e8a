import { defineModule } from '../../platform-kit/define-module.js';
import { INVEST_COMMANDS } from '../../ops/invest.js';
import { seedInvest } from './seed.js';
import { SMART_POOL_KIND } from './terms.js';
import { smartPoolRoutes } from './routes.js';

/**
 * The smart pool (cloud-mining miners with three-tier referral rebates), sold through the product kit: terms
 * versions, the smart-pool reserve, holds in the wealth wallet, incomes paid by the kit's product.payouts job.
 * Its module also seeds the investment products' first terms and owns their operator commands.
 */
export const smartPoolModule = defineModule({
  name: 'smart-pool',
  seed: ({ db, clock }) => seedInvest(db, clock()),
  routes: () => ({ '/asset/api': smartPoolRoutes }),
  opsCommands: INVEST_COMMANDS,
  productKinds: [SMART_POOL_KIND],
});
