import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import { isEnvelope, type StreamEnvelope } from './format.js';

export interface Backoff {
  /** The first reconnect waits this long; each failure in a row doubles it, up to maxMs. */
  minMs: number;
  maxMs: number;
}

export interface ExchangeStreamOptions {
  /** The stream base, e.g. wss://stream.binance.com:9443; the combined endpoint /stream is appended. */
  url: string;
  /** The streams to subscribe to, read at every (re)connect so a change of listing is picked up. */
  streams: () => readonly string[];
  onMessage: (envelope: StreamEnvelope) => void;
  backoff?: Backoff;
  /**
   * A connection that brings nothing for this long is treated as dead and replaced: a half-open TCP connection
   * never reports a close, and the ticker stream pushes every second while the market trades.
   */
  staleMs?: number;
  log?: FastifyBaseLogger;
}

const DEFAULT_BACKOFF: Backoff = { minMs: 500, maxMs: 30_000 };

/**
 * One connection to the exchange's combined stream: subscribes with {"method":"SUBSCRIBE","params":[...],"id":n}
 * once open, hands every {stream, data} message on, and reconnects with exponential backoff whenever the
 * connection drops (the exchange also closes every connection after 24 h). The `ws` client answers the
 * exchange's ping frames itself.
 */
export class ExchangeStream {
  private socket: WebSocket | undefined;
  private retry: NodeJS.Timeout | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private failures = 0;
  private requestId = 0;
  private running = false;
  /** Connections opened so far (tests and logs read it). */
  opened = 0;

  constructor(private readonly options: ExchangeStreamOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.retry);
    clearTimeout(this.watchdog);
    this.retry = undefined;
    this.socket?.terminate();
    this.socket = undefined;
  }

  /** Replaces the connection now (after the streams to subscribe to changed). */
  restart(): void {
    if (!this.running) return;
    const old = this.socket;
    // Detached first, so its close does not schedule a second connection.
    this.socket = undefined;
    old?.terminate();
    clearTimeout(this.retry);
    clearTimeout(this.watchdog);
    this.connect();
  }

  private connect(): void {
    this.retry = undefined;
    const streams = this.options.streams();
    if (!this.running || !streams.length) return;
    const socket = new WebSocket(`${this.options.url.replace(/\/+$/, '')}/stream`);
    this.socket = socket;
    socket.on('open', () => {
      this.opened++;
      this.options.log?.info({ streams: streams.length }, 'market exchange stream connected');
      socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: streams, id: ++this.requestId }));
      this.arm(socket);
    });
    socket.on('message', (raw) => {
      if (this.socket !== socket) return;
      // Only a connection that delivers data counts as recovered: one that opens and drops at once keeps backing off.
      this.failures = 0;
      this.arm(socket);
      let message: unknown;
      try {
        message = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (isEnvelope(message)) this.options.onMessage(message);
      else if (typeof message === 'object' && message !== null && 'error' in message) {
        this.options.log?.warn({ reply: message }, 'market exchange stream refused a request');
      }
    });
    // 'error' is always followed by 'close', which schedules the reconnect.
    socket.on('error', (error) => this.options.log?.warn({ err: error }, 'market exchange stream error'));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      clearTimeout(this.watchdog);
      if (!this.running) return;
      const { minMs, maxMs } = this.options.backoff ?? DEFAULT_BACKOFF;
      const delay = Math.min(maxMs, minMs * 2 ** Math.min(this.failures, 20));
      this.failures++;
      this.options.log?.warn({ delayMs: delay }, 'market exchange stream closed; reconnecting');
      this.retry = setTimeout(() => this.connect(), delay);
      this.retry.unref();
    });
  }

  private arm(socket: WebSocket): void {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.options.log?.warn('market exchange stream silent; reconnecting');
      socket.terminate();
    }, this.options.staleMs ?? 60_000);
    this.watchdog.unref();
  }
}
