import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { after, afterEach, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { runCommand, type CommandContext } from '../../ops/all-commands.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { PLATFORM, post, verify } from '../ledger/ledger.js';
import { verifyReceipts } from '../trading/receipts.js';
import { JobRunner } from '../../platform-kit/jobs/job-runner.js';
import { distributeDue, drawDue, tokenOfferJobs } from './settle.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock(Date.parse('2026-03-02T08:00:00Z'));
const MIN = 60_000;

before(async () => {
  ({ db, cleanup } = await testDb());
  // no job runner of the app's own (it would run on the system clock, claim these jobs and race the runners the
  // tests start): the tests run the jobs themselves
  app = await testApp({ loginSlowdownMs: 0 }, { db, clock: time.clock, jobs: false });
});
// every scenario leaves the ledger summing to zero with every held account equal to its open holds, and the receipts chained
afterEach(async () => {
  assert.deepEqual((await verify(db)).problems, []);
  assert.deepEqual((await verifyReceipts(db)).problems, []);
});
after(async () => {
  await app.close();
  await cleanup();
});

function ops(): CommandContext & { lines: string[] } {
  const lines: string[] = [];
  return { operator: 'ops-ico', db: async () => db, print: (line) => lines.push(line), lines, clock: time.clock };
}

let requests = 0;
const rid = () => `req-${(requests += 1)}-${Math.random().toString(36).slice(2, 10)}`;

/** A user with `usdt` in the spot wallet (real, or demo with the usertype header). */
async function subscriber(usdt: string, mode: 'real' | 'demo' = 'real') {
  const user = await registerUser(app, db);
  if (usdt !== '0') await post(db, { key: `test-fund:${user.uid}:${rid()}`, cause: { type: 'deposit', id: 'test' }, moves: [
    { from: { holder: PLATFORM, mode, wallet: mode === 'real' ? 'chain' : 'demo', asset: 'USDT' }, to: { holder: user.uid, mode, wallet: 'spot', asset: 'USDT' }, amount: usdt },
  ] }, time.clock());
  const headers: Record<string, string> = mode === 'demo' ? { usertype: 'demo' } : {};
  return {
    ...user,
    mode,
    get: (path: string) => call(app, 'GET', path, { token: user.token, headers }),
    post: (path: string, body: Record<string, unknown>) => call(app, 'POST', path, { token: user.token, headers, body }),
    usdt: (part: 'available' | 'held' = 'available') => balance(user.uid, mode, 'USDT', part),
    tokens: (token: string) => balance(user.uid, mode, token, 'available'),
  };
}

async function balance(holder: string, mode: string, asset: string, part: string): Promise<string> {
  const { rows } = await db.query<{ b: string }>(`SELECT COALESCE(sum(balance), 0)::text AS b FROM ledger_accounts WHERE holder = $1 AND mode = $2 AND wallet = 'spot' AND asset = $3 AND part = $4`, [holder, mode, asset, part]);
  return String(Number(rows[0]!.b));
}

let offers = 0;
/** Publishes an offering through the audited ops command; opens in 10 minutes, closes 1 h later, draws and lists after. */
async function publish(extra: string[] = [], token = `TK${(offers += 1)}`) {
  const code = `${token.toLowerCase()}-sale`;
  const context = ops();
  await runCommand(['offer:publish', code, token, '--name', `${token} Token`, '--price', '0.25', '--supply', '1000', '--lot', '100', '--min', '100', '--max', '500',
    '--open', '+10m', '--close', '+70m', '--draw', '+80m', '--list', '+90m', ...extra], context);
  const id = /Published offering ([0-9]+)/.exec(context.lines.join('\n'))![1]!;
  return { id, code, token };
}

/** An independent recomputation of the draw from the revealed seed: keys, order, rounds (written apart from draw.ts). */
/**
 * The published rule written again here, apart from draw.ts: shares in proportion to the lots committed, capped at
 * the per-user maximum with what the capped leave shared again; rounded down, the lots left over to the largest
 * remainders, equal remainders in ascending HMAC-SHA256(seed, id) order.
 */
function recompute(seed: string, subs: { id: string; lots: number }[], totalLots: number, cap: number): Map<string, { place: number; won: number }> {
  const keyed = subs.map((s) => ({ ...s, key: createHmac('sha256', Buffer.from(seed, 'utf8')).update(Buffer.from(s.id, 'utf8')).digest('hex') }));
  keyed.sort((a, b) => a.key.localeCompare(b.key));
  const won = new Map(keyed.map((s) => [s.id, 0]));
  let pool = totalLots;
  let sharing = keyed.filter((s) => s.lots > 0);
  let capped: typeof sharing;
  do {
    const committed = sharing.reduce((t, s) => t + s.lots, 0);
    capped = sharing.filter((s) => pool * s.lots >= Math.min(cap, s.lots) * committed);
    for (const s of capped) {
      won.set(s.id, Math.min(cap, s.lots));
      pool -= Math.min(cap, s.lots);
    }
    sharing = sharing.filter((s) => !capped.includes(s));
  } while (capped.length > 0 && sharing.length > 0);
  const committed = sharing.reduce((t, s) => t + s.lots, 0);
  for (const s of sharing) won.set(s.id, Math.floor((pool * s.lots) / committed));
  let left = pool - sharing.reduce((t, s) => t + won.get(s.id)!, 0);
  for (const s of [...sharing].sort((a, b) => ((pool * b.lots) % committed) - ((pool * a.lots) % committed))) {
    if (left-- > 0) won.set(s.id, won.get(s.id)! + 1);
  }
  return new Map(keyed.map((s, i) => [s.id, { place: i + 1, won: won.get(s.id)! }]));
}

async function runJobs() {
  await db.transaction((tx) => drawDue(tx, time.clock()));
  await db.transaction((tx) => distributeDue(tx, time.clock()));
}

test('an offering moves upcoming → open → pending → listed with the clock; the window edges are exact', async () => {
  const start = time.clock().getTime();
  const offer = await publish();
  const user = await subscriber('1000');
  const ids = async (path: string) => (await user.get(path)).data.map((o: { id: string }) => o.id);
  assert.ok((await ids('cryptoIpo/upcoming')).includes(offer.id));
  assert.equal((await user.post('cryptoIpo/subscribe', { id: offer.id, quantity: '100', requestId: rid() })).reason, 'offerNotOpen');
  time.advance(10 * MIN); // exactly the opening
  assert.ok((await ids('cryptoIpo/open')).includes(offer.id));
  const detail = (await user.get(`cryptoIpo/detail?id=${offer.id}`)).data;
  assert.deepEqual([detail.phase, detail.seed, detail.codeRequired, detail.minQuantity, detail.maxQuantity, detail.totalLots], ['open', null, false, '100', '500', 10]);
  assert.equal(detail.openAt, new Date(start + 10 * MIN).toISOString());
  time.advance(60 * MIN - 1); // the last millisecond of the window
  assert.equal((await user.post('cryptoIpo/subscribe', { id: offer.id, quantity: '100', requestId: rid() })).code, 0);
  time.advance(1); // the close
  assert.equal((await user.post('cryptoIpo/subscribe', { id: offer.id, quantity: '100', requestId: rid() })).reason, 'offerNotOpen');
  assert.ok((await ids('cryptoIpo/pending')).includes(offer.id));
  time.advance(30 * MIN);
  await runJobs();
  assert.ok(!(await ids('cryptoIpo/pending')).includes(offer.id));
  assert.equal((await user.get('cryptoIpo/winning')).data[0].offer.phase, 'listed');
  assert.equal(await user.tokens(offer.token), '100');
  // the wallet's history names the moves: the hold placed and posted, the tokens delivered
  const history = await user.get(`accountchange/list?wallet=spot&asset=${offer.token}`);
  assert.equal(history.code, 0, history.msg);
  assert.deepEqual(history.data.list.map((c: { amount: string; causeType: string }) => [c.amount, c.causeType]), [['100', 'token-subscription']]);
});

test('bad requests are refused with catalogue keys and move nothing; a retry answers the first subscription', async () => {
  const offer = await publish();
  time.advance(10 * MIN);
  const user = await subscriber('100');
  const sub = (quantity: string, requestId = rid()) => user.post('cryptoIpo/subscribe', { id: offer.id, quantity, requestId });
  assert.equal((await sub('0')).reason, 'invalidAmount');
  const below = await sub('50');
  assert.deepEqual([below.reason, below.params], ['offerBelowMinimum', { min: '100', token: offer.token }]);
  assert.equal((await sub('600')).reason, 'offerAboveMaximum');
  assert.equal((await sub('150')).reason, 'offerNotLotMultiple');
  assert.equal((await sub('-1')).reason, 'invalidAmount');
  assert.equal((await sub('1e17')).reason, 'invalidAmount');
  assert.equal((await sub('500')).reason, 'insufficientBalance'); // 125 USDT, the wallet has 100
  assert.equal((await user.post('cryptoIpo/subscribe', { id: '999999', quantity: '100', requestId: rid() })).reason, 'offerNotFound');
  assert.equal(await user.usdt(), '100');
  const requestId = rid();
  const [a, b] = await Promise.all([sub('300', requestId), sub('300', requestId)]);
  assert.equal(a.code, 0, a.msg);
  assert.deepEqual([b.data.subscription.id, a.data.subscription.amount, a.data.subscription.status], [a.data.subscription.id, '75', 'pending']);
  assert.deepEqual([await user.usdt(), await user.usdt('held')], ['25', '75']);
  assert.equal((await sub('300', requestId)).data.subscription.id, a.data.subscription.id);
  assert.equal((await sub('400', requestId)).reason, 'requestIdReused');
  assert.equal((await sub('100')).reason, 'offerAlreadySubscribed');
  assert.deepEqual([await user.usdt(), await user.usdt('held')], ['25', '75']);
});

test('the draw: seed published as a hash, revealed at the draw, lots pro rata with the cap; recomputed here; holds settle once', async () => {
  const offer = await publish(); // 10 lots of 100 at 0.25
  const seedHash = (await (await subscriber('0')).get(`cryptoIpo/detail?id=${offer.id}`)).data.seedHash;
  time.advance(10 * MIN);
  const users = await Promise.all(Array.from({ length: 6 }, () => subscriber('200')));
  const asked = ['500', '100', '300', '500', '200', '100']; // 17 lots for 10
  for (const [i, u] of users.entries()) assert.equal((await u.post('cryptoIpo/subscribe', { id: offer.id, quantity: asked[i], requestId: rid() })).code, 0);
  const demo = await subscriber('200', 'demo');
  assert.equal((await demo.post('cryptoIpo/subscribe', { id: offer.id, quantity: '500', requestId: rid() })).code, 0);
  time.advance(60 * MIN);
  // not before the draw time
  assert.ok(!(await db.transaction((tx) => drawDue(tx, time.clock()))).includes(offer.id));
  time.advance(10 * MIN);
  // two runs at once draw once
  const [first, second] = await Promise.all([db.transaction((tx) => drawDue(tx, time.clock())), db.transaction((tx) => drawDue(tx, time.clock()))]);
  assert.equal([...first, ...second].filter((id) => id === offer.id).length, 1);
  const seen = (await users[0]!.get(`cryptoIpo/detail?id=${offer.id}`)).data;
  assert.equal(seen.seedHash, seedHash);
  assert.equal(createHash('sha256').update(seen.seed).digest('hex'), seedHash, 'the revealed seed is the one whose hash was published');
  assert.deepEqual(seen.totals, { subscribers: 6, requestedLots: 17, wonLots: 10 });
  const mine = await Promise.all(users.map(async (u) => (await u.get(`cryptoIpo/detail?id=${offer.id}`)).data.mine));
  const expected = recompute(seen.seed, mine.map((m) => ({ id: m.id, lots: m.lots })), 10, 5);
  for (const m of mine) {
    assert.deepEqual({ place: m.place, won: m.wonLots }, expected.get(m.id), `subscription ${m.id}`);
    assert.equal(m.drawKey, createHmac('sha256', seen.seed).update(m.id).digest('hex'));
  }
  // by hand: 10 lots for 5, 1, 3, 5, 2 and 1 committed (17): shares 2.94, 0.59, 1.76, 2.94, 1.18, 0.59 → 3, ·, 2, 3, 1, ·
  // and the last lot to whichever of the two 1-lot commitments comes first in the seed's order
  assert.deepEqual([0, 2, 3, 4].map((i) => mine[i]!.wonLots), [3, 2, 3, 1]);
  const [one, other] = [mine[1]!, mine[5]!];
  assert.deepEqual([one.wonLots, other.wonLots], one.place < other.place ? [1, 0] : [0, 1]);
  // demo draws apart, over its own supply
  assert.equal((await demo.get(`cryptoIpo/detail?id=${offer.id}`)).data.mine.wonLots, 5);
  // winners still hold until the listing; the one who won nothing was released at the draw
  for (const [i, u] of users.entries()) assert.equal(await u.usdt('held'), mine[i]!.wonLots > 0 ? String(Number(asked[i]) * 0.25) : '0');
  time.advance(10 * MIN);
  await Promise.all([db.transaction((tx) => distributeDue(tx, time.clock())), db.transaction((tx) => distributeDue(tx, time.clock()))]);
  await runJobs();
  for (const [i, u] of users.entries()) {
    const m = mine[i]!;
    assert.equal(await u.tokens(offer.token), String(m.wonLots * 100));
    assert.equal(await u.usdt(), String(200 - m.wonLots * 25));
    assert.equal(await u.usdt('held'), '0');
    assert.equal((await u.get(`cryptoIpo/detail?id=${offer.id}`)).data.mine.status, m.wonLots > 0 ? 'completed' : 'notWon');
  }
  assert.equal(await demo.tokens(offer.token), '500');
});

test('losers are released at the draw, exactly once', async () => {
  const offer = await publish(['--supply', '100']); // one lot for three subscribers
  time.advance(10 * MIN);
  const users = await Promise.all(Array.from({ length: 3 }, () => subscriber('100')));
  for (const u of users) assert.equal((await u.post('cryptoIpo/subscribe', { id: offer.id, quantity: '100', requestId: rid() })).code, 0);
  time.advance(70 * MIN);
  await runJobs();
  await runJobs();
  const states = await Promise.all(users.map(async (u) => ({ mine: (await u.get(`cryptoIpo/detail?id=${offer.id}`)).data.mine, usdt: await u.usdt(), held: await u.usdt('held') })));
  assert.deepEqual(states.map((s) => s.mine.status).sort(), ['notWon', 'notWon', 'won']);
  for (const s of states) assert.deepEqual([s.usdt, s.held], s.mine.status === 'won' ? ['75', '25'] : ['100', '0']);
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM holds WHERE reason = 'tokenOfferSubscription' AND status = 'released' AND user_id IN (${users.map((u) => u.uid).join(',')})`);
  assert.equal(Number(rows[0]!.n), 2);
});

test('allotments: a 4-digit code, wrong codes counted per user in the database, a 15-minute pause after 5', async () => {
  const offer = await publish(['--code', '4821']);
  time.advance(10 * MIN);
  const user = await subscriber('1000');
  const other = await subscriber('1000');
  assert.ok((await user.get('cryptoAllotment/allotmentList')).data.some((o: { id: string; codeRequired: boolean }) => o.id === offer.id && o.codeRequired));
  assert.deepEqual((await user.get('cryptoAllotment/allotment-setting')).data, { codeLength: 4, maxWrongCodes: 5, pauseMinutes: 15, asset: 'USDT', wallet: 'spot' });
  assert.equal((await user.get(`cryptoAllotment/checkAllotmentVerifyCode?id=${offer.id}&code=4821`)).data.valid, true);
  assert.equal((await user.post('cryptoIpo/subscribe', { id: offer.id, quantity: '100', requestId: rid() })).reason, 'offerNotFound', 'a coded offering is bought with its code');
  for (let i = 0; i < 4; i += 1) assert.equal((await user.get(`cryptoAllotment/checkAllotmentVerifyCode?id=${offer.id}&code=000${i}`)).reason, 'wrongCode');
  assert.equal((await user.post('cryptoAllotment/buyAllotment', { id: offer.id, quantity: '100', code: '1111', requestId: rid() })).reason, 'offerCodePaused');
  // paused: even the right code is refused, for this user only
  assert.equal((await user.get(`cryptoAllotment/checkAllotmentVerifyCode?id=${offer.id}&code=4821`)).reason, 'offerCodePaused');
  assert.equal((await other.get(`cryptoAllotment/checkAllotmentVerifyCode?id=${offer.id}&code=4821`)).data.valid, true);
  assert.equal(await user.usdt(), '1000');
  time.advance(15 * MIN);
  const bought = await user.post('cryptoAllotment/buyAllotment', { id: offer.id, quantity: '200', code: '4821', requestId: rid() });
  assert.equal(bought.code, 0, bought.msg);
  assert.equal(await user.usdt('held'), '50');
  const { rows } = await db.query<{ wrong: number }>('SELECT wrong FROM token_offer_code_attempts WHERE offer_id = $1 AND user_id = $2', [offer.id, user.uid]);
  assert.equal(Number(rows[0]!.wrong), 0, 'a right code clears the count');
});

test('what an offering promised and drew cannot be changed in the database', async () => {
  const offer = await publish();
  await assert.rejects(db.query("UPDATE token_offers SET price = 0.01 WHERE id = $1", [offer.id]));
  await assert.rejects(db.query("UPDATE token_offers SET seed = $2 WHERE id = $1", [offer.id, 'a'.repeat(64)]));
  time.advance(10 * MIN);
  const user = await subscriber('100');
  const s = (await user.post('cryptoIpo/subscribe', { id: offer.id, quantity: '100', requestId: rid() })).data.subscription;
  time.advance(70 * MIN);
  await runJobs();
  await assert.rejects(db.query('UPDATE token_subscriptions SET won_lots = 0 WHERE id = $1', [s.id]));
  await assert.rejects(db.query('DELETE FROM token_subscriptions WHERE id = $1', [s.id]));
  const audit = await db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1`, [`token-offer:${offer.id}`]);
  assert.deepEqual(audit.rows.map((r) => r.action), ['offer:publish']);
});

