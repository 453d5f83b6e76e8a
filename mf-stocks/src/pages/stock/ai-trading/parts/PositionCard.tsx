import { AppLink, formatExact, orZero } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { P } from '../../../../paths';
import type { FundPosition } from './api';
import { pnlText, rateText, trendOf, usdt, when } from './figures';
import styles from './ai.module.css';

/** One lot: shares, bought at, its value now (or redeemed at), P/L; a redeem link while held. */
export function PositionCard({ position }: { position: FundPosition }) {
  const { t } = useT();
  const held = position.status === 'holding';
  return (
    <li className={styles.card} data-testid={`ai-position-${position.id}`}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{position.fundName}</h3>
        <span className={styles.badge}>{held ? t('aiFundHolding') : t('aiFundRedeemedStatus')}</span>
      </div>
      <dl className={styles.facts}>
        <dt>{t('aiFundSharesLabel')}</dt>
        <dd>{formatExact(orZero(position.shares))}</dd>
        <dt>{t('aiFundBoughtAtLabel')}</dt>
        <dd>
          {formatExact(orZero(position.buyValue))}
          <span className={styles.sub}>{when(position.buyValuedAt)}</span>
        </dd>
        <dt>{t('aiFundCostLabel')}</dt>
        <dd>{usdt(position.cost)}</dd>
        <dt>{held ? t('aiFundValueNowLabel') : t('aiFundRedeemedAtLabel')}</dt>
        <dd>
          {position.valuePerShare ? formatExact(orZero(position.valuePerShare)) : '—'}
          <span className={styles.sub}>{when(position.valuedAt)}</span>
        </dd>
        <dt>{held ? t('aiFundMarketValueLabel') : t('aiFundProceedsLabel')}</dt>
        <dd>{usdt(position.marketValue)}</dd>
        <dt>{t('aiFundPnlLabel')}</dt>
        <dd className={styles[trendOf(position.pnl)]} data-testid="ai-position-pnl">{`${pnlText(position.pnl)} (${rateText(position.pnlRate)})`}</dd>
      </dl>
      {held ? (
        <div className={styles.actions}>
          <AppLink className={`${styles.linkButton} ${styles.linkSecondary}`} href={`${P.aiSell}?position=${position.id}`} data-testid={`ai-position-redeem-${position.id}`}>
            {t('aiFundRedeemButton')}
          </AppLink>
        </div>
      ) : null}
    </li>
  );
}
