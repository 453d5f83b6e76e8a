import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import type { Mode } from '../ledger/ledger.js';
import type { AiFundTerms } from './terms.js';

/** One purchase of a fund, as stored. */
export interface PositionRow {
  id: string;
  userId: string;
  mode: Mode;
  fundId: string;
  shares: string;
  buyValueId: string;
  buyValue: string;
  cost: string;
  redeemCap: string;
  termsVersionId: string;
  terms: AiFundTerms;
  boughtAt: Date;
  boughtValuedAt: Date;
  status: 'holding' | 'redeemed';
  redeemValueId: string | null;
  redeemValue: string | null;
  proceeds: string | null;
  redeemedAt: Date | null;
  redeemValuedAt: Date | null;
}

export const POSITION_SELECT = `SELECT p.id::text AS id, p.user_id::text AS "userId", p.mode, p.fund_id AS "fundId", p.shares::text AS shares,
  p.buy_value_id::text AS "buyValueId", p.buy_value::text AS "buyValue", p.cost::text AS cost, p.redeem_cap::text AS "redeemCap",
  p.terms_version_id::text AS "termsVersionId", p.terms, p.bought_at AS "boughtAt", bv.at AS "boughtValuedAt", p.status,
  p.redeem_value_id::text AS "redeemValueId", p.redeem_value::text AS "redeemValue", p.proceeds::text AS proceeds,
  p.redeemed_at AS "redeemedAt", rv.at AS "redeemValuedAt"
  FROM ai_fund_positions p JOIN ai_fund_values bv ON bv.id = p.buy_value_id LEFT JOIN ai_fund_values rv ON rv.id = p.redeem_value_id`;

const norm = (v: string | null) => (v === null ? null : new Dec(v).toFixed());
export const shapedPosition = (row: PositionRow): PositionRow => ({
  ...row,
  shares: norm(row.shares)!,
  buyValue: norm(row.buyValue)!,
  cost: norm(row.cost)!,
  redeemCap: norm(row.redeemCap)!,
  redeemValue: norm(row.redeemValue),
  proceeds: norm(row.proceeds),
});

export async function positionBy(db: Db, where: string, params: unknown[]): Promise<PositionRow | undefined> {
  const { rows } = await db.query<PositionRow>(`${POSITION_SELECT} WHERE ${where}`, params);
  return rows[0] && shapedPosition(rows[0]);
}

export async function positionsOf(db: Db, userId: string, mode: Mode, filter: { status?: 'holding'; fundId?: string; limit?: number } = {}): Promise<PositionRow[]> {
  const { rows } = await db.query<PositionRow>(
    `${POSITION_SELECT} WHERE p.user_id = $1 AND p.mode = $2 AND ($3::text IS NULL OR p.status = $3) AND ($4::text IS NULL OR p.fund_id = $4)
      ORDER BY p.id DESC LIMIT $5`,
    [userId, mode, filter.status ?? null, filter.fundId ?? null, filter.limit ?? 200],
  );
  return rows.map(shapedPosition);
}

/** What a redemption at `value` pays: shares × value, at most the position's cap (exact: no rounding). */
export const redemptionOf = (shares: string, value: string, cap: string): Dec => Dec.min(new Dec(shares).times(value), new Dec(cap));

/** Every redemption cap of the open positions in a mode: what the reserve must back. */
export async function openCaps(db: Db, mode: Mode): Promise<Dec> {
  const { rows } = await db.query<{ total: string }>(`SELECT COALESCE(SUM(redeem_cap), 0)::text AS total FROM ai_fund_positions WHERE mode = $1 AND status = 'holding'`, [mode]);
  return new Dec(rows[0]!.total);
}
