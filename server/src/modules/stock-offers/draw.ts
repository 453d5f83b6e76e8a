import { drawKey, newSeed, seedHash } from '../../platform-kit/provably-fair.js';

/**
 * The provably fair IPO draw. Pure: the same seed and subscriptions always give the same allocation, and anyone
 * holding the revealed seed can recompute it (server/README.md, "IPO subscriptions", has a ten-line script).
 *
 * - The seed is 32 random bytes in lower-case hex; its SHA-256 (of the 64 hex characters as UTF-8) is published
 *   with the IPO, so the seed cannot be chosen after the subscriptions are known.
 * - Each subscription's draw is HMAC-SHA256(key = the seed's 64 hex characters, message = the subscription id in
 *   decimal), in hex; subscribers are ordered by it, ascending (ties are impossible in practice; the id breaks them).
 * - Lots go out in rounds: each round gives one lot to each subscriber still wanting one, in that order, until the
 *   lots or the demand run out. Asking for more lots never moves a subscriber up the order, so the chance of a
 *   first lot does not depend on the size asked.
 */
// the seed, its published hash and each subscription's HMAC: the platform's one commit-and-reveal (platform-kit)
export { newSeed, seedHash };

export interface DrawEntry {
  id: string;
  lots: number;
}

export interface DrawResult {
  id: string;
  draw: string;
  /** 1 = first in the order. */
  place: number;
  lotsWon: number;
}

export interface Draw {
  lotsOffered: number;
  lotsRequested: number;
  lotsDrawn: number;
  results: DrawResult[];
}

export function allocate(seed: string, lotsOffered: number, entries: readonly DrawEntry[]): Draw {
  const ordered = entries
    .map((e) => ({ ...e, draw: drawKey(seed, e.id) }))
    .sort((a, b) => (a.draw < b.draw ? -1 : a.draw > b.draw ? 1 : Number(BigInt(a.id) - BigInt(b.id))));
  const won = ordered.map(() => 0);
  const lotsRequested = ordered.reduce((sum, e) => sum + e.lots, 0);
  let left = Math.min(lotsOffered, lotsRequested);
  const lotsDrawn = left;
  // Whole rounds at once while every remaining subscriber still wants a lot and enough lots remain: the same result
  // as going one lot at a time, without 10^6 iterations for a large offering.
  for (;;) {
    const wanting = ordered.map((e, i) => i).filter((i) => won[i]! < ordered[i]!.lots);
    if (!left || !wanting.length) break;
    if (left >= wanting.length) {
      const rounds = Math.min(Math.floor(left / wanting.length), ...wanting.map((i) => ordered[i]!.lots - won[i]!));
      for (const i of wanting) won[i] = won[i]! + rounds;
      left -= rounds * wanting.length;
    } else {
      for (const i of wanting.slice(0, left)) won[i] = won[i]! + 1;
      left = 0;
    }
  }
  return { lotsOffered, lotsRequested, lotsDrawn, results: ordered.map((e, i) => ({ id: e.id, draw: e.draw, place: i + 1, lotsWon: won[i]! })) };
}
