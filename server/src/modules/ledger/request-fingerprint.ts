import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';


/** Keys in code-point order at every level, undefined dropped: one text per request however its JSON was spelled. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The SHA-256 of a request as it was sent, without its idempotency key. Callers leave secrets out (the fund
 * password): a stored unsalted hash of one would be a guessing oracle; a replay checks the secret again instead.
 */
export function fingerprintOf(request: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/** The one JSON text of a value (keys sorted at every level): what hashes are taken over. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value));
}

const reused = () => refuse('requestIdReused');

/**
 * Binds an idempotency key to its request, in the transaction of the change it makes (so a refused request leaves
 * no binding): the first request with the key records its fingerprint; a later one with another body is refused
 * ("requestIdReused", as payment APIs do) instead of silently answering the first result. Two at once with the
 * same key: PostgreSQL makes the second INSERT wait for the first to commit, then it reads the committed row.
 * Keys used before fingerprints existed have none and keep answering their first result.
 */
export async function bindRequestKey(tx: Db, requestKey: string, fingerprint: string, now: Date): Promise<void> {
  await tx.query('INSERT INTO request_fingerprints (request_key, body_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT (request_key) DO NOTHING', [
    requestKey,
    fingerprint,
    now,
  ]);
  await checkRequestKey(tx, requestKey, fingerprint);
}

/** Refuses a key already bound to another request; nothing is written (for a replay answered before any change). */
export async function checkRequestKey(db: Db, requestKey: string, fingerprint: string): Promise<void> {
  const { rows } = await db.query<{ hash: string }>('SELECT body_hash AS hash FROM request_fingerprints WHERE request_key = $1', [requestKey]);
  if (rows[0] && rows[0].hash !== fingerprint) throw reused();
}
