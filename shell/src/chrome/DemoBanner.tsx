import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { typeUserAtom } from '@meridian/shared';
import styles from './chrome.module.css';

/** While the demo account is in use, every page says so: demo must never be mistaken for real money. */
export function DemoBanner() {
  const { t } = useTranslation('shell');
  if (useAtomValue(typeUserAtom) !== 'demo') return null;
  return (
    <div className={styles.demo} role="status" data-testid="demo-banner">
      {t('demoBanner')}
    </div>
  );
}
