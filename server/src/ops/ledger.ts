import { verify } from '../modules/ledger/ledger.js';
import type { Command } from './commands.js';
import { UsageError } from './usage-error.js';

/** Operator commands of the ledger. None of them can change a balance: the ledger has no such statement. */
export const LEDGER_COMMANDS: Command[] = [
  {
    name: 'ledger:verify',
    usage: 'ledger:verify',
    summary: 'Prove the ledger: every asset sums to zero, every balance equals its transfers, held funds equal open holds',
    changes: false,
    async run(_args, _db, context) {
      const report = await verify(await context.db());
      context.print(`${report.accounts} accounts, ${report.transfers} transfers checked.`);
      if (report.ok) {
        context.print('Ledger OK: every asset sums to zero, every balance equals its transfers, no user balance is negative, every held balance equals its open holds.');
        return;
      }
      for (const problem of report.problems) context.print(`PROBLEM: ${problem}`);
      throw new UsageError(`Ledger verification failed: ${report.problems.length} problem(s)`);
    },
  },
];
