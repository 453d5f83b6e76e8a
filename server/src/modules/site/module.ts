import { defineModule } from '../../platform-kit/define-module.js';
import { siteRoutes } from './routes.js';

/** The site settings (customer service and company addresses). */
export const siteModule = defineModule({
  name: 'site',
  routes: () => ({ '/asset/api': siteRoutes }),
});