test('a run that crashes before commit leaves nothing; after a restart the job runners draw and list exactly once', async () => {
  const offer = await publish();
  time.advance(10 * MIN);
  const user = await subscriber('100');
  const s = (await user.post('cryptoIpo/subscribe', { id: offer.id, quantity: '200', requestId: rid() })).data.subscription;
  time.advance(90 * MIN);
  await assert.rejects(db.transaction(async (tx) => {
    await drawDue(tx, time.clock());
    await distributeDue(tx, time.clock());
    throw new Error('the server died here');
  }));
  assert.equal((await user.get(`cryptoIpo/detail?id=${offer.id}`)).data.mine.status, 'pending');
  assert.deepEqual([await user.usdt('held'), await user.tokens(offer.token)], ['50', '0']);
  // two servers after the restart, each with its runner
  const runners = ['r1', 'r2'].map((id) => new JobRunner(db, tokenOfferJobs(time.clock, 1000), { id, clock: time.clock }));
  for (let i = 0; i < 4; i += 1) {
    await Promise.all(runners.map((r) => r.tick()));
    time.advance(1000);
  }
  const mine = (await user.get(`cryptoIpo/detail?id=${offer.id}`)).data.mine;
  assert.deepEqual([mine.status, mine.wonQuantity], ['completed', '200']);
  assert.deepEqual([await user.usdt('held'), await user.tokens(offer.token), await user.usdt()], ['0', '200', '50']);
  const batches = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ledger_batches WHERE idempotency_key = $1`, [`token-offer:deliver:${s.id}`]);
  assert.equal(batches.rows[0]!.n, '1');
  const receipts = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM receipts WHERE ref = $1`, [`token-subscription:${s.id}`]);
  assert.equal(receipts.rows[0]!.n, '1');
});

