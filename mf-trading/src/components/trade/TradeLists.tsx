import { useState } from 'react';
import { perpetual, trading } from '@meridian/contracts';
import { useApiPaged, useApiQuery, useIsLoggedIn } from '@meridian/shared';
import { useT } from '../../i18n';
import { useConditionalList } from './ConditionalOrders';
import { Tabs } from './listParts';
import { PerpHistory, PerpOrders, Positions } from './PerpLists';
import { SpotHistory, SpotHoldings, SpotOpenOrders } from './SpotLists';
import styles from './trade.module.css';

type SpotTab = 'open' | 'history' | 'holdings';
type PerpTab = 'positions' | 'orders' | 'history';

/**
 * How many rows each list tab holds, from the same queries the lists read (one request each, shared with the
 * open tab): open orders and history by their totals, positions and holdings by their rows.
 */
function useListCounts(market: 'spot' | 'perp', symbol: string | undefined, loggedIn: boolean) {
  const spot = loggedIn && market === 'spot';
  const perp = loggedIn && market === 'perp';
  const spotOpen = useApiPaged(trading.spotList, { symbol: symbol || undefined }, { enabled: spot });
  const spotHistory = useApiPaged(trading.spotHistory, { symbol: symbol || undefined }, { enabled: spot });
  const conditionals = useConditionalList(symbol, { enabled: spot });
  const holdings = useApiQuery(trading.spotHoldings, {}, { enabled: spot });
  const positions = useApiQuery(perpetual.openList, {}, { enabled: perp });
  const orders = useApiQuery(perpetual.limitList, {}, { enabled: perp });
  const perpHistory = useApiPaged(perpetual.closeList, { symbol: symbol || undefined }, { enabled: perp });
  const mine = <R extends { symbol: string }>(rows: R[] | undefined) => (rows ? (symbol ? rows.filter((row) => row.symbol === symbol) : rows).length : undefined);
  const paged = (list: { loading: boolean; error: unknown; total: number }) => (list.loading || list.error ? undefined : list.total);
  // open orders: the plain ones and the TP/SL and OCO groups
  const sum = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : a + b);
  return {
    spot: { open: sum(paged(spotOpen), paged(conditionals)), history: paged(spotHistory), holdings: holdings.data?.length } as Partial<Record<SpotTab, number>>,
    perp: { positions: mine(positions.data), orders: mine(orders.data), history: paged(perpHistory) } as Partial<Record<PerpTab, number>>,
  };
}

/**
 * The lists under the order form: spot open orders, history and holdings, or perpetual positions, open orders and
 * history, each row with its actions: cards on the phone, column tables (`table`) on the desktop grid. They follow the positions stream: every push invalidates them (shared
 * PUSH_INVALIDATIONS), so rows change in place without polling.
 */
export function TradeLists({ market, symbol, table = false }: { market: 'spot' | 'perp'; symbol?: string; table?: boolean }) {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const [spotTab, setSpotTab] = useState<SpotTab>('open');
  const [perpTab, setPerpTab] = useState<PerpTab>('positions');
  const counts = useListCounts(market, symbol, loggedIn);
  if (!loggedIn) return <p className={styles.muted}>{t('listsLoginPrompt')}</p>;
  return (
    <section className={styles.lists} aria-label={t('listsLabel')} data-testid={`lists-${market}`}>
      {market === 'spot' ? (
        <>
          <Tabs<SpotTab>
            label={t('listsLabel')}
            current={spotTab}
            onChange={setSpotTab}
            counts={counts.spot}
            tabs={[
              ['open', 'tabOpenOrders'],
              ['history', 'tabHistory'],
              ['holdings', 'tabHoldings'],
            ]}
          />
          <div role="tabpanel">{spotTab === 'open' ? <SpotOpenOrders symbol={symbol} table={table} /> : spotTab === 'history' ? <SpotHistory symbol={symbol} table={table} /> : <SpotHoldings />}</div>
        </>
      ) : (
        <>
          <Tabs<PerpTab>
            label={t('listsLabel')}
            current={perpTab}
            onChange={setPerpTab}
            counts={counts.perp}
            tabs={[
              ['positions', 'tabPositions'],
              ['orders', 'tabOpenOrders'],
              ['history', 'tabHistory'],
            ]}
          />
          <div role="tabpanel">{perpTab === 'positions' ? (
              <Positions symbol={symbol} table={table} />
            ) : perpTab === 'orders' ? (
              <PerpOrders symbol={symbol} table={table} />
            ) : (
              <PerpHistory symbol={symbol} table={table} />
            )}</div>
        </>
      )}
    </section>
  );
}
