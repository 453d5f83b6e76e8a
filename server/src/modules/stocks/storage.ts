import { Decimal } from 'decimal.js';
import type { Db } from '../../db/db.js';
import type { RateVersion } from './conversion.js';
import type { StockCurrency } from './venue.js';

interface RateRow {
  currency: StockCurrency;
  version: number;
  rate: string;
  set_at: Date;
}

const toRate = (row: RateRow): RateVersion => ({
  currency: row.currency,
  version: Number(row.version),
  rate: new Decimal(row.rate).toFixed(),
  setAt: row.set_at.getTime(),
});

/** The rate in force per currency: its highest version (a currency no operator has set is absent). */
export async function currentRates(db: Db): Promise<Map<StockCurrency, RateVersion>> {
  const { rows } = await db.query<RateRow>(
    `SELECT DISTINCT ON (currency) currency, version, rate::text AS rate, set_at FROM stock_rate_versions ORDER BY currency, version DESC`,
  );
  return new Map(rows.map((row) => [row.currency, toRate(row)]));
}

/** Every version of a currency's rate, newest first. */
export async function rateHistory(db: Db, currency: StockCurrency): Promise<(RateVersion & { setBy: string })[]> {
  const { rows } = await db.query<RateRow & { set_by: string }>(
    'SELECT currency, version, rate::text AS rate, set_at, set_by FROM stock_rate_versions WHERE currency = $1 ORDER BY version DESC',
    [currency],
  );
  return rows.map((row) => ({ ...toRate(row), setBy: row.set_by }));
}

/**
 * Adds the next version of a currency's rate. The version is the highest plus one under the table's lock, so two
 * operators setting a rate at once get two versions rather than one lost (the primary key backs it).
 */
export async function addRateVersion(tx: Db, currency: StockCurrency, rate: string, setBy: string, at: Date): Promise<RateVersion> {
  await tx.query('LOCK TABLE stock_rate_versions IN SHARE ROW EXCLUSIVE MODE');
  const { rows } = await tx.query<RateRow>(
    `INSERT INTO stock_rate_versions (currency, version, rate, set_by, set_at)
     SELECT $1, COALESCE(max(version), 0) + 1, $2::numeric, $3, $4 FROM stock_rate_versions WHERE currency = $1
     RETURNING currency, version, rate::text AS rate, set_at`,
    [currency, rate, setBy, at.toISOString()],
  );
  return toRate(rows[0]!);
}

/**
 * The high and low of a symbol's recorded one-minute K-lines (the market's market_kline) that opened in
 * [from, to): a trading day's range. Null when none was recorded.
 */
export async function recordedRange(db: Db, symbol: string, from: number, to: number): Promise<{ high: string; low: string } | null> {
  const { rows } = await db.query<{ high: string | null; low: string | null }>(
    `SELECT max(high)::text AS high, min(low)::text AS low FROM market_kline
      WHERE symbol = $1 AND interval = '1m' AND open_time >= $2::timestamptz AND open_time < $3::timestamptz`,
    [symbol, new Date(from).toISOString(), new Date(to).toISOString()],
  );
  const row = rows[0];
  return row?.high != null && row.low != null ? { high: new Decimal(row.high).toFixed(), low: new Decimal(row.low).toFixed() } : null;
}
