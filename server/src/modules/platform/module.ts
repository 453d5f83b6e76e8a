import { defineModule } from '../../platform-kit/define-module.js';
import { JOB_COMMANDS } from '../../ops/jobs.js';
import { registerDocs } from './docs.js';
import { healthRoutes } from './health.js';
import { mfConfigRoutes } from './mf-config.js';
import { testSlowRoute } from './test-slow-route.js';

/** Health, mf-config.json, the API reference (generated from the contracts), and the job operator commands. */
export const platformModule = defineModule({
  name: 'platform',
  routes: ({ config }) => ({
    '': [
      healthRoutes,
      mfConfigRoutes,
      ...(config.testSlowRoute ? [testSlowRoute] : []),
      async (app) => registerDocs(app, { production: config.production, version: config.appVersion }),
    ],
  }),
  opsCommands: JOB_COMMANDS,
});
