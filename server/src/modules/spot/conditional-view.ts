import type { ConditionalRow, Leg } from './conditional-storage.js';
import type { SpotOrderView } from './order-view.js';

export type LegStatus = 'pending' | 'triggered' | 'canceled';

export interface LegView {
  leg: Leg;
  /**
   * limit: a sell at `price` (take-profit); stop-limit: a sell at `price` once the bid falls to `triggerPrice` (a
   * stop buy: a buy at `price` once the ask rises to it); stop-market: a market sell then.
   */
  type: 'limit' | 'stop-limit' | 'stop-market';
  /** The bid that fires the leg. */
  triggerPrice: string;
  /** The limit price of the sell it places; null for stop-market. */
  price: string | null;
  status: LegStatus;
}

/** The group as the API answers it: the row without its internals, with its legs and the order a fired leg placed. */
export type ConditionalView = Omit<ConditionalRow, 'userId' | 'mode' | 'tpTriggerId' | 'slTriggerId' | 'orderId' | 'requestKey'> & {
  legs: LegView[];
  /** The spot order the fired leg placed, with its fills and their evidence. */
  order: SpotOrderView | null;
  requestId: string;
};

/** A leg is pending with its group, triggered when it fired, cancelled when the other fired or the user cancelled. */
function legStatus(row: ConditionalRow, leg: Leg): LegStatus {
  if (row.status === 'pending') return 'pending';
  return row.triggeredLeg === leg ? 'triggered' : 'canceled';
}

export function conditionalView(row: ConditionalRow, order: SpotOrderView | null): ConditionalView {
  const legs: LegView[] = [];
  if (row.takeProfitPrice) legs.push({ leg: 'tp', type: 'limit', triggerPrice: row.takeProfitPrice, price: row.takeProfitPrice, status: legStatus(row, 'tp') });
  if (row.stopPrice) {
    legs.push({
      leg: 'sl',
      type: row.stopLimitPrice ? 'stop-limit' : 'stop-market',
      triggerPrice: row.stopPrice,
      price: row.stopLimitPrice,
      status: legStatus(row, 'sl'),
    });
  }
  return {
    id: row.id,
    kind: row.kind,
    side: row.side,
    symbol: row.symbol,
    base: row.base,
    quote: row.quote,
    quantity: row.quantity,
    takeProfitPrice: row.takeProfitPrice,
    stopPrice: row.stopPrice,
    stopLimitPrice: row.stopLimitPrice,
    status: row.status,
    frozen: row.frozen,
    legs,
    triggeredLeg: row.triggeredLeg,
    order,
    priceDecimals: row.priceDecimals,
    amountDecimals: row.amountDecimals,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
    requestId: row.requestKey.split(':').slice(2).join(':'),
  };
}
