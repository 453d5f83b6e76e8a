import type { FastifyInstance, FastifyRequest } from 'fastify';
import WebSocket from 'ws';
import type { MarketService } from '../service.js';
import { normalise } from '../symbols.js';

/** A token's user, and its session when the verifier tracks sessions (then its sockets end with the session). */
export type VerifyToken = (token: string) => Promise<{ userId: string; sessionId?: string; expiresAt?: Date } | null>;

/**
 * The session state a positions socket lives by, read from the sessions table (so another process's logout or
 * revocation counts): checked before every push and every `checkMs`; `onEnded` closes this process's own at once.
 */
export interface StreamSessions {
  live(sessionIds: readonly string[]): Promise<Set<string>>;
  onEnded(listener: (sessionIds: string[]) => void): () => void;
  /** How often every open socket's session is checked, for revocations no push has met (default 10 s). */
  checkMs?: number;
  /** The clock session expiry is measured by (the app's). */
  clock?: () => Date;
}

export interface StreamOptions {
  market: MarketService;
  /** The fixed access key /ws/market requires in its query. */
  streamKey: string;
  /** A client whose unsent backlog exceeds this many bytes is dropped instead of slowing everyone. */
  maxBufferedBytes: number;
  /** Positions stream authentication; when omitted /ws/positions refuses everyone. */
  verifyToken?: VerifyToken;
  /** Ends positions sockets with their session (logout, revocation, expiry); omitted, a socket lives until it closes. */
  sessions?: StreamSessions;
  /** Levels per side in depth pushes. */
  depthLevels?: number;
}

/** What other modules use to push position/order updates to a user's open positions streams. */
export interface PositionsHub {
  /**
   * Sends the message to every positions socket of the user whose session is still live (checked in the sessions
   * table just before sending; a socket whose session has ended is closed with CLOSE_SESSION_ENDED instead);
   * returns how many sockets it was sent or queued to.
   */
  push(userId: string, message: { action: string; [field: string]: unknown }): number;
}

/** Close code for a refused stream (missing or wrong key or token). */
export const CLOSE_UNAUTHORIZED = 4401;
/** Close code of a positions socket whose session ended (logout, revoked, password changed, account locked, expired). */
export const CLOSE_SESSION_ENDED = 4403;
/** setTimeout's longest delay; a later expiry is re-armed when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
export const FOREX_STREAM_CATEGORIES = ['FOREX', 'CFD', 'INDIES'] as const;

export interface StreamCounters {
  dropped: number;
}

/** Sends unless the peer has fallen behind by more than `limit` bytes, in which case it is terminated. */
export function sendOrDrop(socket: WebSocket, data: string, limit: number, counters?: StreamCounters): boolean {
  if (socket.readyState !== WebSocket.OPEN) return false;
  if (socket.bufferedAmount > limit) {
    socket.terminate();
    if (counters) counters.dropped++;
    return false;
  }
  socket.send(data);
  return true;
}

/**
 * The four live connections (trading spec §4) on the app's port. Market and forex pushes are batched: one
 * message per feed tick carrying every quote that changed, serialised once for all clients. The heartbeat of
 * modules/platform/websocket.ts covers these sockets too (it pings every client of the server).
 */
