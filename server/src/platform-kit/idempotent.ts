import type { Db } from '../db/db.js';
import { refuse } from '../http/refuse.js';
import { fingerprintOf } from './request-fingerprint.js';
import { requestKeyOf, type RequestKeyParts } from './request-key.js';

export { requestKeyOf, requestIdOf, type RequestKeyParts } from './request-key.js';

/** What makes a money-moving call once-only. */
export interface IdempotentSpec<T> {
  key: RequestKeyParts;
  /** the request as sent, without its request id and without secrets (see fingerprintOf) */
  request: Record<string, unknown>;
  /**
   * The first answer of the key, read back from the call's own rows (undefined: not made yet). Read outside any
   * transaction for a retry and again inside the binding transaction for a duplicate that raced the first.
   */
  replay: (store: Db, key: string) => Promise<T | undefined>;
}

export interface IdempotentCall<T> {
  /** the request key: the ledger key and the domain row's request_key */
  readonly key: string;
  /** the first answer when this is a retry of a request already made; answer it, change nothing */
  readonly first: T | undefined;
  /**
   * Makes the change in one transaction that first binds the key to the request's fingerprint. A duplicate that
   * raced the first waits for it to commit and answers its first answer instead of running `change`.
   */
  transaction(change: (tx: Db, now: Date) => Promise<T>): Promise<T>;
}

/**
 * The one way a money-moving call is made once-only. Use:
 *
 *     const call = await idempotent(db, clock, { key: { scope: 'transfer', userId, mode, requestId }, request, replay });
 *     if (call.first !== undefined) return call.first;       // a retry: the first answer
 *     ...checks that need the current state (a retry skips them: it answers what was done)...
 *     return call.transaction((tx, now) => makeTheChange(tx, call.key, now));
 *
 * Another request under a used key is refused with "requestIdReused", before any check and before any change.
 */
export async function idempotent<T>(db: Db, clock: () => Date, spec: IdempotentSpec<T>): Promise<IdempotentCall<T>> {
  const key = requestKeyOf(spec.key);
  const fingerprint = fingerprintOf(spec.request);
  // a copy whose first is being made in this process answers it, not checks against the state it is changing
  await runningDone(db, key);
  await checkRequestKey(db, key, fingerprint);
  const first = await spec.replay(db, key);
  return {
    key,
    first,
    transaction: (change) =>
      oneAtATime(db, key, () =>
        db.transaction(async (tx) => {
          const now = clock();
          await bindRequestKey(tx, key, fingerprint, now);
          const raced = await spec.replay(tx, key);
          if (raced !== undefined) return raced;
          return change(tx, now);
        }),
      ),
  };
}

/**
 * The usual replay: the call's one row, read by its request key (`sql` takes the key as $1), shaped as the change
 * answered it.
 */
export function rowOfKey<R, T = R>(sql: string, answer: (row: R) => T = (row) => row as unknown as T): (store: Db, key: string) => Promise<T | undefined> {
  return async (store, key) => {
    const { rows } = await store.query<R>(sql, [key]);
    return rows[0] && answer(rows[0]);
  };
}

const running = new WeakMap<Db, Map<string, Promise<unknown>>>();

/**
 * Duplicates in this process wait here, not on the binding's row lock: a waiter there would hold a pooled
 * connection, and twenty of them would starve the first transaction of the connection it may still need.
 * Duplicates from other processes meet at the binding (bindRequestKey).
 */
async function oneAtATime<T>(db: Db, key: string, run: () => Promise<T>): Promise<T> {
  let keys = running.get(db);
  if (!keys) running.set(db, (keys = new Map()));
  await runningDone(db, key);
  const mine = run();
  keys.set(key, mine);
  try {
    return await mine;
  } finally {
    keys.delete(key);
  }
}

/** Until no transaction of `key` runs in this process (whatever its outcome). */
async function runningDone(db: Db, key: string): Promise<void> {
  for (let earlier = running.get(db)?.get(key); earlier; earlier = running.get(db)?.get(key)) await earlier.catch(() => undefined);
}

/**
 * Binds a key to its request, in the transaction of the change it makes (so a refused request leaves no
 * binding): the first request with the key records its fingerprint; a later one with another body is refused
 * ("requestIdReused", as payment APIs do) instead of silently answering the first result. Two at once with the
 * same key under READ COMMITTED: PostgreSQL makes the second INSERT wait for the first to commit, then the next
 * statement sees the committed row; PGlite runs one transaction at a time. Keys used before fingerprints existed
 * have none and keep answering their first result.
 */
async function bindRequestKey(tx: Db, key: string, fingerprint: string, now: Date): Promise<void> {
  await tx.query('INSERT INTO request_fingerprints (request_key, body_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT (request_key) DO NOTHING', [key, fingerprint, now]);
  await checkRequestKey(tx, key, fingerprint);
}

/** Refuses a key already bound to another request; writes nothing. */
async function checkRequestKey(db: Db, key: string, fingerprint: string): Promise<void> {
  const { rows } = await db.query<{ hash: string }>('SELECT body_hash AS hash FROM request_fingerprints WHERE request_key = $1', [key]);
  if (rows[0] && rows[0].hash !== fingerprint) throw refuse('requestIdReused');
}
