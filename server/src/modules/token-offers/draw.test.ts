import assert from 'node:assert/strict';
import { test } from 'node:test';
import { draw, drawKey, newSeed, seedHash, type DrawEntry } from './draw.js';

const SEED = 'a'.repeat(64);
const won = (entries: DrawEntry[], available: number, seed = SEED) => {
  const byId = new Map(draw(seed, entries, available).map((r) => [r.id, r.won]));
  return entries.map((e) => byId.get(e.id));
};

test('the seed hash and the keys are plain SHA-256 and HMAC-SHA256 over the texts (values from sha256sum and openssl)', () => {
  assert.equal(seedHash(SEED), 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
  assert.equal(drawKey(SEED, '7'), '306bfafe8e59c49d6c53647f762932f8e9e3962a5fdaa7b2604446f07c2b5eb0');
  assert.match(newSeed(), /^[0-9a-f]{64}$/);
  assert.notEqual(newSeed(), newSeed());
});

test('pro rata by hand: 9 lots committed (5, 1, 3) for 6: shares 3⅓, ⅔ and 2, the lot left over to the largest remainder', () => {
  const result = draw(SEED, [{ id: '1', lots: 5, cap: 5 }, { id: '2', lots: 1, cap: 1 }, { id: '3', lots: 3, cap: 3 }], 6);
  assert.deepEqual(result.map((r) => r.place), [1, 2, 3]);
  assert.deepEqual(result.map((r) => r.key), [...result.map((r) => r.key)].sort(), 'ascending key order');
  assert.deepEqual(won([{ id: '1', lots: 5, cap: 5 }, { id: '2', lots: 1, cap: 1 }, { id: '3', lots: 3, cap: 3 }], 6), [3, 1, 2]);
});

test('the cap and the redistribution by hand: 10 lots for commitments of 10 (cap 2), 5 and 5: 2, then 8 shared 4 and 4', () => {
  assert.deepEqual(won([{ id: 'a', lots: 10, cap: 2 }, { id: 'b', lots: 5, cap: 5 }, { id: 'c', lots: 5, cap: 5 }], 10), [2, 4, 4]);
  // what the capped one leaves can cap another in the next pass: 12 lots for 20 (cap 1), 6 (cap 3), 6
  assert.deepEqual(won([{ id: 'a', lots: 20, cap: 1 }, { id: 'b', lots: 6, cap: 3 }, { id: 'c', lots: 6, cap: 6 }], 12), [1, 3, 6]);
});

test('more lots than committed: everyone gets their cap and the rest stays unissued; no lots or no subscribers: nothing', () => {
  assert.deepEqual(won([{ id: '1', lots: 2, cap: 2 }, { id: '2', lots: 3, cap: 3 }], 100), [2, 3]);
  assert.deepEqual(won([{ id: '1', lots: 2, cap: 2 }], 0), [0]);
  assert.deepEqual(draw(SEED, [], 10), []);
});

test('equal remainders go by the seed: one lot between two equal commitments goes to the first key, and the seed decides which', () => {
  const winners = new Set<string>();
  for (let i = 0; i < 40; i += 1) {
    const seed = newSeed();
    const result = draw(seed, [{ id: 'x', lots: 1, cap: 1 }, { id: 'y', lots: 1, cap: 1 }], 1);
    assert.equal(result.find((r) => r.won === 1)!.place, 1);
    winners.add(result.find((r) => r.won === 1)!.id);
  }
  assert.equal(winners.size, 2, 'both can win, depending on the seed');
});

test('2,000 random offerings: every lot issued up to the caps, nobody over their cap, every uncapped share within one lot of exact', () => {
  let state = 7;
  const next = (n: number) => ((state = (state * 1103515245 + 12345) % 2 ** 31), state % n);
  for (let run = 0; run < 2_000; run += 1) {
    const entries = Array.from({ length: 1 + next(12) }, (_, i) => {
      const lots = 1 + next(50);
      return { id: String(i + 1), lots, cap: Math.min(lots, 1 + next(40)) };
    });
    const available = next(300);
    const got = won(entries, available) as number[];
    const capTotal = entries.reduce((t, e) => t + e.cap, 0);
    assert.equal(got.reduce((t, w) => t + w, 0), Math.min(available, capTotal));
    entries.forEach((e, i) => assert.ok(got[i]! <= e.cap));
    // the uncapped share the same pool in proportion to their commitments
    const uncapped = entries.map((e, i) => ({ e, w: got[i]! })).filter(({ e, w }) => w < e.cap);
    const pool = uncapped.reduce((t, u) => t + u.w, 0);
    const committed = uncapped.reduce((t, u) => t + u.e.lots, 0);
    for (const u of uncapped) assert.ok(Math.abs(u.w - (pool * u.e.lots) / committed) < 1, `run ${run}: ${u.w} of ${pool}`);
  }
});
