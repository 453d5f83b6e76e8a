import type { Db } from '../../db/db.js';
import { currentTerms } from '../../platform-kit/product/terms.js';
import { Dec } from '../ledger/decimal.js';
import { AI_FUND, type AiFundTerms } from './terms.js';
import { chooseBasket, gatherPrices, valueOf, type Basket, type PriceEvidence } from './valuation.js';

export interface ValueRow {
  id: string;
  fundId: string;
  termsVersionId: string;
  kind: 'inception' | 'rebalance' | 'mark';
  at: Date;
  valuePerShare: string;
  held: Basket;
  rebalancedTo: Basket | null;
  prices: PriceEvidence[];
}

const COLUMNS = `id::text AS id, fund_id AS "fundId", terms_version_id::text AS "termsVersionId", kind, at,
  value_per_share::text AS "valuePerShare", held, rebalanced_to AS "rebalancedTo", prices`;

const DAY_MS = 86_400_000;
const shaped = (row: ValueRow): ValueRow => ({ ...row, valuePerShare: new Dec(row.valuePerShare).toFixed() });

/** The latest value row of a fund at or before `at` (default: the latest). */
export async function latestValue(db: Db, fundId: string, at?: Date): Promise<ValueRow | undefined> {
  const { rows } = await db.query<ValueRow>(
    `SELECT ${COLUMNS} FROM ai_fund_values WHERE fund_id = $1 AND ($2::timestamptz IS NULL OR at <= $2) ORDER BY at DESC, id DESC LIMIT 1`,
    [fundId, at ?? null],
  );
  return rows[0] && shaped(rows[0]);
}

/** The earliest value row of a fund at or after `at`. */
async function firstValueFrom(db: Db, fundId: string, at: Date): Promise<ValueRow | undefined> {
  const { rows } = await db.query<ValueRow>(`SELECT ${COLUMNS} FROM ai_fund_values WHERE fund_id = $1 AND at >= $2 ORDER BY at, id LIMIT 1`, [fundId, at]);
  return rows[0] && shaped(rows[0]);
}

/** The basket in force: the latest inception or rebalance row's. */
async function lastRebalance(db: Db, fundId: string): Promise<ValueRow | undefined> {
  const { rows } = await db.query<ValueRow>(`SELECT ${COLUMNS} FROM ai_fund_values WHERE fund_id = $1 AND rebalanced_to IS NOT NULL ORDER BY id DESC LIMIT 1`, [fundId]);
  return rows[0] && shaped(rows[0]);
}

/**
 * Values a fund now from the recorded prices and writes the row (the only writer of ai_fund_values): inception when
 * it has no basket yet, a rebalance when its schedule is due or a new terms version is in force, else a mark. Locks
 * the fund row, so the job and a purchase never value it at once. Undefined when the prices are not recorded yet.
 */
export async function valueNow(tx: Db, fundId: string, now: Date): Promise<ValueRow | undefined> {
  await tx.query('SELECT id FROM ai_funds WHERE id = $1 FOR UPDATE', [fundId]);
  const terms = await currentTerms<AiFundTerms>(tx, AI_FUND, fundId, now);
  if (!terms) return undefined;
  const basis = await lastRebalance(tx, fundId);
  const due = !basis || basis.termsVersionId !== terms.id || now.getTime() - basis.at.getTime() >= terms.terms.rebalanceEveryDays * DAY_MS;
  const symbols = [...new Set([...(basis ? Object.keys(basis.rebalancedTo!) : []), ...(due ? terms.terms.symbols : [])])];
  const prices = await gatherPrices(tx, symbols, now, due && terms.terms.strategy === 'momentum' ? terms.terms.lookbackDays : undefined);
  let kind: ValueRow['kind'];
  let held: Basket;
  let value: Dec;
  let rebalancedTo: Basket | null = null;
  if (!basis) {
    kind = 'inception';
    rebalancedTo = chooseBasket(terms.terms, new Dec(terms.terms.initialValue), prices) ?? null;
    if (!rebalancedTo) return undefined;
    held = rebalancedTo;
    value = valueOf(held, prices);
  } else {
    held = basis.rebalancedTo!;
    value = valueOf(held, prices);
    if (due) rebalancedTo = chooseBasket(terms.terms, value, prices) ?? null;
    kind = rebalancedTo ? 'rebalance' : 'mark';
  }
  // keep only the evidence the row used: the held basket's prices, and the ranking's when it rebalanced
  const used = prices.filter((p) => held[p.symbol] !== undefined || (rebalancedTo && (p.role === 'lookback' || rebalancedTo[p.symbol] !== undefined)));
  const { rows } = await tx.query<ValueRow>(
    `INSERT INTO ai_fund_values (fund_id, terms_version_id, kind, at, value_per_share, held, rebalanced_to, prices)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb) RETURNING ${COLUMNS}`,
    [fundId, terms.id, kind, now, value.toFixed(), JSON.stringify(held), rebalancedTo && JSON.stringify(rebalancedTo), JSON.stringify(used)],
  );
  return shaped(rows[0]!);
}

/**
 * Every fund's value now (the recurring job, in the job's transaction): a fund whose prices are not recorded yet
 * is skipped and tried at the next run. Answers how many rows it wrote.
 */
export async function valueAllFunds(tx: Db, now: Date): Promise<number> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM ai_funds ORDER BY id');
  let written = 0;
  for (const { id } of rows) if (await valueNow(tx, id, now)) written += 1;
  return written;
}

/** A realised return between two value rows: later / earlier − 1, to 6 decimals. */
export interface RealisedRate {
  rate: string;
  from: Date;
  to: Date;
  days: number;
}

const rateBetween = (from: ValueRow, to: ValueRow): RealisedRate => ({
  rate: new Dec(to.valuePerShare).div(from.valuePerShare).minus(1).toDecimalPlaces(6, Dec.ROUND_HALF_UP).toFixed(),
  from: from.at,
  to: to.at,
  days: new Dec(to.at.getTime() - from.at.getTime()).div(DAY_MS).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toNumber(),
});

/**
 * The realised return over the last `days` to the latest row: from the last row at or before the window's start,
 * or, for a younger fund, from its first row (the period says which). Undefined with fewer than two rows.
 */
export async function realisedRate(db: Db, fundId: string, days: number, now: Date): Promise<RealisedRate | undefined> {
  const last = await latestValue(db, fundId, now);
  if (!last) return undefined;
  const start = new Date(last.at.getTime() - days * DAY_MS);
  const first = (await latestValue(db, fundId, start)) ?? (await firstValueFrom(db, fundId, new Date(0)));
  if (!first || first.id === last.id) return undefined;
  return rateBetween(first, last);
}

/** The value history for a chart: at most `points` rows spread over the last `days` (the latest always included). */
export async function valueHistory(db: Db, fundId: string, days: number, points: number, now: Date): Promise<{ at: Date; value: string }[]> {
  const { rows } = await db.query<{ at: Date; value: string }>(
    `SELECT at, value_per_share::text AS value FROM ai_fund_values WHERE id IN (
       SELECT max(id) FROM (SELECT id, ntile($4) OVER (ORDER BY at, id) AS bucket FROM ai_fund_values
                             WHERE fund_id = $1 AND at >= $2 AND at <= $3) b GROUP BY bucket)
      ORDER BY at, id`,
    [fundId, new Date(now.getTime() - days * DAY_MS), now, points],
  );
  return rows.map((r) => ({ at: r.at, value: new Dec(r.value).toFixed() }));
}
