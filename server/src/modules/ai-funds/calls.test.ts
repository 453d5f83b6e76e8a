import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { testApp } from '../../testing/app.js';
import { assertReused, AT_ONCE, sameRequestAtOnce } from '../../testing/same-request.js';
import { testDb } from '../../testing/test-db.js';
import { call, manualClock, registerUser, type Envelope } from '../identity/test-support.js';
import { available, PLATFORM, post, verify } from '../ledger/ledger.js';
import { AI_FUND, type AiFundTerms } from './terms.js';
import { verifyKyc } from '../trading/test-support.js';
import { bar, ops } from './test-support.js';

// A Saturday: the US market is closed, so the feed writes no stock bar; the test records its own.
const time = manualClock(Date.parse('2026-03-07T12:00:00Z'));
let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;

const TERMS: AiFundTerms = {
  name: 'HTTP Pair',
  strategy: 'equal-weight',
  symbols: ['AAPL:NASDAQ', 'MSFT:NASDAQ'],
  rebalanceEveryDays: 7,
  initialValue: '100',
  shareDecimals: 2,
  minShares: '1',
  maxGainRate: '1',
  historyDays: 30,
};

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0 }, { db, clock: time.clock, jobs: false });
  await ops(db, ['ai-fund:publish', 'http-eq', '-'], time.clock(), JSON.stringify(TERMS));
  await bar(db, 'AAPL:NASDAQ', '2026-03-06T20:59:00Z', '250');
  await bar(db, 'MSFT:NASDAQ', '2026-03-06T20:59:00Z', '500');
  await ops(db, ['reserve:fund', AI_FUND, '100000', '--request', 'http-fund'], time.clock());
});
after(async () => {
  assert.deepEqual((await verify(db)).problems, []);
  await app.close();
  await cleanup();
});

async function spot(uid: string, amount: string) {
  await post(db, { key: `spot:${uid}:${amount}`, cause: { type: 'deposit', id: uid }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: uid, mode: 'real', wallet: 'spot', asset: 'USDT' }, amount },
  ] }, time.clock());
}

const put = async (url: string, token: string, body: object): Promise<Envelope> =>
  (await app.inject({ method: 'PUT', url: `/asset/api/${url}`, headers: { token }, payload: body })).json() as Envelope;

test('the list is public and names the seeded funds with their terms; no value until prices are recorded', async () => {
  const list = await call(app, 'GET', 'ai-fund/list');
  assert.equal(list.code, 0, list.msg);
  const ids = list.data.map((f: { id: string }) => f.id);
  for (const id of ['us-tech-5', 'crypto-momentum', 'http-eq']) assert.ok(ids.includes(id), id);
  const seeded = list.data.find((f: { id: string }) => f.id === 'us-tech-5');
  assert.deepEqual([seeded.strategy, seeded.symbols.length, seeded.minShares, seeded.hasCode], ['equal-weight', 5, '1', false]);
  const audit = await db.query<{ actor: string }>(`SELECT actor FROM audit_log WHERE action = 'terms:publish' AND target = 'ai-fund:us-tech-5'`);
  assert.deepEqual(audit.rows, [{ actor: 'seed' }]);
});

