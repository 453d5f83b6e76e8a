import type { OfferViewData, SubscriptionViewData } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import { placeHold } from '../../platform-kit/product/holds.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { parseAmount, type Mode } from '../ledger/ledger.js';
import { checkCode } from './codes.js';
import {
  findOffer,
  offersIn,
  subscriptionOf,
  subscriptionOfUser,
  subscriptionsOfUser,
  SUBSCRIPTION_COLUMNS,
  totalsOf,
  type OfferPhase,
  type OfferRow,
  type SubscriptionRow,
} from './storage.js';
import { offerView, subscriptionView } from './views.js';

/** Subscriptions are paid from the spot wallet's USDT, held by a named hold until the draw and the listing. */
export const SUBSCRIPTION_WALLET = 'spot' as const;
export const SUBSCRIPTION_ASSET = 'USDT';
export const HOLD_REASON = 'tokenOfferSubscription';
export const HOLD_KIND = 'token-subscription';

type Caller = Pick<AuthUser, 'id' | 'mode'>;

export interface SubscribeInput {
  id: string;
  quantity: string;
  requestId: string;
  code?: string;
}

export function createTokenOffers(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  async function view(o: OfferRow, mode: Mode, userId: string | undefined, now: Date): Promise<OfferViewData> {
    const mine = userId ? await subscriptionOfUser(db, o.id, userId, mode) : undefined;
    return offerView(o, now, await totalsOf(db, o.id, mode), mine);
  }

  async function subscriptionByKey(store: Db, key: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await store.query<SubscriptionRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM token_subscriptions WHERE request_key = $1`, [key]);
    return rows[0] && subscriptionOf(rows[0]);
  }

  /** The request's checks against the offering's terms: the window, the lot, the per-user limits. */
  function lotsOf(offer: OfferRow, quantity: string, now: Date): number {
    if (now < offer.openAt || now >= offer.closeAt || offer.allocatedAt) throw refuse('offerNotOpen');
    const q = parseAmount(quantity);
    const lot = new Dec(offer.lot);
    const min = lot.times(offer.minLots);
    const max = lot.times(offer.maxLots);
    if (q.lt(min)) throw refuse('offerBelowMinimum', { min: min.toFixed(), token: offer.token });
    if (q.gt(max)) throw refuse('offerAboveMaximum', { max: max.toFixed(), token: offer.token });
    if (!q.mod(lot).isZero()) throw refuse('offerNotLotMultiple', { lot: offer.lot, token: offer.token });
    return q.div(lot).toNumber();
  }

  return {
    async list(caller: Caller, kind: OfferRow['kind'] | undefined, phases: OfferPhase[]): Promise<OfferViewData[]> {
      const now = clock();
      const out: OfferViewData[] = [];
      for (const phase of phases) for (const o of await offersIn(db, kind, phase, now)) out.push(await view(o, caller.mode, caller.id, now));
      return out;
    },

    async detail(caller: Caller, id: string): Promise<OfferViewData> {
      const offer = await findOffer(db, id);
      if (!offer) throw refuse('offerNotFound');
      return view(offer, caller.mode, caller.id, clock());
    },

    /** The caller's subscriptions (all, or those that won), each with its offering. */
    async mine(caller: Caller, kind: OfferRow['kind'] | undefined, onlyWon: boolean): Promise<{ offer: OfferViewData; subscription: SubscriptionViewData }[]> {
      const now = clock();
      const out = [];
      for (const s of await subscriptionsOfUser(db, caller.id, caller.mode, kind)) {
        if (onlyWon && !(s.wonLots && s.wonLots > 0)) continue;
        const offer = (await findOffer(db, s.offerId))!;
        out.push({ offer: offerView(offer, now, await totalsOf(db, offer.id, caller.mode), s), subscription: subscriptionView(s, offer) });
      }
      return out;
    },

    async checkCode(caller: Caller, id: string, code: string): Promise<{ id: string; valid: true }> {
      const offer = await findOffer(db, id);
      if (!offer || offer.kind !== 'allotment') throw refuse('offerNotFound');
      await checkCode(db, offer, caller.id, code, clock());
      return { id: offer.id, valid: true };
    },

    /**
     * Subscribes: quantity × price USDT of the spot wallet moves into a named hold, with the subscription row, in
     * one transaction bound to the request id (a retry answers the first subscription, moving nothing).
     */
    async subscribe(caller: Caller, kind: OfferRow['kind'], input: SubscribeInput): Promise<{ offer: OfferViewData; subscription: SubscriptionViewData }> {
      const offer = await findOffer(db, input.id);
      if (!offer || offer.kind !== kind) throw refuse('offerNotFound');
      const { requestId, code: _code, ...request } = input;
      const answer = async (s: SubscriptionRow, now: Date) => ({ offer: await view(offer, caller.mode, caller.id, now), subscription: subscriptionView(s, offer) });
      const call = await idempotent(db, clock, {
        key: { scope: 'token-subscribe', userId: caller.id, mode: caller.mode, requestId },
        request,
        replay: (store, key) => subscriptionByKey(store, key),
      });
      if (call.first) return answer(call.first, clock());
      const lots = lotsOf(offer, input.quantity, clock());
      if (kind === 'allotment') await checkCode(db, offer, caller.id, input.code ?? '', clock());
      const made = await call.transaction(async (tx, now) => {
        // the window again at the moment of the change (the checks above ran a moment earlier)
        lotsOf(offer, input.quantity, now);
        if (await subscriptionOfUser(tx, offer.id, caller.id, caller.mode)) throw refuse('offerAlreadySubscribed');
        const quantity = new Dec(offer.lot).times(lots).toFixed();
        const amount = new Dec(quantity).times(offer.price).toFixed();
        const hold = await placeHold(
          tx,
          { userId: caller.id, mode: caller.mode, wallet: SUBSCRIPTION_WALLET, asset: SUBSCRIPTION_ASSET, amount, reason: HOLD_REASON, reference: { kind: HOLD_KIND, id: call.key } },
          now,
        );
        const { rows } = await tx.query<SubscriptionRow>(
          `INSERT INTO token_subscriptions (offer_id, user_id, mode, lots, quantity, amount, hold_id, terms_version_id, request_key, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (offer_id, user_id, mode) DO NOTHING RETURNING ${SUBSCRIPTION_COLUMNS}`,
          [offer.id, caller.id, caller.mode, lots, quantity, amount, hold.id, offer.termsVersionId, call.key, now],
        );
        // a parallel subscription of the same user won the unique row: this one is refused and its hold rolls back
        if (!rows[0]) throw refuse('offerAlreadySubscribed');
        return subscriptionOf(rows[0]);
      });
      return answer(made, clock());
    },
  };
}

export type TokenOffers = ReturnType<typeof createTokenOffers>;
