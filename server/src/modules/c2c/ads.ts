import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import { requireKyc, type AuthUser } from '../identity/auth.js';
import { ownsUpload } from '../identity/upload/service.js';
import { Dec } from '../ledger/decimal.js';
import { parseAmount } from '../ledger/ledger.js';
import { holdAdRemainder, releaseAdHold } from './escrow.js';
import { AD, adRow, findAd, findMerchant, insertPaymentMethod, paymentMethodsOf, removePaymentMethod, upsertApplication, type AdRow, type PaymentMethodRow, type Side } from './storage.js';
import { adViews, merchantView, methodView } from './views.js';

export interface C2cDeps {
  db: Db;
  clock: () => Date;
  /** The coins C2C trades (the listed ones). */
  assets: readonly string[];
}

/** C2C and OTC trade real money with real people: demo has no counterparties, so it is refused with a clear text. */
export function requireRealVerified(user: Pick<AuthUser, 'mode' | 'kycStatus'>): void {
  if (user.mode !== 'real') throw refuse('c2cRealOnly');
  requireKyc(user);
}

/** Merchants, their payment methods and their ads, and the public ad list. */
export function createAds(deps: C2cDeps) {
  const { db, clock } = deps;

  return {
    async merchant(userId: string) {
      return merchantView(userId, await findMerchant(db, userId));
    },

    async applyMerchant(user: AuthUser, displayName: string) {
      requireRealVerified(user);
      const row = await upsertApplication(db, user.id, displayName.trim(), clock());
      if (!row) throw refuse('c2cAlreadyApplied', { status: (await findMerchant(db, user.id))!.status });
      return merchantView(user.id, row);
    },

    async paymentMethods(userId: string) {
      return (await paymentMethodsOf(db, userId)).map(methodView);
    },

    /** The photo must be one of the user's own uploads (the upload call already refused anything over 5 MB). */
    async addPaymentMethod(user: AuthUser, input: { kind: PaymentMethodRow['kind']; holderName: string; bankName?: string | undefined; bankNumber?: string | undefined; accountNumber: string; photo?: string | undefined }) {
      const photo = input.photo?.trim() ?? '';
      if (photo && !(await ownsUpload(db, user.id, photo))) throw refuse('invalidImage');
      return methodView(await insertPaymentMethod(db, {
        userId: user.id, kind: input.kind, holderName: input.holderName.trim(), bankName: input.bankName?.trim() ?? '',
        bankNumber: input.bankNumber?.trim() ?? '', accountNumber: input.accountNumber.trim(), photo,
      }, clock()));
    },

    async removePaymentMethod(userId: string, id: string) {
      if (!(await removePaymentMethod(db, userId, id, clock()))) throw refuse('c2cPaymentMethodNotFound');
      return { id };
    },

    /** c2c/list: open ads with something left, best price first for the taker. */
    async list(filter: { side?: Side | undefined; asset?: string | undefined; fiat?: string | undefined; payment?: string | undefined; limit: number; offset: number }) {
      const where = [`status = 'open'`, `remaining > 0`];
      const params: unknown[] = [];
      const add = (sql: string, value: unknown) => { params.push(value); where.push(sql.replace('?', `$${params.length}`)); };
      const side = filter.side ?? 'sell';
      add('side = ?', side);
      if (filter.asset) add('asset = ?', filter.asset.toUpperCase());
      if (filter.fiat) add('fiat = ?', filter.fiat);
      if (filter.payment) add('payment_kinds @> ?::jsonb', JSON.stringify([filter.payment]));
      // a taker buys from the cheapest seller and sells to the dearest buyer
      const order = side === 'sell' ? 'price ASC' : 'price DESC';
      const sql = where.join(' AND ');
      const total = Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM c2c_ads WHERE ${sql}`, params)).rows[0]!.n);
      const { rows } = await db.query<AdRow>(`SELECT ${AD} FROM c2c_ads WHERE ${sql} ORDER BY ${order}, id LIMIT ${filter.limit} OFFSET ${filter.offset}`, params);
      return { total, list: await adViews(db, rows.map(adRow)) };
    },

    async myAds(userId: string, page: { limit: number; offset: number }) {
      const total = Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM c2c_ads WHERE merchant_id = $1`, [userId])).rows[0]!.n);
      const { rows } = await db.query<AdRow>(`SELECT ${AD} FROM c2c_ads WHERE merchant_id = $1 ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`, [userId]);
      return { total, list: await adViews(db, rows.map(adRow)) };
    },

    /** An approved merchant posts an ad; a sell ad's whole quantity is held at once (insufficientBalance otherwise). */
    async createAd(user: AuthUser, input: { side: Side; asset: string; fiat: string; price: string; minOrder: string; maxOrder: string; quantity: string; paymentKinds: PaymentMethodRow['kind'][]; windowMinutes: number; terms?: string | undefined; requestId: string }) {
      requireRealVerified(user);
      if ((await findMerchant(db, user.id))?.status !== 'approved') throw refuse('c2cMerchantOnly');
      const asset = input.asset.toUpperCase();
      if (!deps.assets.includes(asset)) throw refuse('unknownAsset');
      const price = parseAmount(input.price), min = parseAmount(input.minOrder), max = parseAmount(input.maxOrder), quantity = parseAmount(input.quantity);
      if (min.gt(max)) throw refuse('c2cAdInvalid', { problem: 'minimum above maximum' });
      if (price.times(quantity).lt(min)) throw refuse('c2cAdInvalid', { problem: 'the quantity is worth less than the minimum order' });
      const kinds = [...new Set(input.paymentKinds)];
      if (input.side === 'sell') {
        const mine = await paymentMethodsOf(db, user.id);
        if (!mine.some((m) => kinds.includes(m.kind))) throw refuse('c2cNoPaymentMethod', { kinds: kinds.join(', ') });
      }
      const { requestId, ...request } = input;
      const call = await idempotent(db, clock, {
        key: { scope: 'c2c-ad', userId: user.id, mode: 'real', requestId },
        request,
        replay: async (store, key) => {
          const { rows } = await store.query<AdRow>(`SELECT ${AD} FROM c2c_ads WHERE request_key = $1`, [key]);
          return rows[0] && (await adViews(store, [adRow(rows[0])]))[0];
        },
      });
      return call.first ?? call.transaction(async (tx, now) => {
        const { rows } = await tx.query<AdRow>(
          `INSERT INTO c2c_ads (merchant_id, side, asset, fiat, price, min_order, max_order, quantity, remaining, payment_kinds, window_minutes, terms, status, request_key, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9::jsonb, $10, $11, 'open', $12, $13) RETURNING ${AD}`,
          [user.id, input.side, asset, input.fiat, price.toFixed(), min.toFixed(), max.toFixed(), quantity.toFixed(), JSON.stringify(kinds), input.windowMinutes, input.terms?.trim() ?? '', call.key, now],
        );
        const ad = adRow(rows[0]!);
        if (ad.side === 'sell') await holdAdRemainder(tx, ad, 0, ad.remaining, now);
        return (await adViews(tx, [ad]))[0]!;
      });
    },

    /** Takes an ad down: its held remainder goes back; orders in progress keep their own escrow. */
    async closeAd(user: AuthUser, adId: string, requestId: string) {
      const call = await idempotent(db, clock, {
        key: { scope: 'c2c-ad-close', userId: user.id, mode: 'real', requestId },
        request: { adId },
        replay: async (store, key) => {
          const { rows } = await store.query<{ id: string }>(`SELECT ad_id::text AS id FROM c2c_steps WHERE request_key = $1`, [key]);
          const ad = rows[0] && (await findAd(store, rows[0].id));
          return ad && (await adViews(store, [ad]))[0];
        },
      });
      return call.first ?? call.transaction(async (tx, now) => {
        const ad = await findAd(tx, adId, true);
        if (!ad || ad.merchantId !== user.id) throw refuse('c2cAdNotFound');
        if (ad.status === 'open') {
          await releaseAdHold(tx, ad, now);
          await tx.query(`UPDATE c2c_ads SET status = 'closed', closed_at = $2 WHERE id = $1`, [ad.id, now]);
        }
        await tx.query(`INSERT INTO c2c_steps (request_key, ad_id, step, actor, created_at) VALUES ($1, $2, 'ad-closed', $3, $4)`, [call.key, ad.id, user.id, now]);
        return (await adViews(tx, [(await findAd(tx, ad.id))!]))[0]!;
      });
    },
  };
}

export const positive = (value: string) => new Dec(value).gt(0);
