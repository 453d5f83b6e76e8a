import { randomInt } from 'node:crypto';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import { schedulePayouts } from '../../platform-kit/product/payouts.js';
import { requireCoverage } from '../../platform-kit/product/reserves.js';
import { sell } from '../../platform-kit/product/sell.js';
import { currentTerms, freezeTerms, type TermsVersion } from '../../platform-kit/product/terms.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { parseAmount, type Mode } from '../ledger/ledger.js';
import { catalogue, moveToWealth, reserveOf } from './catalogue.js';
import { redeemEarly } from './redeem.js';
import { uplines, levelOf, teamOf } from './team.js';
import { dailyIncome, earlyRedemption, incomeDates, rebatePayouts, REBATE_KIND, SMART_POOL, SMART_POOL_KIND, smartPoolPayouts, type SmartPoolTerms } from './terms.js';
import { ORDER_SELECT, orderView, payoutLine, sum, type OrderRow, type OrderView, type PayoutLine } from './views.js';

type Window = { limit: number; offset: number };

/** The purchase's whole liability: the buyer's incomes and, for each qualifying upline, its tier's rebates. */
function plan(terms: SmartPoolTerms, amount: string, start: Date, tiers: { tier: 1 | 2 | 3; uplineId: string }[]) {
  const own = smartPoolPayouts(terms, amount, start);
  const rebates = tiers.map((t) => ({ ...t, rate: terms.rebateRates[t.tier - 1]!, payouts: rebatePayouts(terms, amount, start, t.tier) }));
  const liability = sum([...own, ...rebates.flatMap((r) => r.payouts)].map((p) => p.amount));
  return { own, rebates, liability };
}

/** Whether the reserve can back the product's smallest purchase with every rebate tier paid (else "Sold out"). */
function soldOut(terms: SmartPoolTerms, free: string): boolean {
  const daily = dailyIncome(terms, terms.minAmount);
  const rebates = terms.rebateRates.reduce((s, r) => s.plus(daily.times(r).toDecimalPlaces(terms.scale, Dec.ROUND_DOWN)), new Dec(0));
  return new Dec(free).lt(daily.plus(rebates).times(terms.cycleDays));
}

