import { useTranslation } from 'react-i18next';
import { useLivePaused } from '@meridian/shared';
import styles from './chrome.module.css';

/**
 * "Live prices paused" with a retry, on every page while a stream has given up after its five reconnect
 * attempts: prices that silently stop moving look live when they are not. The hub also retries by itself when
 * the page becomes visible again or the network comes back (realtime/start-socket-hub.ts).
 */
export function LivePausedBanner() {
  const { t } = useTranslation('shell');
  const { paused, retry } = useLivePaused();
  if (!paused) return null;
  return (
    <div className={styles.paused} role="status" data-testid="live-paused">
      <span className={styles.pausedText}>{t('livePaused')}</span>
      <button type="button" className={styles.pausedRetry} onClick={retry} data-testid="live-paused-retry">
        {t('livePausedRetry')}
      </button>
    </div>
  );
}
