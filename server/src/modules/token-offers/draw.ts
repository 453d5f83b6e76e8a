import { drawKey, newSeed, seedHash } from '../../platform-kit/provably-fair.js';

// the seed, its published hash and the draw key are the platform's one commit-and-reveal (shared with IPO draws)
export { drawKey, newSeed, seedHash };

/**
 * The published allocation of a token offering, pure so anyone can run it again (server README "Token offerings"),
 * the pro-rata rule launchpads publish: each subscriber gets the lots on offer in proportion to the lots they
 * committed, never more than their cap; what capped subscribers leave is shared again among the others in the same
 * proportion, until nobody is over their cap. Shares are rounded down to whole lots and the lots the rounding leaves
 * go one each to the largest remainders. Ties (equal remainders) are broken by the seed: ascending
 * HMAC-SHA256(seed, subscription id), the seed's SHA-256 being published when the offering is created and the seed
 * at the draw, so not even ties can be steered. All arithmetic is on whole numbers (BigInt): exact.
 */
export interface DrawEntry {
  id: string;
  /** lots committed */
  lots: number;
  /** the most lots this subscriber may receive (the offering's per-user cap; at most `lots`) */
  cap: number;
}

export interface DrawResult {
  id: string;
  /** HMAC-SHA256(seed, id), hex */
  key: string;
  /** 1 for the first in the key order */
  place: number;
  lots: number;
  won: number;
}

/** The allocation of `available` lots among `entries` (the subscriptions of one offering and mode). */
export function draw(seed: string, entries: readonly DrawEntry[], available: number): DrawResult[] {
  const ordered = entries
    .map((e) => ({ id: e.id, lots: e.lots, cap: BigInt(Math.min(e.cap, e.lots)), key: drawKey(seed, e.id), won: 0n }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let left = BigInt(available);
  let open = ordered.filter((e) => e.cap > 0n);
  // whoever's proportional share reaches their cap gets the cap; the rest is shared again among the others
  for (;;) {
    const committed = open.reduce((t, e) => t + BigInt(e.lots), 0n);
    const capped = open.filter((e) => left * BigInt(e.lots) >= e.cap * committed);
    if (capped.length === 0) break;
    for (const e of capped) {
      e.won = e.cap;
      left -= e.cap;
    }
    open = open.filter((e) => !capped.includes(e));
    if (open.length === 0) break;
  }
  const committed = open.reduce((t, e) => t + BigInt(e.lots), 0n);
  if (committed > 0n) {
    const shares = open.map((e) => ({ e, numerator: left * BigInt(e.lots) }));
    for (const s of shares) s.e.won = s.numerator / committed;
    let rest = left - shares.reduce((t, s) => t + s.e.won, 0n);
    // a stable sort keeps the key order among equal remainders
    const byRemainder = [...shares].sort((a, b) => {
      const ra = a.numerator % committed;
      const rb = b.numerator % committed;
      return ra === rb ? 0 : ra > rb ? -1 : 1;
    });
    for (const s of byRemainder) {
      if (rest === 0n) break;
      s.e.won += 1n;
      rest -= 1n;
    }
  }
  return ordered.map((e, i) => ({ id: e.id, key: e.key, place: i + 1, lots: e.lots, won: Number(e.won) }));
}
