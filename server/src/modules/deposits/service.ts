import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.js';
import { operatorError } from '../../http/refuse.js';
import { pushToUser } from '../platform/user-events.js';
import { PLATFORM, post } from '../ledger/ledger.js';
import { notify } from '../notifications/service.js';
import { CHAINS, findChain, findCurrency } from '../wallet/currencies.js';
import { parseCurrencyAmount } from '../wallet/service.js';
import { addressKey, deriveDepositAddress, renderAddress, simulatedTxHash } from './chain-address.js';
import {
  addConfirmation,
  confirmedDeposits,
  depositAddressByKey,
  depositByEvidence,
  depositByTxHash,
  findDepositAddress,
  findDeposit,
  insertDeposit,
  saveDepositAddress,
  settleDeposit,
  type DepositRow,
  type DepositStatus,
} from './storage.js';

/** The spec's two deposit channels. */
export const RECHARGE_TYPES = [
  { id: 'terminal', name: 'Terminal recharge', description: 'A transfer from your own wallet to your deposit address, credited after its confirmations' },
  { id: 'backoffice', name: 'Back-office recharge', description: 'A deposit recorded by our staff with its evidence (e.g. a bank transfer)' },
] as const;

/** A deposit as the user sees it in userrechange/list. */
export interface DepositRecord {
  id: string;
  asset: string;
  channel: DepositRow['channel'];
  channelName: string;
  amount: string;
  /** The spec's "number": the transaction hash, or the evidence reference of a back-office deposit. */
  number: string | null;
  txHash: string | null;
  chain: string | null;
  fromAddress: string | null;
  toAddress: string | null;
  confirmations: number;
  requiredConfirmations: number;
  status: DepositStatus;
  reason: string | null;
  createdAt: Date;
  creditedAt: Date | null;
}

export function depositRecord(row: DepositRow): DepositRecord {
  return {
    id: row.id,
    asset: row.asset,
    channel: row.channel,
    channelName: RECHARGE_TYPES.find((t) => t.id === row.channel)!.name,
    amount: row.amount,
    number: row.txHash ?? row.evidence,
    txHash: row.txHash,
    chain: row.chain,
    fromAddress: row.fromAddress,
    toAddress: row.toAddress,
    confirmations: row.confirmations,
    requiredConfirmations: row.requiredConfirmations,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt,
    creditedAt: row.creditedAt,
  };
}

export interface DepositSettings {
  /** The key deposit addresses are derived from. */
  addressSecret: string;
  /** Confirmations every deposit waits for instead of its chain's (development and tests). */
  confirmations?: number | undefined;
}

/** The confirmations a deposit on this chain waits for. */
export function requiredConfirmations(chain: string, settings: Pick<DepositSettings, 'confirmations'>): number {
  return settings.confirmations ?? CHAINS[chain]!.confirmations;
}

/** The user's deposit address for a coin on a chain (the coin's first chain when none is named), stored on first use. */
export async function depositAddress(
  db: Db,
  settings: DepositSettings,
  userId: string,
  input: { asset: unknown; chain?: unknown },
  now: Date,
): Promise<{ asset: string; chain: string; chainName: string; address: string; confirmations: number }> {
  const currency = findCurrency(input.asset);
  const chain = findChain(currency, input.chain ?? currency.chains[0]);
  const answer = (address: string) => ({
    asset: currency.asset,
    chain: chain.id,
    chainName: chain.name,
    address,
    confirmations: requiredConfirmations(chain.id, settings),
  });
  const stored = await findDepositAddress(db, userId, currency.asset, chain.id);
  if (stored) return answer(stored.address);
  const address = deriveDepositAddress(settings.addressSecret, userId, currency.asset, chain.id);
  await saveDepositAddress(db, { userId, asset: currency.asset, chain: chain.id, address, addressKey: addressKey(chain.id, address) }, now);
  // A concurrent first request may have stored it first; the stored one is the answer either way.
  const saved = await findDepositAddress(db, userId, currency.asset, chain.id);
  return answer(saved!.address);
}

/**
 * The simulated chain delivers a transfer to a deposit address: a deposit in progress with no confirmation yet,
 * credited by the confirmation job. A repeated delivery of the same transaction answers the first deposit.
 */
export async function receiveChainTransfer(
  db: Db,
  settings: Pick<DepositSettings, 'confirmations'>,
  input: { address: string; asset: unknown; chain: unknown; amount: unknown; txHash?: string | undefined },
  now: Date,
): Promise<{ deposit: DepositRecord; replayed: boolean }> {
  const currency = findCurrency(input.asset);
  const chain = findChain(currency, input.chain);
  const amount = parseCurrencyAmount(currency.asset, input.amount);
  const txHash = input.txHash?.trim() || simulatedTxHash(chain.id);
  if (!/^[A-Za-z0-9]{8,128}$/.test(txHash)) throw operatorError('A transaction hash is 8-128 letters and digits');
  const target = await depositAddressByKey(db, chain.id, addressKey(chain.id, input.address));
  if (!target) throw operatorError(`${input.address} is not a deposit address on ${chain.id}`);
  if (target.asset !== currency.asset) throw operatorError(`${input.address} is the ${target.asset} deposit address, not ${currency.asset}`);
  return db.transaction(async (tx) => {
    const deposit = await insertDeposit(tx, {
      userId: target.userId,
      asset: currency.asset,
      channel: 'terminal',
      amount,
      chain: chain.id,
      txHash,
      // The sender of a simulated transfer: an address of the same chain, derived from the hash.
      fromAddress: renderAddress(chain.id, createHash('sha256').update(`from|${chain.id}|${txHash}`).digest()),
      toAddress: target.address,
      requiredConfirmations: requiredConfirmations(chain.id, settings),
      status: 'in_progress',
    }, now);
    if (deposit) {
      pushToUser(tx, target.userId, { action: 'DEPOSIT', mode: 'real', id: deposit.id, status: 'in_progress' });
      return { deposit: depositRecord(deposit), replayed: false };
    }
    const existing = await depositByTxHash(tx, chain.id, txHash);
    if (!existing || existing.toAddress !== target.address || existing.amount !== amount || existing.asset !== currency.asset) {
      throw operatorError(`Transaction ${txHash} is already recorded with other details`);
    }
    return { deposit: depositRecord(existing), replayed: true };
  });
}

