import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import type { Db } from '../../db/db.js';
import { manualClock } from '../../modules/identity/test-support.js';
import { testDb, type TestStore } from '../../testing/test-db.js';
import { JobRunner, retryDelay, type JobDefinition } from './job-runner.js';
import { JOB_COMMANDS } from '../../ops/jobs.js';
import { runCommand } from '../../ops/commands.js';
import { claimJobs, completeJob, enqueueJob, listJobs } from './job-store.js';

let db: Db;
let store: TestStore;
let cleanup: () => Promise<void>;
before(async () => {
  ({ db, store, cleanup } = await testDb());
  // What the test handlers write, so a test can tell which runs committed.
  await db.exec('CREATE TABLE job_effects (job_id bigint NOT NULL, runner text NOT NULL, note text)');
});
after(() => cleanup());
beforeEach(async () => {
  await db.exec('DELETE FROM jobs; DELETE FROM job_effects;');
});

const effects = async () => (await db.query<{ job_id: string; runner: string; note: string | null }>('SELECT job_id::text, runner, note FROM job_effects ORDER BY job_id')).rows;
const jobRow = async (id: string) => (await listJobs(db, { limit: 1000 })).find((job) => job.id === id)!;

/** A handler that records its run in the job's own transaction, and fails while `failures` lasts. */
function recorder(kind: string, runner: () => string, failures = { left: 0 }): JobDefinition {
  return {
    kind,
    async run({ db: tx, job }) {
      await tx.query('INSERT INTO job_effects (job_id, runner, note) VALUES ($1, $2, $3)', [job.id, runner(), JSON.stringify(job.payload)]);
      if (failures.left > 0) {
        failures.left -= 1;
        throw new Error('the chain node is unreachable');
      }
    },
  };
}

test('due one-off jobs run once, in due order; future ones wait; enqueueing the same key twice makes one job', async () => {
  const time = manualClock();
  const runner = new JobRunner(db, [recorder('mail.send', () => 'a')], { clock: time.clock });
  const now = time.clock();
  const first = await enqueueJob(db, { kind: 'mail.send', key: 'welcome:1', payload: { to: 1 } }, now);
  assert.ok(first);
  assert.equal(await enqueueJob(db, { kind: 'mail.send', key: 'welcome:1', payload: { to: 'again' } }, now), undefined);
  const later = await enqueueJob(db, { kind: 'mail.send', key: 'reminder:1', runAt: new Date(now.getTime() + 60_000) }, now);
  await enqueueJob(db, { kind: 'other.kind', key: 'x' }, now); // no handler here: left for a runner that has one

  assert.equal(await runner.tick(), 1);
  assert.deepEqual(await effects(), [{ job_id: first, runner: 'a', note: '{"to":1}' }]);
  assert.equal((await jobRow(first)).status, 'done');
  assert.equal(await runner.tick(), 0, 'a done job is not run again');

  time.advance(60_000);
  assert.equal(await runner.tick(), 1);
  assert.equal((await jobRow(later!)).status, 'done');
  assert.equal((await listJobs(db, { status: 'pending', limit: 10 })).map((job) => job.kind).join(), 'other.kind');
});

test('a recurring job runs every interval and keeps its due time across a restart of the runner', async () => {
  const time = manualClock();
  const runs: Date[] = [];
  const tickJob: JobDefinition = { kind: 'chain.block', everyMs: 2000, run: async ({ now }) => void runs.push(now) };
  const runner = new JobRunner(db, [tickJob], { clock: time.clock });
  assert.equal(await runner.tick(), 0, 'first due one interval after it is scheduled');
  time.advance(2000);
  assert.equal(await runner.tick(), 1);
  time.advance(1999);
  assert.equal(await runner.tick(), 0);
  time.advance(1);
  assert.equal(await runner.tick(), 1);
  // Far behind (the server was down): one run now, not one per missed interval.
  time.advance(60_000);
  const again = new JobRunner(db, [{ ...tickJob, everyMs: 5000 }], { clock: time.clock });
  assert.equal(await again.tick(), 1);
  assert.equal(await again.tick(), 0);
  time.advance(5000);
  assert.equal(await again.tick(), 1, 'the new interval applies');
  assert.equal(runs.length, 4);
});

