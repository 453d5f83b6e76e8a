import type { Db } from '../../db/db.js';
import { runCommand } from '../../ops/all-commands.js';
import { userWith } from '../../platform-kit/product/test-support.js';
import type { AuthUser } from '../identity/auth.js';
import { PLATFORM, post, type Mode } from '../ledger/ledger.js';

/** Catalogue rows for the symbols a test prices (the market module seeds them in a running app). */
export async function instruments(db: Db, symbols: string[]): Promise<void> {
  for (const symbol of symbols) {
    await db.query(
      `INSERT INTO market_instrument (symbol, name, category, unit, price_decimals, amount_decimals, calendar_id, reference_price)
       VALUES ($1, $1, $2, $3, 2, 5, $4, 1) ON CONFLICT (symbol) DO NOTHING`,
      [symbol, symbol.includes(':') ? 'STOCK' : 'CRYPTO', symbol.includes(':') ? 'USD' : 'USDT', symbol.includes(':') ? 'US' : 'ALWAYS'],
    );
  }
}

/** A recorded bar (what the feed writes): open = high = low = close. */
export async function bar(db: Db, symbol: string, openTime: string, close: string, interval = '1m'): Promise<void> {
  await db.query(
    `INSERT INTO market_kline (symbol, interval, open_time, open, high, low, close) VALUES ($1, $2, $3, $4, $4, $4, $4)
     ON CONFLICT (symbol, interval, open_time) DO UPDATE SET open = $4, high = $4, low = $4, close = $4`,
    [symbol, interval, new Date(openTime), close],
  );
}

/** A user with `usdt` in the spot wallet (real) and the AuthUser the service takes. */
export async function spotUser(db: Db, name: string, usdt: string, now: Date, mode: Mode = 'real'): Promise<AuthUser> {
  const id = await userWith(db, name, '0', now);
  if (usdt !== '0')
    await post(
    db,
    {
      key: `test-spot:${id}:${mode}`,
      cause: { type: 'deposit', id },
      moves: [{ from: { holder: PLATFORM, mode, wallet: mode === 'demo' ? 'demo' : 'chain', asset: 'USDT' }, to: { holder: id, mode, wallet: 'spot', asset: 'USDT' }, amount: usdt }],
    },
    now,
  );
  return { id, mode, kycStatus: 'verified' } as unknown as AuthUser;
}

/** Runs a pnpm ops command against the test store; answers what it printed. */
export async function ops(db: Db, argv: string[], at: Date, stdin = ''): Promise<string[]> {
  const out: string[] = [];
  await runCommand(argv, { operator: 'ops-alice', db: async () => db, print: (line) => void out.push(line), readStdin: async () => stdin, clock: () => at });
  return out;
}
