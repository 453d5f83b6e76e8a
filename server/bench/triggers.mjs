#!/usr/bin/env node
// Benchmark (not a test): trigger evaluation per feed tick with the trading engine's index
// (src/modules/trading/trigger-index.ts: one B+ tree per symbol, watched price and direction) against a linear
// scan of the same open triggers, at 10k, 100k and 1M open triggers, in the same run.
//
//   cd server && node --import tsx bench/triggers.mjs
//   BENCH_SIZES=10000,100000 BENCH_TICKS=300 node --import tsx bench/triggers.mjs
//
// The triggers rest where resting orders do: buy limits (ask ≤ p) below the price, sell limits and stops
// (bid ≥ p) above it, spread over ±10 % of 60,000 on one symbol (the worst case for the index: no other symbol
// to skip). The price walks ±0.05 % a tick from a seeded generator; every trigger a tick crosses is removed (it
// fired) and replaced by a new one away from the price, so n stays constant and both sides see the same ticks,
// crossings and replacements. Reported: microseconds per tick (crossing search + removals + additions), and
// the ratio. The scan costs O(n) every tick; the index O(log n + k) where k, the triggers a tick crosses, grows
// here with n (the same price range holds n triggers). So a second pair of columns times quiet ticks, which cross
// nothing (the price inside the gap every trigger keeps): the index's search alone, which stays roughly flat.
import { scaled, TriggerIndex } from '../src/modules/trading/trigger-index.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const TICKS = Number(process.env.BENCH_TICKS ?? 200);
const BASE = 60000;

function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A trigger resting away from `price`: below it watching the ask (a buy limit) or above it watching the bid. */
function restingTrigger(id, price, rnd) {
  const below = rnd() < 0.5;
  const distance = 0.0005 + rnd() * 0.1;
  const p = (below ? price * (1 - distance) : price * (1 + distance)).toFixed(2);
  return below ? { id, symbol: 'BTCUSDT', watch: 'ask', direction: 'lte', price: p } : { id, symbol: 'BTCUSDT', watch: 'bid', direction: 'gte', price: p };
}

function ticksOf(n) {
  const rnd = prng(n);
  const out = [];
  let price = BASE;
  for (let i = 0; i < TICKS; i++) {
    price *= 1 + (rnd() - 0.5) * 0.001;
    out.push({ bid: (price - 0.5).toFixed(2), ask: (price + 0.5).toFixed(2), mid: price });
  }
  return out;
}

function runIndexed(n, ticks) {
  const rnd = prng(1);
  const index = new TriggerIndex();
  let next = 0;
  for (; next < n; next++) index.add(restingTrigger(`t${next}`, BASE, rnd));
  let fired = 0;
  const start = process.hrtime.bigint();
  for (const tick of ticks) {
    const crossed = index.crossed('BTCUSDT', { bid: tick.bid, ask: tick.ask });
    for (const t of crossed) index.remove(t.id);
    for (let i = 0; i < crossed.length; i++) index.add(restingTrigger(`t${next++}`, tick.mid, rnd));
    fired += crossed.length;
  }
  const ns = Number(process.hrtime.bigint() - start);
  return { usPerTick: ns / 1000 / ticks.length, fired, quiet: quietIndexed(n) };
}

/** A fresh set around BASE and ticks at BASE: nothing crosses; the search alone. */
function quietIndexed(n) {
  const rnd = prng(2);
  const index = new TriggerIndex();
  for (let i = 0; i < n; i++) index.add(restingTrigger(`q${i}`, BASE, rnd));
  const prices = { bid: (BASE - 0.5).toFixed(2), ask: (BASE + 0.5).toFixed(2) };
  const rounds = TICKS * 20;
  const start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) if (index.crossed('BTCUSDT', prices).length) throw new Error('a quiet tick crossed');
  return Number(process.hrtime.bigint() - start) / 1000 / rounds;
}

function quietLinear(n) {
  const rnd = prng(2);
  const all = [];
  for (let i = 0; i < n; i++) {
    const t = restingTrigger(`q${i}`, BASE, rnd);
    all.push({ ...t, p: scaled(t.price) });
  }
  const bid = scaled((BASE - 0.5).toFixed(2));
  const ask = scaled((BASE + 0.5).toFixed(2));
  const start = process.hrtime.bigint();
  for (let k = 0; k < TICKS; k++) {
    for (const t of all) {
      const price = t.watch === 'bid' ? bid : ask;
      if (t.direction === 'gte' ? price >= t.p : price <= t.p) throw new Error('a quiet tick crossed');
    }
  }
  return Number(process.hrtime.bigint() - start) / 1000 / TICKS;
}

function runLinear(n, ticks) {
  const rnd = prng(1);
  const all = [];
  let next = 0;
  for (; next < n; next++) {
    const t = restingTrigger(`t${next}`, BASE, rnd);
    all.push({ ...t, p: scaled(t.price) });
  }
  let fired = 0;
  const start = process.hrtime.bigint();
  for (const tick of ticks) {
    const bid = scaled(tick.bid);
    const ask = scaled(tick.ask);
    const crossed = [];
    for (let i = all.length - 1; i >= 0; i--) {
      const t = all[i];
      const price = t.watch === 'bid' ? bid : ask;
      if (t.direction === 'gte' ? price >= t.p : price <= t.p) {
        crossed.push(t);
        all[i] = all[all.length - 1];
        all.pop();
      }
    }
    for (let i = 0; i < crossed.length; i++) {
      const t = restingTrigger(`t${next++}`, tick.mid, rnd);
      all.push({ ...t, p: scaled(t.price) });
    }
    fired += crossed.length;
  }
  const ns = Number(process.hrtime.bigint() - start);
  return { usPerTick: ns / 1000 / ticks.length, fired, quiet: quietLinear(n) };
}

// warm-up (not reported): both paths compiled by the JIT before anything is timed
runIndexed(10000, ticksOf(10000));
runLinear(10000, ticksOf(10000));

console.log(`trigger evaluation per tick, ${TICKS} ticks, one symbol (node ${process.version})`);
console.log('               moving price (crossings fire and are replaced)                     quiet ticks (nothing crosses)');
console.log('open triggers   fired/tick   indexed µs/tick   linear µs/tick   linear/indexed   indexed µs   linear µs   linear/indexed');
for (const n of SIZES) {
  const ticks = ticksOf(n);
  const indexed = runIndexed(n, ticks);
  const linear = runLinear(n, ticks);
  if (indexed.fired !== linear.fired) throw new Error(`the two disagree at n=${n}: ${indexed.fired} vs ${linear.fired} fired`);
  console.log(
    [String(n).padStart(13), (indexed.fired / TICKS).toFixed(1).padStart(10), indexed.usPerTick.toFixed(1).padStart(15), linear.usPerTick.toFixed(1).padStart(14),
      `${(linear.usPerTick / indexed.usPerTick).toFixed(1)}×`.padStart(14), indexed.quiet.toFixed(2).padStart(10), linear.quiet.toFixed(1).padStart(9),
      `${(linear.quiet / indexed.quiet).toFixed(0)}×`.padStart(14)].join('   '),
  );
}
