import { AppLink, QueryState, useApiQuery, useIsLoggedIn } from '@meridian/shared';
import { invest } from '../../../api/invest';
import { FinancingList } from '../../../components/invest/FinancingParts';
import { money, when } from '../../../components/invest/parts';
import { useSmartPoolPaths } from '../../../components/invest/paths';
import { InvestScreen } from '../../../components/invest/Screen';
import { MinerList } from '../../../components/invest/SmartPoolParts';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { EarnHoldings } from '../../../widgets/EarnHoldings';
import styles from '../../../components/invest/invest.module.css';

/** /pages/earn/index: every investment product with its terms and coverage, and the user's holdings and income. */
export function EarnIndexPage() {
  const { t } = useT();
  const p = useSmartPoolPaths();
  const loggedIn = useIsLoggedIn();
  return (
    <InvestScreen title="earnTitle" subtitle="earnDescription">
      {loggedIn ? <EarnTotals /> : null}
      {loggedIn ? (
        <>
          <h2 className={styles.sectionTitle}>{t('myHoldings')}</h2>
          <EarnHoldings />
        </>
      ) : null}
      <h2 className={styles.sectionTitle}>
        <AppLink href={p.index}>{t('smartPoolTitle')}</AppLink>
      </h2>
      <MinerList />
      <h2 className={styles.sectionTitle}>
        <AppLink href={p.financing}>{t('manageAccountTitle')}</AppLink>
      </h2>
      <FinancingList />
      <h2 className={styles.sectionTitle}>
        <AppLink href={P.ico}>{t('icoTitle')}</AppLink>
      </h2>
      <p className={styles.muted}>{t('earnIcoNote')}</p>
    </InvestScreen>
  );
}

/**
 * Total invested, income to date and the next payout across the smart pool and financing: the servers' totals over
 * every holding (not a page of them), financing's interest paid counted as income.
 */
function EarnTotals() {
  const { t } = useT();
  const summary = useApiQuery(invest.smartPoolSummary);
  const financing = useApiQuery(invest.financingSummary);
  const query = { ...summary, data: summary.data && financing.data ? { s: summary.data, f: financing.data.filter((a) => a.asset === summary.data.asset) } : undefined, isError: summary.isError || financing.isError };
  return (
    <QueryState query={query} errorTitle={t('loadFailed')}>
      {({ s, f }) => {
        const next = [s.nextPayoutAt, ...f.map((a) => a.nextMaturityAt)].filter((d): d is string => Boolean(d)).sort()[0] ?? null;
        return (
          <dl className={`${styles.card} ${styles.summary}`} data-testid="earn-totals">
            <div>
              <dt>{t('investedLabel')}</dt>
              <dd data-testid="earn-invested">{money(sumText([s.invested, ...f.map((a) => a.invested)]), s.asset)}</dd>
            </div>
            <div>
              <dt>{t('revenueLabel')}</dt>
              <dd data-testid="earn-income">{money(sumText([s.revenue, s.rebates, ...f.map((a) => a.interestPaid)]), s.asset)}</dd>
            </div>
            <div>
              <dt>{t('holdingsCount')}</dt>
              <dd>{s.lockedOrders + f.reduce((n, a) => n + a.holding, 0)}</dd>
            </div>
            <div>
              <dt>{t('nextPayoutLabel')}</dt>
              <dd>{when(next)}</dd>
            </div>
          </dl>
        );
      }}
    </QueryState>
  );
}

/** Adds decimal strings exactly (scaled BigInt: no float ever touches an amount). */
function sumText(values: string[]): string {
  const scale = Math.max(0, ...values.map((v) => v.split('.')[1]?.length ?? 0));
  const total = values.reduce((sum, v) => {
    const [whole, frac = ''] = v.split('.');
    return sum + BigInt(`${whole}${frac.padEnd(scale, '0')}`);
  }, 0n);
  const text = total.toString().padStart(scale + 1, '0');
  return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`.replace(/\.?0+$/, '');
}
