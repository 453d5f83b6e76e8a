import assert from 'node:assert/strict';
import { after, afterEach, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { runCommand, type CommandContext } from '../../ops/all-commands.js';
import { testApp } from '../../testing/app.js';
import { testDb, type TestStore } from '../../testing/test-db.js';
import { call, manualClock, registerUser, uploadPng } from '../identity/test-support.js';
import { available, PLATFORM, post, verify } from '../ledger/ledger.js';

/**
 * Tests only: the frame the C2C, OTC and deposit-address test files share — an app on a database of its own with
 * a manual clock and no job runner, a ledger verified after every test, and the C2C people — as node:test hooks.
 * `env.app` and `env.db` are set once the before hook has run.
 */
export function useC2cApp() {
  const time = manualClock();
  const env = {} as { app: FastifyInstance; db: Db; store: TestStore; cleanup: () => Promise<void> };
  before(async () => {
    ({ db: env.db, store: env.store, cleanup: env.cleanup } = await testDb());
    env.app = await testApp({ loginSlowdownMs: 0, dataDir: env.store.env.DATA_DIR, kycAutoReview: true }, { db: env.db, clock: time.clock, jobs: false });
  });
  // every scenario leaves a ledger that sums to zero, with every held balance equal to its open holds
  afterEach(async () => assert.deepEqual((await verify(env.db)).problems, []));
  after(async () => {
    await env.app.close();
    await env.cleanup();
  });
  return { env, time, people: c2cPeople(() => ({ app: env.app, db: env.db, clock: time.clock })) };
}

/** Tests only: people of the C2C market, made through the API the way new users would. */
export function c2cPeople(get: () => { app: FastifyInstance; db: Db; clock: () => Date }) {
  let requests = 0;
  const rid = () => `req-${(requests += 1)}-${Math.random().toString(36).slice(2, 10)}`;

  function ops(operator = 'ops-mia'): CommandContext & { lines: string[] } {
    const lines: string[] = [];
    return { operator, db: async () => get().db, print: (line) => lines.push(line), lines, clock: get().clock };
  }

  async function verified() {
    const { app } = get();
    const user = await registerUser(app, get().db);
    const kyc = await call(app, 'POST', 'idCard/insert', {
      token: user.token,
      body: { firstName: 'Ana', lastName: 'Sato', idNumber: 'P112233', nation: 'Japan', documentType: 'passport', frontImage: await uploadPng(app, user.token), backImage: await uploadPng(app, user.token) },
    });
    assert.equal(kyc.data.status, 'verified', kyc.msg);
    return user;
  }

  async function fund(uid: string, amount: string, asset = 'USDT') {
    await post(get().db, { key: `test-fund:${uid}:${rid()}`, cause: { type: 'deposit', id: 'test' }, moves: [
      { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset }, to: { holder: uid, mode: 'real', wallet: 'platform', asset }, amount },
    ] }, get().clock());
  }

  const balance = (uid: string, asset = 'USDT') => available(get().db, { holder: uid, mode: 'real', wallet: 'platform', asset });

  async function held(uid: string, asset = 'USDT'): Promise<string> {
    const { rows } = await get().db.query<{ b: string }>(`SELECT COALESCE(sum(balance), 0)::text AS b FROM ledger_accounts WHERE holder = $1 AND mode = 'real' AND wallet = 'platform' AND asset = $2 AND part = 'held'`, [uid, asset]);
    return String(Number(rows[0]!.b));
  }

  /** An approved merchant with a bank method and `funds` USDT. */
  async function merchant(funds = '1000') {
    const user = await verified();
    const { app } = get();
    assert.equal((await call(app, 'POST', 'c2c/merchant/apply', { token: user.token, body: { displayName: `Desk ${user.uid}` } })).data.status, 'pending');
    await runCommand(['c2c:merchant-approve', user.uid], ops());
    const method = await call(app, 'POST', 'c2c/payment-method/add', { token: user.token, body: { kind: 'bank', holderName: 'Desk Ltd', bankName: 'Mizuho', bankNumber: 'MHCBJPJT', accountNumber: '123-4567' } });
    assert.equal(method.code, 0, method.msg);
    if (funds !== '0') await fund(user.uid, funds);
    return user;
  }

  async function sellAd(token: string, body: Record<string, unknown> = {}) {
    const ad = await call(get().app, 'POST', 'c2c/ad/create', {
      token,
      body: { side: 'sell', asset: 'USDT', fiat: 'USD', price: '1.02', minOrder: '10', maxOrder: '500', quantity: '300', paymentKinds: ['bank'], windowMinutes: 15, terms: 'Bank transfer only', requestId: rid(), ...body },
    });
    assert.equal(ad.code, 0, ad.msg);
    return ad.data;
  }

  async function order(token: string, adId: string, quantity: string) {
    return call(get().app, 'POST', 'c2c/order/create', { token, body: { adId, quantity, requestId: rid() } });
  }

  const step = (token: string, path: 'paid' | 'release' | 'cancel', orderId: string, extra: Record<string, unknown> = {}) =>
    call(get().app, 'POST', `c2c/order/${path}`, { token, body: { orderId, requestId: rid(), ...extra } });

  return { rid, ops, verified, fund, balance, held, merchant, sellAd, order, step };
}
