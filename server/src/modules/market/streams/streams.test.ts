import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { Db } from '../../../db/db.js';
import { testApp, testConfig } from '../../../testing/app.js';
import { testDb } from '../../../testing/test-db.js';
import { registerUser } from '../../identity/test-support.js';
import { MarketService } from '../service.js';
import { CLOSE_UNAUTHORIZED, registerMarketStreams, sendOrDrop } from './streams.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let base: string;
const closers: (() => Promise<unknown>)[] = [];
// The app's clock runs from Monday 9 March 2026 11:00 New York, so forex and stocks trade too.
const MONDAY = Date.parse('2026-03-09T15:00:00Z');
const realStart = Date.now();
const mondayClock = () => new Date(MONDAY + (Date.now() - realStart));

async function listen(instance: FastifyInstance): Promise<string> {
  await instance.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(instance.server.address() as AddressInfo).port}`;
}

before(async () => {
  ({ db, cleanup } = await testDb());
  const config = testConfig();
  app = await testApp({ market: { ...config.market, tickMs: 50 } }, { db, clock: mondayClock, wsHeartbeatMs: 200 });
  closers.push(() => app.close());
  base = await listen(app);
});
after(async () => {
  for (const close of closers.reverse()) await close();
  await cleanup();
});

/** Opens a socket and records what it receives. */
function connect(url: string, options?: WebSocket.ClientOptions) {
  const socket = new WebSocket(url, options);
  const messages: unknown[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  // generous: the feed ticks about twice a second, but a loaded CI machine (parallel test files) delays both sides
  async function waitFor(predicate: () => boolean, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out; ${messages.length} messages: ${JSON.stringify(messages.slice(-2)).slice(0, 300)}`);
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), sleep(50)]);
    }
  }
  closers.push(async () => socket.terminate());
  return { socket, messages, closed, opened, waitFor };
}

test('/ws/market refuses a missing or wrong key with close code 4401', async () => {
  assert.equal(await connect(`${base}/ws/market`).closed, CLOSE_UNAUTHORIZED);
  assert.equal(await connect(`${base}/ws/market?key=wrong`).closed, CLOSE_UNAUTHORIZED);
});

test('/ws/market pushes one JSON array of changed quotes per tick', async () => {
  const client = connect(`${base}/ws/market?key=meridian-public`);
  await client.waitFor(() => client.messages.length >= 5);
  // Ticks of some 20 KiB go out deflated (modules/platform/websocket.ts) to clients that offer it, as browsers do.
  assert.equal(client.socket.extensions, 'permessage-deflate');
  for (const message of client.messages) {
    assert.ok(Array.isArray(message), 'an array');
    const symbols = (message as { symbol: string }[]).map((q) => q.symbol);
    assert.equal(new Set(symbols).size, symbols.length, 'each symbol once per message');
    assert.ok(symbols.length > 20, `batched: ${symbols.length} quotes in one message`);
  }
  const btc = (client.messages[0] as Record<string, unknown>[]).find((q) => q.symbol === 'BTCUSDT')!;
  assert.equal(typeof btc.price, 'string');
  assert.equal(btc.isIco, 0);
  assert.match(btc.price as string, /^\d+\.\d{2}$/);
  assert.ok('changePercent' in btc && 'volume' in btc && 'high' in btc);
});

test('/ws/forex pushes {data: [...]} with forex, CFD and index quotes only', async () => {
  const client = connect(`${base}/ws/forex`);
  await client.waitFor(() => client.messages.length >= 3);
  assert.equal(client.socket.extensions, 'permessage-deflate');
  for (const message of client.messages as { data: { symbol: string; category: string }[] }[]) {
    assert.ok(Array.isArray(message.data) && message.data.length > 0);
    assert.ok(message.data.every((q) => ['FOREX', 'CFD', 'INDIES'].includes(q.category)));
  }
  assert.ok((client.messages[0] as { data: { symbol: string }[] }).data.some((q) => q.symbol === 'AUDCAD'));
});

test('/ws/depth: SUBSCRIBE and UNSUBSCRIBE are acknowledged; pushes name the symbol', async () => {
  const client = connect(`${base}/ws/depth`);
  await client.opened;
  client.socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@depth'], id: 1 }));
  await client.waitFor(() => client.messages.length >= 3);
  assert.deepEqual(client.messages[0], { result: null, id: 1 });
  const push = client.messages[1] as { stream: string; symbol: string; bids: [string, string][]; asks: [string, string][]; price: string };
  assert.equal(push.stream, 'btcusdt@depth');
  assert.equal(push.symbol, 'BTCUSDT');
  assert.equal(push.bids.length, 20);
  assert.equal(push.asks.length, 20);
  assert.ok(Number(push.bids[0]![0]) < Number(push.price) && Number(push.asks[0]![0]) > Number(push.price));
  assert.ok(client.messages.slice(1).every((m) => (m as { symbol: string }).symbol === 'BTCUSDT'));

  client.socket.send(JSON.stringify({ method: 'UNSUBSCRIBE', params: ['btcusdt@depth'], id: 2 }));
  await client.waitFor(() => client.messages.some((m) => (m as { id?: number }).id === 2));
  const ackAt = client.messages.findIndex((m) => (m as { id?: number }).id === 2);
  assert.deepEqual(client.messages[ackAt], { result: null, id: 2 });
  await sleep(300);
  assert.equal(client.messages.length, ackAt + 1, 'nothing after unsubscribing');

  client.socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['nope@depth'], id: 3 }));
  client.socket.send('not json');
  await client.waitFor(() => client.messages.length >= ackAt + 3);
  assert.deepEqual(client.messages[ackAt + 1], { error: { code: 400, msg: 'Unknown stream: nope@depth' }, id: 3 });
  assert.equal((client.messages[ackAt + 2] as { id: unknown }).id, null);
});

