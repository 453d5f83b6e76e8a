import type { ExtraApiModules } from '../../api.js';
import type { AppContext } from '../../context.js';
import { createAddressBook } from './address-book.js';
import { withdrawalRoutes } from './routes.js';
import { createWithdrawals, type Withdrawals } from './service.js';

/** The withdrawals service (fee exemption and fund password limits from the money settings), the address book, their routes. */
export function createWithdrawalModule(context: AppContext): { withdrawals: Withdrawals; api: ExtraApiModules } {
  const { money } = context.config;
  const withdrawals = createWithdrawals({
    db: context.db,
    clock: context.clock,
    feeExemptMonths: money.withdrawFeeExemptMonths,
    fundPassword: { maxAttempts: money.fundPasswordMaxAttempts, lockMinutes: money.fundPasswordLockMinutes },
  });
  const book = createAddressBook({ db: context.db, clock: context.clock });
  return { withdrawals, api: { '/asset/api': [withdrawalRoutes(withdrawals, book, context.auth)] } };
}
