import { breakEvenWinRate, durationLabel, RATIO_DECIMALS, STAKE_DECIMALS } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import type { Instrument } from '../market/instruments/storage.js';

/** One duration offered on a symbol, with its terms for purchases made now. */
export interface SecondsProduct {
  id: string;
  symbol: string;
  durationSeconds: number;
  payoutRatio: string;
  minStake: string;
  maxStake: string;
  enabled: boolean;
  version: number;
  updatedAt: Date;
}

/** What an operator may set on a product (its symbol and duration name it). */
export type ProductChange = Partial<Pick<SecondsProduct, 'payoutRatio' | 'minStake' | 'maxStake' | 'enabled'>>;

/**
 * The products seeded on every crypto symbol at first start: the durations, with payout ratios like the
 * market's (the shorter the term, the lower the ratio) and stakes from 10 to 10,000 USDT.
 */
export const DEFAULT_PRODUCTS: readonly { durationSeconds: number; payoutRatio: string }[] = [
  { durationSeconds: 30, payoutRatio: '0.8' },
  { durationSeconds: 60, payoutRatio: '0.82' },
  { durationSeconds: 180, payoutRatio: '0.85' },
  { durationSeconds: 300, payoutRatio: '0.85' },
  { durationSeconds: 3600, payoutRatio: '0.88' },
];
export const DEFAULT_MIN_STAKE = '10';
export const DEFAULT_MAX_STAKE = '10000';

export const PRODUCT_COLUMNS = `id::text AS id, symbol, duration_seconds AS "durationSeconds", trim_scale(payout_ratio)::text AS "payoutRatio",
  trim_scale(min_stake)::text AS "minStake", trim_scale(max_stake)::text AS "maxStake", enabled, version, updated_at AS "updatedAt"`;

/** Seeds the default products on every crypto symbol that is not a token offering (operator changes stay). */
export async function seedProducts(db: Db, instruments: Iterable<Instrument>, now: Date): Promise<void> {
  const rows: unknown[] = [];
  for (const instrument of instruments) {
    if (instrument.category !== 'CRYPTO' || instrument.isIco === 1) continue;
    for (const p of DEFAULT_PRODUCTS) rows.push([instrument.symbol, p.durationSeconds, p.payoutRatio]);
  }
  if (!rows.length) return;
  const values = rows.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3}, $${rows.length * 3 + 1}, $${rows.length * 3 + 2}, $${rows.length * 3 + 3})`);
  await db.query(
    `INSERT INTO seconds_products (symbol, duration_seconds, payout_ratio, min_stake, max_stake, updated_at) VALUES ${values.join(', ')}
     ON CONFLICT (symbol, duration_seconds) DO NOTHING`,
    [...rows.flat(), DEFAULT_MIN_STAKE, DEFAULT_MAX_STAKE, now],
  );
}

export async function listProducts(db: Db, options: { symbol?: string | undefined; enabledOnly?: boolean } = {}): Promise<SecondsProduct[]> {
  const { rows } = await db.query<SecondsProduct>(
    `SELECT ${PRODUCT_COLUMNS} FROM seconds_products WHERE ($1::text IS NULL OR symbol = $1) AND (NOT $2 OR enabled) ORDER BY symbol, duration_seconds`,
    [options.symbol ?? null, options.enabledOnly ?? false],
  );
  return rows;
}

/** The problems of a product's terms (empty when usable). */
export function checkProduct(p: Pick<SecondsProduct, 'durationSeconds' | 'payoutRatio' | 'minStake' | 'maxStake'>): string[] {
  const problems: string[] = [];
  const dec = (name: string, value: string) => {
    try {
      const d = new Dec(value);
      if (d.isFinite()) return d;
    } catch {
      /* reported below */
    }
    problems.push(`${name} is not a number: ${value}`);
    return new Dec(NaN);
  };
  if (!Number.isInteger(p.durationSeconds) || p.durationSeconds < 10 || p.durationSeconds > 86400) problems.push('the duration is 10 to 86400 seconds');
  const ratio = dec('ratio', p.payoutRatio);
  if (!(ratio.gt(0) && ratio.lte(10)) || ratio.decimalPlaces() > RATIO_DECIMALS) problems.push(`the payout ratio is above 0, at most 10, with at most ${RATIO_DECIMALS} decimals`);
  const min = dec('min', p.minStake);
  const max = dec('max', p.maxStake);
  if (!(min.gt(0) && max.gte(min))) problems.push('0 < min stake ≤ max stake');
  if (min.decimalPlaces() > STAKE_DECIMALS || max.decimalPlaces() > STAKE_DECIMALS) problems.push(`stakes have at most ${STAKE_DECIMALS} decimals`);
  if (max.gt('1e12')) problems.push('the max stake is at most 1e12');
  return problems;
}

/**
 * Creates a product or changes its terms for future purchases (a new version); contracts already bought keep the
 * terms they copied. The caller (an operator command) audits it with the terms before and after.
 */
export async function setProduct(
  tx: Db,
  symbol: string,
  durationSeconds: number,
  change: ProductChange,
  now: Date,
): Promise<{ before: SecondsProduct | null; after: SecondsProduct }> {
  const { rows } = await tx.query<SecondsProduct>(`SELECT ${PRODUCT_COLUMNS} FROM seconds_products WHERE symbol = $1 AND duration_seconds = $2 FOR UPDATE`, [
    symbol,
    durationSeconds,
  ]);
  const before = rows[0] ?? null;
  if (!before && (change.payoutRatio === undefined || change.minStake === undefined || change.maxStake === undefined)) {
    throw new Error('a new product needs --ratio, --min and --max');
  }
  const next = {
    durationSeconds,
    payoutRatio: change.payoutRatio ?? before!.payoutRatio,
    minStake: change.minStake ?? before!.minStake,
    maxStake: change.maxStake ?? before!.maxStake,
    enabled: change.enabled ?? before?.enabled ?? true,
  };
  const problems = checkProduct(next);
  if (problems.length) throw new Error(`Invalid terms:\n  ${problems.join('\n  ')}`);
  const saved = before
    ? await tx.query<SecondsProduct>(
        `UPDATE seconds_products SET payout_ratio = $2, min_stake = $3, max_stake = $4, enabled = $5, version = version + 1, updated_at = $6
          WHERE id = $1 RETURNING ${PRODUCT_COLUMNS}`,
        [before.id, next.payoutRatio, next.minStake, next.maxStake, next.enabled, now],
      )
    : await tx.query<SecondsProduct>(
        `INSERT INTO seconds_products (symbol, duration_seconds, payout_ratio, min_stake, max_stake, enabled, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${PRODUCT_COLUMNS}`,
        [symbol, durationSeconds, next.payoutRatio, next.minStake, next.maxStake, next.enabled, now],
      );
  return { before, after: saved.rows[0]! };
}

/** A product as the form shows it. */
export function productView(p: SecondsProduct) {
  return {
    id: p.id,
    symbol: p.symbol,
    duration: { seconds: p.durationSeconds, ...durationLabel(p.durationSeconds) },
    payoutRatio: p.payoutRatio,
    breakEvenWinRate: breakEvenWinRate(p.payoutRatio),
    minStake: p.minStake,
    maxStake: p.maxStake,
    asset: 'USDT' as const,
    version: p.version,
  };
}
