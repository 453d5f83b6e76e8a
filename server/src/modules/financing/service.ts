import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import { requireCoverage } from '../../platform-kit/product/reserves.js';
import { sell } from '../../platform-kit/product/sell.js';
import { currentTerms, freezeTerms, type TermsVersion } from '../../platform-kit/product/terms.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { normalize, parseAmount, type Mode } from '../ledger/ledger.js';
import { catalogue, moveToWealth, reserveOf } from '../smart-pool/catalogue.js';
import { FINANCING, FINANCING_KIND, financingInterest, maturityOf, type FinancingTerms } from './terms.js';

interface OrderRow {
  id: string;
  productId: string;
  asset: string;
  amount: string;
  terms: FinancingTerms;
  termsVersion: number;
  createdAt: Date;
  maturesAt: Date;
  interest: string;
  paidAt: Date | null;
  receiptSeq: string | null;
}

const SELECT = `SELECT o.id::text AS id, o.user_id::text AS "userId", o.mode, o.product_id AS "productId", o.asset, o.amount::text AS amount, o.terms,
    t.version AS "termsVersion", o.created_at AS "createdAt", o.matures_at AS "maturesAt", p.amount::text AS interest, p.paid_at AS "paidAt",
    p.receipt_seq::text AS "receiptSeq"
  FROM financing_orders o JOIN product_terms t ON t.id = o.terms_version_id
  JOIN product_payouts p ON p.holding_kind = 'financing' AND p.holding_id = o.id::text AND p.seq = 1`;

const orderView = (row: OrderRow) => ({
  id: row.id,
  productId: row.productId,
  name: row.terms.name,
  asset: row.asset,
  amount: normalize(row.amount),
  annualRate: row.terms.annualRate,
  days: row.terms.durationDays,
  interest: normalize(row.interest),
  status: row.paidAt ? ('matured' as const) : ('holding' as const),
  termsVersion: Number(row.termsVersion),
  subscribedAt: row.createdAt,
  maturesAt: row.maturesAt,
  paidAt: row.paidAt,
  receiptSeq: row.receiptSeq,
});
export type FinancingOrderView = ReturnType<typeof orderView>;

