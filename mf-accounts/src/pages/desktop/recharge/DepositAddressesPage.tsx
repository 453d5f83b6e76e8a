import styles from '../../../components/money/money.module.css';
import { DepositAddressBook } from '../../recharge/components/DepositAddressBook';
import { DesktopMoneyFrame } from './DesktopMoneyFrame';

/** /pages/desktop/recharge/deposit-addresses: the deposit-address book and deposit reports at desktop width. */
export function DesktopDepositAddressesPage() {
  return (
    <DesktopMoneyFrame title="depositAddressesTitle">
      <div className={styles.card} style={{ maxWidth: 720 }}>
        <DepositAddressBook />
      </div>
    </DesktopMoneyFrame>
  );
}
