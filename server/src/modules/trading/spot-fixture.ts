import { call, registerUser } from '../identity/test-support.js';
import { balances, type Mode } from '../ledger/ledger.js';
import { scriptedHarness } from './test-harness.js';
import { fundSpot, verifyKyc, type ScriptedFeed } from './test-support.js';

/**
 * Tests only: the scripted harness (test-harness.ts) with what the spot, estimate, conditional and seconds tests
 * all do on it: fresh request ids, a tick delivered and its trigger work settled, and a spot trader — registered,
 * KYC-verified unless told, funded in its spot wallet — with its calls and balances.
 */
export function spotFixture(clock: () => Date, options: Parameters<typeof scriptedHarness>[1] = {}) {
  const h = scriptedHarness(clock, options);
  let requests = 0;

  /** A request id not used before in this file. */
  const rid = (prefix = 'req') => `${prefix}-${++requests}-${Math.random().toString(36).slice(2, 10)}`;

  /** The next tick of `symbol`, delivered, with the trigger work it started settled. */
  async function ticked(symbol: string, next: Parameters<ScriptedFeed['set']>[1]): Promise<void> {
    h.feed.set(symbol, next);
    h.feed.emit(symbol);
    await h.engine.triggers.idle();
  }

  /** A registered user (KYC-verified unless `kyc: false`) with `usdt` and `btc` in the spot wallet of `mode`. */
  async function spotTrader(funds: { usdt?: string; btc?: string; kyc?: boolean; mode?: Mode } = {}) {
    const user = await registerUser(h.app, h.db);
    if (funds.kyc !== false) await verifyKyc(h.db, user.uid);
    const mode = funds.mode ?? 'real';
    if (funds.usdt && funds.usdt !== '0') await fundSpot(h.db, user.uid, 'USDT', funds.usdt, clock(), mode);
    if (funds.btc) await fundSpot(h.db, user.uid, 'BTC', funds.btc, clock(), mode);
    const headers: Record<string, string> = mode === 'demo' ? { usertype: 'demo' } : {};
    return {
      ...user,
      mode,
      get: (url: string) => call(h.app, 'GET', url, { token: user.token, headers }),
      post: (url: string, body: unknown) => call(h.app, 'POST', url, { token: user.token, headers, body }),
      /** The spot wallet's balance of `asset` (its available part unless told). */
      balance: async (asset: string, part: 'available' | 'frozen' = 'available') => {
        const row = (await balances(h.db, user.uid, mode, 'spot')).find((b) => b.asset === asset);
        return row ? row[part] : '0';
      },
    };
  }

  return Object.assign(h, { rid, ticked, spotTrader });
}
