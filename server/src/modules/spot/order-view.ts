import { requestIdOf } from '../../platform-kit/idempotent.js';
import { averagePrice } from './order-plan.js';
import type { FillRow, OrderRow, OrderStatus, Side } from './storage.js';

/** A spot order as the API answers it: its row's public fields, its averages for display and its fills with their evidence. */
export interface SpotOrderView {
  id: string;
  symbol: string;
  base: string;
  quote: string;
  side: Side;
  type: 'market' | 'limit';
  status: OrderStatus;
  quantity: string | null;
  amount: string | null;
  price: string | null;
  doneQuantity: string;
  donePrice: string | null;
  averagePrice: string | null;
  marketValue: string;
  fee: string;
  feeAsset: string;
  makerFeeRate: string;
  takerFeeRate: string;
  frozen: string;
  frozenAsset: string;
  isIco: boolean;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
  requestId: string;
  fills: {
    id: string;
    price: string;
    quantity: string;
    value: string;
    fee: string;
    feeAsset: string;
    liquidity: 'maker' | 'taker';
    time: Date;
    evidence: FillRow['evidence'];
    receiptHash: string;
  }[];
}

/** The order's average fill price for display (order-plan's averagePrice, at the instrument's price decimals). */
const average = (order: Pick<OrderRow, 'doneQuantity' | 'doneValue' | 'priceDecimals'>) => averagePrice(order.doneQuantity, order.doneValue, order.priceDecimals);

export function orderView(order: OrderRow, fills: FillRow[] = []): SpotOrderView {
  const avg = average(order);
  return {
    id: order.id,
    symbol: order.symbol,
    base: order.base,
    quote: order.quote,
    side: order.side,
    type: order.type,
    status: order.status,
    quantity: order.quantity,
    amount: order.amount,
    price: order.price,
    doneQuantity: order.doneQuantity,
    donePrice: avg,
    averagePrice: avg,
    marketValue: order.doneValue,
    fee: order.fee,
    feeAsset: order.feeAsset,
    makerFeeRate: order.makerFeeRate,
    takerFeeRate: order.takerFeeRate,
    frozen: order.frozen,
    frozenAsset: order.frozenAsset,
    isIco: order.isIco,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    finishedAt: order.finishedAt,
    requestId: requestIdOf(order.requestKey),
    fills: fills.map((f) => ({
      id: f.id,
      price: f.price,
      quantity: f.quantity,
      value: f.value,
      fee: f.fee,
      feeAsset: f.feeAsset,
      liquidity: f.liquidity,
      time: f.createdAt,
      evidence: f.evidence,
      receiptHash: f.receiptHash,
    })),
  };
}