test('a failed run rolls back its writes and is retried with exponential backoff; a one-off job out of attempts fails', async () => {
  assert.deepEqual([1, 2, 3, 4, 20].map((n) => retryDelay(n, 1000, 600_000)), [1000, 2000, 4000, 8000, 600_000]);
  const time = manualClock();
  const failures = { left: 2 };
  const runner = new JobRunner(db, [recorder('payout.daily', () => 'a', failures)], { clock: time.clock, retryBaseMs: 1000 });
  const id = (await enqueueJob(db, { kind: 'payout.daily', key: 'day:2026-03-01' }, time.clock()))!;

  assert.equal(await runner.tick(), 1);
  let job = await jobRow(id);
  assert.deepEqual([job.status, job.attempt, job.lastError], ['pending', 1, 'the chain node is unreachable']);
  assert.equal(job.runAt.getTime() - time.clock().getTime(), 1000);
  assert.deepEqual(await effects(), [], 'the failed run wrote nothing');

  time.advance(999);
  assert.equal(await runner.tick(), 0, 'not before its backoff');
  time.advance(1);
  assert.equal(await runner.tick(), 1);
  job = await jobRow(id);
  assert.equal(job.runAt.getTime() - time.clock().getTime(), 2000, 'the second failure waits twice as long');

  time.advance(2000);
  assert.equal(await runner.tick(), 1);
  job = await jobRow(id);
  assert.deepEqual([job.status, job.attempt, job.lastError], ['done', 3, null]);
  assert.equal((await effects()).length, 1, 'only the run that succeeded committed');

  const doomed = (await enqueueJob(db, { kind: 'payout.daily', key: 'day:2026-03-02', maxAttempts: 2 }, time.clock()))!;
  failures.left = 5;
  assert.equal(await runner.tick(), 1);
  time.advance(1000);
  assert.equal(await runner.tick(), 1);
  job = await jobRow(doomed);
  assert.deepEqual([job.status, job.attempt], ['failed', 2]);
  time.advance(3_600_000);
  assert.equal(await runner.tick(), 0, 'a failed job waits for an operator');
});

test('perform runs outside the transaction before run; its failure is the attempt\'s failure and is retried', async () => {
  const time = manualClock();
  const calls: string[] = [];
  let fail = true;
  let outsideTransaction = false;
  const definition: JobDefinition = {
    kind: 'sms.send',
    async perform({ job }) {
      // With a transaction open, PGlite would make this query wait for it: answering proves none is.
      outsideTransaction = (await db.query<{ n: number }>('SELECT 1 AS n')).rows[0]?.n === 1;
      calls.push(`perform ${job.attempt}`);
      if (fail) throw new Error('provider down');
    },
    async run({ db: tx, job }) {
      calls.push(`run ${job.attempt}`);
      await tx.query('INSERT INTO job_effects (job_id, runner) VALUES ($1, $2)', [job.id, 'a']);
    },
  };
  const runner = new JobRunner(db, [definition], { clock: time.clock, retryBaseMs: 1000 });
  const id = (await enqueueJob(db, { kind: 'sms.send', key: 'code:1' }, time.clock()))!;
  assert.equal(await runner.tick(), 1);
  assert.deepEqual([(await jobRow(id)).status, (await jobRow(id)).lastError], ['pending', 'provider down']);
  fail = false;
  time.advance(1000);
  assert.equal(await runner.tick(), 1);
  assert.deepEqual(calls, ['perform 1', 'perform 2', 'run 2']);
  assert.ok(outsideTransaction);
  assert.equal((await jobRow(id)).status, 'done');
  assert.equal((await effects()).length, 1);
});

test('a job whose runner crashed is claimed again when its lease expires; the late runner cannot complete it', async () => {
  const time = manualClock();
  const id = (await enqueueJob(db, { kind: 'contract.expire', key: 'contract:7' }, time.clock()))!;
  // A runner claims it and dies without finishing.
  const [claimed] = await claimJobs(db, { kinds: ['contract.expire'], runner: 'crashed', now: time.clock(), leaseMs: 30_000, limit: 10 });
  assert.equal(claimed?.id, id);

  const survivor = new JobRunner(db, [recorder('contract.expire', () => 'survivor')], { clock: time.clock, leaseMs: 30_000 });
  time.advance(29_999);
  assert.equal(await survivor.tick(), 0, 'the lease still holds');
  time.advance(1);
  assert.equal(await survivor.tick(), 1);
  const job = await jobRow(id);
  assert.deepEqual([job.status, job.attempt], ['done', 2]);
  assert.deepEqual((await effects()).map((e) => e.runner), ['survivor']);
  assert.equal(await completeJob(db, claimed!, 'crashed', time.clock()), false, 'the crashed claim is fenced off');
});

