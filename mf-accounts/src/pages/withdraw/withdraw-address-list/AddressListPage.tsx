import { MoneyScreen } from '../../../components/money/parts';
import { AddressBook } from '../components/AddressBook';

/** /pages/withdraw/withdraw-address-list: the address book (delete with a confirmation). */
export function WithdrawAddressListPage() {
  return (
    <MoneyScreen title="withdrawAddressListTitle">
      <AddressBook />
    </MoneyScreen>
  );
}
