import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import { holdOf, placeHold, postHold, releaseHold } from '../../platform-kit/product/holds.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { balances, normalize, parseAmount, PLATFORM, post } from '../ledger/ledger.js';
import { notify } from '../notifications/service.js';
import { requireRealVerified } from './ads.js';
import { decodeQuote, encodeQuote } from './otc-quote.js';
import { currentOtcRates, otcRateVersion } from './otc-rates.js';

/**
 * OTC against the platform: the desk's quotes come from the feed with a stated spread and hold for a stated time;
 * a buy credits coins only when an operator confirms the user's bank transfer arrived, a sell's coins are held
 * (otcSell) until an operator confirms the payout, then go to the platform's desk. Every confirmation is audited
 * (src/ops/c2c.ts). Every listed fiat the operators have set terms for is quoted: the fiat's rate for 1 USDT and its
 * spread are a versioned row (otc-rates.ts), and the version is named in the quote and stored with the order.
 */
export const OTC_QUOTE_MS = 30_000;
/** The smallest OTC order, worth 10 USDT in the order's fiat: below it the bank fees outweigh the trade. */
export const OTC_MIN_TOTAL_USDT = '10';
const SELL_HOLD = 'otcSell';

/** The platform's published account a buyer transfers to (shell spec: bank name, bank number, account number). */
export const PLATFORM_ACCOUNT = {
  bankName: 'Meridian Settlement Bank',
  bankNumber: 'MSBKUS33',
  accountNumber: '0012 4471 9930',
  holderName: 'Meridian Markets Ltd — client money',
  note: 'Transfer the exact total and write the reference; the coins are credited when staff confirm receipt (usually within one business day).',
};

interface OtcRow { id: string; userId: string; side: 'buy' | 'sell'; asset: string; fiat: string; price: string; quantity: string; total: string; status: 'pending' | 'completed' | 'rejected'; reason: string; createdAt: Date; decidedAt: Date | null }

const OTC = `id::text AS id, user_id::text AS "userId", side, asset, fiat, price::text AS price, quantity::text AS quantity, total::text AS total, status, reason, created_at AS "createdAt", decided_at AS "decidedAt"`;
const view = (r: OtcRow) => ({ id: r.id, side: r.side, asset: r.asset, fiat: r.fiat, price: normalize(r.price), quantity: normalize(r.quantity), total: normalize(r.total), status: r.status, reason: r.reason, createdAt: r.createdAt, decidedAt: r.decidedAt });
const payTo = (order: { id: string }) => ({ ...PLATFORM_ACCOUNT, reference: `OTC-${order.id}` });

export interface OtcDeps {
  db: Db;
  clock: () => Date;
  assets: readonly string[];
  /** The feed's price of a coin in USDT (undefined when it has none). */
  priceInUsdt: (asset: string) => string | undefined;
  /** The key quotes are signed with (quoteKey of a server secret). */
  quoteKey: Buffer;
}

