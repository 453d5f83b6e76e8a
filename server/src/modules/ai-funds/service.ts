import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { idempotent, rowOfKey } from '../../platform-kit/idempotent.js';
import { requireCoverage, reserveAccount } from '../../platform-kit/product/reserves.js';
import { currentTerms, freezeTerms } from '../../platform-kit/product/terms.js';
import { requireKyc, type AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { MAX_AMOUNT, PLATFORM, post, type AccountRef, type Mode, type UserWallet } from '../ledger/ledger.js';
import { checkFundCode } from './codes.js';
import { openCaps, POSITION_SELECT, positionBy, positionsOf, redemptionOf, shapedPosition, type PositionRow } from './positions.js';
import { AI_FUND, type AiFundTerms } from './terms.js';
import { latestValue, realisedRate, valueHistory, valueNow, type ValueRow } from './values.js';

/**
 * A fund's units live in the ledger under their own wallet name, outside the five wallets the screens list: the
 * user's `aiFund` account of asset `fund:<id>`, issued from (and returned to) the platform's `aiFund` account.
 */
const UNITS = 'aiFund' as unknown as UserWallet;
export const unitsAsset = (fundId: string) => `fund:${fundId}`;
const units = (holder: string, mode: Mode, fundId: string): AccountRef => ({ holder, mode, wallet: UNITS, asset: unitsAsset(fundId) });
const spotUsdt = (holder: string, mode: Mode): AccountRef => ({ holder, mode, wallet: 'spot', asset: 'USDT' });
const reserve = (mode: Mode) => reserveAccount(AI_FUND, mode, 'USDT');

export interface BuyInput {
  fundId: string;
  shares?: string;
  amount?: string;
  code?: string;
  requestId: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A position as the screens show it, valued at `value` (the fund's latest row) when still held. */
export function positionView(p: PositionRow, name: string, value: ValueRow | undefined) {
  const held = p.status === 'holding';
  const current = held ? value?.valuePerShare ?? null : p.redeemValue;
  const marketValue = held ? (current ? redemptionOf(p.shares, current, p.redeemCap).toFixed() : null) : p.proceeds;
  const pnl = marketValue === null ? null : new Dec(marketValue).minus(p.cost);
  return {
    id: p.id,
    fundId: p.fundId,
    fundName: name,
    status: p.status,
    shares: p.shares,
    buyValue: p.buyValue,
    cost: p.cost,
    redeemCap: p.redeemCap,
    boughtAt: p.boughtAt.toISOString(),
    buyValuedAt: p.boughtValuedAt.toISOString(),
    termsVersionId: p.termsVersionId,
    valuePerShare: current,
    valuedAt: held ? iso(value?.at ?? null) : iso(p.redeemValuedAt),
    marketValue,
    pnl: pnl?.toFixed() ?? null,
    pnlRate: pnl ? pnl.div(p.cost).toDecimalPlaces(6, Dec.ROUND_HALF_UP).toFixed() : null,
    redeemValue: p.redeemValue,
    proceeds: p.proceeds,
    redeemedAt: iso(p.redeemedAt),
  };
}
export type PositionView = ReturnType<typeof positionView>;

export function createAiFunds(deps: { db: Db; clock: () => Date; prepare?: (fundId: string) => Promise<void> }) {
  const { db, clock, prepare = async () => undefined } = deps;

  async function fundTerms(fundId: string, at: Date) {
    const exists = await db.query('SELECT 1 FROM ai_funds WHERE id = $1', [fundId]);
    const terms = exists.rows.length ? await currentTerms<AiFundTerms>(db, AI_FUND, fundId, at) : undefined;
    if (!terms) throw refuse('aiFundNotFound');
    return terms;
  }

  const names = async (): Promise<Map<string, string>> => {
    const { rows } = await db.query<{ id: string; name: string }>(
      `SELECT f.id, (SELECT terms->>'name' FROM product_terms WHERE product_kind = $1 AND product_id = f.id ORDER BY version DESC LIMIT 1) AS name FROM ai_funds f`,
      [AI_FUND],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  };

  async function viewsOf(rows: PositionRow[]) {
    const fundNames = await names();
    const latest = new Map<string, ValueRow | undefined>();
    for (const id of new Set(rows.map((r) => r.fundId))) latest.set(id, await latestValue(db, id));
    return rows.map((r) => positionView(r, fundNames.get(r.fundId) ?? r.fundId, latest.get(r.fundId)));
  }

  return {
    /** Every fund with its terms, latest value, realised daily yield, historical return (with its period) and chart. */
    async list() {
      const now = clock();
      const { rows } = await db.query<{ id: string; hasCode: boolean }>('SELECT id, code_hash IS NOT NULL AS "hasCode" FROM ai_funds ORDER BY created_at, id');
      const out = [];
      for (const fund of rows) {
        const terms = await currentTerms<AiFundTerms>(db, AI_FUND, fund.id, now);
        if (!terms) continue;
        const t = terms.terms;
        const value = await latestValue(db, fund.id, now);
        const daily = await realisedRate(db, fund.id, 1, now);
        const historical = await realisedRate(db, fund.id, t.historyDays, now);
        const period = (r: typeof daily) => (r ? { from: r.from.toISOString(), to: r.to.toISOString(), days: r.days } : null);
        out.push({
          id: fund.id,
          name: t.name,
          strategy: t.strategy,
          symbols: t.symbols,
          top: t.top ?? null,
          lookbackDays: t.lookbackDays ?? null,
          rebalanceEveryDays: t.rebalanceEveryDays,
          hasCode: fund.hasCode,
          termsVersion: terms.version,
          shareDecimals: t.shareDecimals,
          minShares: new Dec(t.minShares).toFixed(),
          maxGainRate: new Dec(t.maxGainRate).toFixed(),
          valuePerShare: value?.valuePerShare ?? null,
          valuedAt: iso(value?.at ?? null),
          holdings: value ? Object.keys(value.rebalancedTo ?? value.held) : [],
          dailyYieldRate: daily?.rate ?? null,
          dailyYieldPeriod: period(daily),
          expectedRate: historical?.rate ?? null,
          expectedRatePeriod: period(historical),
          history: (await valueHistory(db, fund.id, t.historyDays, 60, now)).map((h) => ({ at: h.at.toISOString(), value: h.value })),
        });
      }
      return out;
    },

    /** The code gate on its own (the buy screen asks it before showing the form). */
    async checkCode(user: AuthUser, fundId: string, code: string) {
      await fundTerms(fundId, clock());
      await checkFundCode(db, user.id, fundId, code, clock());
      return { fundId, ok: true };
    },

    /** Buys shares at the value computed now from the recorded prices, paid from the spot wallet's USDT. */
    async buy(user: AuthUser, input: BuyInput): Promise<PositionView> {
      const { requestId, code, ...request } = input;
      const mode = user.mode;
      const call = await idempotent<PositionRow>(db, clock, {
        key: { scope: 'ai-fund-buy', userId: user.id, mode, requestId },
        request: { ...request, mode },
        replay: rowOfKey(`${POSITION_SELECT} WHERE p.request_key = $1`, shapedPosition),
      });
      if (call.first) return (await viewsOf([call.first]))[0]!;
      // investing is trading: a verified identity first (spec: trading requires KYC)
      requireKyc(user);
      if ((input.shares === undefined) === (input.amount === undefined)) throw refuse('invalidAmount');
      const terms = await fundTerms(input.fundId, clock());
      await checkFundCode(db, user.id, input.fundId, code, clock());
      const t = terms.terms;
      const given = new Dec(input.shares ?? input.amount!);
      if (!given.isFinite() || given.lte(0) || given.gt(MAX_AMOUNT)) throw refuse('invalidAmount');
      if (input.shares !== undefined && given.decimalPlaces() > t.shareDecimals) throw refuse('aiFundShareDecimals', { decimals: String(t.shareDecimals) });
      await prepare(input.fundId);
      const row = await call.transaction(async (tx, now) => {
        const value = await valueNow(tx, input.fundId, now);
        if (!value) throw refuse('aiFundNotValued');
        // an amount buys the whole shares (to the fund's decimals) it pays for at this value
        const shares = input.shares !== undefined ? given : given.div(value.valuePerShare).toDecimalPlaces(t.shareDecimals, Dec.ROUND_DOWN);
        if (shares.lt(t.minShares)) throw refuse('aiFundBelowMinimum', { min: new Dec(t.minShares).toFixed() });
        const cost = shares.times(value.valuePerShare);
        const frozen = freezeTerms(terms);
        const cap = cost.times(new Dec(1).plus(frozen.terms.maxGainRate));
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO ai_fund_positions (user_id, mode, fund_id, shares, buy_value_id, buy_value, cost, redeem_cap, terms_version_id, terms, request_key, bought_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12) RETURNING id::text AS id`,
          [user.id, mode, input.fundId, shares.toFixed(), value.id, value.valuePerShare, cost.toFixed(), cap.toFixed(), frozen.termsVersionId, JSON.stringify(frozen.terms), call.key, now],
        );
        const id = rows[0]!.id;
        await post(
          tx,
          {
            key: call.key,
            cause: { type: 'ai-fund-buy', id },
            moves: [
              { from: spotUsdt(user.id, mode), to: reserve(mode), amount: cost.toFixed() },
              { from: units(PLATFORM, mode, input.fundId), to: units(user.id, mode, input.fundId), amount: shares.toFixed() },
            ],
          },
          now,
        );
        // the payment is in the reserve now; it must back every open position's cap, this one's included
        await requireCoverage(tx, AI_FUND, mode, 'USDT', (await openCaps(tx, mode)).toFixed());
        return (await positionBy(tx, 'p.id = $1', [id]))!;
      });
      return (await viewsOf([row]))[0]!;
    },

    /** Redeems a whole position at the value computed now, paid from the reserve into the spot wallet. */
    async redeem(user: AuthUser, input: { positionId: string; requestId: string }): Promise<PositionView> {
      const { requestId, ...request } = input;
      const mode = user.mode;
      const call = await idempotent<PositionRow>(db, clock, {
        key: { scope: 'ai-fund-redeem', userId: user.id, mode, requestId },
        request: { ...request, mode },
        replay: rowOfKey(`${POSITION_SELECT} WHERE p.redeem_request_key = $1`, shapedPosition),
      });
      if (call.first) return (await viewsOf([call.first]))[0]!;
      const lot = await positionBy(db, 'p.id = $1', [input.positionId]);
      if (lot) await prepare(lot.fundId);
      const row = await call.transaction(async (tx, now) => {
        const held = await positionBy(tx, 'p.id = $1 AND p.user_id = $2 AND p.mode = $3', [input.positionId, user.id, mode]);
        if (!held) throw refuse('aiFundPositionNotFound');
        if (held.status !== 'holding') throw refuse('aiFundRedeemed');
        const value = await valueNow(tx, held.fundId, now);
        if (!value) throw refuse('aiFundNotValued');
        const proceeds = redemptionOf(held.shares, value.valuePerShare, held.redeemCap);
        const changed = await tx.query(
          `UPDATE ai_fund_positions SET status = 'redeemed', redeem_request_key = $2, redeem_value_id = $3, redeem_value = $4, proceeds = $5, redeemed_at = $6
            WHERE id = $1 AND status = 'holding' RETURNING id`,
          [held.id, call.key, value.id, value.valuePerShare, proceeds.toFixed(), now],
        );
        if (!changed.rows.length) throw refuse('aiFundRedeemed');
        const moves = [{ from: units(user.id, mode, held.fundId), to: units(PLATFORM, mode, held.fundId), amount: held.shares }];
        if (proceeds.gt(0)) moves.push({ from: reserve(mode), to: spotUsdt(user.id, mode), amount: proceeds.toFixed() });
        await post(tx, { key: call.key, cause: { type: 'ai-fund-redeem', id: held.id }, moves }, now);
        return (await positionBy(tx, 'p.id = $1', [held.id]))!;
      });
      return (await viewsOf([row]))[0]!;
    },

    async positions(user: AuthUser, fundId?: string) {
      return viewsOf(await positionsOf(db, user.id, user.mode, { status: 'holding', fundId }));
    },

    async history(user: AuthUser, fundId?: string) {
      return viewsOf(await positionsOf(db, user.id, user.mode, { fundId, limit: 100 }));
    },

    /** Holding shares, value, cost and P/L per fund and in total (open positions). */
    async info(user: AuthUser) {
      const open = await viewsOf(await positionsOf(db, user.id, user.mode, { status: 'holding' }));
      const byFund = new Map<string, { fundId: string; fundName: string; shares: Dec; cost: Dec; value: Dec; valuePerShare: string | null }>();
      for (const p of open) {
        const entry = byFund.get(p.fundId) ?? { fundId: p.fundId, fundName: p.fundName, shares: new Dec(0), cost: new Dec(0), value: new Dec(0), valuePerShare: p.valuePerShare };
        entry.shares = entry.shares.plus(p.shares);
        entry.cost = entry.cost.plus(p.cost);
        entry.value = entry.value.plus(p.marketValue ?? p.cost);
        byFund.set(p.fundId, entry);
      }
      const funds = [...byFund.values()].map((f) => ({
        fundId: f.fundId,
        fundName: f.fundName,
        holdingShares: f.shares.toFixed(),
        valuePerShare: f.valuePerShare,
        cost: f.cost.toFixed(),
        value: f.value.toFixed(),
        pnl: f.value.minus(f.cost).toFixed(),
      }));
      const cost = funds.reduce((s, f) => s.plus(f.cost), new Dec(0));
      const value = funds.reduce((s, f) => s.plus(f.value), new Dec(0));
      return {
        positions: open.length,
        cost: cost.toFixed(),
        value: value.toFixed(),
        pnl: value.minus(cost).toFixed(),
        pnlRate: cost.isZero() ? null : value.minus(cost).div(cost).toDecimalPlaces(6, Dec.ROUND_HALF_UP).toFixed(),
        funds,
      };
    },
  };
}
export type AiFunds = ReturnType<typeof createAiFunds>;
