import type { PushAction } from '@meridian/contracts';
import type { Db } from '../../db/db.js';

/**
 * Live pushes to a user (the positions stream, DESIGN.md §3): balance and record changes, so the screens showing
 * them refresh without a reload. A push carries one of the contracts' actions (PUSH_ACTIONS, contracts/src/wire/push.ts),
 * which the client's invalidation table knows (shared/src/query/push-invalidation.ts), and the account mode, so demo
 * and real never mix:
 * `{ action: 'BALANCE' | 'DEPOSIT' | 'WITHDRAW' | 'TRANSFER' | 'CONVERT' | 'LOAN' | 'NOTIFICATION', mode?, … }`, and
 * `{ action: 'KYC', status }` when an identity review decides (the client's session follows it).
 *
 * Pushes are sent only after the change is committed: one made inside a transaction waits for its commit (and is
 * dropped on rollback), so a client never refetches before the change is visible, nor for a change that never was.
 */
export interface UserEvent {
  action: PushAction;
  mode?: 'real' | 'demo';
  [field: string]: unknown;
}

/** Where pushes go (the positions stream's hub); returns how many sockets received one. */
export interface UserEventSink {
  push(userId: string, message: UserEvent): number;
}

type Pending = Map<string, { userId: string; event: UserEvent }>;

const sinks = new WeakMap<Db, () => UserEventSink | undefined>();
const pendingOf = new WeakMap<Db, Pending>();
const commitHooksOf = new WeakMap<Db, (() => void)[]>();
const beforeCommitOf = new WeakMap<Db, (() => Promise<void>)[]>();

/**
 * The store with pushes: `pushToUser(db or a transaction of it, …)` reaches `sink()` (read at send time, so the
 * streams may be registered after the store is opened). Everything else is the store itself.
 */
export function withUserEvents(db: Db, sink: () => UserEventSink | undefined): Db {
  const wrapped: Db = {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    transaction: async (fn) => {
      const pending: Pending = new Map();
      const hooks: (() => void)[] = [];
      const finals: (() => Promise<void>)[] = [];
      const result = await db.transaction(async (tx) => {
        const inner: Db = {
          kind: tx.kind,
          query: (sql, params) => tx.query(sql, params),
          exec: (sql) => tx.exec(sql),
          close: () => tx.close(),
          // nested calls join the outer transaction, and so do their pushes
          transaction: (nested) => nested(inner),
        };
        sinks.set(inner, sink);
        pendingOf.set(inner, pending);
        commitHooksOf.set(inner, hooks);
        beforeCommitOf.set(inner, finals);
        const value = await fn(inner);
        // a final step may add another (indexed loop): all run, in order, before the COMMIT
        for (let i = 0; i < finals.length; i++) await finals[i]!();
        return value;
      });
      for (const hook of hooks) hook();
      for (const { userId, event } of pending.values()) send(sink, userId, event);
      return result;
    },
  };
  sinks.set(wrapped, sink);
  return wrapped;
}

/**
 * Pushes `event` to the user's open streams after the current transaction of `db` commits (at once outside a
 * transaction). The same push twice in one transaction is sent once. A store without pushes ignores it.
 */
export function pushToUser(db: Db, userId: string, event: UserEvent): void {
  const sink = sinks.get(db);
  if (!sink) return;
  const pending = pendingOf.get(db);
  if (pending) pending.set(`${userId}:${JSON.stringify(event)}`, { userId, event });
  else send(sink, userId, event);
}

/**
 * Runs `hook` once the current transaction of `db` commits (never on rollback), or at once outside a transaction
 * or on a store without pushes: in-memory state that mirrors a change (the trading engine's trigger index) follows
 * it only when it is real. A hook must not throw.
 */
export function afterCommit(db: Db, hook: () => void): void {
  const hooks = commitHooksOf.get(db);
  if (hooks) hooks.push(hook);
  else hook();
}

/**
 * Runs `step` as the last work of the current transaction of `db`, after everything the transaction's code did and
 * just before its COMMIT (a step that throws rolls it all back). Answers false, running nothing, outside such a
 * transaction (a bare store or no transaction): the caller then does the work at once. For work that takes a hot
 * lock (the receipt chain's head), so the lock is held for that step and the commit only.
 */
export function beforeCommit(db: Db, step: () => Promise<void>): boolean {
  const finals = beforeCommitOf.get(db);
  if (!finals || stepsAtOnce) return false;
  finals.push(step);
  return true;
}

let stepsAtOnce = false;

/**
 * Benchmarks only: beforeCommit answers false, so its callers do their work (the receipt chain's link, the fee
 * charge) where they ask, holding those rows' locks until the commit — the locking bench/orders.mjs compares with.
 */
export function finalStepsAtOnce(on: boolean): void {
  stepsAtOnce = on;
}

function send(sink: () => UserEventSink | undefined, userId: string, event: UserEvent): void {
  try {
    sink()?.push(userId, event);
  } catch {
    // a push is a hint to refresh; the change itself is committed and the client refetches on focus anyway
  }
}

/** The push action of a ledger operation's cause type (ledger.post pushes one per user account mode it moves). */
export function actionForCause(causeType: string): PushAction {
  if (causeType === 'deposit') return 'DEPOSIT';
  if (causeType === 'withdrawal') return 'WITHDRAW';
  if (causeType === 'transfer') return 'TRANSFER';
  if (causeType === 'convert') return 'CONVERT';
  if (causeType.startsWith('loan')) return 'LOAN';
  return 'BALANCE';
}
