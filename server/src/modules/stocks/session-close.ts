import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import type { MarketService } from '../market/service.js';
import { pushToUser } from '../platform/user-events.js';
import { tradingDays } from './hours.js';
import { stockFeesAt } from './fee-terms.js';
import { insertOrder } from './order-storage.js';
import type { StockOrders } from './orders.js';
import type { StocksService } from './service.js';
import { VENUES, venueOf, type Venue } from './venue.js';

/** How far back the job looks for a close it has not done (downtime longer than this is not caught up). */
const LOOK_BACK_MS = 21 * 86_400_000;

/**
 * Day trading's session end: every day-trading position still open at its venue's close is sold at the first
 * price recorded at or after the close — the feed does not tick a closed venue, so that is the price standing at
 * the close (the last recorded minute ending at the close; the feed's last tick when none is stored yet) — as an
 * order of origin `sessionEnd` (close type "session end"), with that tick as evidence and a receipt. Run by a job;
 * each (venue, close) is done once, in one transaction claimed by its row in stock_session_closes, oldest close
 * first, so closes passed while the server was down are done at the next run, and a position opened after a
 * close is never closed at it. DAY limit orders are expired first (they would hold the shares).
 */
export async function closeDayTradingSessions(deps: { store: Db; now: Date; orders: StockOrders; stocks: StocksService; market: MarketService }): Promise<number> {
  const { store, now, orders } = deps;
  await orders.expireDue(store, now);
  let closed = 0;
  for (const venue of Object.values(VENUES)) {
    const closes = tradingDays(venue, now.getTime() - LOOK_BACK_MS, now.getTime()).map((d) => d.close).filter((close) => close <= now.getTime());
    const { rows: done } = await store.query<{ close_at: Date }>('SELECT close_at FROM stock_session_closes WHERE venue = $1 AND close_at >= $2', [venue.id, new Date(now.getTime() - LOOK_BACK_MS)]);
    const doneAt = new Set(done.map((r) => new Date(r.close_at).getTime()));
    for (const close of closes) {
      if (doneAt.has(close)) continue;
      const result = await closeAt(deps, venue, close);
      if (result === null) break; // a price not recorded yet: this close (and the later ones) wait for the next run
      closed += result;
    }
  }
  return closed;
}

async function closeAt(deps: { store: Db; now: Date; orders: StockOrders; stocks: StocksService; market: MarketService }, venue: Venue, close: number): Promise<number | null> {
  const { store, now, orders, stocks, market } = deps;
  const { rows } = await store.query<{ userId: string; mode: 'real' | 'demo'; symbol: string; shares: string }>(
    `SELECT user_id AS "userId", mode, symbol, shares::text AS shares FROM stock_positions
      WHERE book = 'dayTrading' AND shares > 0 AND opened_at < $1 ORDER BY user_id, symbol`,
    [new Date(close)],
  );
  const open = rows.filter((r) => venueOf(r.symbol)?.id === venue.id);
  const prices = new Map<string, { price: string; at: number }>();
  for (const symbol of new Set(open.map((r) => r.symbol))) {
    const recorded = await market.priceAt(symbol, close, store);
    const live = market.feed.quote(symbol);
    const price = recorded ?? (live ? { price: live.price, at: Math.max(live.time, close) } : undefined);
    if (!price) return null;
    prices.set(symbol, price);
  }
  return store.transaction(async (tx) => {
    const claim = await tx.query('INSERT INTO stock_session_closes (venue, close_at, done_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING venue', [venue.id, new Date(close), now]);
    if (!claim.rows[0]) return 0;
    const rates = new Map((await tx.query<{ currency: string; version: number; rate: string }>(
      'SELECT DISTINCT ON (currency) currency, version, rate::text AS rate FROM stock_rate_versions ORDER BY currency, version DESC',
    )).rows.map((r) => [r.currency, r]));
    // the fee terms in force at the close job's run, frozen into each closing order like any other
    const fees = await stockFeesAt(tx, now);
    let n = 0;
    for (const position of open) {
      // the ledger's available shares (a resting sell's were released when its DAY order expired above)
      const { rows: held } = await tx.query<{ balance: string }>(
        `SELECT balance::text AS balance FROM ledger_accounts WHERE holder = $1 AND mode = $2 AND wallet = 'dayTrading' AND asset = $3 AND part = 'available'`,
        [position.userId, position.mode, position.symbol],
      );
      const shares = new Dec(held[0]?.balance ?? '0');
      const rate = rates.get(venue.currency);
      if (shares.lte(0) || !rate) continue;
      const { price, at } = prices.get(position.symbol)!;
      const instrument = stocks.stock(position.symbol).instrument;
      const order = await insertOrder(tx, {
        userId: position.userId, mode: position.mode, book: 'dayTrading', symbol: position.symbol, venue: venue.id, currency: venue.currency, side: 'sell',
        type: 'market', timeInForce: 'DAY', origin: 'sessionEnd', price: null, shares: shares.toFixed(), feeRate: fees.takerFeeRate, ...fees,
        rate: rate.rate, rateVersion: Number(rate.version), frozenAsset: position.symbol, expiresAt: null,
        requestKey: `session-end:${venue.id}:${close}:${position.userId}:${position.mode}:${position.symbol}`,
      }, now);
      const tick = { symbol: position.symbol, category: instrument.category, price, bid: price, ask: price, volume: '0', time: at };
      const walk = { takes: [{ price, quantity: shares.toFixed() }], quantity: shares, value: shares.times(price) };
      const done = await orders.execute(tx, order, walk, tick, 'taker', instrument.priceDecimals, now);
      orders.pushOrder(tx, done);
      pushToUser(tx, position.userId, { action: 'STOCK_POSITION', mode: position.mode, book: 'dayTrading', symbol: position.symbol, closeType: 'sessionEnd' });
      n++;
    }
    return n;
  });
}
