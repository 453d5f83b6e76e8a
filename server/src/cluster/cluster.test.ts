import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';
import type { Db } from '../db/db.js';
import { openPostgres } from '../db/postgres.js';
import { verify as verifyLedger } from '../modules/ledger/ledger.js';
import { verifyReceipts } from '../modules/trading/receipts.js';

/**
 * Three real server processes on one PostgreSQL and one Redis (cluster mode): one market, one event stream, shared
 * limits, and the feed and triggers handed over when the leader is killed. Runs where the PostgreSQL suite runs
 * (TEST_DATABASE_URL) and Redis answers (TEST_REDIS_URL, default redis://127.0.0.1:6379); skipped elsewhere.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const STREAM_KEY = 'meridian-public';
const SYMBOL = 'BTCUSDT';

interface Node {
  name: string;
  child: ChildProcess;
  base: string;
  exited: Promise<unknown>;
}

let reachable = false;
let dbName = '';
let dbUrl = '';
let dataDir = '';
let db: Db | undefined;
const nodes: Node[] = [];
/** Codes sent from this address so far (they count against the per-address code limit). */
let codesSent = 0;

async function canReach(): Promise<boolean> {
  if (!PG_URL) return false;
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2_000 });
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000, retryStrategy: () => null });
  try {
    await client.connect();
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
    redis.disconnect();
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

async function startNode(name: string): Promise<Node> {
  const port = await freePort();
  await mkdir(path.join(dataDir, name), { recursive: true });
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      REDIS_URL,
      REDIS_PREFIX: `${dbName}:`,
      DATA_DIR: path.join(dataDir, name),
      PUBLIC_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      MERIDIAN_ENV: 'development',
      LOG_LEVEL: 'warn',
      MARKET_TICK_MS: '250',
      LOGIN_SLOWDOWN_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ok = await fetch(`${base}/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${name} did not answer /health`);
    await sleep(250);
  }
  return { name, child, base, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function health(node: Node): Promise<{ leader?: boolean; process?: string }> {
  return (await fetch(`${node.base}/health`)).json() as Promise<{ leader?: boolean; process?: string }>;
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(100);
  }
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

async function call(node: Node, route: string, body: unknown, token?: string): Promise<{ status: number; envelope: Envelope }> {
  const res = await fetch(node.base + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token, userType: 'demo' } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, envelope: (await res.json()) as Envelope };
}

async function get(node: Node, route: string, token: string): Promise<Envelope> {
  return (await fetch(node.base + route, { headers: { token, userType: 'demo' } })).json() as Promise<Envelope>;
}

/** A user signed up through `node` (code from the dev outbox), KYC set verified in the database: its token. */
async function trader(node: Node): Promise<string> {
  const email = `c${randomBytes(5).toString('hex')}@example.com`;
  codesSent++;
  assert.equal((await call(node, '/asset/api/user/sendOtp', { email, type: 'register' })).envelope.code, 0);
  const code = await waitFor('the sign-up code', async () => {
    const outbox = (await (await fetch(`${node.base}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data?: { body?: string }[] };
    return outbox.data?.[0]?.body?.match(/\b(\d{4})\b/)?.[1];
  });
  const password = 'cluster-pass-42';
  const registered = await call(node, '/asset/api/user/register', { email, code, password, confirmPassword: password, invitationCode: 'MERIDIAN' });
  assert.equal(registered.envelope.code, 0, registered.envelope.msg);
  await db!.query(`UPDATE users SET kyc_status = 'verified' WHERE email = $1`, [email]);
  const token = (registered.envelope.data as { token: string }).token;
  // the demo account's balance is issued on its first demo read
  assert.equal((await get(node, '/asset/api/account/userAssetData', token)).code, 0);
  const moved = await call(node, '/asset/api/account/transferAsset', { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '5000', requestId: `fund${randomBytes(6).toString('hex')}` }, token);
  assert.equal(moved.envelope.code, 0, moved.envelope.msg);
  return token;
}

interface Quote {
  symbol: string;
  price: string;
  bid: string;
  ask: string;
  time: number;
  priceDecimals: number;
}

/** Collects every /ws/market batch a node sends, as [symbol, price, time] lists. */
function marketTap(node: Node) {
  const socket = new WebSocket(`${node.base.replace('http', 'ws')}/ws/market?key=${STREAM_KEY}`);
  const batches: Quote[][] = [];
  socket.on('message', (raw) => batches.push(JSON.parse(raw.toString()) as Quote[]));
  return {
    batches,
    opened: once(socket, 'open'),
    last: (symbol: string) => batches.flat().filter((q) => q.symbol === symbol).at(-1),
    close: () => socket.terminate(),
  };
}

function positionsTap(node: Node, token: string) {
  const socket = new WebSocket(`${node.base.replace('http', 'ws')}/ws/positions?token=${token}`);
  const messages: { action: string; [field: string]: unknown }[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as { action: string }));
  return { messages, opened: once(socket, 'open'), close: () => socket.terminate() };
}

const signature = (batch: Quote[]) => JSON.stringify(batch.map((q) => [q.symbol, q.price, q.time]));

/**
 * Two resting limits around the quote, a unit inside each side: a buy under the ask (the next downward tick fills it)
 * and a sell over the bid (the next upward one). The price moves one way or the other within a few ticks, so one of
 * them fires — a trigger the leader fires — where a single order on one side waited for a move that may not come.
 */
async function limitsAroundQuote(node: Node, token: string, quote: Quote): Promise<string[]> {
  const unit = 10 ** -quote.priceDecimals;
  const orders = [
    { side: 'buy', price: (Number(quote.ask) - unit).toFixed(quote.priceDecimals) },
    { side: 'sell', price: (Number(quote.bid) + unit).toFixed(quote.priceDecimals) },
  ];
  const ids: string[] = [];
  for (const order of orders) {
    const placed = await call(node, '/asset/api/contract-spot/create', { symbol: SYMBOL, type: 'limit', quantity: '0.0005', requestId: `lim${randomBytes(6).toString('hex')}`, ...order }, token);
    assert.equal(placed.envelope.code, 0, placed.envelope.msg);
    ids.push(String((placed.envelope.data as { id: string | number }).id));
  }
  return ids;
}

async function triggerOf(orderId: string): Promise<{ status: string }[]> {
  const { rows } = await db!.query<{ status: string }>(`SELECT status FROM trading_triggers WHERE owner = 'spot' AND ref = $1`, [orderId]);
  return rows;
}

before(async () => {
  reachable = await canReach();
  if (!reachable) return;
  dbName = `meridian_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(PG_URL!);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-cluster-'));
  // the first migrates the new database; the others start on it together
  nodes.push(await startNode('A'));
  nodes.push(...(await Promise.all([startNode('B'), startNode('C')])));
  db = await openPostgres(dbUrl, () => undefined);
});

after(async () => {
  if (!reachable) return;
  for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGTERM');
  await Promise.all(nodes.map((node) => Promise.race([node.exited, sleep(10_000)])));
  for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
  await db?.close();
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${dbName}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await rm(dataDir, { recursive: true, force: true });
});

test('three processes: one leader, and every process serves the same ticks', async (t) => {
  if (!reachable) return t.skip('needs TEST_DATABASE_URL and Redis');
  const roles = await Promise.all(nodes.map(health));
  assert.equal(roles.filter((r) => r.leader === true).length, 1, `one leader: ${JSON.stringify(roles)}`);
  assert.equal(new Set(roles.map((r) => r.process)).size, 3);

  const taps = nodes.map(marketTap);
  await Promise.all(taps.map((tap) => tap.opened));
  await waitFor('ten batches on every process', () => (taps.every((tap) => tap.batches.length >= 10) ? true : undefined));
  for (const tap of taps) tap.close();
  // the batches all three received (each socket opened at its own moment) are the same, in the same order
  const lists = taps.map((tap) => tap.batches.map(signature));
  const common = lists[0]!.filter((s) => lists.every((list) => list.includes(s)));
  assert.ok(common.length >= 5, `shared batches: ${common.length}`);
  for (const list of lists) assert.deepEqual(list.filter((s) => common.includes(s)), common);
  const from = lists.map((list) => list.indexOf(common[0]!));
  for (const [i, list] of lists.entries()) assert.deepEqual(list.slice(from[i], from[i]! + common.length), common, `process ${nodes[i]!.name} skipped or added a batch`);
});

test('an order placed through A is pushed to the socket on C; a limit order fires once, on the leader', async (t) => {
  if (!reachable) return t.skip('needs TEST_DATABASE_URL and Redis');
  const [a, b, c] = nodes as [Node, Node, Node];
  const token = await trader(a);
  const onC = positionsTap(c, token);
  await onC.opened;
  await sleep(300); // the socket's token check

  const market = await call(a, '/asset/api/contract-spot/create', { symbol: SYMBOL, side: 'buy', type: 'market', amount: '100', requestId: `mkt${randomBytes(6).toString('hex')}` }, token);
  assert.equal(market.envelope.code, 0, market.envelope.msg);
  await waitFor('the market order push on C', () => (onC.messages.length ? true : undefined), 5_000);

  const tap = marketTap(b);
  const quote = await waitFor('a quote', () => tap.last(SYMBOL));
  tap.close();
  const before = onC.messages.length;
  const ids = await limitsAroundQuote(b, token, quote);
  const orderId = await waitFor(
    'one of the limit orders to fire',
    async () => {
      for (const id of ids) if ((await triggerOf(id))[0]?.status === 'fired') return id;
      return undefined;
    },
    30_000,
  );
  await waitFor('its push on C', () => (onC.messages.length > before ? true : undefined), 5_000);
  const history = (await get(b, `/asset/api/contract-spot/history?symbol=${SYMBOL}`, token)).data as { list?: { id: string | number; status: string }[] };
  assert.equal(history.list?.filter((o) => String(o.id) === orderId).length, 1, 'filled once');
  onC.close();
});

test('jobs: each recurring schedule exists once however many processes start', async (t) => {
  if (!reachable) return t.skip('needs TEST_DATABASE_URL and Redis');
  const { rows } = await db!.query<{ kind: string; n: string }>(`SELECT kind, count(*)::text AS n FROM jobs WHERE every_ms IS NOT NULL GROUP BY kind HAVING count(*) > 1`);
  assert.deepEqual(rows, []);
  const ran = await db!.query<{ n: string }>(`SELECT count(*)::text AS n FROM jobs WHERE every_ms IS NOT NULL`);
  assert.ok(Number(ran.rows[0]!.n) > 0);
});

test('SIGKILL of the leader: another takes the feed and the triggers within 10 s; nothing lost, nothing doubled', async (t) => {
  if (!reachable) return t.skip('needs TEST_DATABASE_URL and Redis');
  const roles = await Promise.all(nodes.map(health));
  const leader = nodes[roles.findIndex((r) => r.leader)]!;
  const survivors = nodes.filter((node) => node !== leader);
  const token = await trader(survivors[0]!);
  // some BTC, for the sell of the two limits placed during the hand-over
  const bought = await call(survivors[0]!, '/asset/api/contract-spot/create', { symbol: SYMBOL, side: 'buy', type: 'market', amount: '100', requestId: `mkt${randomBytes(6).toString('hex')}` }, token);
  assert.equal(bought.envelope.code, 0, bought.envelope.msg);
  const taps = survivors.map(marketTap);
  const quote = await waitFor('a quote', () => taps[0]!.last(SYMBOL));

  leader.child.kill('SIGKILL');
  const killedAt = Date.now();
  await leader.exited;
  // placed while no process leads: only the new leader's reload from the database can know it
  const ids = await limitsAroundQuote(survivors[1]!, token, quote);
  const next = await waitFor(
    'a new leader',
    async () => {
      const answers = await Promise.all(survivors.map(health));
      const i = answers.findIndex((r) => r.leader);
      return i >= 0 ? survivors[i] : undefined;
    },
    10_000,
  );
  const handedOver = Date.now() - killedAt;
  assert.ok(handedOver <= 10_000, `handed over in ${handedOver} ms`);
  t.diagnostic(`leadership handed over ${handedOver} ms after the SIGKILL`);
  const fresh = (tap: ReturnType<typeof marketTap>) => tap.batches.filter((batch) => batch[0]!.time > killedAt + 500);
  await waitFor('five batches from the new leader on both survivors', () => (taps.every((tap) => fresh(tap).length >= 5) ? true : undefined));
  await waitFor(
    'one of the orders placed during the hand-over to fire',
    async () => {
      for (const id of ids) if ((await triggerOf(id))[0]?.status === 'fired') return true;
      return undefined;
    },
    30_000,
  );
  for (const tap of taps) tap.close();
  const after = taps.map((tap) => fresh(tap).map(signature));
  const shared = after[0]!.filter((s) => after[1]!.includes(s));
  assert.ok(shared.length >= 4, `the survivors share the new leader's batches (${shared.length}); leader ${next.name}`);
  for (const list of after) assert.deepEqual(list.filter((s) => shared.includes(s)), shared);

  const { rows } = await db!.query<{ n: string }>(`SELECT count(*)::text AS n FROM trading_triggers WHERE status = 'fired' GROUP BY ref HAVING count(*) > 1`);
  assert.deepEqual(rows, [], 'no trigger fired twice');
  const ledger = await verifyLedger(db!);
  assert.equal(ledger.ok, true, ledger.problems.join('; '));
  const receipts = await verifyReceipts(db!);
  assert.equal(receipts.ok, true, receipts.problems.join('; '));
});

test('the per-address login and code limits hold across the processes', async (t) => {
  if (!reachable) return t.skip('needs TEST_DATABASE_URL and Redis');
  const live = nodes.filter((node) => node.child.exitCode === null && node.child.signalCode === null);
  assert.ok(live.length >= 2);
  const attempt = async (i: number, route: string, body: object) => (await call(live[i % live.length]!, route, body)).status;
  const logins = await Promise.all(
    Array.from({ length: 24 }, (_, i) => attempt(i, '/asset/api/user/login', { email: `nobody${i}@example.com`, password: 'wrong-password-1' })),
  );
  // 20 a minute per address (DEFAULT_ABUSE_LIMITS), counted once for the three processes
  assert.equal(logins.filter((s) => s === 429).length, 4, `statuses: ${logins.join(',')}`);
  // the code limit (10) already spent on the sign-ups above
  const codes = [];
  for (let i = 0; i < 12; i++) codes.push(await attempt(i, '/asset/api/user/sendOtp', { email: `code${i}@example.com`, type: 'register' }));
  assert.equal(codes.filter((s) => s === 429).length, 12 - (10 - codesSent), `statuses: ${codes.join(',')}`);
});
