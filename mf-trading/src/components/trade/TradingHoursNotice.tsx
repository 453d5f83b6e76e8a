import { market } from '@meridian/contracts';
import { Button, call, Dialog, useApiQuery } from '@meridian/shared';
import { useT } from '../../i18n';
import styles from './trade.module.css';

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The spec's Trading Hours Notice: the market is closed now, and when it opens next (the market's calendar). */
export function TradingHoursNotice({ symbol, onClose }: { symbol: string; onClose: () => void }) {
  const { t } = useT();
  const hours = useApiQuery(market.checkTradingTime.path, { symbol }, (input) => call(market.checkTradingTime, input, { silent: true }));
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
      {typeof next === 'number' ? <p className={styles.strong}>{t('tradingHoursNext', { time: utc(next) })}</p> : null}
    </Dialog>
  );
}
