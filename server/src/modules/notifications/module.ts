import { defineModule } from '../../platform-kit/define-module.js';
import { notificationRoutes } from './routes.js';

/** The user's notifications (other modules write them in their own transactions through service.ts). */
export const notificationsModule = defineModule({
  name: 'notifications',
  routes: () => ({ '/asset/api': notificationRoutes }),
});
