import { consoleLogger, globalTimers, type Logger, type Timers } from './timers';

/** The part of the browser's WebSocket this code uses (so tests can pass a fake class). */
export interface WebSocketLike {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** Reconnect rules (trading spec §4, §9). */
export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_DELAY_MS = 2000;
/** Socket time-out (shell spec §9): a connection not open after this long counts as failed. */
export const CONNECT_TIMEOUT_MS = 60_000;

export interface ReconnectingSocketOptions {
  /** For log lines, e.g. "market". */
  name: string;
  url: string;
  /** The WebSocket class; the browser's by default. */
  WebSocket?: WebSocketConstructor;
  timers?: Timers;
  logger?: Logger;
  maxAttempts?: number;
  retryDelayMs?: number;
  connectTimeoutMs?: number;
  /** Called on every (re)connection, e.g. to re-send subscriptions. */
  onOpen?: () => void;
  /** Called with each message, parsed from JSON; unparsable messages are logged and dropped. */
  onMessage?: (message: unknown) => void;
  /** Called when the state changes (the hub shows "live prices paused" while a connection has failed). */
  onStateChange?: (state: SocketState) => void;
}

/**
 * - `idle`: never opened; `connecting`; `open`;
 * - `closed`: lost (close or error), a reconnect attempt is scheduled;
 * - `failed`: the last allowed attempt failed, no more attempts until open() is called again;
 * - `stopped`: closed on purpose (close()), never reconnects.
 */
export type SocketState = 'idle' | 'connecting' | 'open' | 'closed' | 'failed' | 'stopped';

/**
 * One live connection with the spec's reconnect rules: on close or error it is marked closed and reconnects
 * automatically, up to `maxAttempts` attempts `retryDelayMs` apart, one at a time (a close that follows an
 * error does not schedule a second attempt); after the last failure it logs a warning and stops. Opening
 * resets the counter. Socket errors are only logged. A deliberate close() never reconnects.
 */
export class ReconnectingSocket {
  private ws: WebSocketLike | null = null;
  private retryTimer: unknown = null;
  private connectTimer: unknown = null;
  private attempts = 0;
  private currentState: SocketState = 'idle';
  private readonly WebSocketImpl: WebSocketConstructor;
  private readonly timers: Timers;
  private readonly logger: Logger;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  private readonly connectTimeoutMs: number;

  constructor(private readonly options: ReconnectingSocketOptions) {
    this.WebSocketImpl = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
    this.timers = options.timers ?? globalTimers;
    this.logger = options.logger ?? consoleLogger;
    this.maxAttempts = options.maxAttempts ?? MAX_RECONNECT_ATTEMPTS;
    this.retryDelayMs = options.retryDelayMs ?? RECONNECT_DELAY_MS;
    this.connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  }

  get state(): SocketState {
    return this.currentState;
  }

  get isOpen(): boolean {
    return this.currentState === 'open';
  }

  /** Reconnect attempts made since the connection was last open. */
  get attemptCount(): number {
    return this.attempts;
  }

  get url(): string {
    return this.options.url;
  }

  /** Connects; a no-op while connecting, open or waiting for a scheduled attempt. Restarts a failed or stopped one. */
  open(): void {
    if (this.currentState === 'connecting' || this.currentState === 'open' || this.currentState === 'closed') return;
    this.attempts = 0;
    this.connect();
  }

  /** Closes on purpose: cancels any scheduled attempt and never reconnects (until open() is called). */
  close(): void {
    this.clearTimers();
    this.attempts = 0;
    const ws = this.ws;
    this.ws = null;
    this.setState('stopped');
    if (ws) {
      detach(ws);
      try {
        ws.close(1000, 'closed by client');
      } catch (error) {
        this.logger.error(`[realtime] ${this.options.name}: closing the socket failed`, error);
      }
    }
  }

  /** Sends `data` (JSON-encoded unless a string); a failed send (not open, or the socket throws) is logged. */
  send(data: unknown): boolean {
    if (!this.ws || this.currentState !== 'open') {
      this.logger.error(`[realtime] ${this.options.name}: send failed, the socket is not open`, data);
      return false;
    }
    try {
      this.ws.send(typeof data === 'string' ? data : JSON.stringify(data));
      return true;
    } catch (error) {
      this.logger.error(`[realtime] ${this.options.name}: send failed`, error);
      return false;
    }
  }

  private connect(): void {
    this.setState('connecting');
    let ws: WebSocketLike;
    try {
      ws = new this.WebSocketImpl(this.options.url);
    } catch (error) {
      this.logger.error(`[realtime] ${this.options.name}: could not create the socket`, error);
      this.ws = null;
      this.lost();
      return;
    }
    this.ws = ws;
    this.connectTimer = this.timers.setTimeout(() => {
      this.connectTimer = null;
      this.logger.error(`[realtime] ${this.options.name}: not open after ${this.connectTimeoutMs} ms`);
      this.fail(ws);
    }, this.connectTimeoutMs);

    ws.onopen = () => {
      if (ws !== this.ws) return;
      this.clearConnectTimer();
      this.setState('open');
      this.attempts = 0;
      this.options.onOpen?.();
    };
    ws.onmessage = (event) => {
      if (ws !== this.ws) return;
      let message: unknown;
      try {
        message = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
      } catch (error) {
        this.logger.error(`[realtime] ${this.options.name}: dropped a message that is not JSON`, error);
        return;
      }
      this.options.onMessage?.(message);
    };
    ws.onerror = (event) => {
      if (ws !== this.ws) return;
      this.logger.error(`[realtime] ${this.options.name}: socket error`, event);
      this.fail(ws);
    };
    ws.onclose = () => {
      if (ws !== this.ws) return;
      this.fail(ws);
    };
  }

  /** The current socket closed or errored: drop it and schedule the next attempt. */
  private fail(ws: WebSocketLike): void {
    if (ws !== this.ws) return;
    this.ws = null;
    this.clearConnectTimer();
    detach(ws);
    try {
      ws.close();
    } catch {
      // it is gone either way
    }
    this.lost();
  }

  private lost(): void {
    this.setState('closed');
    if (this.retryTimer !== null) return; // one attempt at a time
    if (this.attempts >= this.maxAttempts) {
      this.setState('failed');
      this.logger.warn(`[realtime] ${this.options.name}: gave up after ${this.maxAttempts} reconnect attempts`);
      return;
    }
    this.attempts += 1;
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, this.retryDelayMs);
  }

  private setState(state: SocketState): void {
    if (this.currentState === state) return;
    this.currentState = state;
    this.options.onStateChange?.(state);
  }

  private clearConnectTimer(): void {
    if (this.connectTimer !== null) this.timers.clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private clearTimers(): void {
    this.clearConnectTimer();
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}

function detach(ws: WebSocketLike): void {
  ws.onopen = null;
  ws.onclose = null;
  ws.onerror = null;
  ws.onmessage = null;
}
