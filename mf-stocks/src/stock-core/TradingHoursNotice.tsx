import { useTranslation } from 'react-i18next';
import { useT } from '../i18n';
import styles from './stock.module.css';

/** A venue's session as singleStock answers it. */
export interface Session {
  venue: 'US' | 'TSE';
  timeZone: string;
  open: boolean;
  nextOpen: number | null;
  nextClose: number | null;
}

const when = (at: number, timeZone: string | undefined, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(at);

/**
 * The Trading Hours Notice: the venue's hours and, while it is closed (nights, weekends, holidays, the Tokyo lunch
 * break), that orders are refused until the next opening — shown in the user's zone and in the venue's.
 */
export function TradingHoursNotice({ session }: { session: Session }) {
  const { t } = useT();
  const { i18n } = useTranslation();
  const locale = i18n.language === 'ge' ? 'de' : i18n.language === 'jp' ? 'ja' : i18n.language === 'kr' ? 'ko' : i18n.language === 'ru' ? 'vi' : i18n.language === 'hk' ? 'zh-HK' : i18n.language;
  const hours = session.venue === 'US' ? t('stockHoursUs') : t('stockHoursTse');
  return (
    <section className={styles.notice} aria-labelledby="hours-notice-title" data-testid="trading-hours-notice">
      <h2 id="hours-notice-title" className={styles.title}>{t('stockHoursNoticeTitle')}</h2>
      <p>{hours}</p>
      {session.open ? (
        <p data-testid="hours-open">{t('stockMarketOpenNow')}</p>
      ) : session.nextOpen !== null ? (
        <>
          <p data-testid="hours-closed">{t('stockMarketClosedNow')}</p>
          <dl className={styles.facts}>
            <dt>{t('stockNextOpenYours')}</dt>
            <dd data-testid="next-open-user">{when(session.nextOpen, undefined, safe(locale))}</dd>
            <dt>{t('stockNextOpenVenue')}</dt>
            <dd data-testid="next-open-venue">{when(session.nextOpen, session.timeZone, safe(locale))}</dd>
          </dl>
        </>
      ) : null}
    </section>
  );
}

function safe(locale: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(locale).length ? locale : 'en';
  } catch {
    return 'en';
  }
}
