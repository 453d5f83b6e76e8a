import { MoneyScreen } from '../../../components/money/parts';
import { CreateAddressForm } from '../components/CreateAddressForm';

/** /pages/withdraw/create-address */
export function CreateAddressPage() {
  return (
    <MoneyScreen title="createAddressTitle">
      <CreateAddressForm />
    </MoneyScreen>
  );
}