test('/ws/positions refuses a missing or invalid token with 4401 and keeps a valid one open', async () => {
  assert.equal(await connect(`${base}/ws/positions`).closed, CLOSE_UNAUTHORIZED);
  assert.equal(await connect(`${base}/ws/positions?token=forged`).closed, CLOSE_UNAUTHORIZED);
  const user = await registerUser(app, db);
  const client = connect(`${base}/ws/positions?token=${encodeURIComponent(user.token)}`);
  await client.opened;
  await sleep(300);
  assert.equal(client.socket.readyState, WebSocket.OPEN);
});

test('a stream client that does not answer pings is terminated by the heartbeat', async () => {
  const silent = connect(`${base}/ws/market?key=meridian-public`, { autoPong: false });
  const healthy = connect(`${base}/ws/market?key=meridian-public`);
  assert.equal(await silent.closed, 1006);
  assert.equal(healthy.socket.readyState, WebSocket.OPEN);
});

/** The streams on a bare server, driven tick by tick, with a test token verifier. */
async function bareStreams(maxBufferedBytes: number) {
  const market = await MarketService.create(db, { seed: 'bare', tickMs: 1000, klineFlushMs: 60_000, backfillBars: 10 }, { clock: () => MONDAY });
  const server = Fastify();
  await server.register(fastifyWebsocket);
  const streams = registerMarketStreams(server, {
    market,
    streamKey: 'k',
    maxBufferedBytes,
    verifyToken: async (token) => (token === 'good' ? { userId: 'u-1' } : null),
  });
  closers.push(() => server.close());
  let t = MONDAY;
  const tick = () => market.onTicks(market.feed.step((t += 1000)));
  return { server, streams, tick, url: await listen(server) };
}

test('positions pushes reach every socket of the user (test verifier)', async () => {
  const { streams, url } = await bareStreams(1 << 20);
  assert.equal(await connect(`${url}/ws/positions?token=bad`).closed, CLOSE_UNAUTHORIZED);
  const a = connect(`${url}/ws/positions?token=good`);
  const b = connect(`${url}/ws/positions?token=good`);
  await Promise.all([a.opened, b.opened]);
  await sleep(50);
  assert.equal(streams.positions.push('u-1', { action: 'POSITION_UPDATE', id: 7 }), 2);
  assert.equal(streams.positions.push('someone-else', { action: 'POSITION_UPDATE' }), 0);
  await a.waitFor(() => a.messages.length === 1);
  await b.waitFor(() => b.messages.length === 1);
  assert.deepEqual(a.messages[0], { action: 'POSITION_UPDATE', id: 7 });
});

test('sendOrDrop terminates a peer over the limit and leaves the others alone', () => {
  const peer = (bufferedAmount: number) => {
    const sent: string[] = [];
    let terminated = false;
    const socket = { readyState: WebSocket.OPEN, bufferedAmount, send: (d: string) => sent.push(d), terminate: () => (terminated = true) };
    return { socket: socket as unknown as WebSocket, sent, terminated: () => terminated };
  };
  const counters = { dropped: 0 };
  const fast = peer(0);
  const slow = peer(5000);
  assert.equal(sendOrDrop(fast.socket, 'x', 4096, counters), true);
  assert.equal(sendOrDrop(slow.socket, 'x', 4096, counters), false);
  assert.deepEqual([fast.sent, fast.terminated(), slow.sent, slow.terminated(), counters.dropped], [['x'], false, [], true, 1]);
});

test('a client that stops reading is dropped while another keeps receiving every push', async () => {
  const { server, tick, streams, url } = await bareStreams(64 * 1024);
  const fast = connect(`${url}/ws/market?key=k`);
  const slow = connect(`${url}/ws/market?key=k`);
  await Promise.all([fast.opened, slow.opened]);
  await sleep(50);
  (slow.socket as unknown as { _socket: { pause(): void } })._socket.pause();
  let pushes = 0;
  const deadline = Date.now() + 20_000;
  while (server.websocketServer.clients.size > 1 && Date.now() < deadline) {
    for (let i = 0; i < 20; i++, pushes++) tick();
    await sleep(5);
  }
  assert.equal(server.websocketServer.clients.size, 1, `slow client still connected after ${pushes} pushes`);
  assert.equal(streams.counters.dropped, 1);
  await fast.waitFor(() => fast.messages.length === pushes, 10_000);
  assert.equal(fast.socket.readyState, WebSocket.OPEN);
});
