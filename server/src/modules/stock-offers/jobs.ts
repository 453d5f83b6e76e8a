import type { Db } from '../../db/db.js';
import type { JobDefinition } from '../../platform-kit/jobs/job-runner.js';
import { deliverApproved, expireBlocks } from './block.js';
import { closeWindows, drawDue, listDue } from './ipo.js';

export const STOCK_OFFERS_JOB = 'stock-offers.steps';
export const STOCK_OFFERS_EVERY_MS = 5_000;

/**
 * Every due step of IPOs and block trades, in the job's transaction: close windows, draw, list, deliver approved
 * blocks, expire undecided ones. Each step changes only rows still in the state it starts from, under their row
 * locks, and closes holds once, so a run repeated after a crash or a restart does nothing twice.
 */
export async function runDueSteps(db: Db, now: Date): Promise<Record<string, number>> {
  return {
    closed: await closeWindows(db, now),
    drawn: await drawDue(db, now),
    listed: await listDue(db, now),
    delivered: await deliverApproved(db, now),
    expired: await expireBlocks(db, now),
  };
}

export const stockOfferJobs = (clock: () => Date): JobDefinition[] => [
  { kind: STOCK_OFFERS_JOB, everyMs: STOCK_OFFERS_EVERY_MS, run: ({ db }) => runDueSteps(db, clock()) },
];
