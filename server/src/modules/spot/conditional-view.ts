import type { ConditionalKind, ConditionalRow, ConditionalStatus, Leg } from './conditional-storage.js';
import type { SpotOrderView } from './service.js';

export type LegStatus = 'pending' | 'triggered' | 'canceled';

export interface LegView {
  leg: Leg;
  /** limit: a sell at `price` (take-profit); stop-limit: a sell at `price` once the bid falls to `triggerPrice`; stop-market: a market sell then. */
  type: 'limit' | 'stop-limit' | 'stop-market';
  /** The bid that fires the leg. */
  triggerPrice: string;
  /** The limit price of the sell it places; null for stop-market. */
  price: string | null;
  status: LegStatus;
}

export interface ConditionalView {
  id: string;
  kind: ConditionalKind;
  symbol: string;
  base: string;
  quote: string;
  quantity: string;
  takeProfitPrice: string | null;
  stopPrice: string | null;
  stopLimitPrice: string | null;
  status: ConditionalStatus;
  frozen: string;
  legs: LegView[];
  triggeredLeg: Leg | null;
  /** The spot order the fired leg placed, with its fills and their evidence. */
  order: SpotOrderView | null;
  priceDecimals: number;
  amountDecimals: number;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
  requestId: string;
}

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
