import { stockOrders } from '@meridian/contracts';
import { AppLink, Card, Page, QueryState, compareExact, formatMoney, formatPercent, formatSigned, loginUrl, useApiQuery, useIsLoggedIn } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { P } from '../../../../paths';
import { usePositions } from '../../../../stock-core/api';
import { RateNotice } from '../../../../stock-core/parts';
import styles from '../../../../stock-core/stock.module.css';
import { OrderRows } from './OrderRows';

/**
 * /pages/stock/day-trading/index — the day-trading account: its USDT (available, frozen), positions' value and
 * P/L, the positions (each closed automatically at its venue's close: "session end") and the orders; transfers in
 * and out and the fund records.
 */
export function DayTradingIndexPage() {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const info = useApiQuery(stockOrders.dayTradingAccountInfo, {}, { enabled: loggedIn, refetchInterval: 5000 });
  const positions = usePositions('dayTrading');
  const orders = useApiQuery(stockOrders.dayTradingOrders, { size: 20 }, { enabled: loggedIn, refetchInterval: 5000 });
  return (
    <Page title={t('dayTradingTitle')} subtitle={t('dayTradingDescription')}>
      <RateNotice />
      {!loggedIn ? (
        <Card className={styles.card}><AppLink className={styles.link} href={loginUrl(P.dayTrading)}>{t('stockLoginToSee')}</AppLink></Card>
      ) : (
        <>
          <Card className={styles.card}>
            <h2 className={styles.title}>{t('dayAccount')}</h2>
            <QueryState query={info}>
              {(a) => (
                <dl className={styles.facts} data-testid="day-account">
                  <dt>{t('dayTotal')}</dt>
                  <dd>{formatMoney(a.totalUsdt)} USDT</dd>
                  <dt>{t('stockBalance')}</dt>
                  <dd data-testid="day-available">{formatMoney(a.availableUsdt)} USDT</dd>
                  <dt>{t('stockFrozenFunds')}</dt>
                  <dd>{formatMoney(a.frozenUsdt)} USDT</dd>
                  <dt>{t('stockTotalValue')}</dt>
                  <dd>{formatMoney(a.marketValueUsdt)} USDT</dd>
                  <dt>{t('stockTotalPnl')}</dt>
                  <dd className={compareExact(a.pnlUsdt, 0) < 0 ? styles.down : styles.up}>{formatSigned(a.pnlUsdt, 2)} USDT</dd>
                </dl>
              )}
            </QueryState>
            <div className={styles.links}>
              <AppLink className={styles.chip} href={P.daySwitchTo} data-testid="day-switch-to">{t('daySwitchToTitle')}</AppLink>
              <AppLink className={styles.chip} href={P.dayRollOut} data-testid="day-roll-out">{t('dayRollOutTitle')}</AppLink>
              <AppLink className={styles.chip} href={P.dayFundRecords}>{t('dayFundRecordsTitle')}</AppLink>
              <AppLink className={styles.chip} href={P.stockSearch}>{t('dayFindStock')}</AppLink>
            </div>
            <p className={styles.muted}>{t('daySessionEndNote')}</p>
          </Card>
          <div className={styles.grid}>
            <Card className={styles.card}>
              <h2 className={styles.title}>{t('dayPositions')}</h2>
              <QueryState query={positions} isEmpty={(d) => d.length === 0} emptyTitle={t('stockNoPositions')}>
                {(list) => (
                  <ul className={styles.list} data-testid="day-positions">
                    {list.map((p) => (
                      <li key={p.symbol} className={styles.item}>
                        <AppLink className={styles.name} href={`${P.dayPositionDetail}?symbol=${encodeURIComponent(p.symbol)}`}>
                          <strong>{p.symbol}</strong>
                          <span className={styles.muted}>{t('stockSharesCount', { shares: p.shares })}</span>
                        </AppLink>
                        <span className={`${styles.figure} ${compareExact(p.pnl, 0) < 0 ? styles.down : styles.up}`}>
                          {p.pnlPercent !== null ? formatPercent(p.pnlPercent, { signed: true }) : formatSigned(p.pnl, 2)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </QueryState>
            </Card>
            <Card className={styles.card}>
              <h2 className={styles.title}>{t('dayOrders')}</h2>
              <QueryState query={orders} isEmpty={(d) => d.list.length === 0} emptyTitle={t('dayNoOrders')}>
                {(d) => <OrderRows orders={d.list} testId="day-orders" />}
              </QueryState>
            </Card>
          </div>
        </>
      )}
    </Page>
  );
}
