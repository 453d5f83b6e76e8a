import type { FastifyBaseLogger } from 'fastify';
import { barOpen } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import type { ServiceFeed } from './feed/select.js';
import type { FeedInstrument } from './feed/simulated.js';
import { INSTRUMENT_SEEDS } from './instruments/catalogue.js';
import { loadInstruments, seedInstruments, type Instrument } from './instruments/storage.js';
import type { Bar } from './klines/bar.js';
import { latestBars, minuteBarsSince, type StoredBar } from './klines/storage.js';

const DAY_MS = 86_400_000;

/** What the market service starts from: the catalogue, each bar being built when it stopped, the last day's minute bars. */
export interface StoredMarket {
  instruments: Instrument[];
  latest: StoredBar[];
  recentMinutes: StoredBar[];
}

/**
 * Seeds the catalogue and reads what the service resumes from. When the store cannot answer the app still starts
 * (GET /health reports the store as down): the feed runs from the built-in catalogue with no stored history, and
 * bar writes are retried at every flush.
 */
export async function readStoredMarket(db: Db, now: number, log: FastifyBaseLogger | undefined): Promise<StoredMarket> {
  try {
    await seedInstruments(db, INSTRUMENT_SEEDS);
    return {
      instruments: (await loadInstruments(db)).filter((i) => i.status !== 'DELISTED'),
      latest: await latestBars(db),
      recentMinutes: await minuteBarsSince(db, now - DAY_MS),
    };
  } catch (error) {
    log?.error({ err: error }, 'market: could not read the catalogue and history; starting from the seeds');
    return { instruments: INSTRUMENT_SEEDS.map((seed) => ({ ...seed, status: 'TRADING' as const })), latest: [], recentMinutes: [] };
  }
}

/** The instruments as the feed starts them: at the close of their latest stored bar, else their reference price. */
export function feedInstrumentsOf(instruments: readonly Instrument[], latest: readonly StoredBar[]): FeedInstrument[] {
  const lastClose = new Map<string, StoredBar>();
  for (const bar of latest) {
    const known = lastClose.get(bar.symbol);
    if (!known || bar.openTime > known.openTime) lastClose.set(bar.symbol, bar);
  }
  return instruments.map((i) => ({ ...i, startPrice: lastClose.get(i.symbol)?.close ?? i.referencePrice }));
}

/** Bars grouped by their symbol, in the order given. */
export function bySymbol(bars: readonly StoredBar[]): Map<string, Bar[]> {
  const out = new Map<string, Bar[]>();
  for (const bar of bars) {
    const list = out.get(bar.symbol) ?? [];
    list.push(bar);
    out.set(bar.symbol, list);
  }
  return out;
}

/**
 * The 15m bars of the last day from a feed that records history (the exchange), for the 24 h statistics of its
 * symbols; a symbol it cannot provide for gets none (its statistics start flat rather than from invented bars).
 */
export async function recordedDayHistory(
  feed: ServiceFeed,
  instruments: readonly FeedInstrument[],
  now: number,
  log: FastifyBaseLogger | undefined,
): Promise<Map<string, Bar[]>> {
  const recorded = new Map<string, Bar[]>();
  const history = feed.history?.bind(feed);
  if (!history) return recorded;
  await Promise.all(
    instruments.map(async ({ symbol }) => {
      const bars = await history(symbol, '15m', barOpen('15m', now), 96).catch((error: unknown) => {
        log?.warn({ err: error, symbol }, 'market: no recorded history for the 24 h statistics');
        return [];
      });
      if (bars) recorded.set(symbol, bars);
    }),
  );
  return recorded;
}
