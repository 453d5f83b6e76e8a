import { defineModule } from '../../platform-kit/define-module.js';
import { appVersionRoutes } from './routes.js';

/** The update check and the app download QR links, from the configuration. */
export const appVersionModule = defineModule({
  name: 'app-version',
  routes: () => ({ '/asset/api': appVersionRoutes }),
});
