import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { ConvertRecords } from '../../../components/money/ConvertRecords';
import { MoneyScreen, RecordsNav } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';

/** /pages/convert/convert-records */
export function ConvertRecordsPage() {
  const { t } = useT();
  return (
    <MoneyScreen title="convertRecordsTitle">
      <RecordsNav />
      <ConvertRecords />
      <Link className={styles.link} to={P.convert}>
        {t('newConversionLink')}
      </Link>
    </MoneyScreen>
  );
}
