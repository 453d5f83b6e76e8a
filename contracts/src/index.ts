// The front ends' entry: calls (method and path) and their types, no schema.
export { call, callKey, type Call, type CallSchema, type DataOf, type InputOf, type Method } from './kit/call.js';
export { REFUSALS, REFUSAL_REASONS, type RefusalReason } from './refusals.js';
export { wallet } from './wallet/calls.js';
export { market } from './market/calls.js';
export { deposits } from './deposits/calls.js';
export { withdrawals } from './withdrawals/calls.js';
export { loans } from './loans/calls.js';
export { identity } from './identity/calls.js';
export { site } from './site/calls.js';
export { notifications } from './notifications/calls.js';
export { news } from './news/calls.js';
export { trading } from './trading/calls.js';
export type { SpotOrderPushMessage, SpotOrderView, InstrumentTermsView } from './trading/schemas.js';
export * from './trading/band.js';
export * from './trading/walk.js';
export { perpetual, PERPETUAL_PUSH_ACTIONS, type PerpetualPushAction } from './perpetual/calls.js';
export * from './perpetual/margin.js';
export { forex } from './forex/calls.js';
export { estimate } from './estimate/calls.js';
export { seconds, SECONDS_PUSH_ACTIONS, type SecondsPushAction } from './seconds/calls.js';
export * from './seconds/terms.js';
// Wire rules both sides read: the amount ceiling, the coins' decimals, the K-line intervals, the wallets.
export * from './wire/amount.js';
export * from './wire/decimals.js';
export * from './wire/intervals.js';
export * from './wire/wallets.js';
