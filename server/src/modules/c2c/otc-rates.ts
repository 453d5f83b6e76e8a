import { Dec as Decimal } from '../ledger/decimal.js';
import { C2C_FIATS } from '@meridian/contracts';
import type { Db } from '../../db/db.js';

/** The desk's terms for one fiat, as one operator set them: the fiat paid for 1 USDT and the spread each way. */
export interface OtcRateVersion { fiat: string; version: number; rate: string; spread: string; setAt: Date }

interface RateRow { fiat: string; version: number; rate: string; spread: string; set_at: Date }

const toRate = (row: RateRow): OtcRateVersion => ({ fiat: row.fiat, version: Number(row.version), rate: new Decimal(row.rate).toFixed(), spread: new Decimal(row.spread).toFixed(), setAt: row.set_at });

/** The spread a first version of a fiat takes when the operator names none (the desk's usual 1 %). */
export const DEFAULT_OTC_SPREAD = '0.01';

export const isOtcFiat = (fiat: string): boolean => (C2C_FIATS as readonly string[]).includes(fiat);

/** The terms in force per fiat (its highest version), in the order of the listed fiats; unset fiats are absent. */
export async function currentOtcRates(db: Db): Promise<OtcRateVersion[]> {
  const { rows } = await db.query<RateRow>(
    `SELECT DISTINCT ON (fiat) fiat, version, rate::text AS rate, spread::text AS spread, set_at FROM otc_rate_versions ORDER BY fiat, version DESC`,
  );
  const byFiat = new Map(rows.map((row) => [row.fiat, toRate(row)]));
  return C2C_FIATS.flatMap((fiat) => byFiat.get(fiat) ?? []);
}

/** One version of a fiat's terms (an order names the version its quote came from). */
export async function otcRateVersion(db: Db, fiat: string, version: number): Promise<OtcRateVersion | undefined> {
  const { rows } = await db.query<RateRow>(`SELECT fiat, version, rate::text AS rate, spread::text AS spread, set_at FROM otc_rate_versions WHERE fiat = $1 AND version = $2`, [fiat, version]);
  return rows[0] && toRate(rows[0]);
}

/** Every version of a fiat's terms, newest first, with who set it. */
export async function otcRateHistory(db: Db, fiat: string): Promise<(OtcRateVersion & { setBy: string })[]> {
  const { rows } = await db.query<RateRow & { set_by: string }>(
    `SELECT fiat, version, rate::text AS rate, spread::text AS spread, set_at, set_by FROM otc_rate_versions WHERE fiat = $1 ORDER BY version DESC`, [fiat]);
  return rows.map((row) => ({ ...toRate(row), setBy: row.set_by }));
}

/**
 * Adds the next version of a fiat's terms under the table's lock (two operators at once get two versions, not one
 * lost). Without a spread the one in force is kept.
 */
export async function addOtcRateVersion(tx: Db, input: { fiat: string; rate: string; spread?: string | undefined }, setBy: string, at: Date): Promise<OtcRateVersion> {
  await tx.query('LOCK TABLE otc_rate_versions IN SHARE ROW EXCLUSIVE MODE');
  const { rows } = await tx.query<RateRow>(
    `INSERT INTO otc_rate_versions (fiat, version, rate, spread, set_by, set_at)
     SELECT $1, COALESCE(max(version), 0) + 1, $2::numeric,
            COALESCE($3::numeric, (SELECT spread FROM otc_rate_versions WHERE fiat = $1 ORDER BY version DESC LIMIT 1), $4::numeric), $5, $6
       FROM otc_rate_versions WHERE fiat = $1
     RETURNING fiat, version, rate::text AS rate, spread::text AS spread, set_at`,
    [input.fiat, input.rate, input.spread ?? null, DEFAULT_OTC_SPREAD, setBy, at.toISOString()],
  );
  return toRate(rows[0]!);
}
