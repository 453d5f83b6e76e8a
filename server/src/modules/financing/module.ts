import { defineModule } from '../../platform-kit/define-module.js';
import { financingRoutes } from './routes.js';
import { FINANCING_KIND } from './terms.js';

/** Wealth financing: fixed-term subscriptions at an annualised rate, interest and principal paid at maturity. */
export const financingModule = defineModule({
  name: 'financing',
  routes: () => ({ '/asset/api': financingRoutes }),
  productKinds: [FINANCING_KIND],
});
