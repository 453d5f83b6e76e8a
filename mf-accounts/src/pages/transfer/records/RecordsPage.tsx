import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { TransferRecords } from '../../../components/money/TransferRecords';
import { MoneyScreen, RecordsNav } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';

/** Transfer records, at /pages/transfer/records and /pages/assets/transfer-records (the same screen). */
export function TransferRecordsScreen({ transfer }: { transfer: string }) {
  const { t } = useT();
  return (
    <MoneyScreen title="transferRecordsTitle">
      <RecordsNav />
      <TransferRecords />
      <Link className={styles.link} to={transfer}>
        {t('newTransferLink')}
      </Link>
    </MoneyScreen>
  );
}

/** /pages/transfer/records */
export function TransferRecordsPage() {
  return <TransferRecordsScreen transfer={P.transfer} />;
}
