import { distanceToLiquidation, exposure, notional } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { available } from '../ledger/ledger.js';
import type { TradingEngine } from '../trading/engine.js';
import type { InstrumentTerms } from '../trading/instruments.js';
import { quoteRate } from '../trading/quote-rate.js';
import { refuse } from '../trading/refusal.js';
import { crossLegOf, crossLiquidationPrices, isolatedLiquidationPrice } from './liquidation-price.js';
import { bookSide, mergeFill, planOpen, type Held, type PlanInput } from './order-plan.js';
import { markOf, POSITION_COLUMNS, type PositionRow } from './storage.js';

/**
 * A conditional order (stop, trailing) is estimated as the order it becomes when it fires (a stop-limit a limit at
 * its price, the others a market order), against today's book: what it would cost if it fired now.
 */
export type EstimateInput = Omit<PlanInput, 'type'> & { symbol: string; type: string };

const becomes = (type: string): PlanInput['type'] => (type === 'limit' || type === 'stop_limit' ? 'limit' : 'market');

/** The estimate's figures (contracts/src/estimate/schemas.ts, PerpEstimate). */
export interface PerpEstimate {
  symbol: string;
  side: 'long' | 'short';
  type: 'market' | 'limit';
  quantity: string;
  fillNow: { quantity: string; price: string } | null;
  rest: { quantity: string; price: string } | null;
  expectedPrice: string;
  notional: string;
  margin: string;
  fee: string;
  cost: string;
  available: string;
  enough: boolean;
  markPrice: string;
  liquidationBefore: string | null;
  liquidationAfter: string | null;
  distanceToLiquidation: string | null;
  quoteRate: string;
  takerFeeRate: string;
  makerFeeRate: string;
}

/** The id a position not yet opened carries among the account's positions while its liquidation price is computed. */
const NEW_POSITION = 'estimate';

/**
 * Pre-trade estimates: what open() would do now, without writing anything. The same checks refuse the same
 * orders (terms, leverage, size, price and band); the size, the part the book fills now, the rest, their margin
 * and fee come from planOpen, the merge from mergeFill and the liquidation prices from liquidation-price.ts, the
 * functions place() and fillOrder() use, so estimate and placement cannot drift apart.
 */
export function createPerpEstimate(deps: { db: Db; engine: TradingEngine }) {
  const { db, engine } = deps;

  async function termsOf(symbol: string): Promise<InstrumentTerms> {
    const terms = await engine.instruments.current(db, symbol);
    if (!terms.perpetualEnabled) throw refuse('symbolNotTradable', { symbol });
    return terms;
  }

  /** A position's liquidation price among the account's open positions (cross: on the shared balance `free`). */
  function liquidationOf(rows: readonly PositionRow[], id: string, free: string): string | null {
    const row = rows.find((r) => r.id === id)!;
    if (row.marginMode === 'isolated') return isolatedLiquidationPrice(row);
    const cross = rows.filter((r) => r.marginMode === 'cross').map(crossLegOf);
    return crossLiquidationPrices(cross, free, (symbol) => engine.tick(symbol)).get(id) ?? null;
  }

  return async function estimate(user: AuthUser, asked: EstimateInput): Promise<PerpEstimate> {
    const input: PlanInput & { symbol: string } = { ...asked, type: becomes(asked.type) };
    const terms = await termsOf(input.symbol);
    engine.requireOpen(terms.symbol);
    if (!terms.leverages.includes(input.leverage)) throw refuse('leverageNotOffered');
    if ((input.quantity === undefined) === (input.amount === undefined)) throw refuse('invalidSize');
    if (input.quantity !== undefined) engine.checkQuantity(terms, input.quantity);
    const tick = engine.tick(terms.symbol);
    if (!tick) throw refuse('symbolNotTradable', { symbol: terms.symbol });
    if (input.type === 'limit') engine.checkPriceBand(terms, engine.checkPrice(terms, input.price), tick.price);
    const conversion = quoteRate(terms.quote, (symbol) => engine.tick(symbol));
    if (!conversion) throw refuse('symbolNotTradable', { symbol: terms.symbol });
    const rate = conversion.rate;
    const depth = engine.depth(terms.symbol);
    const levels = bookSide(input.side, true) === 'buy' ? depth.asks : depth.bids;
    const plan = planOpen(terms, input, levels, rate, (t, q) => engine.checkQuantity(t, q));

    const settings = await engine.settings(user.id, user.mode);
    const free = await available(db, { holder: user.id, mode: user.mode, wallet: 'contract', asset: 'USDT' });
    const { rows } = await db.query<PositionRow>(
      `SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE user_id = $1 AND mode = $2 AND status = 'open' ORDER BY id`,
      [user.id, user.mode],
    );
    // the position a fill merges into, as fillOrder picks it: the lowest id of the same symbol and side
    const existing = settings.positionMode === 'merge' ? rows.find((r) => r.symbol === terms.symbol && r.side === input.side) : undefined;
    const cost = plan.margin.plus(plan.fee);
    const freeAfter = new Dec(free).minus(cost).toFixed();

    // the position once filled: what fills now at its price, else (a limit that only rests) the rest at its limit
    const filling = plan.part && plan.now ? { part: plan.part, price: plan.now.price } : plan.rest ? { part: plan.rest, price: input.price! } : null;
    let liquidationAfter: string | null = null;
    if (filling) {
      const fill = { quantity: filling.part.quantity, quoteRate: rate, margin: filling.part.margin };
      const held: Held = existing ? mergeFill(input.side, existing, fill, filling.price) : { ...fill, entryPrice: filling.price };
      const after = {
        ...(existing ?? ({ id: NEW_POSITION, symbol: terms.symbol, side: input.side, marginMode: settings.marginMode, tiers: terms.maintenanceTiers, priceDecimals: terms.priceDecimals } as PositionRow)),
        ...held,
      };
      const rowsAfter = existing ? rows.map((r) => (r.id === existing.id ? after : r)) : [...rows, after];
      liquidationAfter = liquidationOf(rowsAfter, after.id, freeAfter);
    }

    const mark = markOf(tick, '0');
    const value = new Dec(plan.now ? notional(plan.now.price, exposure(plan.now.quantity, rate)) : 0).plus(plan.rest ? notional(input.price!, exposure(plan.rest.quantity, rate)) : 0);
    const distance = distanceToLiquidation(mark, liquidationAfter);
    return {
      symbol: terms.symbol,
      side: input.side,
      type: input.type,
      quantity: plan.quantity,
      fillNow: plan.now ? { quantity: plan.now.quantity, price: plan.now.price } : null,
      rest: plan.rest ? { quantity: plan.rest.quantity, price: input.price! } : null,
      expectedPrice: plan.now?.price ?? input.price!,
      notional: value.toFixed(),
      margin: plan.margin.toFixed(),
      fee: plan.fee.toFixed(),
      cost: cost.toFixed(),
      available: free,
      enough: cost.lte(free),
      markPrice: mark,
      liquidationBefore: existing ? liquidationOf(rows, existing.id, free) : null,
      liquidationAfter,
      distanceToLiquidation: distance?.toFixed() ?? null,
      quoteRate: rate,
      takerFeeRate: terms.takerFeeRate,
      makerFeeRate: terms.makerFeeRate,
    };
  };
}

export type PerpEstimator = ReturnType<typeof createPerpEstimate>;
