import { estimate, type InputOf } from '@meridian/contracts';
import { useApiQuery, useSettled } from '@meridian/shared';
import type { ForexEstimate, ForexEstimateInput, PerpEstimate, PerpEstimateInput, SpotEstimate } from '../../api/trading';
import type { PerpReceipt, SpotReceipt } from './receipt';
import type { ForexTerms, PendingOrder } from './ReceiptSheet';

/** How long the order must stay the same before it is estimated (a leverage or size being changed asks once). */
export const ESTIMATE_DEBOUNCE_MS = 250;
/** How often the shown estimate follows the book while the receipt is open. */
export const ESTIMATE_REFRESH_MS = 3000;

type Request =
  | { call: 'perpetual'; input: PerpEstimateInput }
  | { call: 'forex'; input: ForexEstimateInput }
  | { call: 'spot'; input: InputOf<typeof estimate.spot> };

export type OrderEstimate = PerpEstimate | ForexEstimate | SpotEstimate;

/** The estimate call an order asks, with the order as placing sends it. */
function requestOf(order: PendingOrder, forex: ForexTerms | undefined): Request {
  const sized = order.amount ? { amount: order.amount } : { quantity: order.quantity };
  const priced = order.price ? { price: order.price } : {};
  if (order.market === 'spot') return { call: 'spot', input: { symbol: order.symbol, side: order.side, type: order.kind, ...sized, ...priced } };
  const side = order.side === 'buy' ? ('long' as const) : ('short' as const);
  if (forex) return { call: 'forex', input: { symbol: order.symbol, side, lots: forex.lots, leverage: order.leverage } };
  return { call: 'perpetual', input: { symbol: order.symbol, side, type: order.kind, leverage: order.leverage, ...sized, ...priced } };
}


/**
 * The server's estimate of an order (contract/estimate, forex/contract/estimate, contract-spot/estimate): the
 * engine's own fill, fee, margin and liquidation figures, asked once the order has been still for
 * ESTIMATE_DEBOUNCE_MS and refreshed while the receipt is open. Undefined until it answers (or when it refuses):
 * the receipt then shows its local figures.
 */
export function useOrderEstimate(order: PendingOrder, forex?: ForexTerms): OrderEstimate | undefined {
  const request = requestOf(order, forex);
  const key = JSON.stringify(request);
  // the order as it opens is asked at once; a change is asked once it has been still for the debounce
  const settled = useSettled(key, ESTIMATE_DEBOUNCE_MS);
  // the three estimate calls answer the three receipts' figures: one read of whichever the order asks
  const answer = useApiQuery(estimate[request.call] as typeof estimate.perpetual, request.input as PerpEstimateInput, {
    enabled: settled === key,
    refetchInterval: ESTIMATE_REFRESH_MS,
    retry: false,
  });
  return answer.data as OrderEstimate | undefined;
}

/**
 * The perpetual receipt with the server's figures in place of the local ones. The server walked the whole book (a
 * book too thin is refused, not estimated), so it covers the order; a limit the book crosses shows the part that
 * fills now.
 */
export function withPerpEstimate(local: PerpReceipt, server: PerpEstimate): PerpReceipt {
  return {
    ...local,
    // a limit that rests in part is shown at its limit (the note says what fills now), as the local receipt does
    expectedPrice: server.type === 'limit' && server.rest ? server.rest.price : server.expectedPrice,
    notional: server.notional,
    fee: server.fee,
    margin: server.margin,
    cost: server.cost,
    enough: server.enough,
    liquidationBefore: server.liquidationBefore,
    liquidationAfter: server.liquidationAfter,
    distanceToLiquidation: server.distanceToLiquidation,
    markPrice: server.markPrice,
    bookCovers: true,
    marketable: server.type === 'limit' && server.fillNow ? { quantity: server.fillNow.quantity, price: server.fillNow.price, rest: server.rest?.quantity ?? '0' } : null,
  };
}

/** The spot receipt from the server's walk, fee and what is received (a book too thin is refused, not estimated). */
export function withSpotEstimate(server: SpotEstimate): SpotReceipt {
  return {
    expectedPrice: server.expectedPrice,
    quantity: server.quantity,
    value: server.value,
    fee: server.fee,
    feeAsset: server.feeAsset,
    receive: server.receive,
    receiveAsset: server.receiveAsset,
    bookCovers: true,
  };
}

/** The receipt to show: the server's figures once its estimate of this kind of order is in, the local ones until then. */
export function shownReceipt<R extends { kind: 'perp'; figures: PerpReceipt } | { kind: 'spot'; figures: SpotReceipt }>(local: R, server: OrderEstimate | undefined): R {
  if (!server) return local;
  if (local.kind === 'perp' && 'liquidationAfter' in server) return { ...local, figures: withPerpEstimate(local.figures, server) };
  if (local.kind === 'spot' && 'receiveAsset' in server) return { ...local, figures: withSpotEstimate(server) };
  return local;
}
