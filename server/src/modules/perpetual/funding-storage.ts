import type { Db } from '../../db/db.js';
import type { Mode } from '../ledger/ledger.js';

// The SQL of perp_funding_rates and perp_funding (funding.ts orchestrates).

/** Publishes the rate of a coming funding time (the first one recorded for it stays). */
export async function publishRate(q: Db, row: { symbol: string; at: Date; rate: string; termsVersion: number; now: Date }): Promise<void> {
  await q.query(
    `INSERT INTO perp_funding_rates (symbol, funding_time, rate, terms_version, recorded_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [row.symbol, row.at, row.rate, row.termsVersion, row.now],
  );
}

/**
 * The rate recorded for `symbol` at the funding time `at`; none recorded (a time the job did not see coming): the
 * rate of the terms in force at that time, recorded now so that every payment of it agrees. Undefined when the
 * instrument has no terms version from before `at`.
 */
export async function recordedRateAt(q: Db, symbol: string, at: Date, now: Date): Promise<string | undefined> {
  await q.query(
    `INSERT INTO perp_funding_rates (symbol, funding_time, rate, terms_version, recorded_at)
     SELECT symbol, $2, (terms->>'fundingRate')::numeric, version, $3 FROM trading_instrument_versions
      WHERE symbol = $1 AND changed_at <= $2 ORDER BY version DESC LIMIT 1
     ON CONFLICT DO NOTHING`,
    [symbol, at, now],
  );
  const { rows } = await q.query<{ rate: string }>('SELECT trim_scale(rate)::text AS rate FROM perp_funding_rates WHERE symbol = $1 AND funding_time = $2', [symbol, at]);
  return rows[0]?.rate;
}

/** The last price of a position's own fills at or before `at` (its fills' evidence, the feed time they were taken at). */
export async function fillPriceBefore(q: Db, positionId: string, at: Date): Promise<{ price: string; at: Date } | undefined> {
  const { rows } = await q.query<{ price: string; at: Date }>(
    `SELECT evidence->>'last' AS price, (evidence->>'feedTime')::timestamptz AS at FROM perp_fills
      WHERE position_id = $1 AND (evidence->>'feedTime')::timestamptz <= $2 ORDER BY 2 DESC, id DESC LIMIT 1`,
    [positionId, at],
  );
  return rows[0];
}

export async function fundingPaid(tx: Db, positionId: string, at: Date): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM perp_funding WHERE position_id = $1 AND funding_time = $2', [positionId, at]);
  return rows.length > 0;
}

export async function insertFunding(tx: Db, row: {
  positionId: string; userId: string; mode: Mode; at: Date; rate: string; mark: string; markTime: Date; markCovered: boolean; quantity: string; amount: string; receiptSeq: string; now: Date;
}): Promise<void> {
  await tx.query(
    `INSERT INTO perp_funding (position_id, user_id, mode, funding_time, rate, mark_price, mark_time, mark_covered, quantity, amount, receipt_seq, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [row.positionId, row.userId, row.mode, row.at, row.rate, row.mark, row.markTime, row.markCovered, row.quantity, row.amount, row.receiptSeq, row.now],
  );
}

/** A payment's effect on its position: the funding total, and the margin what the balance did not cover came from. */
export async function applyFunding(tx: Db, positionId: string, amount: string, fromMargin: string): Promise<void> {
  await tx.query('UPDATE perp_positions SET funding = funding + $2, margin = margin - $3 WHERE id = $1', [positionId, amount, fromMargin]);
}

/** One minute's mark and index of each formula instrument (the first sample of a minute stays: several processes may run the job). */
export async function recordSamples(q: Db, minute: Date, samples: readonly { symbol: string; mark: string; index: string }[]): Promise<void> {
  if (!samples.length) return;
  const values = samples.map((_, i) => `($${i * 3 + 2}, $1, $${i * 3 + 3}, $${i * 3 + 4})`).join(', ');
  await q.query(
    `INSERT INTO perp_funding_samples (symbol, sampled_at, mark_price, index_price) VALUES ${values} ON CONFLICT DO NOTHING`,
    [minute, ...samples.flatMap((s) => [s.symbol, s.mark, s.index])],
  );
}

/** The samples of `symbol` after `from` and up to `to` (a funding interval ends at its funding time), oldest first. */
export async function samplesBetween(q: Db, symbol: string, from: Date, to: Date): Promise<{ mark: string; index: string }[]> {
  const { rows } = await q.query<{ mark: string; index: string }>(
    `SELECT trim_scale(mark_price)::text AS mark, trim_scale(index_price)::text AS index FROM perp_funding_samples
      WHERE symbol = $1 AND sampled_at > $2 AND sampled_at <= $3 ORDER BY sampled_at`,
    [symbol, from, to],
  );
  return rows;
}

/** The funding terms of the version of `symbol` in force at `at` (a version from before migration 0031: the instrument's formula). */
export interface FundingTerms {
  version: number;
  fundingRate: string;
  fundingIntervalHours: number;
  fundingInterestRate: string | null;
  fundingClamp: string | null;
  fundingCap: string | null;
}

export async function fundingTermsAt(q: Db, symbol: string, at: Date): Promise<FundingTerms | undefined> {
  const { rows } = await q.query<FundingTerms>(
    `SELECT v.version, trim_scale((v.terms->>'fundingRate')::numeric)::text AS "fundingRate", (v.terms->>'fundingIntervalHours')::integer AS "fundingIntervalHours",
            trim_scale((CASE WHEN v.terms ? 'fundingCap' THEN v.terms->>'fundingInterestRate' ELSE i.funding_interest_rate::text END)::numeric)::text AS "fundingInterestRate",
            trim_scale((CASE WHEN v.terms ? 'fundingCap' THEN v.terms->>'fundingClamp' ELSE i.funding_clamp::text END)::numeric)::text AS "fundingClamp",
            trim_scale((CASE WHEN v.terms ? 'fundingCap' THEN v.terms->>'fundingCap' ELSE i.funding_cap::text END)::numeric)::text AS "fundingCap"
       FROM trading_instrument_versions v JOIN trading_instruments i ON i.symbol = v.symbol
      WHERE v.symbol = $1 AND v.changed_at <= $2 ORDER BY v.version DESC LIMIT 1`,
    [symbol, at],
  );
  return rows[0];
}

/** A funding time's recorded rate with its inputs (premium null: a configured rate, recorded before the formula or without one). */
export interface RecordedRate {
  fundingTime: Date;
  rate: string;
  premium: string | null;
  markPrice: string | null;
  indexPrice: string | null;
  samples: number | null;
  interestRate: string | null;
  clamp: string | null;
  cap: string | null;
}

export async function recordedRate(q: Db, symbol: string, at: Date): Promise<RecordedRate | undefined> {
  const { rows } = await q.query<RecordedRate>(
    `SELECT funding_time AS "fundingTime", trim_scale(rate)::text AS rate, trim_scale(premium)::text AS premium, trim_scale(mark_price)::text AS "markPrice",
            trim_scale(index_price)::text AS "indexPrice", sample_count AS samples, trim_scale(interest_rate)::text AS "interestRate",
            trim_scale(clamp)::text AS clamp, trim_scale(cap)::text AS cap
       FROM perp_funding_rates WHERE symbol = $1 AND funding_time = $2`,
    [symbol, at],
  );
  return rows[0];
}

/** Records a funding time's rate computed by the formula, with its inputs; the first one recorded for the time stays. */
export async function recordFormulaRate(q: Db, symbol: string, termsVersion: number, row: Omit<RecordedRate, 'samples'> & { samples: number }, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO perp_funding_rates (symbol, funding_time, rate, terms_version, recorded_at, premium, mark_price, index_price, sample_count, interest_rate, clamp, cap)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING`,
    [symbol, row.fundingTime, row.rate, termsVersion, now, row.premium, row.markPrice, row.indexPrice, row.samples, row.interestRate, row.clamp, row.cap],
  );
}
