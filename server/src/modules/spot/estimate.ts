import type { BookLevel } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { available } from '../ledger/ledger.js';
import type { Tick } from '../market/feed/port.js';
import type { TradingEngine } from '../trading/engine.js';
import type { InstrumentTerms } from '../trading/instruments.js';
import { refuse } from '../trading/refusal.js';
import { checkSpotOrder, type SpotOrderFields } from './order-checks.js';
import { averagePrice, feesOf, limitCrossing, marketWalk } from './order-plan.js';
import type { Side } from './storage.js';

/**
 * Pre-trade estimates of spot orders: what create() would do now, without writing anything. The same checks
 * refuse the same orders; the walk, each level's fee and the average come from order-plan.ts, the functions
 * create() and its fills use. A limit's resting part is priced at its limit with the maker fee it pays if it fills
 * there; what it then gets can only be better.
 */
export function createSpotEstimate(deps: { db: Db; engine: TradingEngine; bookOf: (terms: InstrumentTerms, tick: Tick, side: Side) => BookLevel[] }) {
  const { db, engine, bookOf } = deps;

  return async function estimate(user: AuthUser, input: SpotOrderFields) {
    const terms = await engine.instruments.current(db, input.symbol);
    const { limit, price, quantity, amount } = await checkSpotOrder(engine, terms, input, 'estimate');
    const tick = engine.tick(terms.symbol);
    if (!tick) throw refuse('insufficientDepth');

    const buy = input.side === 'buy';
    const now = limit
      ? limitCrossing(terms.isIco ? [[tick.price, quantity!]] : bookOf(terms, tick, input.side), input.side, quantity!, price!)
      : marketWalk(terms, bookOf(terms, tick, input.side), input.side, { quantity, amount });
    const restQuantity = limit ? new Dec(quantity!).minus(now.quantity) : new Dec(0);
    const nowFees = feesOf(now, input.side, terms.takerFeeRate);
    const restFees = restQuantity.gt(0) ? feesOf({ takes: [{ price: price!, quantity: restQuantity.toFixed() }] }, input.side, terms.makerFeeRate) : null;
    const total = now.quantity.plus(restQuantity);
    const value = now.value.plus(restQuantity.times(price ?? 0));
    const fee = nowFees.fee.plus(restFees?.fee ?? 0);
    // what leaves the wallet: a buy's quote (a limit freezes price × quantity), a sell's coin
    const cost = buy ? (limit ? new Dec(price!).times(quantity!) : now.value) : total;
    const costAsset = buy ? terms.quote : terms.base;
    const free = await available(db, { holder: user.id, mode: user.mode, wallet: 'spot', asset: costAsset });
    const nowAverage = averagePrice(now.quantity.toFixed(), now.value.toFixed(), terms.priceDecimals);
    return {
      symbol: terms.symbol,
      side: input.side,
      type: input.type,
      quantity: total.toFixed(),
      fillNow: nowAverage === null ? null : { quantity: now.quantity.toFixed(), price: nowAverage, value: now.value.toFixed() },
      rest: restQuantity.gt(0) ? { quantity: restQuantity.toFixed(), price: price! } : null,
      expectedPrice: averagePrice(total.toFixed(), value.toFixed(), terms.priceDecimals) ?? price ?? tick.price,
      value: value.toFixed(),
      fee: fee.toFixed(),
      feeAsset: buy ? terms.base : terms.quote,
      receive: (buy ? total : value).minus(fee).toFixed(),
      receiveAsset: buy ? terms.base : terms.quote,
      cost: cost.toFixed(),
      costAsset,
      available: free,
      enough: cost.lte(free),
      takerFeeRate: terms.takerFeeRate,
      makerFeeRate: terms.makerFeeRate,
    };
  };
}
