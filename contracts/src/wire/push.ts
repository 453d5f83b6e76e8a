/**
 * Every action the positions stream pushes to a user (DESIGN.md §3), defined here once: the server sends only
 * these (platform/user-events.ts types them), the shell's realtime hub listens by them, and a remote's manifest
 * names them in `push.invalidations` (its manifest test refuses any other). A push names its account `mode`.
 */

/** A balance or record changed: the ledger's cause (BALANCE for any other), a notification, an identity review (KYC). */
export const USER_PUSH_ACTIONS = ['BALANCE', 'DEPOSIT', 'WITHDRAW', 'TRANSFER', 'CONVERT', 'LOAN', 'NOTIFICATION', 'KYC'] as const;

/** A spot order placed, filled or cancelled (`{ action, mode, orderId, symbol, status }`, trading SpotOrderPush). */
export const SPOT_PUSH_ACTIONS = ['SPOT_ORDER'] as const;

/**
 * What the positions stream pushes after a perpetual change commits, `{ action, mode, symbol, positionId?, orderId? }`
 * (the spec: an action whose text contains POSITION): an order placed, filled or cancelled; a position opened,
 * changed (added to, TP/SL, partly closed), closed (any close type, liquidation included); a funding payment.
 */
export const PERPETUAL_PUSH_ACTIONS = ['POSITION_ORDER', 'POSITION_OPEN', 'POSITION_UPDATE', 'POSITION_CLOSE', 'POSITION_FUNDING'] as const;
export type PerpetualPushAction = (typeof PERPETUAL_PUSH_ACTIONS)[number];

/**
 * What the positions stream pushes after a seconds-contract change commits, `{ action, mode, symbol, contractId }`
 * (the spec: an action whose text contains SECOND_CONTRACT): a contract bought, a contract settled.
 */
export const SECONDS_PUSH_ACTIONS = ['SECOND_CONTRACT_OPEN', 'SECOND_CONTRACT_SETTLE'] as const;
export type SecondsPushAction = (typeof SECONDS_PUSH_ACTIONS)[number];

/**
 * What the positions stream pushes after a stock change commits (issue 20; the spec: an action containing STOCK):
 * `{ action: 'STOCK_ORDER', mode, book, orderId, symbol, status }` for an order placed, filled, cancelled or
 * expired, `{ action: 'STOCK_POSITION', mode, book, symbol }` for shares delivered or a position closed.
 */
export const STOCK_PUSH_ACTIONS = ['STOCK_ORDER', 'STOCK_POSITION'] as const;

/** What the positions stream pushes to both parties of a C2C order, `{ action, mode, orderId }`: a step, a chat message. */
export const C2C_PUSH_ACTIONS = ['C2C_ORDER', 'C2C_MESSAGE'] as const;

export const PUSH_ACTIONS = [...USER_PUSH_ACTIONS, ...SPOT_PUSH_ACTIONS, ...PERPETUAL_PUSH_ACTIONS, ...SECONDS_PUSH_ACTIONS, ...STOCK_PUSH_ACTIONS, ...C2C_PUSH_ACTIONS] as const;
export type PushAction = (typeof PUSH_ACTIONS)[number];

export const isPushAction = (value: unknown): value is PushAction => typeof value === 'string' && (PUSH_ACTIONS as readonly string[]).includes(value);
