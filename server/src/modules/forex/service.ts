import type { Db } from '../../db/db.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import type { Mode } from '../ledger/ledger.js';
import { pipSize } from '../market/instruments/catalogue.js';
import type { MarketService } from '../market/service.js';
import type { OrderTypeInput } from '../perpetual/order-rules.js';
import type { PerpetualService } from '../perpetual/service.js';
import { POSITION_COLUMNS, type PositionRow } from '../perpetual/storage.js';
import { createPerpetualViews, orderView } from '../perpetual/views.js';
import type { TradingEngine } from '../trading/engine.js';
import { quoteRate } from '../trading/quote-rate.js';
import { refuse } from '../trading/refusal.js';
import { CONTRACT_SIZE, LOT_STEP, MAX_LOTS, lotsToUnits, unitsToLots } from './terms.js';

export interface CreateInput extends Omit<OrderTypeInput, 'type' | 'side'> {
  symbol: string;
  side: 'long' | 'short';
  type?: OrderTypeInput['type'] | undefined;
  lots: string;
  leverage: number;
  takeProfit?: string | null | undefined;
  stopLoss?: string | null | undefined;
  requestId: string;
}

/**
 * Forex contracts: market positions on forex pairs, sized in lots, opened, closed and liquidated by the perpetual
 * engine (a forex position is a perpetual position whose quote rate converts the pair's quote currency to USDT).
 * What this adds: the lot, the pip, the forex-only symbol check and the forex views.
 */
export function createForex(deps: { db: Db; engine: TradingEngine; perpetual: PerpetualService; market: MarketService }) {
  const { db, engine, perpetual, market } = deps;
  const views = createPerpetualViews(db, engine);

  function forexInstrument(symbol: string) {
    const instrument = market.instruments.get(symbol.toUpperCase());
    if (!instrument || instrument.category !== 'FOREX' || instrument.status !== 'TRADING') throw refuse('symbolNotTradable', { symbol });
    return instrument;
  }

  const forexSymbols = () => [...market.instruments.values()].filter((i) => i.category === 'FOREX').map((i) => i.symbol);

  /** The perpetual view plus lots and the conversion to USDT. */
  async function view(row: PositionRow) {
    const position = await views.view(row);
    const quote = market.instrument(row.symbol).unit;
    const pip = pipSize(quote);
    return {
      ...position,
      lots: unitsToLots(position.quantity),
      contractSize: CONTRACT_SIZE,
      pipSize: pip,
      priceDecimals: row.priceDecimals,
      quoteCurrency: quote,
      quoteRate: row.quoteRate,
      pipValue: new Dec(pip).times(position.quantity).times(row.quoteRate).toFixed(),
    };
  }

  return {
    view,

    async create(user: AuthUser, input: CreateInput) {
      const instrument = forexInstrument(input.symbol);
      const lots = new Dec(input.lots);
      if (!lots.gt(0) || lots.mod(LOT_STEP).gt(0)) throw refuse('invalidSize');
      // every order type of the perpetual engine, sized in lots
      const { order, position } = await perpetual.open(user, { ...input, symbol: instrument.symbol, type: input.type ?? 'market', quantity: lotsToUnits(input.lots) });
      return { order: orderView(order), position: position ? await view(position) : null };
    },

    /** What create() would do now, read-only: the perpetual estimate in units, with the lots and the pip's value in USDT. */
    async estimate(user: AuthUser, input: Omit<CreateInput, 'requestId' | 'takeProfit' | 'stopLoss'>) {
      const instrument = forexInstrument(input.symbol);
      const lots = new Dec(input.lots);
      if (!lots.gt(0) || lots.mod(LOT_STEP).gt(0)) throw refuse('invalidSize');
      const figures = await perpetual.estimate(user, { symbol: instrument.symbol, side: input.side, type: 'market', quantity: lotsToUnits(input.lots), leverage: input.leverage });
      const pip = pipSize(instrument.unit);
      return { ...figures, lots: input.lots, quoteCurrency: instrument.unit, pipValue: new Dec(pip).times(figures.quantity).times(figures.quoteRate).toFixed() };
    },

    async list(userId: string, mode: Mode, options: { status: 'open' | 'history'; symbol?: string | undefined; limit: number; offset: number }) {
      const symbols = options.symbol ? [forexInstrument(options.symbol).symbol] : forexSymbols();
      const open = options.status === 'open';
      const where = `user_id = $1 AND mode = $2 AND status = $3 AND symbol = ANY($4::text[])`;
      const params = [userId, mode, open ? 'open' : 'closed', symbols];
      const total = await db.query<{ count: string }>(`SELECT count(*)::text AS count FROM perp_positions WHERE ${where}`, params);
      const { rows } = await db.query<PositionRow>(
        `SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE ${where} ORDER BY ${open ? 'id DESC' : 'closed_at DESC, id DESC'} LIMIT $5 OFFSET $6`,
        [...params, options.limit, options.offset],
      );
      return { total: Number(total.rows[0]!.count), rows: await Promise.all(rows.map(view)) };
    },

    async config(symbol: string) {
      const instrument = forexInstrument(symbol);
      await engine.instruments.fresh();
      const terms = engine.instruments.find(instrument.symbol);
      if (!terms || !terms.perpetualEnabled) throw refuse('symbolNotTradable', { symbol });
      const conversion = quoteRate(terms.quote, (s) => engine.tick(s));
      const pip = pipSize(terms.quote);
      return {
        symbol: terms.symbol,
        contractSize: CONTRACT_SIZE,
        lotStep: LOT_STEP,
        minLots: unitsToLots(terms.minQuantity),
        maxLots: Dec.min(MAX_LOTS, unitsToLots(terms.maxQuantity)).toFixed(),
        pipSize: pip,
        priceDecimals: terms.priceDecimals,
        leverages: terms.leverages,
        maintenanceTiers: terms.maintenanceTiers,
        makerFeeRate: terms.makerFeeRate,
        takerFeeRate: terms.takerFeeRate,
        fundingRate: terms.fundingRate,
        fundingIntervalHours: terms.fundingIntervalHours,
        quoteCurrency: terms.quote,
        quoteRate: conversion?.rate ?? null,
        pipValuePerLot: conversion ? new Dec(pip).times(CONTRACT_SIZE).times(conversion.rate).toFixed() : null,
        tradingTime: market.tradingTime(terms.symbol),
      };
    },
  };
}

export type ForexService = ReturnType<typeof createForex>;
