import { MoneyScreen } from '../../../components/money/parts';
import { AddressBook } from '../components/AddressBook';

/** /pages/withdraw/withdraw-address: pick a saved address and return to the withdrawal form. */
export function WithdrawAddressPage() {
  return (
    <MoneyScreen title="withdrawAddressTitle">
      <AddressBook pick />
    </MoneyScreen>
  );
}
