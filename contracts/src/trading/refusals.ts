// Refusal lists several trading calls share, as their server guards and checks answer them (server/src/modules/trading).
import { refuses } from '../refusals.js';

/** A call that needs a KYC-verified user (engine.requireTrader). */
export const TRADER = refuses('kycTrade');
/** A call that places an order: a trader within the per-user order rate (engine.requireOrderer; HTTP 429, ORDER_RATE_STATUS). */
export const ORDERER = refuses('kycTrade', 'tooManyOrders');
export const ORDER_RATE_STATUS = { tooManyOrders: 429 } as const;
/** The symbol's trading terms and hours (instruments.terms, engine.requireOpen). */
export const TRADABLE = refuses('symbolNotTradable', 'outOfTradingTime');
/** A price: within the instrument's decimals and the ceiling, a limit within its band around the mark (engine.checkPrice). */
export const PRICE = refuses('invalidPrice', 'limitPriceOutOfBand');
/** A quantity: within the instrument's decimals and its minimum and maximum (engine.checkQuantity). */
export const SIZE = refuses('invalidSize', 'quantityBelowMinimum', 'quantityAboveMaximum');
/** A perpetual's take-profit and stop-loss against the mark and its liquidation price. */
export const TP_SL = refuses('takeProfitAboveMark', 'takeProfitBelowMark', 'stopLossBelowMark', 'stopLossAboveMark', 'stopLossAboveLiquidation', 'stopLossBelowLiquidation');
/** The perpetual order types' own rules (perpetual/order-rules.ts). */
export const ORDER_TYPES = refuses(
  'triggerPriceRequired',
  'triggerAtCurrentPrice',
  'callbackRateOutOfRange',
  'postOnlyNeedsGtc',
  'postOnlyWouldTake',
  'iocNothingFilled',
  'fokNotFilled',
  'reduceOnlyNoLong',
  'reduceOnlyNoShort',
  'reduceOnlyNoTpSl',
);
/** A symbol given as input: blank (HTTP 400) or unknown (HTTP 404) when the market looks it up (market.instrument). */
export const SYMBOL = refuses('symbolRequired', 'unknownSymbol');
export const SYMBOL_STATUS = { symbolRequired: 400, unknownSymbol: 404 } as const;
