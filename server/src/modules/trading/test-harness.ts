import assert from 'node:assert/strict';
import { after, afterEach, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import type { AnyModule, ServiceRegistry } from '../../platform-kit/define-module.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { verify } from '../ledger/ledger.js';
import type { TradingEngine } from './engine.js';
import { verifyReceipts } from './receipts.js';
import { scriptedModules, type ScriptedFeed } from './test-support.js';

/**
 * Tests only: the app on a scripted feed over a fresh database per file, the ledger and the receipt chain verified
 * after every test, and the modules' services in hand (the seconds recorder, say). Registers the file's
 * before/after hooks; the fields are set once `before` has run. `prepare` writes to the fresh database before the
 * app first starts (an instrument the catalogue lacks, say); `start` boots the app again on the same database
 * after the test closed it (a restart).
 */
export function scriptedHarness(clock: () => Date, options: { prepare?: (db: Db) => Promise<void> } = {}) {
  const h = {
    db: undefined as unknown as Db,
    app: undefined as unknown as FastifyInstance,
    feed: undefined as unknown as ScriptedFeed,
    engine: undefined as unknown as TradingEngine,
    /** The store the modules were given (it pushes to the live streams after commit), as the job runner gets it. */
    store: undefined as unknown as Db,
    services: {} as Partial<ServiceRegistry>,
    start,
  };
  async function start(): Promise<void> {
    const scripted = scriptedModules();
    const modules = scripted.modules.map((m): AnyModule =>
      !m.setup ? m : { ...m, setup: async (context) => {
        const provided = await m.setup!(context);
        Object.assign(h.services, provided);
        h.store = context.db;
        return provided;
      } },
    );
    h.app = await testApp({ loginSlowdownMs: 0 }, { db: h.db, clock, modules, jobs: false });
    await h.app.ready();
    h.feed = scripted.feed();
    h.engine = scripted.engine();
  }
  let cleanup: () => Promise<void> = async () => {};
  before(async () => {
    ({ db: h.db, cleanup } = await testDb());
    await options.prepare?.(h.db);
    await start();
  });
  verifiedTeardown(h, () => cleanup());
  return h;
}

/** After every test the ledger balances and the receipt chain verifies; after the file the app and the store close. */
export function verifiedTeardown(h: { db: Db; app: FastifyInstance }, cleanup: () => Promise<void>): void {
  afterEach(async () => {
    assert.deepEqual((await verify(h.db)).problems, [], 'the ledger balances after every scenario');
    assert.deepEqual((await verifyReceipts(h.db)).problems, [], 'the receipt chain verifies after every scenario');
  });
  after(async () => {
    await h.app.close();
    await cleanup();
  });
}
