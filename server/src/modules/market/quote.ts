import type { Tick } from './feed/port.js';
import type { Category } from './instruments/catalogue.js';
import type { Instrument } from './instruments/storage.js';
import type { Stats24h } from './klines/stats.js';

/** A market-list quote: the latest tick with the instrument's description and its 24 h statistics. */
export interface Quote {
  symbol: string;
  name: string;
  category: Category;
  unit: string;
  price: string;
  bid: string;
  ask: string;
  open: string;
  high: string;
  low: string;
  change: string;
  changePercent: string;
  volume: string;
  /** Epoch ms of the last tick. */
  time: number;
  isIco: 0 | 1;
  priceDecimals: number;
  amountDecimals: number;
  /** Whether the instrument's market is in session now. */
  marketOpen: boolean;
}

/** The quote of `instrument` at its latest `tick`, with the 24 h statistics `stats` answers for then. */
export function quoteOf(instrument: Instrument, tick: Tick, stats: Stats24h, marketOpen: boolean): Quote {
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    category: instrument.category,
    unit: instrument.unit,
    price: tick.price,
    bid: tick.bid,
    ask: tick.ask,
    open: stats.open,
    high: stats.high,
    low: stats.low,
    change: stats.change,
    changePercent: stats.changePercent,
    volume: stats.volume,
    time: tick.time,
    isIco: instrument.isIco,
    priceDecimals: instrument.priceDecimals,
    amountDecimals: instrument.amountDecimals,
    marketOpen,
  };
}
