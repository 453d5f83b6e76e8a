import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AT_ONCE, assertReused, sameRequestAtOnce } from '../../testing/same-request.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { available, PLATFORM, post } from '../ledger/ledger.js';
import { scriptedHarness } from '../trading/test-harness.js';
import { verifyKyc } from '../trading/test-support.js';

const time = manualClock(Date.parse('2026-03-04T12:00:00Z'));
const h = scriptedHarness(time.clock);

test(`a contract bought ${AT_ONCE} times at once is bought once and each copy is answered alike`, async () => {
  const { db, app, feed } = h;
  const user = await registerUser(app, db);
  await verifyKyc(db, user.uid);
  await post(db, { key: `test-fund:${user.uid}`, cause: { type: 'deposit', id: 'test' }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: user.uid, mode: 'real', wallet: 'option', asset: 'USDT' }, amount: '1000' },
  ] }, time.clock());
  feed.set('BTCUSDT', { bid: '50000', ask: '50000', last: '50000' });
  feed.emit('BTCUSDT');
  await h.services.seconds!.recorder.idle();
  const body = { symbol: 'BTCUSDT', direction: 'up', duration: 30, stake: '100', requestId: 'burst-seconds-1' };
  const buy = (b: Record<string, unknown>) => call(app, 'POST', '/transaction/api/contract/create', { token: user.token, body: b });
  await sameRequestAtOnce(() => buy(body));
  assertReused(await buy({ ...body, stake: '101' }));
  assert.equal(await available(db, { holder: user.uid, mode: 'real', wallet: 'option', asset: 'USDT' }), '900');
  assert.equal((await db.query('SELECT 1 FROM seconds_contracts WHERE user_id = $1', [user.uid])).rows.length, 1);
});