export function createOtc(deps: OtcDeps) {
  const { db, clock } = deps;

  async function trade(user: AuthUser, side: 'buy' | 'sell', input: { quoteId: string; quantity: string; requestId: string }) {
    requireRealVerified(user);
    const quantity = parseAmount(input.quantity).toFixed();
    const { requestId, ...request } = input;
    const call = await idempotent(db, clock, {
      key: { scope: `otc-${side}`, userId: user.id, mode: 'real', requestId },
      request,
      replay: async (store, key) => {
        const { rows } = await store.query<OtcRow>(`SELECT ${OTC} FROM otc_orders WHERE request_key = $1`, [key]);
        return rows[0] && { order: view(rows[0]), payTo: payTo(rows[0]) };
      },
    });
    if (call.first) return call.first;
    const quote = decodeQuote(deps.quoteKey, input.quoteId);
    // a quote is honoured only inside its validity (and only as this desk signed it)
    if (!quote || clock().getTime() > quote.validUntil) throw refuse('otcQuoteExpired');
    const terms = await otcRateVersion(db, quote.fiat, quote.rateVersion);
    if (!terms) throw refuse('otcQuoteExpired');
    const price = normalize(side === 'buy' ? quote.buyPrice : quote.sellPrice);
    const total = new Dec(price).times(quantity).toDecimalPlaces(2, side === 'buy' ? Dec.ROUND_UP : Dec.ROUND_DOWN);
    if (total.div(terms.rate).lt(OTC_MIN_TOTAL_USDT)) throw refuse('belowMinimum');
    return call.transaction(async (tx, now) => {
      // the quote is recorded when an order is placed on it, never when it is read
      const { rows: stored } = await tx.query<{ id: string }>(
        `INSERT INTO otc_quotes (asset, fiat, buy_price, sell_price, spread, created_at, valid_until, rate_version, fiat_rate, base_price)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text AS id`,
        [quote.asset, quote.fiat, quote.buyPrice, quote.sellPrice, terms.spread, now, new Date(quote.validUntil), terms.version, terms.rate, quote.basePrice],
      );
      const { rows } = await tx.query<OtcRow>(
        `INSERT INTO otc_orders (user_id, side, quote_id, asset, fiat, price, quantity, total, status, request_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10) RETURNING ${OTC}`,
        [user.id, side, stored[0]!.id, quote.asset, quote.fiat, price, quantity, total.toFixed(), call.key, now],
      );
      const order = rows[0]!;
      if (side === 'sell') await placeHold(tx, { userId: user.id, mode: 'real', wallet: 'platform', asset: quote.asset, amount: quantity, reason: SELL_HOLD, reference: { kind: 'otc-order', id: order.id } }, now);
      return { order: view(order), payTo: payTo(order) };
    });
  }

  return {
    /**
     * asset/exchangeInfo: a signed quote per coin and fiat with terms in force, valid for OTC_QUOTE_MS. A read: it
     * writes nothing (the quote is stored by the order placed on it).
     */
    async exchangeInfo(filter: { asset?: string | undefined; fiat?: string | undefined }) {
      const assets = filter.asset ? [filter.asset.toUpperCase()] : [...deps.assets];
      if (assets.some((a) => !deps.assets.includes(a))) throw refuse('unknownAsset');
      const terms = (await currentOtcRates(db)).filter((t) => !filter.fiat || t.fiat === filter.fiat);
      const now = clock();
      const validUntil = now.getTime() + OTC_QUOTE_MS;
      const out = [];
      for (const t of terms) {
        for (const asset of assets) {
          const usdt = asset === 'USDT' ? '1' : deps.priceInUsdt(asset);
          if (!usdt) continue;
          const base = new Dec(usdt).times(t.rate);
          const buyPrice = base.times(new Dec(1).plus(t.spread)).toDecimalPlaces(2, Dec.ROUND_UP).toFixed();
          const sellPrice = base.times(new Dec(1).minus(t.spread)).toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed();
          const basePrice = normalize(base.toFixed());
          const quote = { asset, fiat: t.fiat, rateVersion: t.version, basePrice, buyPrice, sellPrice, validUntil };
          out.push({ quoteId: encodeQuote(deps.quoteKey, quote), asset, fiat: t.fiat, buyPrice, sellPrice, basePrice, spread: t.spread, rateVersion: t.version,
            basis: `feed price in USDT × ${t.rate} ${t.fiat}/USDT (terms v${t.version}) ± ${new Dec(t.spread).times(100).toFixed()} %`, validUntil: new Date(validUntil) });
        }
      }
      return out;
    },

    async balances(userId: string, asset?: string) {
      const rows = await balances(db, userId, 'real', 'platform');
      return rows.filter((r) => (asset ? r.asset === asset.toUpperCase() : deps.assets.includes(r.asset))).map((r) => ({ asset: r.asset, available: r.available, held: r.frozen }));
    },

    buy: (user: AuthUser, input: { quoteId: string; quantity: string; requestId: string }) => trade(user, 'buy', input),
    sell: async (user: AuthUser, input: { quoteId: string; quantity: string; requestId: string }) => ({ order: (await trade(user, 'sell', input)).order }),

    async records(userId: string, page: { limit: number; offset: number }) {
      const total = Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM otc_orders WHERE user_id = $1`, [userId])).rows[0]!.n);
      const { rows } = await db.query<OtcRow>(`SELECT ${OTC} FROM otc_orders WHERE user_id = $1 ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`, [userId]);
      return { total, list: rows.map(view) };
    },
  };
}

export async function pendingOtc(db: Db): Promise<OtcRow[]> {
  return (await db.query<OtcRow>(`SELECT ${OTC} FROM otc_orders WHERE status = 'pending' ORDER BY id`)).rows;
}

/**
 * An operator's decision on a pending OTC order, once (the row is locked and must be pending): confirmed, a buy's
 * coins come from the platform's desk and a sell's held coins go to it; rejected, a sell's hold is released.
 */
export async function decideOtc(db: Db, id: string, decision: 'confirm' | 'reject', reason: string, operator: string, now: Date) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<OtcRow>(`SELECT ${OTC} FROM otc_orders WHERE id = $1 FOR UPDATE`, [id]);
    const order = rows[0];
    if (!order) throw new Error(`No OTC order ${id}`);
    if (order.status !== 'pending') throw new Error(`OTC order ${id} is already ${order.status}`);
    const status = decision === 'confirm' ? 'completed' : 'rejected';
    const hold = order.side === 'sell' ? await holdOf(tx, { kind: 'otc-order', id }, SELL_HOLD) : undefined;
    if (decision === 'confirm' && order.side === 'buy') {
      await post(tx, { key: `otc:${id}:credit`, cause: { type: 'otc-order', id }, moves: [
        { from: { holder: PLATFORM, mode: 'real', wallet: 'desk', asset: order.asset }, to: { holder: order.userId, mode: 'real', wallet: 'platform', asset: order.asset }, amount: normalize(order.quantity) },
      ] }, now);
    }
    if (decision === 'confirm' && hold) await postHold(tx, hold.id, [{ to: { holder: PLATFORM, mode: 'real', wallet: 'desk', asset: order.asset, part: 'available' }, amount: hold.amount }], now);
    if (decision === 'reject' && hold) await releaseHold(tx, hold.id, now);
    const updated = await tx.query<OtcRow>(`UPDATE otc_orders SET status = $2, reason = $3, decided_at = $4, decided_by = $5 WHERE id = $1 RETURNING ${OTC}`, [id, status, reason, now, operator]);
    const text = decision === 'confirm'
      ? (order.side === 'buy' ? `OTC order ${id} confirmed: ${normalize(order.quantity)} ${order.asset} credited.` : `OTC order ${id} confirmed: ${order.total} ${order.fiat} paid out.`)
      : `OTC order ${id} rejected: ${reason}`;
    await notify(tx, { userId: order.userId, kind: `otc.${status}`, params: { orderId: id, side: order.side, quantity: normalize(order.quantity), asset: order.asset, total: order.total, fiat: order.fiat, reason }, title: 'OTC order', body: text, ref: { type: 'otc-order', id } }, now);
    return view(updated.rows[0]!);
  });
}
