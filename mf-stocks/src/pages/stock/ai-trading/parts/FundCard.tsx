import { AppLink, formatExact, orZero } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { P } from '../../../../paths';
import type { Fund } from './api';
import { day, rateText, trendOf, when } from './figures';
import { ValueChart } from './ValueChart';
import styles from './ai.module.css';

/** One fund: its rule, value per share, minimum, realised yields with their periods, and its value history. */
export function FundCard({ fund }: { fund: Fund }) {
  const { t } = useT();
  const rule =
    fund.strategy === 'momentum'
      ? t('aiFundRuleMomentum', { top: String(fund.top ?? 1), n: String(fund.symbols.length), days: String(fund.lookbackDays ?? 0), every: String(fund.rebalanceEveryDays) })
      : t('aiFundRuleEqual', { n: String(fund.symbols.length), every: String(fund.rebalanceEveryDays) });
  // a period under a day is told by its times (a day count would read "0 days")
  const period = (p: Fund['dailyYieldPeriod']) =>
    !p ? t('aiFundNoPeriod') : p.days < 1 ? `${when(p.from)} – ${when(p.to)}` : t('aiFundPeriod', { from: day(p.from), to: day(p.to), days: formatExact(String(p.days)) });
  return (
    <li className={styles.card} data-testid={`ai-fund-${fund.id}`}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{fund.name}</h3>
        {fund.hasCode ? <span className={styles.badge}>{t('aiFundCodeBadge')}</span> : null}
      </div>
      <p className={styles.muted}>{rule}</p>
      <p className={styles.symbols}>{fund.holdings.length ? fund.holdings.join(' · ') : fund.symbols.join(' · ')}</p>
      <div>
        <p className={styles.muted}>{t('aiFundValueLabel')}</p>
        <p className={styles.big} data-testid="ai-fund-value">
          {fund.valuePerShare ? formatExact(orZero(fund.valuePerShare)) : '—'}
          <span className={styles.unit}>USDT</span>
        </p>
        <p className={styles.muted}>{fund.valuedAt ? t('aiFundValuedAt', { at: when(fund.valuedAt) }) : t('aiFundNotValuedYet')}</p>
      </div>
      <ValueChart points={fund.history} name={fund.name} />
      <dl className={styles.facts}>
        <dt>{t('aiFundMinShareLabel')}</dt>
        <dd>{formatExact(orZero(fund.minShares))}</dd>
        <dt>
          {t('aiFundDailyYieldLabel')}
          <span className={styles.period}>{period(fund.dailyYieldPeriod)}</span>
        </dt>
        <dd className={styles[trendOf(fund.dailyYieldRate)]}>{rateText(fund.dailyYieldRate)}</dd>
        <dt>
          {t('aiFundExpectedRateLabel')}
          <span className={styles.period}>{period(fund.expectedRatePeriod)}</span>
        </dt>
        <dd className={styles[trendOf(fund.expectedRate)]}>{rateText(fund.expectedRate)}</dd>
        <dt>{t('aiFundCapLabel')}</dt>
        <dd>{rateText(fund.maxGainRate)}</dd>
      </dl>
      <div className={styles.actions}>
        <AppLink className={styles.linkButton} href={`${P.aiBuy}?fund=${encodeURIComponent(fund.id)}`} data-testid={`ai-fund-buy-${fund.id}`}>
          {t('aiFundBuyButton')}
        </AppLink>
      </div>
    </li>
  );
}
