import type { StockPositionView } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { balances, normalize, type Mode } from '../ledger/ledger.js';
import type { MarketService } from '../market/service.js';
import { dayWallet } from './day-trading.js';
import type { StockBook } from './positions.js';
import type { StocksService } from './service.js';
import { currentRates } from './storage.js';
import { marketValueView, heldPositions, positionView } from './views.js';

/** A book's positions valued now (listPosition, listDayTradingPosition) and its totals (getUserPositionMarketValue). */
export function createStockBooks(deps: { db: Db; stocks: StocksService; market: MarketService }) {
  const { db, stocks, market } = deps;

  async function positions(user: { id: string; mode: Mode }, book: StockBook): Promise<StockPositionView[]> {
    const rates = await currentRates(db);
    const held = await heldPositions(db, user, book);
    return held.map((p) => {
      const { instrument, venue } = stocks.stock(p.row.symbol);
      const quote = market.quote(instrument.symbol);
      const tick = market.feed.quote(instrument.symbol);
      return positionView(p, {
        name: instrument.name, venue: venue.id, price: quote.price, bid: tick?.bid ?? quote.price, marketOpen: quote.marketOpen, priceDecimals: instrument.priceDecimals,
      }, rates.get(venue.currency));
    });
  }

  /** The USDT a book pays from: the spot wallet (ordinary stocks) or the day-trading wallet. */
  async function wallet(user: { id: string; mode: Mode }, book: StockBook): Promise<{ available: string; frozen: string }> {
    if (book === 'dayTrading') return dayWallet(db, user);
    const usdt = (await balances(db, user.id, user.mode, 'spot')).find((b) => b.asset === 'USDT');
    // the spot wallet's frozen USDT is shared with spot orders: count the stock buys' holds only
    const { rows } = await db.query<{ frozen: string }>(
      `SELECT COALESCE(sum(frozen), 0)::text AS frozen FROM stock_orders WHERE user_id = $1 AND mode = $2 AND book = 'stock' AND side = 'buy' AND status = 'pending'`,
      [user.id, user.mode],
    );
    return { available: usdt?.available ?? '0', frozen: normalize(rows[0]!.frozen) };
  }

  return {
    positions,
    wallet,
    async marketValue(user: { id: string; mode: Mode }, book: StockBook) {
      return marketValueView(book, await positions(user, book), await wallet(user, book));
    },
  };
}

export type StockBooks = ReturnType<typeof createStockBooks>;
