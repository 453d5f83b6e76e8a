import type { Db } from '../../db/db.js';
import { PLATFORM, post } from '../../modules/ledger/ledger.js';

/** A user row (holds and payouts reference users) with `usdt` available (none for "0") in its platform wallet. */
export async function userWith(db: Db, name: string, usdt: string, now: Date): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, country_id, nickname, password_hash, invitation_code, invited_by_code, created_at)
     VALUES ($1, (SELECT min(id) FROM countries), $2, 'x', $3, '', $4) RETURNING id::text AS id`,
    [`${name}@example.com`, name, name.toUpperCase().slice(0, 12), now],
  );
  const id = rows[0]!.id;
  if (usdt === '0') return id;
  await post(
    db,
    { key: `test-deposit:${id}`, cause: { type: 'deposit', id }, moves: [{ from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: id, mode: 'real', wallet: 'platform', asset: 'USDT' }, amount: usdt }] },
    now,
  );
  return id;
}

/** A clock a test moves by hand. */
export function manualClock(start: string): { clock: () => Date; advance(ms: number): void; set(at: Date): void } {
  let at = new Date(start);
  return { clock: () => at, advance: (ms) => void (at = new Date(at.getTime() + ms)), set: (d) => void (at = d) };
}
