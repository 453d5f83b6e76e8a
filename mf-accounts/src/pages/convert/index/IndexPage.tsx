import { Link, useNavigate } from 'react-router-dom';
import { Card } from '@meridian/shared';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { ConvertForm } from '../../../components/money/ConvertForm';
import { MoneyScreen } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';

/** /pages/convert/index: convert with a live estimate; the records open after a conversion. */
export function ConvertIndexPage() {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <MoneyScreen title="convertTitle" subtitle="convertDescription">
      <Card>
        <ConvertForm onDone={() => navigate(P.convertRecords)} />
      </Card>
      <p className={styles.muted}>{t('convertWalletNote')}</p>
      <Link className={styles.link} to={P.convertRecords}>
        {t('convertRecordsTitle')}
      </Link>
    </MoneyScreen>
  );
}
