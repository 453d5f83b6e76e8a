import { defineModule } from '../../platform-kit/define-module.js';
import { WITHDRAWAL_COMMANDS } from '../../ops/withdrawals.js';
import { createAddressBook, type AddressBook } from './address-book.js';
import { withdrawalRoutes } from './routes.js';
import { createWithdrawals, type Withdrawals } from './service.js';

declare module '../../platform-kit/define-module.js' {
  interface ServiceRegistry {
    withdrawals: Withdrawals;
    addressBook: AddressBook;
  }
}

/** Withdrawals (fee exemption and fund password limits from the money settings), the address book, operator review. */
export const withdrawalsModule = defineModule({
  name: 'withdrawals',
  setup: ({ db, clock, config: { money } }) => ({
    withdrawals: createWithdrawals({
      db,
      clock,
      feeExemptMonths: money.withdrawFeeExemptMonths,
      fundPassword: { maxAttempts: money.fundPasswordMaxAttempts, lockMinutes: money.fundPasswordLockMinutes },
    }),
    addressBook: createAddressBook({ db, clock }),
  }),
  routes: ({ auth, services: { withdrawals, addressBook } }) => ({ '/asset/api': withdrawalRoutes(withdrawals, addressBook, auth) }),
  opsCommands: WITHDRAWAL_COMMANDS,
});
