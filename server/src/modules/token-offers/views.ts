import type { OfferViewData, SubscriptionViewData } from '@meridian/contracts';
import { Dec } from '../ledger/decimal.js';
import { drawKey } from './draw.js';
import { phaseOf, type OfferRow, type SubscriptionRow } from './storage.js';

/** The wire view of a subscription; the draw key is shown once the seed is revealed (anyone can recompute it). */
export function subscriptionView(s: SubscriptionRow, offer: OfferRow): SubscriptionViewData {
  const drawn = s.allocatedAt !== null;
  const status: SubscriptionViewData['status'] = !drawn ? 'pending' : s.wonLots === 0 ? 'notWon' : s.settledAt ? 'completed' : 'won';
  return {
    id: s.id,
    offerId: s.offerId,
    token: offer.token,
    status,
    lots: s.lots,
    quantity: s.quantity,
    amount: s.amount,
    createdAt: s.createdAt.toISOString(),
    place: s.place,
    drawKey: drawn ? drawKey(offer.seed, s.id) : null,
    wonLots: s.wonLots,
    wonQuantity: s.wonQuantity,
    cost: s.cost,
    refund: s.refund,
    drawnAt: s.allocatedAt?.toISOString() ?? null,
    settledAt: s.settledAt?.toISOString() ?? null,
  };
}

export function offerView(o: OfferRow, now: Date, totals: OfferViewData['totals'], mine: SubscriptionRow | undefined): OfferViewData {
  const lot = new Dec(o.lot);
  return {
    id: o.id,
    code: o.code,
    kind: o.kind,
    token: o.token,
    symbol: o.symbol,
    name: o.name,
    price: o.price,
    supply: o.supply,
    lot: o.lot,
    totalLots: new Dec(o.supply).div(lot).floor().toNumber(),
    minQuantity: lot.times(o.minLots).toFixed(),
    maxQuantity: lot.times(o.maxLots).toFixed(),
    openAt: o.openAt.toISOString(),
    closeAt: o.closeAt.toISOString(),
    drawAt: o.allocateAt.toISOString(),
    listAt: o.listAt.toISOString(),
    phase: phaseOf(o, now),
    seedHash: o.seedHash,
    // the seed is secret until the draw: revealing it earlier would let anyone pick a winning subscription id
    seed: o.allocatedAt ? o.seed : null,
    drawnAt: o.allocatedAt?.toISOString() ?? null,
    listedAt: o.distributedAt?.toISOString() ?? null,
    codeRequired: o.kind === 'allotment',
    termsVersionId: o.termsVersionId,
    totals,
    mine: mine ? subscriptionView(mine, o) : null,
  };
}
