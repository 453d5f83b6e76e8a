import type { FastifyBaseLogger } from 'fastify';
import { CompositeFeed } from './composite.js';
import { ExchangeFeed } from './exchange/feed.js';
import type { MarketFeed, Tick } from './port.js';
import { SimulatedFeed, type FeedInstrument } from './simulated.js';

export type FeedKind = 'simulated' | 'exchange';

export interface FeedSettings {
  seed: string;
  tickMs: number;
  /** MARKET_FEED; simulated when omitted. */
  feed?: FeedKind;
  /** MARKET_EXCHANGE_REST_URL and MARKET_EXCHANGE_WS_URL (required for the exchange feed). */
  exchange?: { restUrl: string; wsUrl: string };
}

/** What the market service runs: the port, plus step(), by which tests drive simulated time by hand. */
export type ServiceFeed = MarketFeed & { step(now: number): Tick[] };

/**
 * The one place that knows which adapter runs. `simulated`: the simulated feed for every instrument, as before.
 * `exchange`: the exchange for the coins it lists, the simulated feed for the rest. Only crypto instruments are
 * offered to the exchange: it trades them around the clock in USDT, while a forex pair, CFD or index of the
 * same name there would be a different instrument (a token, or a pair against a stablecoin).
 */
export function createFeed(
  settings: FeedSettings,
  instruments: readonly FeedInstrument[],
  options: { clock?: () => number; log?: FastifyBaseLogger } = {},
): ServiceFeed {
  const simulated = new SimulatedFeed({ seed: settings.seed, tickMs: settings.tickMs, instruments, clock: options.clock });
  if (settings.feed !== 'exchange') return simulated;
  if (!settings.exchange) throw new Error('the exchange feed needs MARKET_EXCHANGE_REST_URL and MARKET_EXCHANGE_WS_URL');
  const exchange = new ExchangeFeed({
    restUrl: settings.exchange.restUrl,
    wsUrl: settings.exchange.wsUrl,
    tickMs: settings.tickMs,
    instruments: instruments.filter((i) => i.category === 'CRYPTO'),
    clock: options.clock,
    log: options.log,
  });
  return new CompositeFeed(simulated, exchange, { tickMs: settings.tickMs, clock: options.clock });
}
