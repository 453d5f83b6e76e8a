export { ReconnectingSocket, MAX_RECONNECT_ATTEMPTS, RECONNECT_DELAY_MS, CONNECT_TIMEOUT_MS } from './reconnecting-socket';
export type { WebSocketLike, WebSocketConstructor, SocketState, ReconnectingSocketOptions } from './reconnecting-socket';
export {
  BrowserSocketHub,
  streamUrl,
  STREAM_PATHS,
  DEFAULT_MARKET_KEY,
  MARKET_THROTTLE_MS,
  FOREX_THROTTLE_MS,
  IDLE_CLOSE_MS,
  type SocketHubConfig,
} from './browser-socket-hub';
export { KeyedThrottle } from './keyed-throttle';
export { startSocketHub, type StartSocketHubOptions, type RunningSocketHub } from './start-socket-hub';
export type { Timers, Logger } from './timers';
export { startLiveInvalidation, type LiveInvalidationOptions } from './live-invalidation';
