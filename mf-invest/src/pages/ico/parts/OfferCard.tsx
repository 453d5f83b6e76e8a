import { Button, formatExact, formatScreenTime, orZero } from '@meridian/shared';
import { useT, type Key } from '../../../i18n';
import { Countdown } from './Countdown';
import { Proof } from './Proof';
import type { Offer, Subscription } from './queries';
import styles from '../ico.module.css';

const PHASE_KEYS: Record<'upcoming' | 'open' | 'pending' | 'listed', Key> = { upcoming: 'icoPhaseUpcoming', open: 'icoPhaseOpen', pending: 'icoPhasePending', listed: 'icoPhaseListed' };
const STATUS_KEYS: Record<'pending' | 'won' | 'notWon' | 'completed', Key> = { pending: 'icoStatusPending', won: 'icoStatusWon', notWon: 'icoStatusNotWon', completed: 'icoStatusCompleted' };

/**
 * One offering: its terms (price, supply in lots, per-user limits), its schedule with a countdown to the next
 * phase, the user's subscription with the draw's evidence, and "Subscribe" while it is open and not yet subscribed.
 */
export function OfferCard({ offer, subscription, onSubscribe }: { offer: Offer; subscription?: Subscription | null; onSubscribe?: (offer: Offer) => void }) {
  const { t } = useT();
  const mine = subscription ?? offer.mine;
  const date = (at: string) => formatScreenTime(at, 'utc', { upTo: 'minute', zoneLabel: true });
  const tokens = (value: string) => `${formatExact(orZero(value))} ${offer.token}`;
  return (
    <li className={styles.card} data-testid={`ico-offer-${offer.id}`} data-phase={offer.phase}>
      <div className={styles.cardHead}>
        <div>
          <h3 className={styles.cardTitle}>{offer.name}</h3>
          <p className={styles.muted}>
            {offer.token} · {offer.codeRequired ? t('icoKindAllotment') : t('icoKindIeo')}
          </p>
        </div>
        <span className={styles.badge} data-phase={offer.phase}>
          {t(PHASE_KEYS[offer.phase])}
        </span>
      </div>
      <Countdown offer={offer} />
      <dl className={styles.facts}>
        <dt>{t('icoPrice')}</dt>
        <dd>{formatExact(orZero(offer.price))} USDT</dd>
        <dt>{t('icoSupply')}</dt>
        <dd>{t('icoSupplyValue', { supply: tokens(offer.supply), lots: String(offer.totalLots), lot: tokens(offer.lot) })}</dd>
        <dt>{t('icoLimits')}</dt>
        <dd>{`${tokens(offer.minQuantity)} – ${tokens(offer.maxQuantity)}`}</dd>
        <dt>{t('icoWindow')}</dt>
        <dd>{`${date(offer.openAt)} – ${date(offer.closeAt)}`}</dd>
        <dt>{t('icoDrawAt')}</dt>
        <dd>{date(offer.drawAt)}</dd>
        <dt>{t('icoListAt')}</dt>
        <dd>{date(offer.listAt)}</dd>
        <dt>{t('icoSubscribers')}</dt>
        <dd>{String(offer.totals.subscribers)}</dd>
      </dl>
      {mine ? (
        <div className={styles.mine} data-testid={`ico-mine-${offer.id}`} data-status={mine.status}>
          <div className={styles.cardHead}>
            <h4 className={styles.proofTitle}>{t('icoMySubscription')}</h4>
            <span className={styles.badge} data-status={mine.status}>
              {t(STATUS_KEYS[mine.status])}
            </span>
          </div>
          <dl className={styles.facts}>
            <dt>{t('icoQuantity')}</dt>
            <dd>{tokens(mine.quantity)}</dd>
            <dt>{t('icoHeld')}</dt>
            <dd>{formatExact(orZero(mine.amount))} USDT</dd>
          </dl>
          <Proof offer={offer} subscription={mine} />
        </div>
      ) : null}
      {offer.phase === 'open' && !mine && onSubscribe ? (
        <div className={styles.cardActions}>
          <Button onClick={() => onSubscribe(offer)} data-testid={`ico-subscribe-${offer.id}`}>
            {t('icoSubscribe')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