export function registerMarketStreams(app: FastifyInstance, options: StreamOptions): { positions: PositionsHub; counters: StreamCounters } {
  const { market, streamKey, maxBufferedBytes: limit } = options;
  const levels = options.depthLevels ?? 20;
  const counters: StreamCounters = { dropped: 0 };
  const marketClients = new Set<WebSocket>();
  const forexClients = new Set<WebSocket>();
  const depthClients = new Map<WebSocket, Set<string>>();
  const positionClients = new Map<string, Set<WebSocket>>();
  /** The session each positions socket of this process was opened with (only when sessions are tracked). */
  const sessionOf = new Map<WebSocket, string>();
  const sessions = options.sessions;
  const clock = sessions?.clock ?? (() => new Date());

  const unsubscribe = market.subscribe((quotes) => {
    if (marketClients.size) {
      const payload = JSON.stringify(quotes);
      for (const socket of marketClients) sendOrDrop(socket, payload, limit, counters);
    }
    if (forexClients.size) {
      const forex = quotes.filter((q) => (FOREX_STREAM_CATEGORIES as readonly string[]).includes(q.category));
      if (forex.length) {
        const payload = JSON.stringify({ data: forex });
        for (const socket of forexClients) sendOrDrop(socket, payload, limit, counters);
      }
    }
    if (depthClients.size) {
      const changed = new Set(quotes.map((q) => q.symbol));
      const payloads = new Map<string, string>();
      for (const [socket, symbols] of depthClients) {
        for (const symbol of symbols) {
          if (!changed.has(symbol)) continue;
          let payload = payloads.get(symbol);
          if (payload === undefined) {
            payload = depthMessage(market, symbol, levels);
            payloads.set(symbol, payload);
          }
          sendOrDrop(socket, payload, limit, counters);
        }
      }
    }
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get('/ws/market', { websocket: true }, (socket, request) => {
    if (query(request).key !== streamKey) return socket.close(CLOSE_UNAUTHORIZED, 'Invalid key');
    marketClients.add(socket);
    socket.on('close', () => marketClients.delete(socket));
  });

  app.get('/ws/forex', { websocket: true }, (socket) => {
    forexClients.add(socket);
    socket.on('close', () => forexClients.delete(socket));
  });

  app.get('/ws/depth', { websocket: true }, (socket) => {
    const symbols = new Set<string>();
    depthClients.set(socket, symbols);
    socket.on('close', () => depthClients.delete(socket));
    socket.on('message', (raw) => {
      const message = parse(raw.toString());
      const id = message?.id ?? null;
      if (!message || (message.method !== 'SUBSCRIBE' && message.method !== 'UNSUBSCRIBE') || !Array.isArray(message.params)) {
        return sendOrDrop(socket, JSON.stringify({ error: { code: 400, msg: 'Expected {"method":"SUBSCRIBE"|"UNSUBSCRIBE","params":["btcusdt@depth"],"id":n}' }, id }), limit, counters);
      }
      const wanted: string[] = [];
      for (const param of message.params) {
        const symbol = typeof param === 'string' ? streamSymbol(param) : undefined;
        if (!symbol || !market.instruments.has(symbol)) {
          return sendOrDrop(socket, JSON.stringify({ error: { code: 400, msg: `Unknown stream: ${String(param)}` }, id }), limit, counters);
        }
        wanted.push(symbol);
      }
      for (const symbol of wanted) {
        if (message.method === 'SUBSCRIBE') symbols.add(symbol);
        else symbols.delete(symbol);
      }
      sendOrDrop(socket, JSON.stringify({ result: null, id }), limit, counters);
      // A fresh subscriber gets the current book at once rather than at the next tick.
      if (message.method === 'SUBSCRIBE') for (const symbol of wanted) sendOrDrop(socket, depthMessage(market, symbol, levels), limit, counters);
    });
  });

  /** Closes a positions socket whose session has ended; it receives nothing more. */
  function endSession(socket: WebSocket): void {
    sessionOf.delete(socket);
    if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(CLOSE_SESSION_ENDED, 'Session ended');
  }

  /** Ends every socket of this process whose session is no longer live in the sessions table. */
  async function sweep(sockets: readonly WebSocket[]): Promise<void> {
    if (!sessions || !sockets.length) return;
    const live = await sessions.live([...new Set(sockets.map((socket) => sessionOf.get(socket)!))]);
    for (const socket of sockets) if (sessionOf.has(socket) && !live.has(sessionOf.get(socket)!)) endSession(socket);
  }

  if (sessions) {
    const unlisten = sessions.onEnded((ids) => {
      const ended = new Set(ids);
      for (const [socket, sessionId] of sessionOf) if (ended.has(sessionId)) endSession(socket);
    });
    const timer = setInterval(() => void sweep([...sessionOf.keys()]).catch(() => undefined), sessions.checkMs ?? 10_000);
    timer.unref();
    app.addHook('onClose', async () => {
      unlisten();
      clearInterval(timer);
    });
  }

  /** At its expiry (by the app's clock) a socket's session is checked and, ended, its socket closed. */
  function armExpiry(socket: WebSocket, expiresAt: Date): void {
    const timer = setTimeout(() => {
      if (!sessionOf.has(socket)) return;
      if (clock().getTime() < expiresAt.getTime()) return armExpiry(socket, expiresAt);
      void sweep([socket]).catch(() => undefined);
    }, Math.min(Math.max(expiresAt.getTime() - clock().getTime(), 0), MAX_TIMER_MS));
    timer.unref();
    socket.on('close', () => clearTimeout(timer));
  }

  app.get('/ws/positions', { websocket: true }, (socket, request) => {
    const token = query(request).token;
    // Messages that arrive before verification finishes are not expected on this push-only stream.
    void (async () => {
      const verified = token && options.verifyToken ? await options.verifyToken(token).catch(() => null) : null;
      if (!verified) return socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
      if (socket.readyState !== WebSocket.OPEN) return;
      const sockets = positionClients.get(verified.userId) ?? new Set<WebSocket>();
      sockets.add(socket);
      positionClients.set(verified.userId, sockets);
      if (sessions && verified.sessionId) {
        sessionOf.set(socket, verified.sessionId);
        if (verified.expiresAt) armExpiry(socket, verified.expiresAt);
      }
      socket.on('close', () => {
        sessionOf.delete(socket);
        sockets.delete(socket);
        if (!sockets.size) positionClients.delete(verified.userId);
      });
    })();
  });

  // Pushes to sockets with a tracked session wait for one check of the sessions table per batch (the pushes of one
  // commit, or of one tick, go together), in order: a revoked or expired session gets nothing from then on.
  let queued: { socket: WebSocket; payload: string }[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let scheduled = false;
  async function flush(): Promise<void> {
    scheduled = false;
    const batch = queued;
    queued = [];
    const ids = [...new Set(batch.map(({ socket }) => sessionOf.get(socket)).filter((id): id is string => id !== undefined))];
    let live: Set<string>;
    try {
      live = await sessions!.live(ids);
    } catch {
      return; // the store did not answer: a push is a hint to refetch, dropping it is safe; sending it might not be
    }
    for (const { socket, payload } of batch) {
      const sessionId = sessionOf.get(socket);
      if (sessionId === undefined) continue;
      if (live.has(sessionId)) sendOrDrop(socket, payload, limit, counters);
      else endSession(socket);
    }
  }

  const positions: PositionsHub = {
    push(userId, message) {
      const sockets = positionClients.get(userId);
      if (!sockets) return 0;
      const payload = JSON.stringify(message);
      let sent = 0;
      for (const socket of sockets) {
        if (sessionOf.has(socket)) {
          queued.push({ socket, payload });
          sent++;
        } else if (sendOrDrop(socket, payload, limit, counters)) sent++;
      }
      if (queued.length && !scheduled) {
        scheduled = true;
        flushing = flushing.then(flush, flush);
      }
      return sent;
    },
  };
  return { positions, counters };
}

/** A depth push: names its symbol (`symbol`, and `stream` as btcusdt@depth), levels as [price, amount] strings. */
function depthMessage(market: MarketService, symbol: string, levels: number): string {
  const book = market.depth(symbol, levels);
  return JSON.stringify({
    stream: `${symbol.toLowerCase()}@depth`,
    symbol,
    time: book.time,
    price: book.price,
    bids: book.bids,
    asks: book.asks,
  });
}

/** 'btcusdt@depth' (or @depth20, @depth@100ms) → 'BTCUSDT'. */
function streamSymbol(param: string): string | undefined {
  const at = param.indexOf('@');
  if (at <= 0 || !param.slice(at + 1).startsWith('depth')) return undefined;
  return normalise(param.slice(0, at));
}

function query(request: FastifyRequest): Record<string, string | undefined> {
  return (request.query ?? {}) as Record<string, string | undefined>;
}

function parse(text: string): { method?: unknown; params?: unknown; id?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
