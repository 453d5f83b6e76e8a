import { defineModule } from '../../platform-kit/define-module.js';
import { outboxRoutes } from './routes.js';

/**
 * GET /dev/outbox outside production, and the job that delivers queued messages through the configured SMTP
 * server and SMS webhook, retrying with backoff (the outbox service itself is in the AppContext: every module sends).
 */
export const outboxModule = defineModule({
  name: 'outbox',
  routes: ({ config }) => (config.production ? {} : { '/dev': outboxRoutes }),
  jobs: ({ outbox }) => outbox.jobs,
});
