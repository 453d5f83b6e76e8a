import type { Db } from '../../db/db.js';
import type { Mode } from '../ledger/ledger.js';

/**
 * The referral tree the smart pool's rebates follow: a user's upline is the user whose invitation code they
 * signed up with (users.invited_by_code), up to three tiers. A user's miner level is the highest level among
 * their locked orders (the order's principal not yet returned), 0 without one.
 */
export async function uplines(db: Db, userId: string): Promise<{ tier: 1 | 2 | 3; userId: string }[]> {
  const { rows } = await db.query<{ u1: string | null; u2: string | null; u3: string | null }>(
    `SELECT u1.id::text AS u1, u2.id::text AS u2, u3.id::text AS u3 FROM users me
       LEFT JOIN users u1 ON me.invited_by_code <> '' AND u1.invitation_code = me.invited_by_code
       LEFT JOIN users u2 ON u1.invited_by_code <> '' AND u2.invitation_code = u1.invited_by_code
       LEFT JOIN users u3 ON u2.invited_by_code <> '' AND u3.invitation_code = u2.invited_by_code
      WHERE me.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return [];
  const chain: { tier: 1 | 2 | 3; userId: string }[] = [];
  // a cycle in the codes (a user above themself) never pays anyone twice or the buyer
  const seen = new Set([userId]);
  for (const [tier, id] of [[1, row.u1], [2, row.u2], [3, row.u3]] as const) {
    if (!id || seen.has(id)) break;
    seen.add(id);
    chain.push({ tier, userId: id });
  }
  return chain;
}

export async function levelOf(db: Db, userId: string, mode: Mode): Promise<number> {
  const { rows } = await db.query<{ level: number | null }>(
    `SELECT MAX(o.level) AS level FROM smart_pool_orders o
      WHERE o.user_id = $1 AND o.mode = $2 AND EXISTS (SELECT 1 FROM product_payouts p WHERE p.holding_kind = 'smart-pool' AND p.holding_id = o.id::text
        AND p.release_hold_id IS NOT NULL AND p.status = 'pending')`,
    [userId, mode],
  );
  return Number(rows[0]?.level ?? 0);
}

/** How many people the user has in each of the three tiers below them. */
export async function teamOf(db: Db, userId: string): Promise<[number, number, number]> {
  const { rows } = await db.query<{ t1: string; t2: string; t3: string }>(
    `WITH t1 AS (SELECT d.id, d.invitation_code FROM users me JOIN users d ON d.invited_by_code = me.invitation_code AND d.id <> me.id WHERE me.id = $1),
          t2 AS (SELECT d.id, d.invitation_code FROM t1 JOIN users d ON d.invited_by_code = t1.invitation_code),
          t3 AS (SELECT d.id FROM t2 JOIN users d ON d.invited_by_code = t2.invitation_code)
     SELECT (SELECT count(*) FROM t1)::text AS t1, (SELECT count(*) FROM t2)::text AS t2, (SELECT count(*) FROM t3)::text AS t3`,
    [userId],
  );
  const r = rows[0]!;
  return [Number(r.t1), Number(r.t2), Number(r.t3)];
}
