import { maintenanceMargin, notional, pnl, type MaintenanceTier, type PerpSide } from '@meridian/contracts';
import { Dec } from '../ledger/decimal.js';
import type { Mode } from '../ledger/ledger.js';
import type { Tick } from '../market/feed/port.js';
import { markOf } from './storage.js';

type D = InstanceType<typeof Dec>;

export interface CrossLeg {
  symbol: string;
  side: PerpSide;
  quantity: string;
  entryPrice: string;
  margin: string;
  tiers: MaintenanceTier[];
}

export interface CrossAccount {
  userId: string;
  mode: Mode;
  /** The contract wallet's available USDT when the account last changed. */
  free: string;
  legs: CrossLeg[];
}

/**
 * The equity and maintenance of a cross account at the marks `tickOf` gives: equity = available + Σ margin +
 * Σ unrealised P/L, maintenance = Σ maintenance of each leg at its mark. Liquidation is due when equity ≤ maintenance.
 */
export function crossStanding(account: Pick<CrossAccount, 'free' | 'legs'>, tickOf: (symbol: string) => Tick | undefined): { equity: D; maintenance: D } {
  let equity = new Dec(account.free);
  let maintenance = new Dec(0);
  for (const leg of account.legs) {
    const mark = markOf(tickOf(leg.symbol), leg.entryPrice);
    equity = equity.plus(leg.margin).plus(pnl(leg.side, leg.entryPrice, mark, leg.quantity));
    maintenance = maintenance.plus(maintenanceMargin(notional(mark, leg.quantity), leg.tiers));
  }
  return { equity, maintenance };
}

const keyOf = (userId: string, mode: Mode) => `${userId}:${mode}`;

/**
 * Cross accounts whose liquidation a price trigger cannot catch alone, indexed by the symbols they hold. A cross
 * account with one position is exact on its trigger (its liquidation price depends on its own mark only, and is
 * recomputed on every change of its wallet). With two or more, each position's price assumes the others stay at
 * their marks, so any of their symbols moving moves the real threshold: such accounts are kept here, as of their
 * last committed change, and each tick batch re-evaluates in memory only the accounts holding a symbol that ticked.
 */
export class CrossBook {
  private readonly accounts = new Map<string, CrossAccount>();
  private readonly bySymbol = new Map<string, Set<string>>();
  /** When each account was last noted (a counter): a reconcile never replaces a note newer than its read. */
  private readonly notedAt = new Map<string, number>();
  private notes = 0;
  /** Cluster mode: tells the other processes of a committed change (the leader's book liquidates). */
  announce: ((account: CrossAccount) => void) | undefined;

  get size(): number {
    return this.accounts.size;
  }

  /** The account as of its last change (replaces what was kept; fewer than two legs: no longer kept). */
  note(account: CrossAccount): void {
    const key = keyOf(account.userId, account.mode);
    this.notedAt.set(key, ++this.notes);
    this.forget(key);
    if (account.legs.length < 2) return;
    this.accounts.set(key, account);
    for (const leg of account.legs) {
      let keys = this.bySymbol.get(leg.symbol);
      if (!keys) this.bySymbol.set(leg.symbol, (keys = new Set()));
      keys.add(key);
    }
  }

  /** A change committed by this process: kept here and announced to the others (cluster mode). */
  changed(account: CrossAccount): void {
    this.note(account);
    this.announce?.(account);
  }

  clear(): void {
    this.accounts.clear();
    this.bySymbol.clear();
    this.notedAt.clear();
  }

  /** A mark to take before reading the store for reconcile(). */
  mark(): number {
    return this.notes;
  }

  /**
   * Cluster mode, on the feed's owner: makes the book what the store says (`stored`: every account with two or more
   * cross legs, read after `mark`), for the accounts not noted since — a change announced on the bus after the read
   * is newer than it and stays. This finds what a lost bus message left out or stale. Answers how many accounts
   * were added, changed or dropped.
   */
  reconcile(stored: readonly CrossAccount[], mark: number): number {
    const untouched = (key: string) => (this.notedAt.get(key) ?? 0) <= mark;
    const keys = new Set<string>();
    let changed = 0;
    for (const account of stored) {
      const key = keyOf(account.userId, account.mode);
      keys.add(key);
      if (!untouched(key) || sameAccount(this.accounts.get(key), account)) continue;
      this.note(account);
      changed += 1;
    }
    for (const key of [...this.accounts.keys()]) {
      if (keys.has(key) || !untouched(key)) continue;
      this.forget(key);
      changed += 1;
    }
    return changed;
  }

  private forget(key: string): void {
    const old = this.accounts.get(key);
    if (!old) return;
    this.accounts.delete(key);
    for (const leg of old.legs) {
      const keys = this.bySymbol.get(leg.symbol);
      keys?.delete(key);
      if (keys && !keys.size) this.bySymbol.delete(leg.symbol);
    }
  }

  /** The accounts holding one of the ticked symbols whose equity is at or below maintenance at the current marks. */
  due(ticked: readonly string[], tickOf: (symbol: string) => Tick | undefined): { userId: string; mode: Mode }[] {
    const seen = new Set<string>();
    const due: { userId: string; mode: Mode }[] = [];
    for (const symbol of ticked) {
      for (const key of this.bySymbol.get(symbol) ?? []) {
        if (seen.has(key)) continue;
        seen.add(key);
        const account = this.accounts.get(key)!;
        const { equity, maintenance } = crossStanding(account, tickOf);
        if (equity.lte(maintenance)) due.push({ userId: account.userId, mode: account.mode });
      }
    }
    return due;
  }
}

/** Whether a kept account is the same as one read from the store (free margin and legs, as the book keeps them). */
function sameAccount(kept: CrossAccount | undefined, stored: CrossAccount): boolean {
  return kept !== undefined && JSON.stringify({ free: kept.free, legs: kept.legs }) === JSON.stringify({ free: stored.free, legs: stored.legs });
}
