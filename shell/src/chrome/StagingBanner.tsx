import { useTranslation } from 'react-i18next';
import { Button } from '@meridian/shared';
import type { Overrides } from '../config/staging-override';
import styles from './chrome.module.css';

/** Always visible while any remote comes from a staging override, so nobody mistakes a preview for production. */
export function StagingBanner({ overrides, onReset }: { overrides: Overrides; onReset: () => void }) {
  const { t } = useTranslation('shell');
  const entries = Object.entries(overrides);
  if (entries.length === 0) return null;
  return (
    <div className={styles.staging} role="status" data-testid="staging-banner">
      <div>
        {entries.map(([name, url]) => (
          <div key={name}>{t('stagingBanner', { name, url })}</div>
        ))}
      </div>
      <Button variant="secondary" className={styles.stagingReset} onClick={onReset} data-testid="staging-reset">
        {t('stagingReset')}
      </Button>
    </div>
  );
}
