import type { Db } from '../db/db.js';
import { AppError } from '../http/envelope.js';
import { failDeposit, receiveChainTransfer, recordBackofficeDeposit } from '../modules/deposits/service.js';
import { inProgressDeposits } from '../modules/deposits/storage.js';
import { lookupUser } from '../modules/identity/users/storage.js';
import { moneyConfig } from '../modules/wallet/config.js';
import type { Command } from './commands.js';
import { UsageError } from './usage-error.js';

/** A refusal of the money rules ("Invalid amount", "Unknown currency"…) is the operator's mistake: print it plainly. */
export async function asUsage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(error.message);
    throw error;
  }
}

async function userOrFail(db: Db, key: string | undefined) {
  if (!key) throw new UsageError('name a user: uid, e-mail, phone (+33...) or invitation code');
  const user = await lookupUser(db, key);
  if (!user) throw new UsageError(`No user "${key}"`);
  return user;
}

/** Operator commands of deposits (pnpm ops …); the changing ones are audited by runCommand. */
export const DEPOSIT_COMMANDS: Command[] = [
  {
    name: 'deposit:send',
    usage: 'deposit:send <address> <asset> <chain> <amount> [txhash]',
    summary: 'Simulated chain: send a transfer to a deposit address (credited after its confirmations)',
    changes: true,
    async run(args, tx, context) {
      const [address, asset, chain, amount, txHash] = args;
      if (!address || !asset || !chain || !amount) throw new UsageError('usage: deposit:send <address> <asset> <chain> <amount> [txhash]');
      // DEPOSIT_CONFIRMATIONS, when set, applies to transfers sent from here as to those the server receives.
      const confirmations = moneyConfig(process.env).depositConfirmations;
      const { deposit, replayed } = await asUsage(receiveChainTransfer(tx!, { confirmations }, { address, asset, chain, amount, txHash }, new Date()));
      context.print(
        replayed
          ? `Transaction ${deposit.txHash} was already recorded as deposit ${deposit.id} (${deposit.status}).`
          : `Deposit ${deposit.id}: ${deposit.amount} ${deposit.asset} on ${deposit.chain} to ${deposit.toAddress}, tx ${deposit.txHash}, waiting for ${deposit.requiredConfirmations} confirmations.`,
      );
      return { target: `deposit:${deposit.id}`, detail: { txHash: deposit.txHash, replayed } };
    },
  },
  {
    name: 'deposit:pending',
    usage: 'deposit:pending',
    summary: 'List deposits still waiting for confirmations',
    changes: false,
    async run(_args, _db, context) {
      const pending = await inProgressDeposits(await context.db());
      if (!pending.length) context.print('No deposit is in progress.');
      for (const d of pending) {
        context.print([d.id, `user:${d.userId}`, `${d.amount} ${d.asset}`, d.chain, `${d.confirmations}/${d.requiredConfirmations}`, d.txHash, d.createdAt.toISOString()].join('  '));
      }
    },
  },
  {
    name: 'deposit:fail',
    usage: 'deposit:fail <deposit> <reason…>',
    summary: 'Simulated chain: a transfer in progress was dropped; the deposit fails and is never credited',
    changes: true,
    async run(args, tx, context) {
      const [id, ...words] = args;
      const reason = words.join(' ').trim();
      if (!id || !reason) throw new UsageError('usage: deposit:fail <deposit> <reason…>');
      const deposit = await asUsage(failDeposit(tx!, id, reason, new Date()));
      context.print(`Deposit ${deposit.id} failed: ${reason}`);
      return { target: `deposit:${deposit.id}`, detail: { reason } };
    },
  },
  {
    name: 'recharge:record',
    usage: 'recharge:record <user> <asset> <amount> <evidence…>',
    summary: "Record a back-office deposit with its evidence reference; credits the user's real platform wallet",
    changes: true,
    async run(args, tx, context) {
      const [key, asset, amount, ...words] = args;
      const evidence = words.join(' ').trim();
      if (!key || !asset || !amount || !evidence) throw new UsageError('usage: recharge:record <user> <asset> <amount> <evidence…>');
      const user = await userOrFail(tx!, key);
      const deposit = await asUsage(recordBackofficeDeposit(tx!, { userId: user.id, asset, amount, evidence, operator: context.operator }, new Date()));
      context.print(`Deposit ${deposit.id}: ${deposit.amount} ${deposit.asset} credited to user ${user.id} (evidence: ${evidence}).`);
      return { target: `user:${user.id}`, detail: { deposit: deposit.id, asset: deposit.asset, amount: deposit.amount, evidence } };
    },
  },
];
