import type { Timers } from './timers';

/**
 * Merges values by key and delivers them at most once per `intervalMs`: the first batch after a quiet interval
 * goes out at once, later ones are merged (latest value per key wins) and go out together when the interval
 * since the previous delivery is over. Nothing is lost: every key that changed is in the next delivery.
 */
export class KeyedThrottle<V> {
  private pending = new Map<string, V>();
  private timer: unknown = null;
  private lastFlush = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly intervalMs: number,
    private readonly timers: Timers,
    private readonly deliver: (changed: ReadonlyMap<string, V>) => void,
  ) {}

  add(entries: Iterable<readonly [string, V]>): void {
    let any = false;
    for (const [key, value] of entries) {
      // delete first, so the delivery lists keys in the order they last changed
      this.pending.delete(key);
      this.pending.set(key, value);
      any = true;
    }
    if (!any || this.timer !== null) return;
    const wait = this.lastFlush + this.intervalMs - this.timers.now();
    if (wait <= 0) this.flush();
    else this.timer = this.timers.setTimeout(() => this.flush(), wait);
  }

  /** Drops what is pending and any scheduled delivery. */
  cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.pending = new Map();
  }

  private flush(): void {
    this.timer = null;
    if (this.pending.size === 0) return;
    const changed = this.pending;
    this.pending = new Map();
    this.lastFlush = this.timers.now();
    this.deliver(changed);
  }
}
