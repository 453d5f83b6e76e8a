import type { ReactNode } from 'react';
import { AppLink, formatExact, formatPercentNumber, formatScreenTime, orZero, percentOf } from '@meridian/shared';
import type { Reserve } from '../../api/invest';
import { useT, type Key } from '../../i18n';
import styles from './invest.module.css';

/** An exact amount with its asset. */
export const money = (value: string | null | undefined, asset: string) => `${formatExact(orZero(value))} ${asset}`;
/** A fraction as a percentage, exactly and in the user's number format ("0.005" → "0.5 %", German "0,5 %"). */
export const percent = (fraction: string) => `${formatPercentNumber(percentOf(fraction), { decimals: 'all', minDecimals: 0 })} %`;
/** A time as the investment screens show it (UTC, to the minute, the zone named). */
export const when = (at: string | null | undefined) => (at ? formatScreenTime(at, 'utc', { upTo: 'minute', zoneLabel: true }) : '—');

/** Term/value pairs (a definition list). */
export function Facts({ items, testId }: { items: (readonly [Key, ReactNode])[]; testId?: string }) {
  const { t } = useT();
  return (
    <dl className={styles.facts} data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What backs a product: the reserve, what it already owes and the ratio, so the user sees the promise is funded
 * (or why it is sold out) before buying.
 */
export function ReserveFacts({ reserve, soldOut }: { reserve: Reserve; soldOut?: boolean }) {
  const { t } = useT();
  return (
    <div className={styles.reserve} data-testid="reserve">
      <p className={styles.reserveTitle}>{t('reserveTitle')}</p>
      <Facts
        items={[
          ['reserveBalance', money(reserve.balance, reserve.asset)],
          ['reserveOwed', money(reserve.liability, reserve.asset)],
          ['reserveCoverage', reserve.coverageRatio === null ? t('reserveNothingOwed') : `${formatExact(reserve.coverageRatio)} ×`],
        ]}
      />
      {soldOut ? (
        <p className={styles.soldOut} role="status" data-testid="sold-out">
          {t('soldOutReason')}
        </p>
      ) : null}
    </div>
  );
}

/** The screen links of an area, the current one marked. */
export function Chips({ links, current }: { links: { href: string; label: Key }[]; current?: string }) {
  const { t } = useT();
  return (
    <nav aria-label={t('sectionsLabel')}>
      <ul className={styles.chips}>
        {links.map((link) => (
          <li key={link.href}>
            <AppLink className={styles.chip} href={link.href} aria-current={link.href === current ? 'page' : undefined}>
              {t(link.label)}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Status({ status }: { status: 'locked' | 'redeemed' | 'holding' | 'matured' | 'pending' | 'paid' }) {
  const { t } = useT();
  const label: Record<typeof status, Key> = { locked: 'statusLocked', redeemed: 'statusRedeemed', holding: 'statusHolding', matured: 'statusMatured', pending: 'statusScheduled', paid: 'statusPaid' };
  return (
    <span className={styles.status} data-status={status}>
      {t(label[status])}
    </span>
  );
}
