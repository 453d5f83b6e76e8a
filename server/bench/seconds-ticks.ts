// Benchmark (not a test): what recording seconds-contract ticks costs, to choose what to record.
//
//   node --conditions=source --import tsx bench/seconds-ticks.ts              (in server/; PGlite in a temp folder)
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --conditions=source --import tsx bench/seconds-ticks.ts
//   BENCH_BATCHES=3600 BENCH_SYMBOLS=18 …                                     (batches = feed ticks at 1 s: 3600 is one hour)
//
// Feeds BENCH_BATCHES tick batches of BENCH_SYMBOLS symbols through the module's TickRecorder (every symbol
// watched: "record all crypto symbols at the feed rate"), then the same batches with only 2 symbols watched
// ("symbols with open contracts", a quiet hour), on one fresh store, and prints write time per batch (mean, p99),
// rows, bytes per row (table + indexes) and the projection per day.
import { testDb } from '../src/testing/test-db.js';
import { TickRecorder } from '../src/modules/seconds/recorder.js';
import type { Tick } from '../src/modules/market/feed/port.js';

const BATCHES = Math.min(86_400, Number(process.env.BENCH_BATCHES ?? 3600));
const SYMBOLS = Math.min(100, Number(process.env.BENCH_SYMBOLS ?? 18));

const { db, cleanup } = await testDb();
try {
  const symbols = Array.from({ length: SYMBOLS }, (_, i) => `BENCH${i}USDT`);
  let time = Date.parse('2026-03-04T00:00:00Z');
  const run = async (watched: number) => {
    const recorder = new TickRecorder({ db, clock: () => new Date(time), source: () => 'simulated' });
    await recorder.load();
    const ms: number[] = [];
    const before = await size();
    for (let b = 0; b < BATCHES; b++) {
      time += 1000;
      const ticks: Tick[] = symbols.map((symbol, i) => {
        const price = (50_000 + i + ((b * 7919) % 1000) / 100).toFixed(2);
        return { symbol, category: 'CRYPTO', price, bid: price, ask: price, volume: '0', time };
      });
      // as purchases keep doing: a watched symbol without an open contract is dropped a minute after its last watch
      for (const s of symbols.slice(0, watched)) recorder.watch(s);
      const started = performance.now();
      recorder.onTicks(ticks);
      await recorder.idle();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    const after = await size();
    const rows = recorder.written;
    const bytes = after.bytes - before.bytes;
    return { watched, rows, meanMs: ms.reduce((a, b) => a + b, 0) / ms.length, p99Ms: ms[Math.floor(ms.length * 0.99)]!, bytesPerRow: rows ? bytes / rows : 0 };
  };
  const all = await run(SYMBOLS);
  const some = await run(2);
  console.log(`store: ${db.kind}; ${BATCHES} batches (1 s feed ticks) of ${SYMBOLS} symbols`);
  for (const r of [all, some]) {
    const perDay = (r.rows / BATCHES) * 86_400;
    console.log(
      `${String(r.watched).padStart(3)} symbols recorded: ${r.rows} rows, write ${r.meanMs.toFixed(2)} ms/batch mean, ${r.p99Ms.toFixed(2)} ms p99, ` +
        `${Math.round(r.bytesPerRow)} B/row → ${(perDay / 1e6).toFixed(2)} M rows/day, ${((perDay * r.bytesPerRow) / 2 ** 20).toFixed(0)} MiB/day`,
    );
  }
  console.log(`all-symbols / open-contract symbols: ${(all.meanMs / some.meanMs).toFixed(1)}× write time, ${(all.rows / Math.max(1, some.rows)).toFixed(1)}× rows`);
} finally {
  await cleanup();
}

async function size(): Promise<{ bytes: number }> {
  const { rows } = await db.query<{ bytes: string }>(`SELECT pg_total_relation_size('seconds_ticks')::text AS bytes`);
  return { bytes: Number(rows[0]!.bytes) };
}
