import type { MaintenanceTier, PerpSide } from '@meridian/contracts';
import { Dec } from '../ledger/decimal.js';
import type { Mode } from '../ledger/ledger.js';
import type { Tick } from '../market/feed/port.js';

/** The mark price: the feed's last price (`fallback` when the symbol has no tick). */
export const markOf = (tick: Tick | undefined, fallback: string): string => tick?.price ?? fallback;
/** The index price: the middle of the feed's bid and ask. */
export const indexOf = (tick: Tick | undefined, fallback: string): string =>
  tick ? new Dec(tick.bid).plus(tick.ask).div(2).toFixed() : fallback;

const n = (column: string, as: string) => `trim_scale(${column})::text AS "${as}"`;

/** The type fields of an order row (migration 0028). */
export interface TypeFields {
  triggerSource: 'mark' | 'last' | null;
  triggerPrice: string | null;
  callbackRate: string | null;
  timeInForce: 'GTC' | 'IOC' | 'FOK';
  postOnly: boolean;
  reduceOnly: boolean;
  triggeredAt: Date | null;
  childOrderId: string | null;
  expiredQuantity: string;
  cancelReason: string | null;
  /** A pending stop's trigger price as the trigger book has it now (a trailing stop's moves), and its peak. */
  liveTrigger: string | null;
  trailingPeak: string | null;
}

const TYPE_COLUMNS = [
  'trigger_source AS "triggerSource"', 'trim_scale(trigger_price)::text AS "triggerPrice"', 'trim_scale(callback_rate)::text AS "callbackRate"',
  'time_in_force AS "timeInForce"', 'post_only AS "postOnly"', 'reduce_only AS "reduceOnly"', 'triggered_at AS "triggeredAt"',
  'child_order_id::text AS "childOrderId"', 'trim_scale(expired_quantity)::text AS "expiredQuantity"', 'cancel_reason AS "cancelReason"',
  `(SELECT trim_scale(t.price)::text FROM trading_triggers t WHERE t.id = perp_orders.trigger_id AND t.status = 'pending') AS "liveTrigger"`,
  `(SELECT trim_scale(t.trail_peak)::text FROM trading_triggers t WHERE t.id = perp_orders.trigger_id) AS "trailingPeak"`,
].join(', ');

export interface OrderRow extends TypeFields {
  id: string;
  userId: string;
  mode: Mode;
  symbol: string;
  side: PerpSide;
  type: 'market' | 'limit' | 'stop_market' | 'stop_limit' | 'trailing_stop';
  status: 'pending' | 'opening' | 'completed' | 'canceled' | 'merged';
  price: string | null;
  quantity: string;
  /** The USDT amount the order was sized by (null: sized by quantity). */
  amount: string | null;
  leverage: number;
  marginMode: 'isolated' | 'cross';
  positionMode: 'merge' | 'split';
  held: string;
  margin: string;
  fee: string;
  doneQuantity: string;
  donePrice: string | null;
  takeProfit: string | null;
  stopLoss: string | null;
  positionId: string | null;
  triggerId: string | null;
  /** The named hold of what a pending order holds (migration 0069); null for an order that holds nothing. */
  holdId: string | null;
  makerFeeRate: string;
  takerFeeRate: string;
  priceDecimals: number;
  tiers: MaintenanceTier[];
  termsVersion: number;
  /** USDT per unit of the quote currency, fixed at placement ('1' for USDT-quoted contracts). */
  quoteRate: string;
  /** The conversion tick the rate came from (null when it is 1 by definition). */
  quoteRateEvidence: Record<string, unknown> | null;
  createdAt: Date;
  doneAt: Date | null;
}

export const ORDER_COLUMNS = [
  'id::text AS id', 'user_id::text AS "userId"', 'mode', 'symbol', 'side', 'type', 'status', n('price', 'price'), n('quantity', 'quantity'), n('amount', 'amount'), 'leverage',
  'margin_mode AS "marginMode"', 'position_mode AS "positionMode"', n('held', 'held'), n('margin', 'margin'), n('fee', 'fee'),
  n('done_quantity', 'doneQuantity'), n('done_price', 'donePrice'), n('take_profit', 'takeProfit'), n('stop_loss', 'stopLoss'),
  'position_id::text AS "positionId"', 'trigger_id::text AS "triggerId"', 'hold_id::text AS "holdId"', n('maker_fee_rate', 'makerFeeRate'), n('taker_fee_rate', 'takerFeeRate'),
  'price_decimals AS "priceDecimals"', 'maintenance_tiers AS tiers', 'terms_version AS "termsVersion"', n('quote_rate', 'quoteRate'), 'quote_rate_evidence AS "quoteRateEvidence"', 'created_at AS "createdAt"', 'done_at AS "doneAt"',
  TYPE_COLUMNS,
].join(', ');

export interface PositionRow {
  id: string;
  userId: string;
  mode: Mode;
  symbol: string;
  side: PerpSide;
  status: 'open' | 'closed';
  quantity: string;
  closedQuantity: string;
  entryPrice: string;
  leverage: number;
  marginMode: 'isolated' | 'cross';
  margin: string;
  peakMargin: string;
  tradePnl: string;
  fees: string;
  funding: string;
  takeProfit: string | null;
  stopLoss: string | null;
  liquidationPrice: string | null;
  tpTriggerId: string | null;
  slTriggerId: string | null;
  liqTriggerId: string | null;
  parentOrderId: string;
  takerFeeRate: string;
  priceDecimals: number;
  tiers: MaintenanceTier[];
  closeType: 'manual' | 'take_profit' | 'stop_loss' | 'liquidation' | 'reverse' | null;
  closePrice: string | null;
  /** USDT per unit of the quote currency: every money figure is quantity × quoteRate per unit of price. */
  quoteRate: string;
  /** The funding terms frozen at opening (null only for a position whose terms version was not kept). */
  fundingRate: string | null;
  fundingIntervalHours: number | null;
  /** The funding formula's parameters frozen at opening (migration 0031; null: the position pays fundingRate). */
  fundingInterestRate: string | null;
  fundingClamp: string | null;
  fundingCap: string | null;
  openedAt: Date;
  closedAt: Date | null;
}

export const POSITION_COLUMNS = [
  'id::text AS id', 'user_id::text AS "userId"', 'mode', 'symbol', 'side', 'status', n('quantity', 'quantity'), n('closed_quantity', 'closedQuantity'),
  n('entry_price', 'entryPrice'), 'leverage', 'margin_mode AS "marginMode"', n('margin', 'margin'), n('peak_margin', 'peakMargin'),
  n('trade_pnl', 'tradePnl'), n('fees', 'fees'), n('funding', 'funding'), n('take_profit', 'takeProfit'), n('stop_loss', 'stopLoss'),
  n('liquidation_price', 'liquidationPrice'), 'tp_trigger_id::text AS "tpTriggerId"', 'sl_trigger_id::text AS "slTriggerId"',
  'liq_trigger_id::text AS "liqTriggerId"', 'parent_order_id::text AS "parentOrderId"', n('taker_fee_rate', 'takerFeeRate'),
  'price_decimals AS "priceDecimals"', 'maintenance_tiers AS tiers', 'close_type AS "closeType"', n('close_price', 'closePrice'), n('quote_rate', 'quoteRate'),
  n('funding_rate', 'fundingRate'), 'funding_interval_hours AS "fundingIntervalHours"',
  n('funding_interest_rate', 'fundingInterestRate'), n('funding_clamp', 'fundingClamp'), n('funding_cap', 'fundingCap'), 'opened_at AS "openedAt"', 'closed_at AS "closedAt"',
].join(', ');
