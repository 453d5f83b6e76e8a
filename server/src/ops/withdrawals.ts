import { approveWithdrawal, pendingWithdrawals, rejectWithdrawal } from '../modules/withdrawals/review.js';
import type { Command } from './commands.js';
import { asUsage } from './deposits.js';
import { UsageError } from './usage-error.js';

/** Operator commands of withdrawals (pnpm ops …); approve and reject are audited by runCommand and notify the user. */
export const WITHDRAWAL_COMMANDS: Command[] = [
  {
    name: 'withdraw:pending',
    usage: 'withdraw:pending',
    summary: 'List withdrawals waiting for a decision, oldest first',
    changes: false,
    async run(_args, _db, context) {
      const pending = await pendingWithdrawals(await context.db());
      if (!pending.length) context.print('No withdrawal is pending.');
      for (const w of pending) {
        context.print(
          [w.id, `user:${w.userId}`, `${w.amount} ${w.asset}`, `fee ${w.fee}${w.feeExempt ? ' (new-user exempt)' : ''}`, `sends ${w.amountAfterFee}`, w.chain, w.address, w.createdAt.toISOString()].join('  '),
        );
      }
    },
  },
  {
    name: 'withdraw:approve',
    usage: 'withdraw:approve <withdrawal>',
    summary: 'Approve a pending withdrawal; the simulated chain pays it out at once (Completed, with a tx hash)',
    changes: true,
    async run(args, tx, context) {
      if (!args[0]) throw new UsageError('usage: withdraw:approve <withdrawal>');
      const w = await asUsage(approveWithdrawal(tx!, args[0], context.operator, new Date()));
      context.print(`Withdrawal ${w.id} completed: ${w.amountAfterFee} ${w.asset} sent to ${w.address} (fee ${w.fee}), tx ${w.txHash}.`);
      return { target: `withdrawal:${w.id}`, detail: { amount: w.amount, fee: w.fee, txHash: w.txHash } };
    },
  },
  {
    name: 'withdraw:reject',
    usage: 'withdraw:reject <withdrawal> <reason…>',
    summary: 'Reject a pending withdrawal; the user sees the reason and the amount is released',
    changes: true,
    async run(args, tx, context) {
      const [id, ...words] = args;
      const reason = words.join(' ').trim();
      if (!id || !reason) throw new UsageError('usage: withdraw:reject <withdrawal> <reason…>');
      const w = await asUsage(rejectWithdrawal(tx!, id, context.operator, reason, new Date()));
      context.print(`Withdrawal ${w.id} rejected: ${reason}. ${w.amount} ${w.asset} released to the user.`);
      return { target: `withdrawal:${w.id}`, detail: { reason } };
    },
  },
];
