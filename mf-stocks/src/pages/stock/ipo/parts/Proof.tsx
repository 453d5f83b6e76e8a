import { formatExact, formatScreenTime } from '@meridian/shared';
import { useT } from '../../../../i18n';
import type { IpoSubscription } from './offers-api';
import styles from './offers.module.css';

const when = (iso: string) => formatScreenTime(iso, 'utc', { upTo: 'minute', zoneLabel: true });

/**
 * The allocation proof a subscriber sees: the seed's hash published before the window, the seed revealed at the
 * draw, this subscription's HMAC and place in the order, what it won, and the draw's totals. With them (and the
 * server README's script) anyone can recompute the whole allocation.
 */
export function Proof({ sub }: { sub: IpoSubscription }) {
  const { t } = useT();
  return (
    <div className={styles.proof} data-testid="ipo-proof">
      <p className={styles.proofTitle}>{t('ipoProofTitle')}</p>
      <dl className={styles.facts}>
        <dt className={styles.hashLabel}>{t('ipoSeedHash')}</dt>
        <dd className={styles.hash} data-testid="ipo-proof-hash">{sub.seedHash}</dd>
        <dt className={styles.hashLabel}>{t('ipoSeed')}</dt>
        <dd className={styles.hash} data-testid="ipo-proof-seed">{sub.seed ?? t('ipoSeedHidden')}</dd>
        {sub.draw ? (
          <>
            <dt className={styles.hashLabel}>{t('ipoMyDraw')}</dt>
            <dd className={styles.hash}>{sub.draw}</dd>
          </>
        ) : null}
        {sub.place !== null && sub.totals ? (
          <>
            <dt>{t('ipoMyPlace')}</dt>
            <dd data-testid="ipo-proof-place">{t('ipoPlaceOf', { place: String(sub.place), count: String(sub.totals.subscribers) })}</dd>
            <dt>{t('ipoLotsWon')}</dt>
            <dd data-testid="ipo-proof-won">{t('ipoWonOf', { won: String(sub.lotsWon ?? 0), asked: String(sub.lots) })}</dd>
            <dt>{t('ipoTotals')}</dt>
            <dd>{t('ipoTotalsValue', { offered: String(sub.totals.lotsOffered), requested: String(sub.totals.lotsRequested), drawn: String(sub.totals.lotsDrawn) })}</dd>
            <dt>{t('ipoPaid')}</dt>
            <dd>{formatExact(sub.cost ?? '0')} USDT</dd>
            <dt>{t('ipoRefunded')}</dt>
            <dd>{formatExact(sub.refunded ?? '0')} USDT</dd>
            <dt>{t('ipoDelivery')}</dt>
            <dd>{sub.deliveredAt ? t('ipoDelivered', { time: when(sub.deliveredAt), shares: formatExact(sub.sharesWon ?? '0') }) : (sub.lotsWon ?? 0) > 0 ? t('ipoDeliveryAt', { time: when(sub.listAt) }) : '—'}</dd>
          </>
        ) : null}
      </dl>
      {sub.seed ? <p className={styles.muted}>{t('ipoProofHowTo')}</p> : null}
    </div>
  );
}