/** Credits a deposit to the user's real platform wallet, once: the ledger key is deposit:<id>. */
async function credit(tx: Db, deposit: DepositRow, from: 'chain' | 'backoffice', now: Date): Promise<void> {
  await post(tx, {
    key: `deposit:${deposit.id}`,
    cause: { type: 'deposit', id: deposit.id },
    moves: [{
      from: { holder: PLATFORM, mode: 'real', wallet: from, asset: deposit.asset },
      to: { holder: deposit.userId, mode: 'real', wallet: 'platform', asset: deposit.asset },
      amount: deposit.amount,
    }],
  }, now);
  await notify(tx, {
    userId: deposit.userId,
    kind: 'deposit.credited',
    params: { id: deposit.id, asset: deposit.asset, amount: deposit.amount, channel: deposit.channel },
    title: 'Deposit credited',
    body: `Your deposit of ${deposit.amount} ${deposit.asset} has been credited to your platform wallet.`,
    ref: { type: 'deposit', id: deposit.id },
  }, now);
}

/**
 * One run of the confirmation job, in one transaction: a block of the simulated chain (one more confirmation per
 * in-progress deposit), then every deposit with all its confirmations credited and marked success. Everything the
 * job knows is in the database, so a restart between runs loses nothing, and a run that fails rolls back whole.
 */
export async function confirmDeposits(db: Db, now: Date): Promise<{ confirmed: number; credited: string[] }> {
  return db.transaction(async (tx) => {
    const confirmed = await addConfirmation(tx);
    const credited: string[] = [];
    for (const deposit of await confirmedDeposits(tx)) {
      if (!(await settleDeposit(tx, deposit.id, { status: 'success' }, now))) continue;
      await credit(tx, deposit, 'chain', now);
      credited.push(deposit.id);
    }
    return { confirmed, credited };
  });
}

/** An operator marks an in-progress chain deposit failed (the simulated chain dropped its transaction). */
export async function failDeposit(db: Db, id: string, reason: string, now: Date): Promise<DepositRecord> {
  return db.transaction(async (tx) => {
    const deposit = await findDeposit(tx, id);
    if (!deposit) throw operatorError(`No deposit ${id}`);
    if (!(await settleDeposit(tx, id, { status: 'fail', reason }, now))) throw operatorError(`Deposit ${id} is ${deposit.status}, not in progress`);
    await notify(tx, {
      userId: deposit.userId,
      kind: 'deposit.failed',
      params: { id, asset: deposit.asset, amount: deposit.amount, reason },
      title: 'Deposit failed',
      body: `Your deposit of ${deposit.amount} ${deposit.asset} failed: ${reason}`,
      ref: { type: 'deposit', id },
    }, now);
    pushToUser(tx, deposit.userId, { action: 'DEPOSIT', mode: 'real', id, status: 'fail' });
    return depositRecord((await findDeposit(tx, id))!);
  });
}

/**
 * A back-office recharge: an amount an operator recorded with its evidence, credited at once from the platform's
 * back-office account. One evidence reference records one deposit, so a repeated command cannot credit twice.
 */
export async function recordBackofficeDeposit(
  db: Db,
  input: { userId: string; asset: unknown; amount: unknown; evidence: string; operator: string },
  now: Date,
): Promise<DepositRecord> {
  const currency = findCurrency(input.asset);
  const amount = parseCurrencyAmount(currency.asset, input.amount);
  const evidence = input.evidence.trim();
  if (!evidence) throw operatorError('A back-office recharge needs its evidence reference');
  return db.transaction(async (tx) => {
    const deposit = await insertDeposit(tx, {
      userId: input.userId,
      asset: currency.asset,
      channel: 'backoffice',
      amount,
      evidence,
      operator: input.operator,
      requiredConfirmations: 0,
      status: 'in_progress',
    }, now);
    if (!deposit) {
      const existing = await depositByEvidence(tx, evidence);
      throw operatorError(`Evidence "${evidence}" is already recorded as deposit ${existing?.id ?? '?'}`);
    }
    await settleDeposit(tx, deposit.id, { status: 'success' }, now);
    await credit(tx, deposit, 'backoffice', now);
    return depositRecord((await findDeposit(tx, deposit.id))!);
  });
}