test('publishing makes the token an ICO instrument (create-ico trades it, no perpetual); bad terms are usage errors', async () => {
  const offer = await publish();
  const market = await db.query<{ isIco: number; category: string; reference: string }>(
    'SELECT is_ico AS "isIco", category, reference_price::text AS reference FROM market_instrument WHERE symbol = $1', [`${offer.token}USDT`]);
  assert.deepEqual([Number(market.rows[0]!.isIco), market.rows[0]!.category, Number(market.rows[0]!.reference)], [1, 'CRYPTO', 0.25]);
  const terms = await db.query<{ isIco: boolean; perpetual: boolean; spot: boolean }>(
    'SELECT is_ico AS "isIco", perpetual_enabled AS perpetual, spot_enabled AS spot FROM trading_instruments WHERE symbol = $1', [`${offer.token}USDT`]);
  assert.deepEqual(terms.rows[0], { isIco: true, perpetual: false, spot: true });
  const refused = async (args: string[]) => {
    await assert.rejects(runCommand(['offer:publish', 'bad-one', 'BAD', '--name', 'Bad', '--price', '1', '--supply', '100', '--lot', '10', '--min', '10', '--max', '50',
      '--open', '+1m', '--close', '+2m', '--draw', '+3m', '--list', '+4m', ...args], ops()));
  };
  await refused(['--supply', '105']); // not a whole number of lots
  await refused(['--max', '5']); // below the minimum
  await refused(['--close', '+30s']); // closes before it opens
  await refused(['--code', '12345']);
  await refused(['--price', '-1']);
  await assert.rejects(runCommand(['offer:publish', offer.code, 'OTHER', '--name', 'x'], ops()));
  assert.equal((await db.query("SELECT count(*)::int AS n FROM token_offers WHERE code = 'bad-one'")).rows.length, 1);
  assert.equal(Number((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM token_offers WHERE code = 'bad-one'")).rows[0]!.n), 0);
  // BTCUSDT is an ordinary instrument: no offering may turn it into one
  await assert.rejects(runCommand(['offer:publish', 'btc-sale', 'BTC', '--name', 'B', '--price', '1', '--supply', '100', '--lot', '10', '--min', '10', '--max', '50',
    '--open', '+1m', '--close', '+2m', '--draw', '+3m', '--list', '+4m'], ops()));
});
