import type { FastifyInstance } from 'fastify';
import type { ExtraApiModules } from '../../api.js';
import type { AppContext } from '../../context.js';
import { startIntervalJob, type IntervalJob } from './job.js';
import { depositRoutes, devChainRoutes } from './routes.js';
import { confirmDeposits, type DepositSettings } from './service.js';

/**
 * The deposit routes, the simulated chain's dev route (outside production), and the confirmation job: started when
 * the app is ready, stopped (waiting for a run in flight) before it closes.
 */
export async function registerDeposits(app: FastifyInstance, context: AppContext): Promise<{ api: ExtraApiModules }> {
  const { config, db, auth, clock } = context;
  if (!config.money.depositAddressSecret) {
    throw new Error('DEPOSIT_ADDRESS_SECRET is required in production: deposit addresses are derived from it (keep it secret and never change it)');
  }
  const settings: DepositSettings = { addressSecret: config.money.depositAddressSecret, confirmations: config.money.depositConfirmations };
  let job: IntervalJob | undefined;
  app.addHook('onReady', async () => {
    job = startIntervalJob('deposit confirmation', config.money.depositConfirmMs, () => confirmDeposits(db, clock()), app.log);
  });
  app.addHook('preClose', async () => {
    await job?.stop();
  });
  if (!config.production) await app.register(devChainRoutes({ db, clock, settings }), { prefix: '/dev' });
  return { api: { '/asset/api': [depositRoutes({ db, auth, clock, settings })] } };
}
