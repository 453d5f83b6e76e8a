import Decimal from 'decimal.js';
import { perpetual, trading, type DataOf, type InputOf } from '@meridian/contracts';
import { useApiMutation, type FailureHandler, formatQuotePrice } from '@meridian/shared';
import { AFFECTED } from '../../api/affected';
import type { Key } from '../../i18n';
import { advancedBody, PLAIN_ORDER } from './orderTypes';
import type { PendingOrder } from './ReceiptSheet';

/** What the server did with an order: whether it filled at once, and at what quantity and price. */
export interface Placed {
  filled: boolean;
  quantity: string | null | undefined;
  price: string | null | undefined;
}

type PerpAnswer = DataOf<typeof perpetual.openPosition>;
type SpotAnswer = DataOf<typeof trading.spotCreate>;

const perpPlaced = (answer: PerpAnswer): Placed => ({
  filled: answer.order.status === 'completed' || answer.order.status === 'opening',
  quantity: new Decimal(answer.order.doneQuantity || 0).gt(0) ? answer.order.doneQuantity : answer.order.quantity,
  price: new Decimal(answer.order.donePrice || 0).gt(0) ? answer.order.donePrice : answer.order.price,
});

const spotPlaced = (answer: SpotAnswer): Placed => ({
  filled: answer.status === 'completed',
  quantity: new Decimal(answer.doneQuantity || 0).gt(0) ? answer.doneQuantity : answer.quantity,
  price: answer.averagePrice ?? answer.price ?? null,
});

/** What a perpetual order sends (any order type, by quantity or USDT amount). */
const perpInput = (order: PendingOrder, requestId: string): InputOf<typeof perpetual.openPosition> => ({
  symbol: order.symbol,
  side: order.side === 'buy' ? 'long' : 'short',
  leverage: order.leverage,
  requestId,
  ...advancedBody(order.kind, order.advanced ?? PLAIN_ORDER),
  ...(order.amount ? { amount: order.amount } : { quantity: order.quantity }),
  ...(order.price ? { price: order.price } : {}),
  ...(order.takeProfit ? { takeProfit: order.takeProfit } : {}),
  ...(order.stopLoss ? { stopLoss: order.stopLoss } : {}),
});

/** What a spot order sends. */
const spotInput = (order: PendingOrder, requestId: string): InputOf<typeof trading.spotCreate> => ({
  symbol: order.symbol,
  side: order.side,
  type: order.kind,
  requestId,
  ...(order.price ? { price: order.price } : {}),
  ...(order.amount ? { amount: order.amount } : { quantity: order.quantity }),
});

/**
 * Places a confirmed order with its contract: a perpetual one with openPosition, a spot one with contract-spot/create
 * (the ICO call on a token offering); answers what was filled, from the server's answer. A success makes stale what
 * the server's push for it does.
 */
export function usePlaceOrder(): { busy: boolean; run: (order: PendingOrder, requestId: string, onFailure?: FailureHandler) => Promise<Placed | undefined> } {
  const perp = useApiMutation(perpetual.openPosition, { invalidates: AFFECTED.positionOpen });
  const spot = useApiMutation(trading.spotCreate, { invalidates: AFFECTED.spotOrder });
  const ico = useApiMutation(trading.spotCreateIco, { invalidates: AFFECTED.spotOrder });
  const run = async (order: PendingOrder, requestId: string, onFailure?: FailureHandler): Promise<Placed | undefined> => {
    if (order.market === 'perp') {
      const done = await perp.run(perpInput(order, requestId), onFailure);
      return done && perpPlaced(done.value);
    }
    const done = await (order.isIco ? ico : spot).run(spotInput(order, requestId), onFailure);
    return done && spotPlaced(done.value);
  };
  return { busy: perp.busy || spot.busy || ico.busy, run };
}

/** What happened, from the server's answer: the fill (quantity and price) or the order now resting or waiting. */
export function placedText(t: (key: Key, values?: Record<string, string>) => string, order: PendingOrder, placed: Placed, priceDecimals: number): string {
  const hasPrice = placed.price !== null && placed.price !== undefined && new Decimal(placed.price || 0).gt(0);
  const hasQuantity = placed.quantity !== null && placed.quantity !== undefined && new Decimal(placed.quantity || 0).gt(0);
  if (!hasPrice || !hasQuantity) return t(placed.filled ? 'orderFilledToast' : 'orderPlacedToast', { price: hasPrice ? formatQuotePrice(placed.price, priceDecimals) : '' });
  const long = order.side === 'buy';
  const key: Key =
    order.market === 'perp'
      ? placed.filled
        ? long ? 'longOpenedToast' : 'shortOpenedToast'
        : long ? 'longPlacedToast' : 'shortPlacedToast'
      : placed.filled
        ? long ? 'spotBoughtToast' : 'spotSoldToast'
        : long ? 'buyPlacedToast' : 'sellPlacedToast';
  // the quantity exactly as the engine filled it (0.02, not 0.02000)
  return t(key, { quantity: new Decimal(placed.quantity!).toFixed(), coin: order.base, price: formatQuotePrice(placed.price, priceDecimals) });
}
