import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import type { AnyModule } from '../../platform-kit/define-module.js';
import { testApp } from '../../testing/app.js';
import { AT_ONCE, assertReused, sameRequestAtOnce } from '../../testing/same-request.js';
import { testDb } from '../../testing/test-db.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { available, PLATFORM, post, verify } from '../ledger/ledger.js';
import { verifyReceipts } from '../trading/receipts.js';
import { scriptedModules, verifyKyc, type ScriptedFeed } from '../trading/test-support.js';
import type { SecondsService } from './service.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let feed: ScriptedFeed;
let service: SecondsService;
const time = manualClock(Date.parse('2026-03-04T12:00:00Z'));

before(async () => {
  ({ db, cleanup } = await testDb());
  const scripted = scriptedModules();
  const modules = scripted.modules.map((m): AnyModule =>
    m.name !== 'seconds' ? m : { ...m, setup: async (context) => { const s = await m.setup!(context); service = s.seconds as SecondsService; return s; } },
  );
  app = await testApp({ loginSlowdownMs: 0 }, { db, clock: time.clock, modules, jobs: false });
  feed = scripted.feed();
});
afterEach(async () => {
  assert.deepEqual((await verify(db)).problems, []);
  assert.deepEqual((await verifyReceipts(db)).problems, []);
});
after(async () => {
  await app.close();
  await cleanup();
});

test(`a contract bought ${AT_ONCE} times at once is bought once and each copy is answered alike`, async () => {
  const user = await registerUser(app, db);
  await verifyKyc(db, user.uid);
  await post(db, { key: `test-fund:${user.uid}`, cause: { type: 'deposit', id: 'test' }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: user.uid, mode: 'real', wallet: 'option', asset: 'USDT' }, amount: '1000' },
  ] }, time.clock());
  feed.set('BTCUSDT', { bid: '50000', ask: '50000', last: '50000' });
  feed.emit('BTCUSDT');
  await service.recorder.idle();
  const body = { symbol: 'BTCUSDT', direction: 'up', duration: 30, stake: '100', requestId: 'burst-seconds-1' };
  const buy = (b: Record<string, unknown>) => call(app, 'POST', '/transaction/api/contract/create', { token: user.token, body: b });
  await sameRequestAtOnce(() => buy(body));
  assertReused(await buy({ ...body, stake: '101' }));
  assert.equal(await available(db, { holder: user.uid, mode: 'real', wallet: 'option', asset: 'USDT' }), '900');
  assert.equal((await db.query('SELECT 1 FROM seconds_contracts WHERE user_id = $1', [user.uid])).rows.length, 1);
});
