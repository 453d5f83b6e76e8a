import { walkPrice } from '@meridian/contracts';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { available } from '../ledger/ledger.js';
import type { Db } from '../../db/db.js';
import type { StockBooks } from './book.js';
import { buyHold, execution } from './order-money.js';
import type { StockOrderInput, StockOrders } from './orders.js';
import { bookAccount } from './positions.js';

/**
 * userStock/estimate: what buy or sell would take now, read-only, with the same checks and functions: the walk of
 * the book (a market order), or a limit order at its price (what it holds, filled now or later as maker).
 */
export async function estimateStockOrder(deps: { db: Db; orders: StockOrders; books: StockBooks; clock: () => Date }, user: AuthUser, input: StockOrderInput) {
  const { orders, books, clock } = deps;
  const book = input.book ?? 'stock';
  const p = await orders.plan(input, clock().getTime());
  let shares: string;
  let price: string;
  if (p.limit) {
    shares = new Dec(input.shares!).toFixed();
    price = new Dec(input.price!).toFixed();
  } else {
    const walk = orders.marketWalk(p.symbol, p.venue.lotSize, input.side, input);
    shares = walk.quantity.toFixed();
    price = walkPrice(walk, input.side, p.priceDecimals)!;
  }
  // a limit that rests pays the maker fee; one the book crosses now pays taker: the higher is shown
  const e = execution(price, new Dec(shares), p.rate.rate, p.fees.takerFeeRate, input.side);
  const wallet = await books.wallet(user, book);
  const { part: _part, ...sharesAccount } = bookAccount(user.id, user.mode, book, p.symbol);
  const held = await available(deps.db, sharesAccount);
  const total = input.side === 'buy' ? (p.limit ? buyHold(price, shares, p.rate.rate, p.fees) : e.valueUsdt.plus(e.feeUsdt)) : e.valueUsdt.minus(e.feeUsdt);
  const enough = input.side === 'buy' ? total.lte(wallet.available) : new Dec(shares).lte(held);
  return {
    symbol: p.symbol, currency: p.venue.currency, side: input.side, type: input.type, shares, price, value: e.value.toFixed(),
    valueUsdt: e.valueUsdt.toFixed(), feeUsdt: e.feeUsdt.toFixed(), feeRate: p.fees.takerFeeRate, feeTermsVersion: p.fees.feeTermsVersion, totalUsdt: total.toFixed(),
    rate: p.rate.rate, rateVersion: p.rate.version, availableUsdt: wallet.available, availableShares: held, enough,
  };
}