export function createFinancing(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  async function termsOf(productId: string, now: Date) {
    const version = await currentTerms<FinancingTerms>(db, FINANCING_KIND, productId, now);
    if (!version || !version.terms.active) throw refuse('investProductUnavailable');
    return version;
  }

  function checkAmount(terms: FinancingTerms, value: unknown): string {
    const amount = parseAmount(value);
    if (amount.decimalPlaces() > terms.scale) throw refuse('invalidAmount');
    if (amount.lt(terms.minAmount)) throw refuse('investBelowMinimum', { min: terms.minAmount, asset: terms.asset });
    if (amount.gt(terms.maxAmount)) throw refuse('investAboveMaximum', { max: terms.maxAmount, asset: terms.asset });
    return amount.toFixed();
  }

  async function orders(store: Db, where: string, params: unknown[], window?: { limit: number; offset: number }) {
    const page = window ? ` LIMIT ${window.limit} OFFSET ${window.offset}` : '';
    const { rows } = await store.query<OrderRow>(`SELECT * FROM (${SELECT}) o WHERE ${where} ORDER BY o.id::bigint DESC${page}`, params);
    return rows.map(orderView);
  }

  async function productView(version: TermsVersion<FinancingTerms>, mode: Mode) {
    const t = version.terms;
    const reserve = await reserveOf(db, FINANCING_KIND, mode, t.asset);
    return {
      id: version.productId, termsVersion: version.version, name: t.name, asset: t.asset, annualRate: t.annualRate, durationDays: t.durationDays,
      minAmount: t.minAmount, maxAmount: t.maxAmount, dayBasis: t.dayBasis, active: t.active, reserve,
      soldOut: !t.active || new Dec(reserve.free).lt(financingInterest(t, t.minAmount)),
    };
  }

  return {
    async products(mode: Mode) {
      // shortest duration first, as the screens list them
      const versions = (await catalogue<FinancingTerms>(db, FINANCING_KIND, clock())).sort((a, b) => a.terms.durationDays - b.terms.durationDays);
      return Promise.all(versions.map((v) => productView(v, mode)));
    },

    async durations() {
      return (await catalogue<FinancingTerms>(db, FINANCING_KIND, clock())).filter((v) => v.terms.active).map((v) => ({ productId: v.productId, days: v.terms.durationDays }));
    },

    async rates(days?: number) {
      return (await catalogue<FinancingTerms>(db, FINANCING_KIND, clock()))
        .filter((v) => v.terms.active && (days === undefined || v.terms.durationDays === days))
        .map((v) => ({ productId: v.productId, days: v.terms.durationDays, annualRate: v.terms.annualRate }));
    },

    async estimate(mode: Mode, productId: string, value: unknown) {
      const now = clock();
      const version = await termsOf(productId, now);
      const t = version.terms;
      const amount = checkAmount(t, value);
      const interest = financingInterest(t, amount);
      const reserve = await reserveOf(db, FINANCING_KIND, mode, t.asset);
      return {
        productId, termsVersion: version.version, name: t.name, asset: t.asset, amount, annualRate: t.annualRate, days: t.durationDays, dayBasis: t.dayBasis,
        interest: interest.toFixed(), total: interest.plus(amount).toFixed(), subscribedAt: now, maturesAt: maturityOf(t, now), reserve,
        covered: new Dec(reserve.free).gte(interest),
      };
    },

    async buy(caller: AuthUser, input: { productId: string; amount: string; requestId: string }): Promise<FinancingOrderView> {
      const { requestId, ...request } = input;
      const call = await idempotent(db, clock, {
        key: { scope: 'financing-buy', userId: caller.id, mode: caller.mode, requestId },
        request,
        replay: async (store, key) => (await orders(store, 'o.id = (SELECT id::text FROM financing_orders WHERE request_key = $1)', [key]))[0],
      });
      if (call.first) return call.first;
      const amount = checkAmount((await termsOf(input.productId, clock())).terms, input.amount);
      return call.transaction(async (tx, now) => {
        const frozen = freezeTerms((await currentTerms<FinancingTerms>(tx, FINANCING_KIND, input.productId, now))!);
        const interest = financingInterest(frozen.terms, amount).toFixed();
        // the reserve first (the lock order of the payouts job), then the wealth wallet, then the sale
        await requireCoverage(tx, FINANCING_KIND, caller.mode, frozen.terms.asset, interest);
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO financing_orders (user_id, mode, product_id, asset, amount, terms_version_id, terms, request_key, created_at, matures_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text AS id`,
          [caller.id, caller.mode, input.productId, frozen.terms.asset, amount, frozen.termsVersionId, JSON.stringify(frozen.terms), call.key, now, maturityOf(frozen.terms, now)],
        );
        const id = rows[0]!.id;
        await moveToWealth(tx, { key: call.key, cause: { type: 'financing', id }, userId: caller.id, mode: caller.mode, asset: frozen.terms.asset, amount }, now);
        await sell(tx, FINANCING, { holding: { kind: FINANCING_KIND, id }, userId: caller.id, mode: caller.mode, asset: frozen.terms.asset, principal: amount, start: now, frozen }, now);
        return (await orders(tx, 'o.id = $1::text', [id]))[0]!;
      });
    },

    /** Totals over every subscription (not a page): the earn screen's invested amount, income to date and next payout. */
    async summary(caller: AuthUser) {
      const { rows } = await db.query<{ asset: string; invested: string; holding: string; interestPaid: string; nextMaturityAt: Date | null }>(
        `SELECT o.asset, COALESCE(sum(o.amount::numeric) FILTER (WHERE o."paidAt" IS NULL), 0)::text AS invested,
           count(*) FILTER (WHERE o."paidAt" IS NULL)::text AS holding,
           COALESCE(sum(o.interest::numeric) FILTER (WHERE o."paidAt" IS NOT NULL), 0)::text AS "interestPaid",
           min(o."maturesAt") FILTER (WHERE o."paidAt" IS NULL) AS "nextMaturityAt"
         FROM (${SELECT}) o WHERE o."userId" = $1 AND o.mode = $2 GROUP BY o.asset ORDER BY o.asset`,
        [caller.id, caller.mode],
      );
      return rows.map((r) => ({ asset: r.asset, invested: normalize(r.invested), holding: Number(r.holding), interestPaid: normalize(r.interestPaid), nextMaturityAt: r.nextMaturityAt }));
    },

    async list(caller: AuthUser, status: 'holding' | 'matured' | undefined, window: { limit: number; offset: number }) {
      const filter = status === 'holding' ? ' AND o."paidAt" IS NULL' : status === 'matured' ? ' AND o."paidAt" IS NOT NULL' : '';
      const where = `o."userId" = $1 AND o.mode = $2${filter}`;
      const { rows } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM (${SELECT}) o WHERE ${where}`, [caller.id, caller.mode]);
      return { total: Number(rows[0]!.n), rows: await orders(db, where, [caller.id, caller.mode], window) };
    },
  };
}
