import { AMOUNT_CEILING, DEFAULT_PRICE_BAND, priceBand, withinBand } from '@meridian/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.js';
import { requireKyc, type Auth, type AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import type { Mode } from '../ledger/ledger.js';
import type { DepthSnapshot, Tick } from '../market/feed/port.js';
import { isOpen } from '../market/hours/calendar.js';
import type { MarketService } from '../market/service.js';
import { evidenceOf, type Evidence } from './evidence.js';
import { InstrumentBook, type InstrumentTerms } from './instruments.js';
import { appendReceipt, type RecordedReceipt, type ReceiptKind } from './receipts.js';
import { requireOpenOrderRoom, takeOrderSlot, type OrderLimits } from './order-limits.js';
import { refuse } from './refusal.js';
import { TriggerBook } from './triggers.js';

const START_RETRY_MS = 5000;
/** Cluster mode: how often the feed's owner looks in the database for triggers whose announcement the bus lost. */
export const TRIGGER_RECONCILE_MS = 15_000;

/** Book levels a market order may walk (the feed's depth gives up to 20). */
export const DEPTH_LEVELS = 20;

export interface TradingSettings {
  marginMode: 'isolated' | 'cross';
  positionMode: 'merge' | 'split';
}

export interface EngineDeps {
  db: Db;
  clock: () => Date;
  market: MarketService;
  auth: Auth;
  log?: FastifyBaseLogger;
  /** Per-user order limits (ORDER_RATE_PER_MINUTE, OPEN_ORDERS_MAX); none when omitted (tests of the engine alone). */
  orderLimits?: OrderLimits;
}

/**
 * The trading engine's core, shared by spot and perpetual contracts (broker model: every order fills against the
 * feed): instrument terms, the feed's current tick, depth and source as fill evidence, the receipt chain, the
 * price-trigger book and its tick dispatcher, and the guards every order passes (login, KYC, trading hours,
 * quantity and price rules).
 */
export class TradingEngine {
  readonly instruments: InstrumentBook;
  readonly triggers: TriggerBook;
  private unsubscribe: (() => void) | undefined;
  private unshare: (() => void)[] | undefined;
  private retry: NodeJS.Timeout | undefined;
  private reconcile: NodeJS.Timeout | undefined;

  constructor(private readonly deps: EngineDeps) {
    this.instruments = new InstrumentBook(deps.db);
    this.triggers = new TriggerBook({ db: deps.db, clock: deps.clock, tick: (symbol) => this.tick(symbol), log: deps.log });
  }

  get clock(): () => Date {
    return this.deps.clock;
  }

  /**
   * Rebuilds the trigger index from the database and starts handing each tick batch to it. A store that is down
   * at start costs a logged error and a retry every few seconds (the app still starts; /health reports it):
   * until then no trigger fires, and none is lost, the database being the truth.
   */
  async start(): Promise<void> {
    const bus = this.deps.market.bus;
    // cluster mode: triggers placed or cancelled through any process reach this index, and a new leader reloads it
    if (bus) {
      this.unshare ??= [this.triggers.share(bus), this.deps.market.onTakeOver(() => this.triggers.load())];
      // and what the bus lost (a dropped connection) is found in the database within one reconcile period
      this.reconcile ??= setInterval(() => {
        if (!this.deps.market.owner) return;
        this.triggers.reconcile().then(
          (added) => added > 0 && this.deps.log?.warn({ added }, 'trading: triggers missed on the bus were added from the database'),
          (error: unknown) => this.deps.log?.error({ err: error }, 'trading: could not reconcile the triggers; retrying at the next period'),
        );
      }, TRIGGER_RECONCILE_MS);
      this.reconcile.unref();
    }
    try {
      await this.instruments.reload();
      await this.triggers.load();
    } catch (error) {
      this.deps.log?.error({ err: error }, 'trading: could not load the instruments and triggers; retrying');
      this.retry = setTimeout(() => void this.start(), START_RETRY_MS);
      this.retry.unref();
      return;
    }
    // the feed's owner evaluates the venue's triggers (single-process: this process)
    this.unsubscribe ??= this.deps.market.subscribeOwned((_quotes, ticks) => this.triggers.onTicks(ticks));
  }

  /** Stops listening and waits for the triggers being decided. */
  async stop(): Promise<void> {
    clearTimeout(this.retry);
    clearInterval(this.reconcile);
    this.reconcile = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const stop of this.unshare?.splice(0) ?? []) stop();
    this.unshare = undefined;
    await this.triggers.idle();
  }

  /** The feed's current tick of a symbol. */
  tick(symbol: string): Tick | undefined {
    return this.deps.market.feed.quote(symbol);
  }

  /** The last price of a symbol recorded at or before `time` (the market's minute bars), and when; never a later one. */
  priceAt(store: Db, symbol: string, time: Date): Promise<{ price: string; at: number } | undefined> {
    return this.deps.market.priceAt(symbol, time.getTime(), store);
  }

  /** The feed's book of `symbol`, as deep as a market order may walk unless told otherwise. */
  depth(symbol: string, levels = DEPTH_LEVELS): DepthSnapshot {
    return this.deps.market.depth(symbol, levels);
  }

  /** The evidence of a fill taken from `tick` on `side`'s side of the book, its prices at the instrument's decimals. */
  evidenceOf(tick: Tick, side: 'buy' | 'sell', levels: [string, string][] = []): Evidence {
    return evidenceOf(tick, side, this.deps.market.source(tick.symbol), levels, this.instruments.find(tick.symbol)?.priceDecimals);
  }

  /** Records a receipt (receipts.ts appendReceipt): a fill's in its symbol's chain (`chain`), others in the venue's. */
  appendReceipt(tx: Db, entry: { kind: ReceiptKind; ref: string; payload: unknown; chain?: string }): Promise<RecordedReceipt> {
    return appendReceipt(tx, entry, this.deps.clock());
  }

  // ── guards ────────────────────────────────────────────────────────────────────────────────────────────────

  /** The caller of an order route: logged in ("Login session expired") and KYC-verified ("Please, KYC this account before trade!"). */
  async requireTrader(request: FastifyRequest): Promise<AuthUser> {
    const user = await this.deps.auth.requireUser(request);
    requireKyc(user);
    return user;
  }

  /**
   * The caller of a route that places an order (spot, perpetual opens and reverses, forex, seconds contracts): a
   * trader, within the per-user order rate (429 tooManyOrders). Closing and cancelling are never limited.
   */
  async requireOrderer(request: FastifyRequest): Promise<AuthUser> {
    const user = await this.requireTrader(request);
    if (this.deps.orderLimits) await takeOrderSlot(this.deps.db, user.id, this.deps.orderLimits, this.deps.clock());
    return user;
  }

  /** In a new resting order's transaction, before it is written: "at most N open orders" (openOrdersLimit). */
  async requireOpenOrderRoom(tx: Db, user: { id: string; mode: string }): Promise<void> {
    if (this.deps.orderLimits) await requireOpenOrderRoom(tx, user, this.deps.orderLimits);
  }

  /** The caller of a reading route: logged in. */
  requireUser(request: FastifyRequest): Promise<AuthUser> {
    return this.deps.auth.requireUser(request);
  }

  /** The caller when a token is sent and valid, else null (public calls that add the user's own settings). */
  async optionalUser(request: FastifyRequest): Promise<AuthUser | null> {
    if (!request.headers.token) return null;
    return this.deps.auth.requireUser(request).catch(() => null);
  }

  /** "Out of trading time" while the symbol's market is closed (the market calendar). */
  requireOpen(symbol: string): void {
    const instrument = this.deps.market.instrument(symbol);
    if (!isOpen(instrument.calendarId, this.deps.clock().getTime())) throw refuse('outOfTradingTime');
  }

  /** A price for `terms`: positive, at most the instrument's price decimals ("Invalid price"). */
  checkPrice(terms: InstrumentTerms, price: string | undefined): string {
    const value = decimalOrNull(price);
    if (!value || value.lte(0) || value.decimalPlaces() > terms.priceDecimals || value.gt(AMOUNT_CEILING)) throw refuse('invalidPrice');
    return value.toFixed();
  }

  /**
   * A limit price within the instrument's band around the mark (fat-finger protection, server README): refused
   * naming the allowed range. No mark yet: nothing to measure against (the order cannot fill either).
   */
  checkPriceBand(terms: InstrumentTerms, price: string, mark: string | undefined): void {
    if (mark === undefined) return;
    const band = priceBand(mark, terms.priceBand ?? DEFAULT_PRICE_BAND, terms.priceDecimals);
    if (!withinBand(price, band)) throw refuse('limitPriceOutOfBand', { min: band.min, max: band.max, band: band.percent, mark });
  }

  /** A base quantity for `terms`: its amount decimals ("Invalid size") and its minimum and maximum. */
  checkQuantity(terms: InstrumentTerms, quantity: string | undefined): string {
    const value = decimalOrNull(quantity);
    if (!value || value.lte(0) || value.decimalPlaces() > terms.amountDecimals) throw refuse('invalidSize');
    if (value.lt(terms.minQuantity)) throw refuse('quantityBelowMinimum', { min: terms.minQuantity });
    if (value.gt(terms.maxQuantity)) throw refuse('quantityAboveMaximum', { max: terms.maxQuantity });
    return value.toFixed();
  }

  /** The user's margin and position modes in one account mode (defaults until the perpetual module sets them). */
  async settings(userId: string, mode: Mode): Promise<TradingSettings> {
    const { rows } = await this.deps.db.query<TradingSettings>(
      'SELECT margin_mode AS "marginMode", position_mode AS "positionMode" FROM trading_settings WHERE user_id = $1 AND mode = $2',
      [userId, mode],
    );
    return rows[0] ?? { marginMode: 'isolated', positionMode: 'merge' };
  }
}

function decimalOrNull(value: string | undefined): InstanceType<typeof Dec> | null {
  if (value === undefined) return null;
  try {
    const d = new Dec(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}
