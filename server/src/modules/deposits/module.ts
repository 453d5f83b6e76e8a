import type { Config } from '../../config.js';
import { DEPOSIT_COMMANDS } from '../../ops/deposits.js';
import { defineModule } from '../../platform-kit/define-module.js';
import { depositRoutes, devChainRoutes } from './routes.js';
import { confirmDeposits, type DepositSettings } from './service.js';

/** The job kind of the simulated chain's blocks (one confirmation per deposit in progress each run). */
export const DEPOSIT_CONFIRM_JOB = 'deposits.confirm';

function depositSettings(config: Config): DepositSettings {
  if (!config.money.depositAddressSecret) {
    throw new Error('DEPOSIT_ADDRESS_SECRET is required in production: deposit addresses are derived from it (keep it secret and never change it)');
  }
  return { addressSecret: config.money.depositAddressSecret, confirmations: config.money.depositConfirmations };
}

/**
 * Deposit addresses and records, the simulated chain's dev route (outside production), and the confirmation job:
 * recurring every DEPOSIT_CONFIRM_MS on the job runner, its state all in the database (a restart loses and
 * doubles nothing: crediting is conditional on the deposit still being in progress).
 */
export const depositsModule = defineModule({
  name: 'deposits',
  setup: ({ config }) => {
    depositSettings(config); // refuses to start without the address secret
    return {};
  },
  routes: ({ config, db, auth, clock }) => {
    const settings = depositSettings(config);
    return {
      '/asset/api': depositRoutes({ db, auth, clock, settings }),
      ...(config.production ? {} : { '/dev': devChainRoutes({ db, clock, settings }) }),
    };
  },
  jobs: ({ config, clock }) => [{ kind: DEPOSIT_CONFIRM_JOB, everyMs: config.money.depositConfirmMs, run: ({ db }) => confirmDeposits(db, clock()) }],
  opsCommands: DEPOSIT_COMMANDS,
});
