import sortedBtree from 'sorted-btree';

// a CommonJS package: Node's ESM import gives its module.exports, whose `default` is the class
const BTree = sortedBtree.default;
type BTree<K, V> = InstanceType<typeof sortedBtree.default<K, V>>;

/** Which price of a tick a trigger watches: a buy limit the ask, a sell limit the bid, perpetuals the mark. */
export type Watch = 'bid' | 'ask' | 'last' | 'mark';
/** gte: fires when the watched price is at or above the trigger's price; lte: at or below. */
export type Direction = 'gte' | 'lte';

export interface IndexedTrigger {
  id: string;
  symbol: string;
  watch: Watch;
  direction: Direction;
  /** A positive decimal string. */
  price: string;
}

interface Key {
  /** The price scaled to 18 decimals: exact comparison without floats. */
  p: bigint;
  id: string;
}

const SCALE = 18;

/** A positive decimal string as an integer count of 1e-18 (exact; the ledger's scale is 18 too). */
export function scaled(price: string): bigint {
  const [whole = '0', fraction = ''] = price.split('.');
  if (fraction.length > SCALE) throw new Error(`price ${price} has more than ${SCALE} decimals`);
  return BigInt(whole + fraction.padEnd(SCALE, '0'));
}

const compare = (a: Key, b: Key): number => (a.p < b.p ? -1 : a.p > b.p ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The open triggers of every symbol in price order, so a tick finds the ones it crosses in O(log n + k) instead
 * of scanning all n. One B+ tree (sorted-btree: typed, ordered iteration from any key, O(log n) insert and delete;
 * a sorted array would make each insert and removal O(n), which at a million open orders costs more than the
 * scan it replaces) per (symbol, watched price, direction):
 *
 * - `gte` triggers fire when price ≥ p: the crossed ones are the smallest keys, walked up from the minimum until
 *   a key's price exceeds the tick's.
 * - `lte` triggers fire when price ≤ p: the largest keys, walked down from the maximum.
 *
 * The index only proposes: the database decides whether a proposed trigger still fires (triggers.ts).
 */
export class TriggerIndex {
  private readonly trees = new Map<string, BTree<Key, IndexedTrigger>>();
  private readonly byId = new Map<string, { tree: BTree<Key, IndexedTrigger>; key: Key }>();

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Adds or replaces (same id: the new price replaces the old) a trigger. */
  add(trigger: IndexedTrigger): void {
    this.remove(trigger.id);
    const name = `${trigger.symbol}|${trigger.watch}|${trigger.direction}`;
    let tree = this.trees.get(name);
    if (!tree) {
      tree = new BTree<Key, IndexedTrigger>(undefined, compare);
      this.trees.set(name, tree);
    }
    const key = { p: scaled(trigger.price), id: trigger.id };
    tree.set(key, trigger);
    this.byId.set(trigger.id, { tree, key });
  }

  remove(id: string): boolean {
    const found = this.byId.get(id);
    if (!found) return false;
    found.tree.delete(found.key);
    this.byId.delete(id);
    return true;
  }

  /**
   * The triggers of `symbol` a tick crosses, given the tick's price for each watched kind (a kind left out is not
   * looked at). The triggers stay in the index until removed.
   */
  crossed(symbol: string, prices: Partial<Record<Watch, string>>): IndexedTrigger[] {
    const out: IndexedTrigger[] = [];
    for (const watch of Object.keys(prices) as Watch[]) {
      const price = prices[watch];
      if (price === undefined) continue;
      const p = scaled(price);
      // most ticks cross nothing: the tree's end key says so without opening an iterator
      const up = this.trees.get(`${symbol}|${watch}|gte`);
      const lowest = up?.minKey();
      if (up && lowest && lowest.p <= p) {
        for (const [key, trigger] of up.entries()) {
          if (key.p > p) break;
          out.push(trigger);
        }
      }
      const down = this.trees.get(`${symbol}|${watch}|lte`);
      const highest = down?.maxKey();
      if (down && highest && highest.p >= p) {
        for (const [key, trigger] of down.entriesReversed()) {
          if (key.p < p) break;
          out.push(trigger);
        }
      }
    }
    return out;
  }

  clear(): void {
    this.trees.clear();
    this.byId.clear();
  }
}
