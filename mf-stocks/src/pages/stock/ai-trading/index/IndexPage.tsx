import { aiFunds } from '@meridian/contracts';
import { Page, QueryState, useApiQuery, useIsLoggedIn } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { FundCard } from '../parts/FundCard';
import { PositionCard } from '../parts/PositionCard';
import { pnlText, rateText, trendOf, usdt } from '../parts/figures';
import styles from '../parts/ai.module.css';

/**
 * /pages/stock/ai-trading/index — the AI funds (value per share, minimum share, realised daily yield and the
 * historical rate with their periods, a chart of the value) and, logged in, my positions with their P/L.
 */
export function AiTradingIndexPage() {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const funds = useApiQuery(aiFunds.list);
  return (
    <Page title={t('aiTradingTitle')} subtitle={t('aiFundSubtitle')}>
      <div className={styles.stack}>
        <p className={styles.note} data-testid="ai-fund-disclaimer">
          {t('aiFundHistoricalNote')}
        </p>
        <div className={styles.columns}>
          <section aria-labelledby="ai-funds-title" className={styles.stack}>
            <h2 id="ai-funds-title" className={styles.sectionTitle}>
              {t('aiFundListTitle')}
            </h2>
            <QueryState query={funds} isEmpty={(list) => list.length === 0} emptyTitle={t('aiFundListEmpty')} errorTitle={t('aiFundLoadFailed')}>
              {(list) => (
                <ul className={styles.cards} data-testid="ai-fund-list">
                  {list.map((fund) => (
                    <FundCard key={fund.id} fund={fund} />
                  ))}
                </ul>
              )}
            </QueryState>
          </section>
          {loggedIn ? <MyFunds /> : null}
        </div>
      </div>
    </Page>
  );
}

function MyFunds() {
  const { t } = useT();
  const info = useApiQuery(aiFunds.info);
  const positions = useApiQuery(aiFunds.positions, {});
  // the lots already redeemed (the history call lists every lot; the open ones are above)
  const history = useApiQuery(aiFunds.history, {}, { select: (list) => list.filter((p) => p.status === 'redeemed') });
  return (
    <section aria-labelledby="ai-mine-title" className={`${styles.stack} ${styles.mine}`} data-testid="ai-fund-mine">
      <h2 id="ai-mine-title" className={styles.sectionTitle}>
        {t('aiFundMineTitle')}
      </h2>
      <QueryState query={info} errorTitle={t('aiFundLoadFailed')}>
        {(data) => (
          <div className={styles.card}>
            <dl className={styles.facts}>
              <dt>{t('aiFundTotalValueLabel')}</dt>
              <dd data-testid="ai-fund-total-value">{usdt(data.value)}</dd>
              <dt>{t('aiFundCostLabel')}</dt>
              <dd>{usdt(data.cost)}</dd>
              <dt>{t('aiFundPnlLabel')}</dt>
              <dd className={styles[trendOf(data.pnl)]}>{`${pnlText(data.pnl)} (${rateText(data.pnlRate)})`}</dd>
            </dl>
          </div>
        )}
      </QueryState>
      <QueryState query={positions} isEmpty={(list) => list.length === 0} emptyTitle={t('aiFundNoPositions')} errorTitle={t('aiFundLoadFailed')}>
        {(list) => (
          <ul className={styles.cards} data-testid="ai-position-list">
            {list.map((position) => (
              <PositionCard key={position.id} position={position} />
            ))}
          </ul>
        )}
      </QueryState>
      {history.data && history.data.length > 0 ? (
        <>
          <h3 className={styles.sectionTitle}>{t('aiFundHistoryTitle')}</h3>
          <ul className={styles.cards} data-testid="ai-history-list">
            {history.data.map((position) => (
              <PositionCard key={position.id} position={position} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
