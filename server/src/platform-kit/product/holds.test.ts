import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../db/db.js';
import { available, balances, PLATFORM, post, verify } from '../../modules/ledger/ledger.js';
import { testDb } from '../../testing/test-db.js';
import { drawHold, heldAccount, HoldClosed, placeHold, postHold, releaseHold } from './holds.js';
import { userWith } from './test-support.js';

const now = new Date('2026-03-01T09:00:00Z');
const fees = { holder: PLATFORM, mode: 'real' as const, wallet: 'fees' as const, asset: 'USDT' };
const ref = (id: string) => ({ kind: 'test-holding', id });

describe('named holds', () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  before(async () => ({ db, cleanup } = await testDb()));
  after(() => cleanup());

  const hold = (userId: string, id: string, amount = '40') =>
    placeHold(db, { userId, mode: 'real', wallet: 'platform', asset: 'USDT', amount, reason: 'productPurchase', reference: ref(id) }, now);

  test('a hold moves available → held (shown as frozen); placing it again finds it and moves nothing', async () => {
    const user = await userWith(db, 'hold1', '100', now);
    const first = await hold(user, 'h1');
    const again = await hold(user, 'h1');
    assert.equal(again.id, first.id);
    assert.equal(await available(db, { holder: user, mode: 'real', wallet: 'platform', asset: 'USDT' }), '60');
    const [b] = await balances(db, user, 'real', 'platform');
    assert.deepEqual([b!.available, b!.frozen, b!.balance], ['60', '40', '100']);
    assert.deepEqual((await verify(db)).problems, []);
  });

  test('a hold beyond the available balance is refused and leaves no row', async () => {
    const user = await userWith(db, 'hold2', '10', now);
    await assert.rejects(hold(user, 'h2', '11'), /Insufficient balance/);
    assert.equal((await db.query('SELECT 1 FROM holds WHERE reference_id = $1', ['h2'])).rows.length, 0);
  });

  test('post moves held → destination once; a second post answers the same; a release after it is refused', async () => {
    const user = await userWith(db, 'hold3', '100', now);
    const h = await hold(user, 'h3');
    const posted = await postHold(db, h.id, [{ to: fees, amount: '40' }], now);
    const again = await postHold(db, h.id, [{ to: fees, amount: '40' }], now);
    assert.equal(posted.status, 'posted');
    assert.deepEqual(again, posted);
    await assert.rejects(releaseHold(db, h.id, now), HoldClosed);
    const [b] = await balances(db, user, 'real', 'platform');
    assert.deepEqual([b!.available, b!.frozen], ['60', '0']);
    assert.deepEqual((await verify(db)).problems, []);
  });

  test('release gives the funds back once; a post after a release is refused', async () => {
    const user = await userWith(db, 'hold4', '100', now);
    const h = await hold(user, 'h4');
    const released = await releaseHold(db, h.id, now);
    assert.deepEqual(await releaseHold(db, h.id, now), released);
    await assert.rejects(postHold(db, h.id, [{ to: fees, amount: '40' }], now), HoldClosed);
    assert.equal(await available(db, { holder: user, mode: 'real', wallet: 'platform', asset: 'USDT' }), '100');
  });

  test('20 parallel posts (and 20 parallel releases) move the money exactly once', async () => {
    const user = await userWith(db, 'hold5', '100', now);
    const a = await hold(user, 'h5a', '30');
    const b = await hold(user, 'h5b', '20');
    const posts = await Promise.allSettled(Array.from({ length: 20 }, () => postHold(db, a.id, [{ to: fees, amount: '30' }], now)));
    const releases = await Promise.allSettled(Array.from({ length: 20 }, () => releaseHold(db, b.id, now)));
    assert.ok(posts.every((r) => r.status === 'fulfilled' && r.value.status === 'posted'));
    assert.ok(releases.every((r) => r.status === 'fulfilled' && r.value.status === 'released'));
    assert.equal(await available(db, { holder: user, mode: 'real', wallet: 'platform', asset: 'USDT' }), '70');
    const batches = await db.query(`SELECT 1 FROM ledger_batches WHERE idempotency_key IN ($1, $2)`, [`hold:${a.id}:post`, `hold:${b.id}:release`]);
    assert.equal(batches.rows.length, 2);
    // mixed: posts and releases of one hold at once: exactly one kind wins, the other is refused
    const c = await hold(user, 'h5c', '10');
    const mixed = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => (i % 2 ? releaseHold(db, c.id, now) : postHold(db, c.id, [{ to: fees, amount: '10' }], now))));
    const outcomes = new Set(mixed.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ status: string }>).value.status));
    assert.equal(outcomes.size, 1);
    assert.ok(mixed.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof HoldClosed));
    assert.deepEqual((await verify(db)).problems, []);
  });

  test('ledger verify names held money that no open hold explains', async () => {
    const user = await userWith(db, 'hold6', '100', now);
    await post(db, { key: 'stray-held', cause: { type: 'test', id: '1' }, moves: [{ from: { holder: user, mode: 'real', wallet: 'platform', asset: 'USDT' }, to: { holder: user, mode: 'real', wallet: 'platform', asset: 'USDT', part: 'held' }, amount: '5' }] }, now);
    const report = await verify(db);
    assert.equal(report.ok, false);
    assert.deepEqual(report.problems, [`holder ${user} real platform USDT holds 5 but its open holds add up to 0`]);
    // put it back, so the file's store ends consistent
    await post(db, { key: 'stray-held-back', cause: { type: 'test', id: '1' }, moves: [{ from: { holder: user, mode: 'real', wallet: 'platform', asset: 'USDT', part: 'held' }, to: { holder: user, mode: 'real', wallet: 'platform', asset: 'USDT' }, amount: '5' }] }, now);
    assert.deepEqual((await verify(db)).problems, []);
  });

  test('ledger verify names frozen money that no position owns', async () => {
    const user = await userWith(db, 'hold6f', '100', now);
    const contract = (part?: 'frozen') => ({ holder: user, mode: 'real' as const, wallet: 'contract' as const, asset: 'USDT', ...(part ? { part } : {}) });
    await post(db, { key: 'stray-frozen', cause: { type: 'test', id: '1' }, moves: [{ from: { holder: user, mode: 'real', wallet: 'platform', asset: 'USDT' }, to: contract(), amount: '7' }, { from: contract(), to: contract('frozen'), amount: '7' }] }, now);
    const report = await verify(db);
    assert.equal(report.ok, false);
    assert.deepEqual(report.problems, [`holder ${user} real contract USDT has 7 frozen but its positions hold 0`]);
    await post(db, { key: 'stray-frozen-back', cause: { type: 'test', id: '1' }, moves: [{ from: contract('frozen'), to: contract(), amount: '7' }] }, now);
    assert.deepEqual((await verify(db)).problems, []);
  });

  test('a hold drawn in parts: each draw rides in its own batch, a retry draws nothing, a release returns the undrawn rest', async () => {
    const user = await userWith(db, 'hold7', '100', now);
    const h = await hold(user, 'h7', '40');
    const draw = (key: string, amount: string) => drawHold(db, h.id, { key, cause: { type: 'test-fill', id: h.id }, moves: [{ from: heldAccount(h), to: fees, amount }] }, now);
    const first = await draw('draw-1', '15');
    assert.deepEqual([first.status, first.drawn], ['open', '15']);
    assert.deepEqual((await draw('draw-1', '15')).drawn, '15', 'the same batch again draws nothing');
    await assert.rejects(draw('draw-2', '25.5'), /exceeds/);
    assert.deepEqual((await verify(db)).problems, []);
    const released = await releaseHold(db, h.id, now);
    assert.deepEqual([released.status, released.drawn], ['released', '15']);
    const [b] = await balances(db, user, 'real', 'platform');
    assert.deepEqual([b!.available, b!.frozen], ['85', '0']);
    await assert.rejects(draw('draw-3', '1'), HoldClosed);

    // drawn to the last unit, the hold is posted by that draw
    const k = await hold(user, 'h7b', '10');
    await drawHold(db, k.id, { key: 'draw-k1', cause: { type: 'test-fill', id: k.id }, moves: [{ from: heldAccount(k), to: fees, amount: '4' }] }, now);
    const last = await drawHold(db, k.id, { key: 'draw-k2', cause: { type: 'test-fill', id: k.id }, moves: [{ from: heldAccount(k), to: fees, amount: '6' }] }, now);
    assert.deepEqual([last.status, last.drawn], ['posted', '10']);
    assert.deepEqual((await verify(db)).problems, []);
  });
});
