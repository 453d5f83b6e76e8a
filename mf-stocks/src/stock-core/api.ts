import { site, stockOrders, stocks } from '@meridian/contracts';
import { useApiQuery, useIsLoggedIn } from '@meridian/shared';

/** The queries the stock screens share (one cache entry per contract and input, as every remote reads them). */

export type StockBook = 'stock' | 'dayTrading';

/** The operator's USD and JPY → USDT rates (null while none is set). */
export function useStockRates() {
  return useApiQuery(site.settings, undefined, { select: (s) => s.stockRates });
}

export function useStockList(venue?: 'US' | 'TSE', keyword?: string) {
  return useApiQuery(stocks.list, { size: 50, ...(venue ? { venue } : {}), ...(keyword ? { keyword } : {}) }, { refetchInterval: 5000 });
}

export function useSingleStock(symbol: string) {
  return useApiQuery(stocks.singleStock, { symbol }, { enabled: symbol !== '', refetchInterval: 5000 });
}

export function usePositions(book: StockBook) {
  const loggedIn = useIsLoggedIn();
  return useApiQuery(stockOrders.listPosition, { book }, { enabled: loggedIn, refetchInterval: 5000 });
}

export function useMarketValue(book: StockBook) {
  const loggedIn = useIsLoggedIn();
  return useApiQuery(stockOrders.getUserPositionMarketValue, { book }, { enabled: loggedIn, refetchInterval: 5000 });
}

/** The currency sign of a stock currency, for figures in it. */
export const currencyLabel = (currency: 'USD' | 'JPY') => currency;

/** The detail and order screens of one stock. */
export const detailHref = (symbol: string) => `/pages/stock/stock-detail?symbol=${encodeURIComponent(symbol)}`;
export const orderHref = (symbol: string, side: 'buy' | 'sell', book: StockBook = 'stock') =>
  `/pages/stock/stock-buy-sell?symbol=${encodeURIComponent(symbol)}&side=${side}${book === 'dayTrading' ? '&book=dayTrading' : ''}`;
