import { decideReport, pendingReports } from '../modules/deposits/address-book.js';
import type { Command, CommandContext } from './commands.js';
import { UsageError } from './usage-error.js';

const now = (context: CommandContext) => context.clock?.() ?? new Date();

async function decided<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Error && /^(No |Deposit report )/.test(error.message)) throw new UsageError(error.message);
    throw error;
  }
}

/** Users' own deposit reports (userrechange/insert): listed, then confirmed on the chain or rejected, audited. */
export const DEPOSIT_REPORT_COMMANDS: Command[] = [
  {
    name: 'deposit:reports',
    usage: 'deposit:reports',
    summary: 'List deposit reports users made that wait for a check on the chain',
    changes: false,
    async run(_args, _db, context) {
      const rows = await pendingReports(await context.db());
      if (!rows.length) context.print('No pending deposit report.');
      for (const r of rows) context.print([r.id, `user:${r.userId}`, `${r.amount} ${r.asset}`, r.chain, r.txHash, r.createdAt.toISOString()].join('  '));
    },
  },
  {
    name: 'deposit:report-confirm',
    usage: 'deposit:report-confirm <report>',
    summary: 'Confirm a reported deposit seen on the chain: records it as a back-office deposit (once)',
    changes: true,
    async run(args, tx, context) {
      if (!args[0]) throw new UsageError('name a report id (see deposit:reports)');
      const r = await decided(() => decideReport(tx!, args[0]!, 'confirm', '', context.operator, now(context)));
      context.print(`Deposit report ${r.id} confirmed: deposit ${r.depositId} for user ${r.userId}.`);
      return { target: `user:${r.userId}`, detail: { report: r.id, deposit: r.depositId } };
    },
  },
  {
    name: 'deposit:report-reject',
    usage: 'deposit:report-reject <report> <reason…>',
    summary: 'Reject a deposit report (nothing arrived); the user sees the reason',
    changes: true,
    async run(args, tx, context) {
      if (!args[0]) throw new UsageError('name a report id (see deposit:reports)');
      const reason = args.slice(1).join(' ').trim();
      if (!reason) throw new UsageError('a rejection needs a reason');
      const r = await decided(() => decideReport(tx!, args[0]!, 'reject', reason, context.operator, now(context)));
      context.print(`Deposit report ${r.id} rejected: ${reason}`);
      return { target: `user:${r.userId}`, detail: { report: r.id, reason } };
    },
  },
];
