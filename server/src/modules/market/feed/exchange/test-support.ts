import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Decimal } from 'decimal.js';
import { WebSocketServer, type WebSocket } from 'ws';
import type { BookLevels, RestKline, RestTicker24h, StreamEnvelope } from './format.js';

/**
 * Tests only: a local stand-in for the exchange (REST on http://, the combined stream on ws://, one port) that
 * answers from the recorded fixtures in ./fixtures, in the exchange's formats.
 */
export interface FakeExchange {
  restUrl: string;
  wsUrl: string;
  /** The params of every SUBSCRIBE received, in order (one entry per request). */
  subscriptions: string[][];
  /** REST paths with their query, as requested. */
  requests: string[];
  /** While true, every REST request answers HTTP 503. */
  restDown: boolean;
  /** Sends a stream message to every connection subscribed to its stream. */
  push(message: StreamEnvelope): void;
  /** Cuts every stream connection without a closing handshake, as a network failure does. */
  drop(): void;
  /** Stream connections currently open. */
  connections(): number;
  close(): Promise<void>;
}

export interface FakeExchangeOptions {
  /** Replays the recorded stream messages of the subscribed streams after each SUBSCRIBE (default true). */
  replay?: boolean;
  /** Pause between replayed messages (default 0: all at once). */
  replayGapMs?: number;
}

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;

export const FIXTURES = {
  tickers: fixture<RestTicker24h[]>('ticker-24hr.json'),
  depth: fixture<Record<string, BookLevels>>('depth.json'),
  /** Keyed "SYMBOL interval". */
  klines: fixture<Record<string, RestKline[]>>('klines.json'),
  stream: fixture<StreamEnvelope[]>('stream.json'),
};

export async function startFakeExchange(options: FakeExchangeOptions = {}): Promise<FakeExchange> {
  const subscribed = new Map<WebSocket, Set<string>>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => answerRest(fake, request, response));
  const wss = new WebSocketServer({ server, path: '/stream' });

  wss.on('connection', (socket) => {
    const streams = new Set<string>();
    subscribed.set(socket, streams);
    socket.on('close', () => subscribed.delete(socket));
    socket.on('message', (raw) => {
      const request = JSON.parse(raw.toString()) as { method: string; params: string[]; id: number };
      if (request.method !== 'SUBSCRIBE' || !Array.isArray(request.params)) {
        socket.send(JSON.stringify({ error: { code: 2, msg: 'Invalid request: unknown method' }, id: request.id ?? null }));
        return;
      }
      fake.subscriptions.push(request.params);
      for (const stream of request.params) streams.add(stream);
      socket.send(JSON.stringify({ result: null, id: request.id }));
      if (options.replay === false) return;
      const messages = FIXTURES.stream.filter((m) => request.params.includes(m.stream));
      const gap = options.replayGapMs ?? 0;
      if (!gap) for (const message of messages) socket.send(JSON.stringify(message));
      else
        messages.forEach((message, i) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
          }, gap * (i + 1));
          timers.add(timer);
        });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeExchange = {
    restUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    subscriptions: [],
    requests: [],
    restDown: false,
    push(message) {
      for (const [socket, streams] of subscribed) if (streams.has(message.stream)) socket.send(JSON.stringify(message));
    },
    drop() {
      for (const socket of subscribed.keys()) socket.terminate();
    },
    connections: () => subscribed.size,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

/** The three REST endpoints, with the exchange's own error shape ({code, msg}) for what it would refuse. */
function answerRest(fake: FakeExchange, request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://fake');
  fake.requests.push(`${url.pathname}${url.search}`);
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (fake.restDown) return send(503, { code: -1003, msg: 'Service unavailable (test)' });
  const symbol = url.searchParams.get('symbol') ?? '';
  const listed = FIXTURES.tickers.some((t) => t.symbol === symbol);
  switch (url.pathname) {
    case '/api/v3/ticker/24hr':
      return send(200, FIXTURES.tickers);
    case '/api/v3/depth': {
      if (!listed) return send(400, { code: -1121, msg: 'Invalid symbol.' });
      const book = FIXTURES.depth[symbol] ?? { lastUpdateId: 1, bids: [], asks: [] };
      const limit = Number(url.searchParams.get('limit') ?? 100);
      return send(200, { lastUpdateId: book.lastUpdateId, bids: book.bids.slice(0, limit), asks: book.asks.slice(0, limit) });
    }
    case '/api/v3/klines': {
      if (!listed) return send(400, { code: -1121, msg: 'Invalid symbol.' });
      const all = FIXTURES.klines[`${symbol} ${url.searchParams.get('interval')}`] ?? [];
      const endTime = Number(url.searchParams.get('endTime') ?? Infinity);
      const limit = Number(url.searchParams.get('limit') ?? 500);
      // With only endTime, the exchange answers the newest `limit` bars that open at or before it.
      return send(200, all.filter((k) => k[0] <= endTime).slice(-limit));
    }
    default:
      return send(404, { code: -1, msg: 'Unknown path' });
  }
}

/**
 * A reference for one side of a book on an instrument's grid, written independently of convert.ts: bids round
 * down and asks up, levels on the same price merge, amounts are cut to `amountDp`, best first.
 */
export function expectedSide(levels: readonly [string, string][], side: 'bids' | 'asks', priceDp: number, amountDp: number): [string, string][] {
  const sums = new Map<string, Decimal>();
  for (const [price, amount] of levels) {
    const key = new Decimal(price).toDecimalPlaces(priceDp, side === 'bids' ? Decimal.ROUND_FLOOR : Decimal.ROUND_CEIL).toFixed(priceDp);
    sums.set(key, (sums.get(key) ?? new Decimal(0)).plus(amount));
  }
  const out = [...sums].map(([p, a]) => [p, a.toDecimalPlaces(amountDp, Decimal.ROUND_DOWN).toFixed(amountDp)] as [string, string]);
  return out.sort((a, b) => (side === 'bids' ? -1 : 1) * new Decimal(a[0]).comparedTo(b[0]));
}
