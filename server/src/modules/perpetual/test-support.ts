import { before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import type { AnyModule } from '../../platform-kit/define-module.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { available, PLATFORM, post } from '../ledger/ledger.js';
import type { TradingEngine } from '../trading/engine.js';
import { verifiedTeardown } from '../trading/test-harness.js';
import { scriptedModules, verifyKyc, type ScriptedFeed } from '../trading/test-support.js';
import type { PerpetualService } from './service.js';

/**
 * Tests only: the app on a scripted feed with the perpetual service in hand (its funding job is called directly),
 * a fresh database per file, and the ledger and receipt chain verified after every test. Registers the file's
 * before/after hooks; the fields are set once `before` has run.
 */
export function perpetualHarness() {
  const h = {
    db: undefined as unknown as Db,
    app: undefined as unknown as FastifyInstance,
    feed: undefined as unknown as ScriptedFeed,
    engine: undefined as unknown as TradingEngine,
    perp: undefined as unknown as PerpetualService,
    time: manualClock(),
    /** (Re)starts the app on the same database, as a restart of the server would. */
    async start(): Promise<void> {
      const scripted = scriptedModules();
      let service: PerpetualService | undefined;
      const modules = scripted.modules.map((m): AnyModule =>
        m.name !== 'perpetual' ? m : { ...m, setup: async (context) => { const s = await m.setup!(context); service = s.perpetual as PerpetualService; return s; } },
      );
      h.app = await testApp({ loginSlowdownMs: 0 }, { db: h.db, clock: h.time.clock, modules, jobs: false });
      await h.app.ready();
      h.feed = scripted.feed();
      h.engine = scripted.engine();
      h.perp = service!;
    },
    /** A tick of `symbol`, once every trigger and cross account it proposed has been decided. */
    async tick(next: Parameters<ScriptedFeed['set']>[1], symbol = 'BTCUSDT'): Promise<void> {
      h.feed.set(symbol, next);
      h.feed.emit(symbol);
      await h.engine.triggers.idle();
      await h.perp.idle();
      await h.engine.triggers.idle();
    },
    /** A KYC-verified user with `usdt` in the contract wallet, and calls on its behalf. */
    async trader(usdt = '1000') {
      const user = await registerUser(h.app, h.db);
      await verifyKyc(h.db, user.uid);
      await post(h.db, { key: `test-fund:${user.uid}:${rid()}`, cause: { type: 'deposit', id: 'test' }, moves: [
        { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: user.uid, mode: 'real', wallet: 'contract', asset: 'USDT' }, amount: usdt },
      ] }, h.time.clock());
      const frozen = async () => {
        const { rows } = await h.db.query<{ b: string }>(
          // what users see as frozen: open positions' margin and pending orders' holds
          `SELECT trim_scale(sum(balance))::text AS b FROM ledger_accounts WHERE holder = $1 AND mode = 'real' AND wallet = 'contract' AND asset = 'USDT' AND part IN ('frozen', 'held')`,
          [user.uid],
        );
        return rows[0]?.b ?? '0';
      };
      return {
        ...user,
        open: (body: Record<string, unknown>) => call(h.app, 'POST', 'contract/openPosition', { token: user.token, body: { symbol: 'BTCUSDT', type: 'market', leverage: 10, requestId: rid(), ...body } }),
        post: (url: string, body: Record<string, unknown>) => call(h.app, 'POST', url, { token: user.token, body }),
        get: (url: string) => call(h.app, 'GET', url, { token: user.token }),
        available: () => available(h.db, { holder: user.uid, mode: 'real', wallet: 'contract', asset: 'USDT' }),
        frozen,
      };
    },
    rid,
  };

  before(async () => {
    const made = await testDb();
    h.db = made.db;
    cleanup = made.cleanup;
    await h.start();
  });
  verifiedTeardown(h, () => cleanup());
  let cleanup: () => Promise<void> = async () => {};
  return h;
}

let requests = 0;
/** A fresh client request id. */
export const rid = () => `perp-${++requests}-${Math.random().toString(36).slice(2, 10)}`;

export type PerpTrader = Awaited<ReturnType<ReturnType<typeof perpetualHarness>['trader']>>;
