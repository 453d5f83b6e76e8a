import { market } from '@meridian/contracts';
import { Button, Dialog, formatLocalTime, useApiQuery } from '@meridian/shared';
import { useT } from '../../i18n';
import styles from './trade.module.css';

/** The spec's Trading Hours Notice: the market is closed now, and when it opens next (the market's calendar). */
export function TradingHoursNotice({ symbol, onClose }: { symbol: string; onClose: () => void }) {
  const { t } = useT();
  const hours = useApiQuery(market.checkTradingTime, { symbol });
  const next = hours.data?.nextOpen;
  return (
    <Dialog
      title={t('tradingHoursTitle')}
      testId="trading-hours-notice"
      onDismiss={onClose}
      actions={
        <Button data-primary="" onClick={onClose}>
          {t('okButton')}
        </Button>
      }
    >
      <p>{t('tradingHoursBody', { symbol })}</p>
      {typeof next === 'number' ? (
        <>
          <p className={styles.strong} data-testid="next-open-local">
            {t('tradingHoursNext', { time: formatLocalTime(next) })}
          </p>
          <p data-testid="next-open-new-york">{t('tradingHoursNewYork', { time: formatLocalTime(next, { zone: 'newYork' }) })}</p>
        </>
      ) : null}
    </Dialog>
  );
}
