import { listJobs, retryFailedJob, type JobStatus } from '../platform-kit/jobs/job-store.js';
import type { Command } from './commands.js';
import { UsageError } from './usage-error.js';

const STATUSES: readonly JobStatus[] = ['pending', 'running', 'done', 'failed'];

/** Operator commands of the job runner: see what is scheduled or failed, and give a failed job another round. */
export const JOB_COMMANDS: Command[] = [
  {
    name: 'job:list',
    usage: 'job:list [pending|running|done|failed] [limit]',
    summary: 'List jobs, newest first (default 50), with attempts, due time and last error',
    changes: false,
    async run(args, _db, context) {
      const status = STATUSES.find((s) => s === args[0]);
      const rest = status ? args.slice(1) : args;
      const limit = rest[0] === undefined ? 50 : Number(rest[0]);
      if (!Number.isInteger(limit) || limit < 1 || rest.length > 1) throw new UsageError('usage: job:list [pending|running|done|failed] [limit]');
      const jobs = await listJobs(await context.db(), { limit, ...(status ? { status } : {}) });
      if (!jobs.length) context.print('No job.');
      for (const job of jobs) {
        context.print(
          [
            job.id,
            job.kind,
            job.key === job.kind ? `every ${job.everyMs} ms` : job.key,
            job.status,
            `attempts ${job.attempt}/${job.everyMs === null ? job.maxAttempts : '∞'}`,
            `due ${job.runAt.toISOString()}`,
            ...(job.lockedBy ? [`claimed by ${job.lockedBy} until ${job.lockedUntil?.toISOString()}`] : []),
            ...(job.lastError ? [`last error: ${job.lastError}`] : []),
          ].join('  '),
        );
      }
    },
  },
  {
    name: 'job:retry',
    usage: 'job:retry <id>',
    summary: 'Make a failed job due again now, with a fresh set of attempts',
    changes: true,
    async run(args, tx, context) {
      const [id] = args;
      if (!id || !/^[0-9]{1,18}$/.test(id)) throw new UsageError('usage: job:retry <id>');
      if (!(await retryFailedJob(tx!, id, (context.clock ?? (() => new Date()))()))) throw new UsageError(`Job ${id} is not a failed job`);
      context.print(`Job ${id} is due again.`);
      return { target: `job:${id}` };
    },
  },
];
