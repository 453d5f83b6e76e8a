#!/usr/bin/env node
// Benchmark (not a test): trigger evaluation per tick, the engine's TriggerIndex (a B+ tree per symbol, watched
// price and direction) against a linear scan of the same triggers, at 10k, 100k and 1M open triggers, same run.
//
//   node --conditions=source --import tsx server/bench/triggers.mjs      (BENCH_SIZES=10000,100000 to limit)
//
// The triggers are limit buys (lte on the ask), limit sells (gte on the bid), TPs and SLs (on the mark) spread
// around the price; each tick moves the price a little, so it crosses a handful of triggers (k ≪ n) as in real
// trading. Both sides find exactly the same triggers (checked); neither removes what it found, so every tick sees
// the same n. Prints per-tick time of each and their ratio per n: the index should stay roughly flat as n grows.
import { performance } from 'node:perf_hooks';
import { scaled, TriggerIndex } from '../src/modules/trading/trigger-index.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const TICKS = Number(process.env.BENCH_TICKS ?? 200);
const KINDS = [
  { watch: 'ask', direction: 'lte' },
  { watch: 'bid', direction: 'gte' },
  { watch: 'mark', direction: 'gte' },
  { watch: 'mark', direction: 'lte' },
];

// a deterministic generator, so each run measures the same sets
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

function triggersOf(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const kind = KINDS[i % KINDS.length];
    // lte triggers sit below the price, gte above, 0.5 %–20 % away: a small move crosses only the nearest
    const away = 0.005 + random() * 0.195;
    const price = (kind.direction === 'lte' ? 50000 * (1 - away) : 50000 * (1 + away)).toFixed(2);
    out.push({ id: String(i + 1), symbol: 'BTCUSDT', ...kind, price });
  }
  return out;
}

function ticksOf() {
  const out = [];
  for (let i = 0; i < TICKS; i++) {
    const last = 50000 * (1 + (random() - 0.5) * 0.012);
    out.push({ bid: (last - 0.5).toFixed(2), ask: (last + 0.5).toFixed(2), mark: last.toFixed(2) });
  }
  return out;
}

/** What the engine did before an index: every trigger of the symbol compared with the tick. */
function linear(triggers, symbol, prices) {
  const p = { bid: scaled(prices.bid), ask: scaled(prices.ask), mark: scaled(prices.mark) };
  const out = [];
  for (const t of triggers) {
    if (t.symbol !== symbol) continue;
    const price = p[t.watch];
    if (t.direction === 'gte' ? price >= t.scaled : price <= t.scaled) out.push(t);
  }
  return out;
}

console.log(`trigger evaluation per tick, ${TICKS} ticks of ±0.6 % per n (same triggers and ticks for both)`);
console.log('n          index µs/tick   linear µs/tick   linear/index   crossed/tick');
for (const n of SIZES) {
  const triggers = triggersOf(n);
  const index = new TriggerIndex();
  for (const t of triggers) index.add(t);
  const plain = triggers.map((t) => ({ ...t, scaled: scaled(t.price) }));
  const ticks = ticksOf();
  // warm both paths, and check they agree
  for (const tick of ticks.slice(0, 20)) {
    const a = index.crossed('BTCUSDT', tick).map((t) => t.id).sort();
    const b = linear(plain, 'BTCUSDT', tick).map((t) => t.id).sort();
    if (a.join() !== b.join()) throw new Error(`index and scan disagree at n=${n}`);
  }
  let crossed = 0;
  let start = performance.now();
  for (const tick of ticks) crossed += index.crossed('BTCUSDT', tick).length;
  const indexUs = ((performance.now() - start) * 1000) / ticks.length;
  // the scan is slow enough at large n that fewer ticks give a stable figure
  const scanned = ticks.slice(0, Math.max(10, Math.round((TICKS * 10000) / n)));
  start = performance.now();
  for (const tick of scanned) linear(plain, 'BTCUSDT', tick);
  const linearUs = ((performance.now() - start) * 1000) / scanned.length;
  console.log(
    `${String(n).padEnd(10)} ${indexUs.toFixed(1).padStart(14)} ${linearUs.toFixed(1).padStart(16)} ${(linearUs / indexUs).toFixed(0).padStart(13)}× ${(crossed / ticks.length).toFixed(1).padStart(13)}`,
  );
}