export function createSmartPool(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  async function productView(version: TermsVersion<SmartPoolTerms>, mode: Mode) {
    const t = version.terms;
    const reserve = await reserveOf(db, SMART_POOL_KIND, mode, t.asset);
    return {
      id: version.productId,
      termsVersion: version.version,
      name: t.name,
      level: t.level,
      asset: t.asset,
      cycleDays: t.cycleDays,
      dailyRate: t.dailyRate,
      minAmount: t.minAmount,
      maxAmount: t.maxAmount,
      rebateRates: t.rebateRates,
      payoutHour: t.payoutHour,
      timeZone: t.timeZone,
      earlyRedeemPenaltyRate: t.earlyRedeemPenaltyRate ?? null,
      active: t.active,
      reserve,
      soldOut: !t.active || soldOut(t, reserve.free),
    };
  }

  async function termsOf(productId: string, now: Date) {
    const version = await currentTerms<SmartPoolTerms>(db, SMART_POOL_KIND, productId, now);
    if (!version || !version.terms.active) throw refuse('investProductUnavailable');
    return version;
  }

  function checkAmount(terms: SmartPoolTerms, value: unknown): string {
    const amount = parseAmount(value);
    if (amount.decimalPlaces() > terms.scale) throw refuse('invalidAmount');
    if (amount.lt(terms.minAmount)) throw refuse('investBelowMinimum', { min: terms.minAmount, asset: terms.asset });
    if (amount.gt(terms.maxAmount)) throw refuse('investAboveMaximum', { max: terms.maxAmount, asset: terms.asset });
    return amount.toFixed();
  }

  async function orders(where: string, params: unknown[], window?: Window, store: Db = db): Promise<OrderView[]> {
    const page = window ? ` LIMIT ${window.limit} OFFSET ${window.offset}` : '';
    const { rows } = await store.query<OrderRow>(`SELECT * FROM (${ORDER_SELECT}) o WHERE ${where} ORDER BY o.id::bigint DESC${page}`, params);
    return rows.map(orderView);
  }

  return {
    async products(mode: Mode) {
      // lowest level first, as the screens list them
      const versions = (await catalogue<SmartPoolTerms>(db, SMART_POOL_KIND, clock())).sort((a, b) => a.terms.level - b.terms.level || a.productId.localeCompare(b.productId));
      return Promise.all(versions.map((v) => productView(v, mode)));
    },

    /** A fresh order number for the buy screen; the purchase is made under it (it is also its request id). */
    orderNumber(now = clock()) {
      const stamp = now.toISOString().replace(/[^0-9]/g, '').slice(0, 14);
      return { orderNumber: `SP${stamp}${String(randomInt(0, 1e8)).padStart(8, '0')}` };
    },

    /** What a purchase of `amount` would give, before buying: incomes, dates, and whether the reserve backs it. */
    async estimate(mode: Mode, productId: string, value: unknown) {
      const now = clock();
      const version = await termsOf(productId, now);
      const terms = version.terms;
      const amount = checkAmount(terms, value);
      const dates = incomeDates(terms, now);
      const daily = dailyIncome(terms, amount);
      const reserve = await reserveOf(db, SMART_POOL_KIND, mode, terms.asset);
      // the most this purchase could add: its incomes and all three rebate tiers
      const most = plan(terms, amount, now, [{ tier: 1, uplineId: '' }, { tier: 2, uplineId: '' }, { tier: 3, uplineId: '' }]).liability;
      return {
        productId, termsVersion: version.version, name: terms.name, asset: terms.asset, amount, cycleDays: terms.cycleDays, dailyRate: terms.dailyRate,
        dailyIncome: daily.toFixed(), estimatedInterest: daily.times(terms.cycleDays).toFixed(), interestAt: dates[0]!, endsAt: dates[dates.length - 1]!,
        payoutHour: terms.payoutHour, timeZone: terms.timeZone, earlyRedeemPenaltyRate: terms.earlyRedeemPenaltyRate ?? null,
        earlyRedeemPenalty: earlyRedemption(terms, amount)?.penalty ?? null, reserve, liabilityAdded: most, covered: new Dec(reserve.free).gte(most),
      };
    },

    async buy(caller: AuthUser, input: { productId: string; amount: string; orderNumber: string }): Promise<OrderView> {
      const { orderNumber, ...request } = input;
      const call = await idempotent(db, clock, {
        key: { scope: 'smart-pool-buy', userId: caller.id, mode: caller.mode, requestId: orderNumber },
        request,
        replay: async (store, key) => {
          const { rows } = await store.query<{ id: string }>('SELECT id::text AS id FROM smart_pool_orders WHERE request_key = $1', [key]);
          return rows[0] ? (await orders(`o.id = $1::text`, [rows[0].id], undefined, store))[0] : undefined;
        },
      });
      if (call.first) return call.first;
      const version = await termsOf(input.productId, clock());
      const amount = checkAmount(version.terms, input.amount);
      return call.transaction(async (tx, now) => {
        const frozen = freezeTerms((await currentTerms<SmartPoolTerms>(tx, SMART_POOL_KIND, input.productId, now))!);
        const terms = frozen.terms;
        const dates = incomeDates(terms, now);
        // the downline's level after this purchase; an upline earns a tier's rebate only at that level or above
        const level = Math.max(terms.level, await levelOf(tx, caller.id, caller.mode));
        const tiers: { tier: 1 | 2 | 3; uplineId: string }[] = [];
        for (const u of await uplines(tx, caller.id)) if ((await levelOf(tx, u.userId, caller.mode)) >= level) tiers.push({ tier: u.tier, uplineId: u.userId });
        const planned = plan(terms, amount, now, tiers);
        // the reserve first (locked until commit, the order the payouts job locks in): incomes plus rebates
        await requireCoverage(tx, SMART_POOL_KIND, caller.mode, terms.asset, planned.liability);
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO smart_pool_orders (order_number, user_id, mode, product_id, asset, amount, level, terms_version_id, terms, request_key, created_at, interest_at, ends_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id::text AS id`,
          [orderNumber, caller.id, caller.mode, input.productId, terms.asset, amount, terms.level, frozen.termsVersionId, JSON.stringify(terms), call.key, now, dates[0], dates[dates.length - 1]],
        );
        const orderId = rows[0]!.id;
        const cause = { type: 'smart-pool', id: orderId };
        await moveToWealth(tx, { key: call.key, cause, userId: caller.id, mode: caller.mode, asset: terms.asset, amount }, now);
        await sell(tx, SMART_POOL, { holding: { kind: SMART_POOL_KIND, id: orderId }, userId: caller.id, mode: caller.mode, asset: terms.asset, principal: amount, start: now, frozen }, now);
        for (const r of planned.rebates) {
          await tx.query('INSERT INTO smart_pool_rebates (order_id, tier, upline_id, rate) VALUES ($1, $2, $3, $4)', [orderId, r.tier, r.uplineId, r.rate]);
          await schedulePayouts(tx, { product: SMART_POOL_KIND, holding: { kind: REBATE_KIND, id: `${orderId}-${r.tier}` }, userId: r.uplineId, mode: caller.mode, wallet: 'wealth',
            asset: terms.asset, principal: '0', start: now, frozen }, r.payouts, now);
        }
        return (await orders('o.id = $1::text', [orderId], undefined, tx))[0]!;
      });
    },

    async list(caller: AuthUser, status: 'locked' | 'redeemed' | undefined, window: Window) {
      const filter = status === 'locked' ? ' AND o."redeemedAt" IS NULL' : status === 'redeemed' ? ' AND o."redeemedAt" IS NOT NULL' : '';
      const where = `o."userId" = $1 AND o.mode = $2${filter}`;
      const { rows } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM (${ORDER_SELECT}) o WHERE ${where}`, [caller.id, caller.mode]);
      return { total: Number(rows[0]!.n), rows: await orders(where, [caller.id, caller.mode], window) };
    },

    /** The user's payouts (incomes and rebates), newest due first; `paidOnly` for the interest history. */
    async payouts(caller: AuthUser, options: Window & { paidOnly: boolean; kind?: 'income' | 'rebate' | undefined }) {
      const where = `user_id = $1 AND mode = $2 AND status <> 'cancelled'${options.paidOnly ? ` AND status = 'paid'` : ''}${options.kind ? ` AND kind = '${options.kind}'` : ''}`;
      const base = `SELECT * FROM (
          SELECT p.id::text AS id, 'income' AS kind, o.id::text AS "orderId", o.order_number AS "orderNumber", o.terms->>'name' AS name, NULL::int AS tier, p.seq,
                 p.asset, p.amount::text AS amount, (CASE WHEN p.release_hold_id IS NULL THEN 0 ELSE o.amount END)::text AS principal, p.status, p.due_at AS "dueAt",
                 p.paid_at AS "paidAt", p.receipt_seq::text AS "receiptSeq", p.user_id, p.mode
            FROM product_payouts p JOIN smart_pool_orders o ON p.holding_kind = 'smart-pool' AND o.id::text = p.holding_id
          UNION ALL
          SELECT p.id::text, 'rebate', o.id::text, o.order_number, o.terms->>'name', r.tier, p.seq, p.asset, p.amount::text, '0', p.status, p.due_at, p.paid_at,
                 p.receipt_seq::text, p.user_id, p.mode
            FROM product_payouts p JOIN smart_pool_rebates r ON p.holding_kind = 'smart-pool-rebate' AND p.holding_id = r.order_id::text || '-' || r.tier
            JOIN smart_pool_orders o ON o.id = r.order_id) x WHERE ${where}`;
      const count = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM (${base}) c`, [caller.id, caller.mode]);
      const { rows } = await db.query<PayoutLine>(`${base} ORDER BY "dueAt" DESC, id::bigint DESC LIMIT ${options.limit} OFFSET ${options.offset}`, [caller.id, caller.mode]);
      return { total: Number(count.rows[0]!.n), rows: rows.map(payoutLine) };
    },

    /** The user's smart-pool figures: level, invested, income, rebates by tier, team by tier, next payout. */
    async summary(caller: AuthUser) {
      const mine = await orders(`o."userId" = $1 AND o.mode = $2`, [caller.id, caller.mode]);
      const locked = mine.filter((o) => o.status === 'locked');
      const rebates = await db.query<{ tier: number; total: string }>(
        `SELECT r.tier, COALESCE(SUM(p.amount), 0)::text AS total FROM smart_pool_rebates r
           JOIN product_payouts p ON p.holding_kind = 'smart-pool-rebate' AND p.holding_id = r.order_id::text || '-' || r.tier AND p.status = 'paid'
          WHERE r.upline_id = $1 AND p.mode = $2 GROUP BY r.tier`,
        [caller.id, caller.mode],
      );
      const byTier = [1, 2, 3].map((tier) => rebates.rows.find((r) => Number(r.tier) === tier)?.total ?? '0');
      const team = await teamOf(db, caller.id);
      const next = locked.map((o) => o.nextPayoutAt).filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
      return {
        asset: 'USDT',
        level: await levelOf(db, caller.id, caller.mode),
        lockedOrders: locked.length,
        invested: sum(locked.map((o) => o.amount)),
        revenue: sum(mine.map((o) => o.revenue)),
        estimatedInterest: sum(locked.map((o) => o.estimatedInterest)),
        rebates: sum(byTier),
        team: [1, 2, 3].map((tier, i) => ({ tier, members: team[i]!, rebates: new Dec(byTier[i]!).toFixed() })),
        nextPayoutAt: next,
      };
    },

    /**
     * Redeems an order: before its end, under its frozen early-redemption terms (the penalty the order card showed
     * before confirming), once per order (the order id is the request id: a retry or a second tap answers the
     * first redemption); an order already redeemed answers as it is.
     */
    async redeem(caller: AuthUser, orderId: string): Promise<OrderView> {
      const mine = async (store: Db) => (await orders(`o.id = $1::text AND o."userId" = $2 AND o.mode = $3`, [orderId, caller.id, caller.mode], undefined, store))[0];
      if (!(await mine(db))) throw refuse('notFound');
      const call = await idempotent(db, clock, {
        key: { scope: 'smart-pool-redeem', userId: caller.id, mode: caller.mode, requestId: `order-${orderId}` },
        request: { orderId },
        replay: async (store, key) => {
          const { rows } = await store.query('SELECT 1 FROM smart_pool_redemptions WHERE request_key = $1', [key]);
          return rows[0] ? mine(store) : undefined;
        },
      });
      if (call.first) return call.first;
      return call.transaction(async (tx, now) => {
        await redeemEarly(tx, { orderId, userId: caller.id, mode: caller.mode, key: call.key }, now);
        return (await mine(tx))!;
      });
    },
  };
}
export type SmartPool = ReturnType<typeof createSmartPool>;
