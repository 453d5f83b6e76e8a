import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../../db/db.js';
import { registerCompression } from '../../../http/compression.js';
import { errorHandler } from '../../../http/errors.js';
import { FastLane, MAX_ENTRIES } from '../../../http/fast-lane.js';
import { testApp } from '../../../testing/app.js';
import { testDb } from '../../../testing/test-db.js';
import { marketRoutes } from '../routes.js';
import { MarketService } from '../service.js';

// The market lists replayed in front of Fastify between ticks (http/fast-lane.ts): the same bytes and headers as
// the full pipeline sends, never an answer of a past tick.
let db: Db;
let cleanup: () => Promise<void>;
const apps: FastifyInstance[] = [];
const MONDAY = Date.parse('2026-03-09T15:00:00Z');

before(async () => {
  ({ db, cleanup } = await testDb());
});
after(async () => {
  for (const app of apps) await app.close();
  await cleanup();
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(app: FastifyInstance, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Counts the requests the lane answered (the rest went through Fastify). */
function counted(lane: FastLane) {
  const served = { lane: 0, fastify: 0 };
  const serve = lane.serve.bind(lane);
  lane.serve = (req, res) => {
    const answered = serve(req, res);
    served[answered ? 'lane' : 'fastify']++;
    return answered;
  };
  return served;
}

const withoutDate = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers;

test('the whole app replays getTickerList and getMarketPrice with the headers and bytes Fastify sent', async () => {
  const app = await testApp({}, { db, clock: () => new Date(MONDAY), jobs: false });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const served = counted(app.fastLane!);
  for (const [path, encoding] of [
    ['/api/market/getTickerList', 'br'],
    ['/api/market/getTickerList', 'gzip, deflate'],
    ['/api/market/getTickerList', ''],
    ['/api/market/getMarketPrice?symbol=BTCUSDT', ''],
  ] as const) {
    const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
    const before = { ...served };
    const first = await get(app, path, headers);
    const second = await get(app, path, headers);
    // a tick between the two would send the second through Fastify as well: then the pair proves nothing
    if (served.lane === before.lane) continue;
    assert.equal(first.status, 200);
    assert.deepEqual(withoutDate(second.headers), withoutDate(first.headers), path);
    assert.ok(second.body.equals(first.body), path);
    // security headers computed by the pipeline come along
    assert.equal(second.headers['x-content-type-options'], 'nosniff');
  }
  assert.ok(served.lane >= 1, 'the lane answered repeated requests');
  // what the lane does not know (another symbol, a POST, an unknown path) is Fastify's
  const before = served.lane;
  assert.equal((await get(app, '/api/market/getMarketPrice?symbol=ETHUSDT')).status, 200);
  assert.equal((await get(app, '/api/market/getTickerList', {}, 'HEAD')).status, 200);
  assert.equal((await get(app, '/api/market/nothing')).status, 404);
  assert.equal(served.lane, before);
});

test('a tick ends the replay: the next request is built again and answers the new prices', async () => {
  const { app, market, served } = await laneApp('lane', () => MONDAY);
  let t = MONDAY;
  const path = '/api/market/getMarketPrice?symbol=BTCUSDT';

  const first = await get(app, path);
  assert.deepEqual(served, { lane: 0, fastify: 1 });
  const again = await get(app, path);
  assert.deepEqual(served, { lane: 1, fastify: 1 });
  assert.ok(again.body.equals(first.body));

  // the encodings are told apart: a brotli client does not get the plain bytes of the list
  const list = await get(app, '/api/market/getTickerList', { 'accept-encoding': 'br' });
  assert.equal(list.headers['content-encoding'], 'br');
  assert.equal((await get(app, '/api/market/getTickerList')).headers['content-encoding'], undefined);
  assert.equal(served.lane, 1);

  market.onTicks(market.feed.step((t += 1000)));
  const afterTick = await get(app, path);
  assert.equal(served.fastify, 4, 'the first request after a tick goes through Fastify');
  assert.equal(JSON.parse(afterTick.body.toString()).data.time, t);
  assert.ok(!afterTick.body.equals(first.body));
  await get(app, path);
  assert.equal(served.lane, 2);
});

/** A market on a clock the test moves, behind a lane in a minimal app (market routes only). */
async function laneApp(seed: string, clock: () => number) {
  const market = await MarketService.create(db, { seed, tickMs: 1000, klineFlushMs: 60_000, backfillBars: 10 }, { clock });
  const lane = new FastLane();
  const app = Fastify({ serverFactory: lane.serverFactory });
  lane.attach(app);
  app.decorate('fastLane', lane);
  app.setErrorHandler(errorHandler);
  await registerCompression(app);
  await app.register(marketRoutes(market), { prefix: '/api/market' });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, market, served: counted(lane) };
}

test('a replay ends when the clock turns a minute, tick or not: a session may have opened or closed', async () => {
  let now = MONDAY;
  const { app, market, served } = await laneApp('lane-minute', () => now);
  const path = '/api/market/getMarketPrice?symbol=BTCUSDT';
  await get(app, path);
  await get(app, path);
  assert.deepEqual(served, { lane: 1, fastify: 1 });
  // within the minute the version holds
  now += 30_000;
  await get(app, path);
  assert.deepEqual(served, { lane: 2, fastify: 1 });
  const held = market.listVersion();
  assert.equal(market.listVersion(), held);
  now += 30_000;
  assert.notEqual(market.listVersion(), held);
  await get(app, path);
  assert.deepEqual(served, { lane: 2, fastify: 2 }, 'the first request of the next minute is built again');
  await get(app, path);
  assert.deepEqual(served, { lane: 3, fastify: 2 });
  // a tick within the minute moves the version too
  market.onTicks(market.feed.step(now + 1000));
  await get(app, path);
  assert.deepEqual(served, { lane: 3, fastify: 3 });
});

test('a request replays the answer of the encoding it negotiates: none named, identity and unknown ones share one', async () => {
  const { app, served } = await laneApp('lane-encodings', () => MONDAY);
  const path = '/api/market/getMarketPrice?symbol=BTCUSDT';
  const plain = await get(app, path);
  for (const encoding of ['identity', 'compress', '']) {
    const again = await get(app, path, { 'accept-encoding': encoding });
    assert.ok(again.body.equals(plain.body), encoding);
    assert.deepEqual(withoutDate(again.headers), withoutDate(plain.headers), encoding);
  }
  assert.deepEqual(served, { lane: 3, fastify: 1 });
  // a brotli client has its own entry (a small answer goes out uncompressed, but a list would not)
  await get(app, path, { 'accept-encoding': 'br' });
  assert.deepEqual(served, { lane: 3, fastify: 2 });
  await get(app, path, { 'accept-encoding': 'gzip, br' });
  assert.deepEqual(served, { lane: 4, fastify: 2 });
});

test('the lane remembers a bounded number of answers: URLs with junk parameters past the bound go through Fastify', async () => {
  const { app, served } = await laneApp('lane-bound', () => MONDAY);
  const path = (i: number) => `/api/market/getMarketPrice?symbol=BTCUSDT&junk=${i}`;
  for (let i = 0; i < MAX_ENTRIES; i++) assert.equal((await get(app, path(i))).status, 200);
  assert.deepEqual(served, { lane: 0, fastify: MAX_ENTRIES });
  await get(app, path(MAX_ENTRIES));
  await get(app, path(MAX_ENTRIES));
  assert.deepEqual(served, { lane: 0, fastify: MAX_ENTRIES + 2 }, 'past the bound nothing new is remembered');
  await get(app, path(0));
  assert.deepEqual(served, { lane: 1, fastify: MAX_ENTRIES + 2 }, 'what was remembered still replays');
});
