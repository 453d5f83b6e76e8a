import { Link, useNavigate } from 'react-router-dom';
import { Card } from '@meridian/shared';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { TransferForm } from '../../../components/money/TransferForm';
import { MoneyScreen } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';

/**
 * The transfer screen, at /pages/transfer/index and /pages/assets/transfer (the same screen): after a
 * transfer the records of the same area open.
 */
export function TransferScreen({ records }: { records: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <MoneyScreen title="transferTitle" subtitle="transferDescription">
      <Card>
        <TransferForm onDone={() => navigate(records)} />
      </Card>
      <Link className={styles.link} to={records}>
        {t('transferRecordsTitle')}
      </Link>
    </MoneyScreen>
  );
}

/** /pages/transfer/index */
export function TransferIndexPage() {
  return <TransferScreen records={P.transferRecords} />;
}
