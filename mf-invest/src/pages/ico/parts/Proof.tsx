import { formatExact, orZero } from '@meridian/shared';
import { useT } from '../../../i18n';
import type { Offer, Subscription } from './queries';
import styles from '../ico.module.css';

/**
 * The draw's evidence for one subscription: the seed's hash published at creation, the seed revealed at the draw,
 * the totals, this subscription's key and place in the order, and what it won. Anyone can recompute the draw
 * from these (server README "Token offerings").
 */
export function Proof({ offer, subscription }: { offer: Offer; subscription: Subscription }) {
  const { t } = useT();
  const tokens = (value: string | null) => `${formatExact(orZero(value ?? '0'))} ${offer.token}`;
  return (
    <section className={styles.proof} aria-label={t('icoProofTitle')} data-testid={`ico-proof-${subscription.id}`}>
      <h4 className={styles.proofTitle}>{t('icoProofTitle')}</h4>
      <dl className={styles.facts}>
        <dt className={styles.wide}>{t('icoSeedHash')}</dt>
        <dd className={`${styles.wide} ${styles.hash}`} data-testid="ico-seed-hash">
          {offer.seedHash}
        </dd>
        <dt className={styles.wide}>{t('icoSeed')}</dt>
        <dd className={`${styles.wide} ${styles.hash}`} data-testid="ico-seed">
          {offer.seed ?? t('icoSeedHidden')}
        </dd>
        <dt>{t('icoTotals')}</dt>
        <dd data-testid="ico-totals">
          {t('icoTotalsValue', { subscribers: String(offer.totals.subscribers), requested: String(offer.totals.requestedLots), won: String(offer.totals.wonLots), lots: String(offer.totalLots) })}
        </dd>
        {subscription.place !== null ? (
          <>
            <dt>{t('icoPlace')}</dt>
            <dd data-testid="ico-place">{t('icoPlaceValue', { place: String(subscription.place), of: String(offer.totals.subscribers) })}</dd>
            <dt className={styles.wide}>{t('icoDrawKey')}</dt>
            <dd className={`${styles.wide} ${styles.hash}`}>{subscription.drawKey}</dd>
            <dt>{t('icoWon')}</dt>
            <dd data-testid="ico-won">{tokens(subscription.wonQuantity)}</dd>
            <dt>{t('icoCost')}</dt>
            <dd>{formatExact(orZero(subscription.cost ?? '0'))} USDT</dd>
            <dt>{t('icoRefund')}</dt>
            <dd>{formatExact(orZero(subscription.refund ?? '0'))} USDT</dd>
          </>
        ) : (
          <dd className={`${styles.wide} ${styles.muted}`}>{t('icoNotDrawnYet')}</dd>
        )}
      </dl>
      <p className={styles.muted}>{t('icoProofHint')}</p>
    </section>
  );
}