test('two runners on one database claim each job exactly once', async () => {
  // On PostgreSQL each runner has its own connection pool, as two server processes would; PGlite has one
  // connection per folder, so there both runners share it (its statements run one at a time).
  const other = store.kind === 'postgres' ? await store.open() : db;
  const time = manualClock();
  const now = time.clock();
  const count = 60;
  for (let i = 0; i < count; i += 1) await enqueueJob(db, { kind: 'allocation.run', key: `ipo:${i}` }, now);

  // First the claim statement itself, raced: the two claims are disjoint.
  const [a, b] = await Promise.all([
    claimJobs(db, { kinds: ['allocation.run'], runner: 'a', now, leaseMs: 60_000, limit: 40 }),
    claimJobs(other, { kinds: ['allocation.run'], runner: 'b', now, leaseMs: 60_000, limit: 40 }),
  ]);
  const ids = [...a, ...b].map((job) => job.id);
  assert.equal(new Set(ids).size, ids.length, 'no job claimed by both');
  assert.equal(ids.length, Math.min(count, 80));
  await db.exec('DELETE FROM jobs');

  // Then whole runners, with handlers that take a moment, ticking at the same time.
  for (let i = 0; i < count; i += 1) await enqueueJob(db, { kind: 'allocation.run', key: `ipo:${i}` }, now);
  const slow = (name: string): JobDefinition => ({
    kind: 'allocation.run',
    async run({ db: tx, job }) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      await tx.query('INSERT INTO job_effects (job_id, runner) VALUES ($1, $2)', [job.id, name]);
    },
  });
  const runners = [new JobRunner(db, [slow('a')], { clock: time.clock, batch: 5 }), new JobRunner(other, [slow('b')], { clock: time.clock, batch: 5 })];
  const ran = await Promise.all(runners.map((runner) => runner.tick()));
  assert.equal(ran[0]! + ran[1]!, count);
  const rows = await effects();
  assert.equal(rows.length, count);
  assert.equal(new Set(rows.map((row) => row.job_id)).size, count, 'every job ran once');
  assert.equal((await listJobs(db, { status: 'done', limit: 1000 })).length, count);
  if (store.kind === 'postgres') assert.ok(ran[0]! > 0 && ran[1]! > 0, `both runners worked: ${ran.join(' / ')}`);
  if (other !== db) await other.close();
});

test('start() polls on its own and stop() waits for the run in flight', async () => {
  let inFlight = 0;
  let finished = 0;
  const runner = new JobRunner(db, [{ kind: 'chain.block', everyMs: 20, run: async () => {
    inFlight += 1;
    await new Promise((resolve) => setTimeout(resolve, 30));
    inFlight -= 1;
    finished += 1;
  } }]);
  await runner.start();
  const end = Date.now() + 10_000;
  while (finished < 2 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(finished >= 2, 'ran on its timer');
  await runner.stop();
  assert.equal(inFlight, 0, 'stop() waited');
  const stoppedAt = finished;
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(finished, stoppedAt, 'nothing runs after stop()');
});

test('operators list jobs and give a failed one another round (audited)', async () => {
  const time = manualClock();
  const runner = new JobRunner(db, [recorder('payout.daily', () => 'a', { left: 1 })], { clock: time.clock });
  const id = (await enqueueJob(db, { kind: 'payout.daily', key: 'day:2026-03-03', maxAttempts: 1 }, time.clock()))!;
  assert.equal(await runner.tick(), 1);
  const lines: string[] = [];
  const ctx = { operator: 'ops-jo', db: async () => db, print: (line: string) => lines.push(line), clock: time.clock };
  await runCommand(['job:list', 'failed'], ctx, JOB_COMMANDS);
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /payout\.daily.*failed.*attempts 1\/1.*last error: the chain node is unreachable/);
  await runCommand(['job:retry', id], ctx, JOB_COMMANDS);
  assert.deepEqual([(await jobRow(id)).status, (await jobRow(id)).attempt], ['pending', 0]);
  await assert.rejects(runCommand(['job:retry', id], ctx, JOB_COMMANDS), /is not a failed job/);
  assert.equal(await runner.tick(), 1);
  assert.equal((await jobRow(id)).status, 'done');
  const audit = await db.query<{ action: string; target: string }>("SELECT action, target FROM audit_log WHERE actor = 'ops-jo'");
  assert.deepEqual(audit.rows, [{ action: 'job:retry', target: `job:${id}` }]);
});
