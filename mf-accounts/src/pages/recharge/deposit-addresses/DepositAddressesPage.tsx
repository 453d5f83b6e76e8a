import { MoneyScreen } from '../../../components/money/parts';
import { DepositAddressBook } from '../components/DepositAddressBook';

/** /pages/recharge/deposit-addresses: the user's deposit addresses and deposit reports (userrechange/*). */
export function DepositAddressesPage() {
  return (
    <MoneyScreen title="depositAddressesTitle">
      <DepositAddressBook />
    </MoneyScreen>
  );
}