test('the access code: 5 wrong in a row → "Code Invalid" and a 15-minute pause, counted in the store per user and fund', async () => {
  await ops(db, ['ai-fund:code', 'http-eq', 'set', '-'], time.clock(), '4821\n');
  const { rows: stored } = await db.query<{ hash: string }>(`SELECT code_hash AS hash FROM ai_funds WHERE id = 'http-eq'`);
  assert.ok(stored[0]!.hash && !stored[0]!.hash.includes('4821'));
  const audit = await db.query<{ detail: unknown }>(`SELECT detail FROM audit_log WHERE action = 'ai-fund:code'`);
  assert.ok(!JSON.stringify(audit.rows).includes('4821'), 'the audit row does not keep the code');
  const { token, uid } = await registerUser(app, db);
  const other = await registerUser(app, db);
  const check = (code: string, t = token) => call(app, 'GET', `ai-fund/checkAiFundCode?fundId=http-eq&code=${code}`, { token: t });
  for (const left of [4, 3, 2, 1]) {
    const wrong = await check('0000');
    assert.deepEqual([wrong.reason, wrong.params?.left], ['aiFundCodeWrong', String(left)]);
  }
  assert.equal((await check('1111')).reason, 'aiFundCodeInvalid');
  // paused: even the right code is refused, a buy too, and nothing moves
  assert.equal((await check('4821')).reason, 'aiFundCodeInvalid');
  await spot(uid, '1000');
  await verifyKyc(db, uid);
  const buy = await call(app, 'POST', 'ai-fund-position/buy', { token, body: { fundId: 'http-eq', shares: '1', code: '4821', requestId: 'paused-buy-1' } });
  assert.equal(buy.reason, 'aiFundCodeInvalid');
  assert.equal(await available(db, { holder: uid, mode: 'real', wallet: 'spot', asset: 'USDT' }), '1000');
  // another user is not paused
  assert.equal((await check('4821', other.token)).code, 0);
  const { rows } = await db.query<{ pausedUntil: Date }>(`SELECT paused_until AS "pausedUntil" FROM ai_fund_code_attempts WHERE user_id = $1`, [uid]);
  assert.equal(rows[0]!.pausedUntil.toISOString(), '2026-03-07T12:15:00.000Z');
  time.advance(15 * 60_000 - 1);
  assert.equal((await check('4821')).reason, 'aiFundCodeInvalid');
  time.advance(1);
  const right = await check('4821');
  assert.deepEqual([right.code, right.data], [0, { fundId: 'http-eq', ok: true }]);
  // a right code clears the count: four wrong ones again do not pause
  for (let i = 0; i < 4; i += 1) assert.equal((await check('9999')).reason, 'aiFundCodeWrong');
  assert.equal((await check('4821')).code, 0);
  // a buy without the code is a wrong code
  const noCode = await call(app, 'POST', 'ai-fund-position/buy', { token, body: { fundId: 'http-eq', shares: '1', requestId: 'no-code-1' } });
  assert.equal(noCode.reason, 'aiFundCodeWrong');
  await ops(db, ['ai-fund:code', 'http-eq', 'clear'], time.clock());
});

test('buy and redeem are once-only: 20 copies at once, one position, one redemption, the same answer', async () => {
  const { token, uid } = await registerUser(app, db);
  await spot(uid, '1000');
  // without a verified identity the purchase is refused first, and nothing moves
  const unverified = await call(app, 'POST', 'ai-fund-position/buy', { token, body: { fundId: 'http-eq', shares: '2', requestId: 'http-buy-kyc' } });
  assert.equal(unverified.reason, 'kycTrade');
  assert.equal(await available(db, { holder: uid, mode: 'real', wallet: 'spot', asset: 'USDT' }), '1000');
  await verifyKyc(db, uid);
  const body = { fundId: 'http-eq', shares: '2', requestId: 'http-buy-0001' };
  const bought = await sameRequestAtOnce(() => call(app, 'POST', 'ai-fund-position/buy', { token, body }));
  // 100 split 50/50 at 250 and 500: 0.2 AAPL and 0.1 MSFT, worth 100 a share
  assert.deepEqual([bought.data.shares, bought.data.buyValue, bought.data.cost], ['2', '100', '200']);
  assert.equal(await available(db, { holder: uid, mode: 'real', wallet: 'spot', asset: 'USDT' }), '800');
  assertReused(await call(app, 'POST', 'ai-fund-position/buy', { token, body: { ...body, shares: '3' } }));
  const { rows } = await db.query(`SELECT 1 FROM ai_fund_positions WHERE user_id = $1`, [uid]);
  assert.equal(rows.length, 1);
  time.advance(60_000);
  await bar(db, 'AAPL:NASDAQ', '2026-03-07T12:15:00Z', '300');
  // 0.2 × 300 + 0.1 × 500 = 110
  const redeemBody = { positionId: bought.data.id, requestId: 'http-redeem-1' };
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => put('ai-fund-position/redeemFund', token, redeemBody)));
  for (const answer of answers) assert.deepEqual(answer, answers[0]);
  assert.deepEqual([answers[0]!.code, answers[0]!.data.redeemValue, answers[0]!.data.proceeds], [0, '110', '220']);
  assert.equal(await available(db, { holder: uid, mode: 'real', wallet: 'spot', asset: 'USDT' }), '1020');
  const info = await call(app, 'GET', 'ai-fund-position/getUserAiFundInfo', { token });
  assert.deepEqual([info.data.positions, info.data.funds], [0, []]);
  const history = await call(app, 'GET', 'ai-fund-position/history', { token });
  assert.deepEqual(history.data.map((p: { status: string; pnl: string }) => [p.status, p.pnl]), [['redeemed', '20']]);
  assert.deepEqual((await verify(db)).problems, []);
});
