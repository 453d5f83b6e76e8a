import { defineModule } from '../../platform-kit/define-module.js';
import { TOKEN_OFFER_COMMANDS } from './ops.js';
import { tokenOfferRoutes } from './routes.js';
import { tokenOfferJobs } from './settle.js';

/**
 * Token offerings (IEO/ICO) and code-gated allotments: published by operators (`pnpm ops offer:publish`), bought
 * with a named hold on the spot wallet's USDT, drawn by a provably fair job and delivered at listing by another.
 */
export const tokenOffersModule = defineModule({
  name: 'token-offers',
  routes: () => ({ '/asset/api': tokenOfferRoutes }),
  jobs: ({ clock }) => tokenOfferJobs(clock),
  opsCommands: TOKEN_OFFER_COMMANDS,
});
