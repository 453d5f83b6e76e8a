import assert from 'node:assert/strict';
import { webcrypto } from 'node:crypto';
import { describe, test } from 'node:test';
import { allocate, newSeed, seedHash } from './draw.js';

/**
 * An independent implementation of the published rule (WebCrypto instead of node:crypto's HMAC, one lot at a time
 * instead of whole rounds): the draw must give the same allocation for any seed.
 */
async function independentDraw(seed: string, lots: number, entries: { id: string; lots: number }[]) {
  const enc = new TextEncoder();
  const key = await webcrypto.subtle.importKey('raw', enc.encode(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const hex = (b: ArrayBuffer) => Buffer.from(b).toString('hex');
  const keyed = await Promise.all(entries.map(async (e) => ({ ...e, draw: hex(await webcrypto.subtle.sign('HMAC', key, enc.encode(e.id))) })));
  keyed.sort((a, b) => a.draw.localeCompare(b.draw));
  const won = new Map(keyed.map((e) => [e.id, 0]));
  let left = lots;
  let progress = true;
  while (left > 0 && progress) {
    progress = false;
    for (const e of keyed) {
      if (left === 0) break;
      if (won.get(e.id)! < e.lots) {
        won.set(e.id, won.get(e.id)! + 1);
        left -= 1;
        progress = true;
      }
    }
  }
  return keyed.map((e, i) => ({ id: e.id, draw: e.draw, place: i + 1, lotsWon: won.get(e.id)! }));
}

describe('the IPO draw', () => {
  test('the published hash is the SHA-256 of the seed text; seeds are 64 hex characters and differ', async () => {
    const seed = newSeed();
    assert.match(seed, /^[0-9a-f]{64}$/);
    assert.notEqual(newSeed(), seed);
    const digest = Buffer.from(await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(seed))).toString('hex');
    assert.equal(seedHash(seed), digest);
  });

  test('an independent implementation recomputes the same allocation from the seed (100 random cases)', async () => {
    for (let n = 0; n < 100; n += 1) {
      const seed = newSeed();
      const entries = Array.from({ length: 1 + (n % 17) }, (_, i) => ({ id: String(1000 + i * 7 + n), lots: 1 + ((i * 13 + n) % 9) }));
      const lots = n % 40;
      const mine = allocate(seed, lots, entries);
      assert.deepEqual(mine.results, await independentDraw(seed, lots, entries));
      assert.equal(mine.lotsDrawn, Math.min(lots, entries.reduce((s, e) => s + e.lots, 0)));
      assert.equal(mine.results.reduce((s, r) => s + r.lotsWon, 0), mine.lotsDrawn);
    }
  });

  test('rounds: one lot each before anyone gets a second; never more than asked', () => {
    const seed = newSeed();
    const { results } = allocate(seed, 7, [{ id: '1', lots: 1 }, { id: '2', lots: 5 }, { id: '3', lots: 5 }]);
    const byId = Object.fromEntries(results.map((r) => [r.id, r.lotsWon]));
    assert.equal(byId['1'], 1);
    assert.equal(byId['2']! + byId['3']!, 6);
    assert.ok(Math.abs(byId['2']! - byId['3']!) === 0);
    const scarce = allocate(seed, 2, [{ id: '1', lots: 1 }, { id: '2', lots: 5 }, { id: '3', lots: 5 }]).results;
    assert.deepEqual(scarce.map((r) => r.lotsWon), [1, 1, 0]);
  });

  test('fairness: over 10,000 draws the chance of a first lot does not depend on the size asked', () => {
    // 20 subscribers asking 1 to 20 lots, 10 lots offered: each should get a first lot half the time.
    const entries = Array.from({ length: 20 }, (_, i) => ({ id: String(500 + i), lots: i + 1 }));
    const RUNS = 10_000;
    const firsts = entries.map(() => 0);
    for (let run = 0; run < RUNS; run += 1) {
      const { results } = allocate(newSeed(), 10, entries);
      for (const r of results) if (r.lotsWon > 0) firsts[Number(r.id) - 500]! += 1;
    }
    // Binomial(10,000, 0.5): sd = 50; 5 sd each (a false alarm about once in 10^5 runs of this test)
    for (const [i, count] of firsts.entries()) assert.ok(Math.abs(count - RUNS / 2) < 250, `subscriber asking ${i + 1} lots got a first lot ${count} times`);
    // and the small askers as a group against the big ones: equal within 5 sd of the difference (sd ≈ 224)
    const small = firsts.slice(0, 10).reduce((a, b) => a + b, 0);
    const big = firsts.slice(10).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(small - big) < 5 * Math.sqrt(2 * 10 * RUNS * 0.25), `small ${small} against big ${big}`);
  });
});
