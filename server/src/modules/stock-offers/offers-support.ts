import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import type { CommandContext } from '../../ops/all-commands.js';
import { available, PLATFORM, post, type Mode } from '../ledger/ledger.js';

/** Test helpers of the IPO and block scenarios (not a test file itself). */
export function opsContext(db: Db, clock: () => Date, operator = 'ops-mia'): CommandContext & { lines: string[] } {
  const lines: string[] = [];
  return { operator, db: async () => db, print: (line) => lines.push(line), lines, clock };
}

let funded = 0;
/** Credits spot USDT the way an arrived deposit does (demo: from the demo issuer). */
export async function fundSpot(db: Db, uid: string, amount: string, now: Date, mode: Mode = 'real'): Promise<void> {
  funded += 1;
  await post(db, { key: `test-spot:${uid}:${mode}:${funded}`, cause: { type: 'deposit', id: 'test' }, moves: [
    { from: { holder: PLATFORM, mode, wallet: mode === 'real' ? 'chain' : 'demo', asset: 'USDT' }, to: { holder: uid, mode, wallet: 'spot', asset: 'USDT' }, amount },
  ] }, now);
}

export const spot = (db: Db, uid: string, mode: Mode = 'real') => available(db, { holder: uid, mode, wallet: 'spot', asset: 'USDT' });

export async function heldOf(db: Db, uid: string, mode: Mode = 'real'): Promise<string> {
  const { rows } = await db.query<{ b: string }>(
    `SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE holder = $1 AND mode = $2 AND wallet = 'spot' AND asset = 'USDT' AND part = 'held'`,
    [uid, mode],
  );
  return String(Number(rows[0]!.b));
}

export async function sharesOf(db: Db, uid: string, symbol: string, mode: Mode = 'real'): Promise<string> {
  return available(db, { holder: uid, mode, wallet: 'stock' as never, asset: symbol });
}

export type App = FastifyInstance;
