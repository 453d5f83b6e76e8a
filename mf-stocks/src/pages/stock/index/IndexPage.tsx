import { stocks } from '@meridian/contracts';
import { AppLink, Card, Page, QueryState, formatMoney, formatPercent, formatSigned, loginUrl, useApiQuery, useIsLoggedIn, compareExact } from '@meridian/shared';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { useMarketValue, useStockList } from '../../../stock-core/api';
import { RateNotice, StockList } from '../../../stock-core/parts';
import styles from '../../../stock-core/stock.module.css';
import { IpoSection } from '../ipo-section/IpoSection';
import { PositionList } from '../../../stock-core/PositionList';

/**
 * /pages/stock/index — the stock home: both markets (US and Tokyo) with their stocks, my positions with their total
 * value and P/L in USDT, the top gainers and losers against the previous close, the IPO section, and the ways to
 * AI funds, day trading and block trades.
 */
export function StockIndexPage() {
  const { t } = useT();
  return (
    <Page title={t('stockTitle')} subtitle={t('stockDescription')}>
      <RateNotice />
      <nav className={styles.links} aria-label={t('stockEntriesLabel')}>
        <AppLink className={styles.chip} href={P.stockSearch} data-testid="stock-search-link">{t('stockSearchTitle')}</AppLink>
        <AppLink className={styles.chip} href={P.aiTrading}>{t('aiTradingTitle')}</AppLink>
        <AppLink className={styles.chip} href={P.dayTrading}>{t('dayTradingTitle')}</AppLink>
        <AppLink className={styles.chip} href={P.blockTrade}>{t('blockTradeTitle')}</AppLink>
      </nav>
      <MyPositions />
      <div className={styles.grid}>
        <Market venue="US" />
        <Market venue="TSE" />
        <Movers direction="gainers" />
        <Movers direction="losers" />
      </div>
      <IpoSection />
    </Page>
  );
}

function Market({ venue }: { venue: 'US' | 'TSE' }) {
  const { t } = useT();
  const list = useStockList(venue);
  const open = list.data?.list[0]?.marketOpen;
  return (
    <Card className={styles.card}>
      <div className={styles.row}>
        <h2 className={styles.title}>{venue === 'US' ? t('stockMarketUs') : t('stockMarketTse')}</h2>
        {open === undefined ? null : <span className={styles.muted}>{open ? t('stockOpen') : t('stockClosed')}</span>}
      </div>
      <QueryState query={list} isEmpty={(d) => d.list.length === 0}>
        {(d) => <StockList stocks={d.list.slice(0, 6)} testId={`market-${venue}`} />}
      </QueryState>
    </Card>
  );
}

function Movers({ direction }: { direction: 'gainers' | 'losers' }) {
  const { t } = useT();
  const query = useApiQuery(direction === 'gainers' ? stocks.topGainer : stocks.topLoser, { limit: 5 }, { refetchInterval: 5000 });
  return (
    <Card className={styles.card}>
      <h2 className={styles.title}>{direction === 'gainers' ? t('stockTopGainers') : t('stockTopLosers')}</h2>
      <QueryState query={query} isEmpty={(d) => d.length === 0} emptyTitle={t('stockNoMovers')}>
        {(d) => <StockList stocks={d} testId={`top-${direction}`} />}
      </QueryState>
    </Card>
  );
}

/** The user's ordinary stock positions: total value and P/L in USDT, then each position. */
function MyPositions() {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const value = useMarketValue('stock');
  if (!loggedIn) {
    return (
      <Card className={styles.card}>
        <h2 className={styles.title}>{t('stockMyPositions')}</h2>
        <AppLink className={styles.link} href={loginUrl(P.stock)}>{t('stockLoginToSee')}</AppLink>
      </Card>
    );
  }
  return (
    <Card className={styles.card}>
      <h2 className={styles.title}>{t('stockMyPositions')}</h2>
      {value.data ? (
        <dl className={styles.facts} data-testid="stock-totals">
          <dt>{t('stockTotalValue')}</dt>
          <dd>{formatMoney(value.data.marketValueUsdt)} USDT</dd>
          <dt>{t('stockTotalPnl')}</dt>
          <dd className={compareExact(value.data.pnlUsdt, 0) < 0 ? styles.down : styles.up}>
            {formatSigned(value.data.pnlUsdt, 2)} USDT{value.data.pnlPercent !== null ? ` (${formatPercent(value.data.pnlPercent, { signed: true })})` : ''}
          </dd>
          <dt>{t('stockFrozenFunds')}</dt>
          <dd>{formatMoney(value.data.frozenUsdt)} USDT</dd>
          <dt>{t('stockBalance')}</dt>
          <dd>{formatMoney(value.data.availableUsdt)} USDT</dd>
        </dl>
      ) : null}
      <PositionList testId="my-positions" />
    </Card>
  );
}
