import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { testApp } from '../../testing/app.js';
import { MALFORMED_AMOUNTS, MALFORMED_QUERY_AMOUNTS, tooPrecise } from '../../testing/malformed-amounts.js';
import { testDb } from '../../testing/test-db.js';
import { recordBackofficeDeposit } from '../deposits/service.js';
import { call, registerUser, type Envelope } from '../identity/test-support.js';
import { verify } from '../ledger/ledger.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let token: string;

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_SCALE = 6;

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0 }, { db });
  const user = await registerUser(app, db);
  token = user.token;
  const set = await call(app, 'POST', 'user/update', { token, body: { kind: 'fundPassword', password: 'fund1234', confirmPassword: 'fund1234' } });
  assert.equal(set.code, 0, set.msg);
  await recordBackofficeDeposit(db, { userId: user.uid, asset: 'USDT', amount: '500', evidence: 'strict-amounts', operator: 'test' }, new Date());
});
after(async () => {
  assert.deepEqual((await verify(db)).problems, []);
  await app.close();
  await cleanup();
});

const reasonOf = (answer: Envelope) => (answer as Envelope & { reason?: string }).reason;
const show = (amount: unknown) => JSON.stringify(amount);

async function usdt(): Promise<{ available: string; frozen: string }> {
  const list = await call(app, 'POST', 'account/list', { token });
  const row = list.data.wallets.find((w: { wallet: string }) => w.wallet === 'platform').assets.find((a: { asset: string }) => a.asset === 'USDT');
  return { available: row.available, frozen: row.frozen };
}

let requests = 0;
const body = (amount: unknown) => ({ asset: 'USDT', chain: 'TRC20', address: TRON, amount });

test('confirm and create refuse every malformed amount with invalidAmount, and nothing is frozen or recorded', async () => {
  for (const amount of [...MALFORMED_AMOUNTS, tooPrecise(USDT_SCALE)]) {
    const confirmed = await call(app, 'POST', 'userwithdraw/confirm', { token, body: body(amount) });
    assert.equal(reasonOf(confirmed), 'invalidAmount', `confirm ${show(amount)}: ${confirmed.msg}`);
    assert.equal(confirmed.msg, 'Invalid amount');
    const created = await call(app, 'POST', 'userwithdraw/create', { token, body: { ...body(amount), fundPassword: 'fund1234', requestId: `strict-${(requests += 1)}` } });
    assert.equal(reasonOf(created), 'invalidAmount', `create ${show(amount)}: ${created.msg}`);
  }
  assert.deepEqual(await usdt(), { available: '500', frozen: '0' });
  assert.equal((await call(app, 'GET', 'userwithdraw/list', { token })).data.total, 0);
  // The same body with a well-formed amount goes through: the refusals above were the amount's.
  assert.equal((await call(app, 'POST', 'userwithdraw/confirm', { token, body: body('100') })).code, 0);
});

test('the estimate refuses every malformed amount in its query string with invalidAmount', async () => {
  for (const amount of [...MALFORMED_QUERY_AMOUNTS, tooPrecise(USDT_SCALE)]) {
    const answer = await call(app, 'GET', `userwithdraw/estimate?${new URLSearchParams({ asset: 'USDT', amount }).toString()}`, { token });
    assert.equal(reasonOf(answer), 'invalidAmount', `estimate ${show(amount)}: ${answer.msg}`);
  }
  const repeated = await call(app, 'GET', 'userwithdraw/estimate?asset=USDT&amount=5&amount=6', { token });
  assert.equal(reasonOf(repeated), 'invalidAmount', repeated.msg);
  assert.equal((await call(app, 'GET', 'userwithdraw/estimate?asset=USDT&amount=100.5', { token })).data.amount, '100.5');
});
