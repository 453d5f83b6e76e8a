import assert from 'node:assert/strict';
import type { Db } from '../../db/db.js';
import { runCommand, type CommandContext } from '../../ops/all-commands.js';
import { payDuePayouts } from '../../platform-kit/product/payouts.js';
import { testApp } from '../../testing/app.js';
import { testDb, type TestStore } from '../../testing/test-db.js';
import { call, manualClock, registerUser, type Envelope } from '../identity/test-support.js';
import { balances, PLATFORM, post, verify } from '../ledger/ledger.js';
import { verifyReceipts } from '../trading/receipts.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A test app (jobs off: the test pays what is due itself, at its own clock), its store and helpers. */
export async function investWorld(start = Date.parse('2026-03-01T09:00:00Z')) {
  const { db, store, cleanup } = await testDb();
  const time = manualClock(start);
  const app = await testApp({ loginSlowdownMs: 0, sessionTtlHours: 24 * 365, dataDir: (store as TestStore).env.DATA_DIR }, { db, clock: time.clock, jobs: false });
  let n = 0;
  const rid = (prefix = 'req') => `${prefix}${(n += 1)}x${Math.random().toString(36).slice(2, 10)}`;
  const world = {
    db,
    app,
    time,
    rid,
    async close() {
      await app.close();
      await cleanup();
    },
    ops(operator = 'ops-mara'): CommandContext & { lines: string[] } {
      const lines: string[] = [];
      return { operator, db: async () => db, print: (line) => lines.push(line), lines, clock: time.clock };
    },
    async run(...argv: string[]) {
      const context = world.ops();
      await runCommand(argv, context);
      return context.lines;
    },
    /** A registered user (optionally under an upline's invitation code) with `usdt` in the real platform wallet. */
    async user(usdt = '0', invitationCode?: string) {
      const u = await registerUser(app, db, invitationCode ? { invitationCode } : {});
      if (usdt !== '0') {
        await post(db, { key: `test-fund:${u.uid}:${rid()}`, cause: { type: 'deposit', id: 'test' }, moves: [
          { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: u.uid, mode: 'real', wallet: 'platform', asset: 'USDT' }, amount: usdt },
        ] }, time.clock());
      }
      return u;
    },
    get: (url: string, token?: string, headers?: Record<string, string>): Promise<Envelope> => call(app, 'GET', url, { ...(token ? { token } : {}), ...(headers ? { headers } : {}) }),
    postCall: (url: string, body: unknown, token?: string, headers?: Record<string, string>): Promise<Envelope> => call(app, 'POST', url, { body, ...(token ? { token } : {}), ...(headers ? { headers } : {}) }),
    /** What the product.payouts job does at the current test time (a batch per run, like the job). */
    async payDue(): Promise<string[]> {
      const paid: string[] = [];
      for (;;) {
        const batch = await db.transaction((tx) => payDuePayouts(tx, time.clock(), 100));
        paid.push(...batch);
        if (batch.length < 100) return paid;
      }
    },
    async wallet(uid: string, wallet: 'platform' | 'wealth', mode: 'real' | 'demo' = 'real') {
      const row = (await balances(db, uid, mode, wallet)).find((b) => b.asset === 'USDT');
      return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
    },
    /** The ledger sums to zero and matches its holds; the receipt chain is whole. */
    async verifyAll() {
      assert.deepEqual((await verify(db)).problems, []);
      assert.deepEqual((await verifyReceipts(db)).problems, []);
    },
  };
  return world;
}
export type InvestWorld = Awaited<ReturnType<typeof investWorld>>;

export function refused(answer: Envelope, reason: string) {
  assert.deepEqual([answer.code === 0, answer.reason], [false, reason], answer.msg);
}

export function ok<T = any>(answer: Envelope): T { // eslint-disable-line @typescript-eslint/no-explicit-any
  assert.equal(answer.code, 0, answer.msg);
  return answer.data as T;
}

export type { Db };
