import { defineModule } from '../../platform-kit/define-module.js';
import { IDENTITY_COMMANDS } from '../../ops/identity.js';
import { kycRoutes } from './kyc/routes.js';
import { identityRoutes } from './routes.js';
import { seedIdentity } from './seed.js';
import { uploadRoutes } from './upload/routes.js';

/** Registration, sessions, profile, KYC and uploads (sessions themselves are AppContext.auth: every module checks them). */
export const identityModule = defineModule({
  name: 'identity',
  seed: ({ db, config, log }) => seedIdentity(db, config, log),
  routes: () => ({ '/asset/api': [identityRoutes, kycRoutes], '/asset/admin/common/oss': uploadRoutes }),
  opsCommands: IDENTITY_COMMANDS,
});
