import type { PerpetualPushAction } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import type { AuthUser } from '../identity/auth.js';
import { available, post, type Mode, type Posting } from '../ledger/ledger.js';
import type { Tick } from '../market/feed/port.js';
import { beforeCommit, pushToUser } from '../platform/user-events.js';
import type { TradingEngine } from '../trading/engine.js';
import type { InstrumentTerms } from '../trading/instruments.js';
import { refuse } from '../trading/refusal.js';
import type { Closing } from './closing.js';
import { CrossBook } from './cross.js';
import type { Liquidation } from './liquidation.js';
import { marketFill as walkFill, walkedLevels as walkedBook, type MarketFill } from './order-plan.js';
import type { Placing } from './placing.js';
import type { PositionTriggers } from './position-triggers.js';

/** Trigger owners in the engine's trigger book. */
export const OWNERS = { limit: 'perp-limit', takeProfit: 'perp-tp', stopLoss: 'perp-sl', liquidation: 'perp-liq' } as const;

/** The seams of the service (service.ts composes them); each reaches the others through here, at call time. */
export interface Seams {
  triggers: PositionTriggers;
  liquidation: Liquidation;
  closing: Closing;
  placing: Placing;
}

export interface PerpDeps {
  db: Db;
  engine: TradingEngine;
  log?: FastifyBaseLogger | undefined;
}

/**
 * What every seam of the perpetual service shares, created once by createPerpetual: the store, the engine, the
 * cross accounts' book (memory rebuilt from the rows at start), the price and terms look-ups, and `seams`.
 */
export function createContext(deps: PerpDeps) {
  const { db, engine } = deps;

  function tickOf(symbol: string): Tick {
    const tick = engine.tick(symbol);
    if (!tick) throw refuse('symbolNotTradable', { symbol });
    return tick;
  }

  function termsOf(symbol: string): InstrumentTerms {
    const terms = engine.instruments.find(symbol.toUpperCase());
    if (!terms || !terms.perpetualEnabled) throw refuse('symbolNotTradable', { symbol });
    return terms;
  }

  /**
   * The terms an order copies, read from the database with `q` (in the order's transaction): an operator change
   * (`trading:instrument-set`, maybe from another process) applies to the next order at once, never after a cache
   * happens to be refreshed.
   */
  async function currentTermsOf(q: Db, symbol: string): Promise<InstrumentTerms> {
    const terms = await engine.instruments.current(q, symbol);
    if (!terms.perpetualEnabled) throw refuse('symbolNotTradable', { symbol });
    return terms;
  }

  /** The depth a market order takes: the asks for a buy, the bids for a sell. */
  function bookOf(symbol: string, side: 'buy' | 'sell') {
    const depth = engine.depth(symbol);
    return side === 'buy' ? depth.asks : depth.bids;
  }

  /**
   * Posts a charge from the user's frozen part (held earlier in this transaction) to a platform account as the
   * transaction's last step. Every fill credits the platform's one `fees` row; posted at once, its row lock would
   * be held from the fill to the commit and queue every fill on the platform behind it, as the receipt chain's
   * head once did. At once on a store without transaction steps.
   */
  async function chargeAtCommit(tx: Db, posting: Posting, now: Date): Promise<void> {
    if (!beforeCommit(tx, async () => void (await post(tx, posting, now)))) await post(tx, posting, now);
  }

  /** A request replayed with its requestId answers its first result; another body with the same id is refused. */
  async function once<T>(user: AuthUser, name: string, requestId: string, body: Record<string, unknown>, replay: (key: string, store: Db) => Promise<T | undefined>, run: (tx: Db, key: string, now: Date) => Promise<T>): Promise<T> {
    const call = await idempotent(db, () => engine.clock(), { key: { scope: `perp-${name}`, userId: user.id, mode: user.mode, requestId }, request: { ...body, mode: user.mode }, replay: (store, key) => replay(key, store) });
    return call.first ?? call.transaction((tx, now) => run(tx, call.key, now));
  }

  return {
    db,
    engine,
    log: deps.log,
    clock: () => engine.clock(),
    crossBook: new CrossBook(),
    seams: {} as Seams,
    tickOf,
    termsOf,
    currentTermsOf,
    bookOf,
    /** A market fill of `quantity` walking the depth on `side` (order-plan's marketFill; forex pairs have a book too). */
    marketFill: (symbol: string, side: 'buy' | 'sell', quantity: string, priceDecimals: number): MarketFill =>
      walkFill(bookOf(symbol, side), side, quantity, priceDecimals),
    /** The levels `quantity` takes walking the depth on `side` (as far as the book goes; the evidence of a liquidation). */
    walkedLevels: (symbol: string, side: 'buy' | 'sell', quantity: string) => walkedBook(bookOf(symbol, side), side, quantity),
    chargeAtCommit,
    once,
    available: (tx: Db, userId: string, mode: Mode) => available(tx, { holder: userId, mode, wallet: 'contract', asset: 'USDT' }),
    push: (tx: Db, userId: string, mode: Mode, action: PerpetualPushAction, fields: { symbol: string; positionId?: string; orderId?: string }) =>
      pushToUser(tx, userId, { action, mode, ...fields }),
  };
}

export type PerpContext = ReturnType<typeof createContext>;
