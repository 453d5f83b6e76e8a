import { useTranslation } from 'react-i18next';
import { market } from '@meridian/contracts';
import { Button, call, Dialog, LANGUAGES, useApiQuery } from '@meridian/shared';
import { useT } from '../../i18n';
import { bothZones } from '../forex/forexOrder';
import styles from './trade.module.css';

/** The spec's Trading Hours Notice: the market is closed now, and when it opens next (the market's calendar). */
export function TradingHoursNotice({ symbol, onClose }: { symbol: string; onClose: () => void }) {
  const { t } = useT();
  const { i18n } = useTranslation();
  const hours = useApiQuery(market.checkTradingTime.path, { symbol }, (input) => call(market.checkTradingTime, input, { silent: true }));
  const next = hours.data?.nextOpen;
  // the app's language codes are not all BCP 47 ('ge', 'jp'): Intl would fall back to English for them
  const locale = LANGUAGES.find((l) => l.code === i18n.language)?.htmlLang ?? i18n.language;
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
            {t('tradingHoursNext', { time: bothZones(next, locale).local })}
          </p>
          <p data-testid="next-open-new-york">{t('tradingHoursNewYork', { time: bothZones(next, locale).newYork })}</p>
        </>
      ) : null}
    </Dialog>
  );
}
