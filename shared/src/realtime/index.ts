export type {
  SocketHub,
  Unsubscribe,
  Quote,
  ForexQuote,
  MarketEvent,
  DepthLevel,
  DepthUpdate,
  DepthOptions,
  PositionKind,
  PositionPush,
} from './types';
export { POSITION_KINDS, USER_EVENT_KINDS, type UserEventKind } from './types';
export { installSocketHub, getSocketHub, watchSocketHub } from './registry';
export { createFrameBatcher, type FrameBatcher } from './frame';
export { useSocketHub, useQuotes, useQuote, useForexQuotes, useDepth, usePositionEvents, useMarketEvents, useLivePaused } from './hooks';
