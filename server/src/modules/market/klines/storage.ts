import { Decimal } from 'decimal.js';
import type { Db } from '../../../db/db.js';
import type { Bar } from './bar.js';
import { KLINE_INTERVAL_MS, type KlineInterval } from '@meridian/contracts';

export interface StoredBar extends Bar {
  symbol: string;
  interval: KlineInterval;
}

const BATCH = 1000;

/**
 * Writes bars in multi-row statements of up to 1000 rows. mode 'replace' overwrites existing bars (the live
 * recorder owns the bar it is building); 'keep' leaves existing ones alone (history never overwrites).
 */
export async function upsertBars(db: Db, bars: readonly StoredBar[], mode: 'replace' | 'keep'): Promise<void> {
  for (let from = 0; from < bars.length; from += BATCH) {
    const slice = bars.slice(from, from + BATCH);
    const params: unknown[] = [];
    const values = slice.map((bar, i) => {
      params.push(bar.symbol, bar.interval, new Date(bar.openTime).toISOString(), bar.open, bar.high, bar.low, bar.close, bar.volume);
      const b = i * 8;
      return `($${b + 1}, $${b + 2}, $${b + 3}::timestamptz, $${b + 4}::numeric, $${b + 5}::numeric, $${b + 6}::numeric, $${b + 7}::numeric, $${b + 8}::numeric)`;
    });
    const conflict =
      mode === 'replace'
        ? 'DO UPDATE SET high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close, volume = EXCLUDED.volume'
        : 'DO NOTHING';
    await db.query(
      `INSERT INTO market_kline (symbol, interval, open_time, open, high, low, close, volume) VALUES ${values.join(', ')}
       ON CONFLICT (symbol, interval, open_time) ${conflict}`,
      params,
    );
  }
}

interface Row {
  symbol: string;
  interval: KlineInterval;
  open_time: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

function toBar(row: Row, priceDecimals?: number, amountDecimals?: number): StoredBar {
  const price = (value: string) => (priceDecimals === undefined ? value : new Decimal(value).toFixed(priceDecimals));
  return {
    symbol: row.symbol,
    interval: row.interval,
    openTime: row.open_time.getTime(),
    open: price(row.open),
    high: price(row.high),
    low: price(row.low),
    close: price(row.close),
    volume: amountDecimals === undefined ? row.volume : new Decimal(row.volume).toFixed(amountDecimals),
  };
}

const COLUMNS = 'symbol, interval, open_time, open::text AS open, high::text AS high, low::text AS low, close::text AS close, volume::text AS volume';

/** The newest `limit` bars before `before` (epoch ms), oldest first. */
export async function readBars(
  db: Db,
  symbol: string,
  interval: KlineInterval,
  limit: number,
  before: number | undefined,
  decimals: { price: number; amount: number },
): Promise<StoredBar[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM market_kline WHERE symbol = $1 AND interval = $2 AND ($3::timestamptz IS NULL OR open_time < $3::timestamptz)
      ORDER BY open_time DESC LIMIT $4`,
    [symbol, interval, before === undefined ? null : new Date(before).toISOString(), limit],
  );
  return rows.reverse().map((row) => toBar(row, decimals.price, decimals.amount));
}

/** The newest stored bar of every (symbol, interval). */
export async function latestBars(db: Db): Promise<StoredBar[]> {
  const { rows } = await db.query<Row>(
    `SELECT DISTINCT ON (symbol, interval) ${COLUMNS} FROM market_kline ORDER BY symbol, interval, open_time DESC`,
  );
  return rows.map((row) => toBar(row));
}

/** 1m bars that opened after `since`, oldest first, for every symbol. */
export async function minuteBarsSince(db: Db, since: number): Promise<StoredBar[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM market_kline WHERE interval = '1m' AND open_time > $1::timestamptz ORDER BY symbol, open_time`,
    [new Date(since).toISOString()],
  );
  return rows.map((row) => toBar(row));
}

/**
 * The last price recorded at or before `time` (epoch ms): the close of the newest one-minute bar that ended by
 * then, and when it ended. Never a price from after `time`; undefined when no minute bar ended by then.
 */
export async function recordedPriceAt(db: Db, symbol: string, time: number): Promise<{ price: string; at: number } | undefined> {
  const { rows } = await db.query<{ close: string; open_time: Date }>(
    `SELECT close::text AS close, open_time FROM market_kline WHERE symbol = $1 AND interval = '1m' AND open_time <= $2::timestamptz
      ORDER BY open_time DESC LIMIT 1`,
    [symbol, new Date(time - KLINE_INTERVAL_MS['1m']).toISOString()],
  );
  const row = rows[0];
  return row && { price: new Decimal(row.close).toFixed(), at: row.open_time.getTime() + KLINE_INTERVAL_MS['1m'] };
}

export async function earliestBar(db: Db, symbol: string, interval: KlineInterval): Promise<StoredBar | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM market_kline WHERE symbol = $1 AND interval = $2 ORDER BY open_time LIMIT 1`,
    [symbol, interval],
  );
  return rows[0] && toBar(rows[0]);
}

export async function isBackfilled(db: Db, symbol: string, interval: KlineInterval): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM market_kline_backfill WHERE symbol = $1 AND interval = $2', [symbol, interval]);
  return rows.length > 0;
}

export async function markBackfilled(db: Db, symbol: string, interval: KlineInterval, bars: number): Promise<void> {
  await db.query(
    'INSERT INTO market_kline_backfill (symbol, interval, bars) VALUES ($1, $2, $3) ON CONFLICT (symbol, interval) DO NOTHING',
    [symbol, interval, bars],
  );
}
