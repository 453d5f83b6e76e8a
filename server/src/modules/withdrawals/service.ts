import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { isChainAddress } from '../deposits/chain-address.js';
import { findUserById } from '../identity/users/storage.js';
import { Dec } from '../ledger/decimal.js';
import { available, type AccountRef, type Mode } from '../ledger/ledger.js';
import { holdOf, placeHold, releaseHold, type Hold } from '../../platform-kit/product/holds.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import { CHAINS, findChain, findCurrency, type Currency } from '../wallet/currencies.js';
import { parseCurrencyAmount } from '../wallet/service.js';
import { amountAfterFee, feeTerms, type FeeTerms } from './fees.js';
import { checkFundPassword, type FundPasswordLimits } from './fund-password.js';
import {
  addEvent,
  eventsOf,
  findAddress,
  findWithdrawal,
  insertWithdrawal,
  leavePending,
  listWithdrawals,
  withdrawalByRequestKey,
  type WithdrawalEvent,
  type WithdrawalRow,
  type WithdrawalStatus,
} from './storage.js';

/** Part of every estimate, confirmation and creation answer, shown on the withdraw screen. */
export const WITHDRAW_NOTICE =
  'Meridian never asks for any extra payment to release a withdrawal: no deposit, tax, unlock or verification fee. ' +
  'The fee shown here is the only one. If anyone asks you to pay to unlock a withdrawal, it is a scam; contact customer service.';

export interface WithdrawalRecord extends Omit<WithdrawalRow, 'userId'> {
  chainName: string;
  /** Every transition, oldest first: status, time, actor kind (user, operator, system) and reason. */
  events: WithdrawalEvent[];
}

export interface WithdrawalDeps {
  db: Db;
  clock: () => Date;
  /** New users withdraw without the fee for this many months after sign-up. */
  feeExemptMonths: number;
  fundPassword: FundPasswordLimits;
}

interface Caller {
  id: string;
  mode: Mode;
}

export interface WithdrawInput {
  asset: unknown;
  chain?: unknown;
  addressId?: unknown;
  address?: unknown;
  amount?: unknown;
}

export const availableRef = (userId: string, asset: string): AccountRef => ({ holder: userId, mode: 'real', wallet: 'platform', asset });

function requireReal(caller: Caller): void {
  // Demo money is virtual and must never leave for a chain.
  if (caller.mode !== 'real') throw refuse('withdrawRealOnly');
}

/** The amount of a withdrawal: present, valid in the coin's decimals, within the coin's minimum and maximum (inclusive). */
function parseWithdrawAmount(currency: Currency, value: unknown): string {
  if (value === undefined || value === null || value === '') throw refuse('invalidAmount');
  const amount = parseCurrencyAmount(currency.asset, value);
  if (new Dec(amount).lt(currency.withdraw.min)) throw refuse('belowMinimum');
  if (new Dec(amount).gt(currency.withdraw.max)) throw refuse('aboveMaximum');
  return amount;
}

async function withRecord(db: Db, rows: WithdrawalRow[]): Promise<WithdrawalRecord[]> {
  const events = await eventsOf(db, rows.map((r) => r.id));
  return rows.map(({ userId: _userId, ...row }) => ({ ...row, chainName: CHAINS[row.chain]?.name ?? row.chain, events: events.get(row.id) ?? [] }));
}

export async function recordOf(db: Db, id: string): Promise<WithdrawalRecord> {
  return (await withRecord(db, [(await findWithdrawal(db, id))!]))[0]!;
}

export function createWithdrawals(deps: WithdrawalDeps) {
  const { db, clock } = deps;

  async function termsFor(userId: string, currency: Currency, now: Date): Promise<FeeTerms & { fundPasswordHash: string | null }> {
    const user = await findUserById(db, userId);
    if (!user) throw refuse('notFound');
    return { ...feeTerms(currency, user.createdAt, now, deps.feeExemptMonths), fundPasswordHash: user.fundPasswordHash };
  }

  /** Where the money goes: a saved address (addressId) or one typed in (address + chain), checked for the chain. */
  async function destination(userId: string, currency: Currency, input: WithdrawInput): Promise<{ chain: string; address: string; alias: string }> {
    if (input.addressId !== undefined && input.addressId !== null && input.addressId !== '') {
      const saved = await findAddress(db, userId, String(input.addressId));
      if (!saved) throw refuse('addressRequired');
      if (saved.asset !== currency.asset) throw refuse('invalidChain');
      if (input.chain !== undefined && findChain(currency, input.chain).id !== saved.chain) throw refuse('invalidChain');
      return { chain: saved.chain, address: saved.address, alias: saved.alias };
    }
    const address = typeof input.address === 'string' ? input.address.trim() : '';
    if (!address) throw refuse('addressRequired');
    // A coin on one chain needs no chain named; USDT (three chains) does.
    const chain = findChain(currency, input.chain ?? (currency.chains.length === 1 ? currency.chains[0] : undefined));
    if (!isChainAddress(chain.id, address)) throw refuse('invalidChain');
    return { chain: chain.id, address, alias: '' };
  }

  /** Everything a withdrawal is checked for before the fund password: what confirm answers and create then does. */
  async function prepare(caller: Caller, input: WithdrawInput, now: Date) {
    requireReal(caller);
    const currency = findCurrency(input.asset);
    const amount = parseWithdrawAmount(currency, input.amount);
    const target = await destination(caller.id, currency, input);
    const terms = await termsFor(caller.id, currency, now);
    const net = amountAfterFee(amount, terms.fee);
    if (net.lte(0)) throw refuse('notEnough');
    return { currency, amount, ...target, terms, amountAfterFee: net.toFixed() };
  }

  const showTerms = (terms: FeeTerms) => ({
    fee: terms.fee,
    standardFee: terms.standardFee,
    feeExempt: terms.feeExempt,
    feeExemptUntil: terms.feeExemptUntil,
  });

  return {
    /** The fee terms for a coin and, with an amount, what arrives: for the screen before the user confirms. */
    async estimate(caller: Caller, input: { asset: unknown; amount?: unknown }) {
      requireReal(caller);
      const currency = findCurrency(input.asset);
      const terms = await termsFor(caller.id, currency, clock());
      const amount = input.amount === undefined || input.amount === '' ? null : parseCurrencyAmount(currency.asset, input.amount);
      const net = amount === null ? null : amountAfterFee(amount, terms.fee);
      return {
        asset: currency.asset,
        chains: currency.chains.map((id) => ({ id, name: CHAINS[id]!.name })),
        min: currency.withdraw.min,
        max: currency.withdraw.max,
        ...showTerms(terms),
        amount,
        amountAfterFee: net === null || net.lte(0) ? null : net.toFixed(),
        available: await available(db, availableRef(caller.id, currency.asset)),
        notice: WITHDRAW_NOTICE,
      };
    },

    /**
     * Step one of two: checks the request as create will (except the fund password) and answers the confirmation
     * sheet. Nothing is stored and no money moves; create, with the fund password, is the step that freezes.
     */
    async confirm(caller: Caller, input: WithdrawInput) {
      const now = clock();
      const p = await prepare(caller, input, now);
      const balance = await available(db, availableRef(caller.id, p.currency.asset));
      if (new Dec(balance).lt(p.amount)) throw refuse('insufficientBalance');
      return {
        asset: p.currency.asset,
        chain: p.chain,
        chainName: CHAINS[p.chain]!.name,
        address: p.address,
        alias: p.alias,
        amount: p.amount,
        ...showTerms(p.terms),
        amountAfterFee: p.amountAfterFee,
        available: balance,
        fundPasswordSet: p.terms.fundPasswordHash !== null,
        notice: WITHDRAW_NOTICE,
      };
    },

    /**
     * Step two: with the fund password, records the withdrawal as pending and freezes its amount (fee included) in
     * the platform wallet. requestId makes a retry answer the first withdrawal instead of freezing twice.
     */
    async create(caller: Caller, input: WithdrawInput & { fundPassword?: string; requestId: string }): Promise<WithdrawalRecord & { notice: string }> {
      requireReal(caller);
      const { requestId, fundPassword: _secret, ...request } = input;
      const call = await idempotent(db, clock, {
        key: { scope: 'withdraw', userId: caller.id, mode: caller.mode, requestId },
        request,
        replay: async (store, key) => (await withdrawalByRequestKey(store, key))?.id,
      });
      const now = clock();
      if (call.first !== undefined) {
        // A replay answers the first withdrawal only with the fund password again: the key is no way around it.
        const user = await findUserById(db, caller.id);
        await checkFundPassword(db, { id: caller.id, fundPasswordHash: user?.fundPasswordHash ?? null }, input.fundPassword, deps.fundPassword, now);
        return { ...(await recordOf(db, call.first)), notice: WITHDRAW_NOTICE };
      }
      const p = await prepare(caller, input, now);
      await checkFundPassword(db, { id: caller.id, fundPasswordHash: p.terms.fundPasswordHash }, input.fundPassword, deps.fundPassword, now);
      const id = await call.transaction(async (tx) => {
        const row = await insertWithdrawal(tx, {
          userId: caller.id,
          asset: p.currency.asset,
          chain: p.chain,
          address: p.address,
          alias: p.alias,
          amount: p.amount,
          fee: p.terms.fee,
          amountAfterFee: p.amountAfterFee,
          feeExempt: p.terms.feeExempt,
          requestKey: call.key,
        }, now);
        await addEvent(tx, { withdrawalId: row.id, status: 'pending', actorKind: 'user' }, now);
        await placeHold(tx, { userId: caller.id, mode: 'real', wallet: 'platform', asset: row.asset, amount: row.amount, ...withdrawalHold(row.id) }, now);
        return row.id;
      });
      return { ...(await recordOf(db, id)), notice: WITHDRAW_NOTICE };
    },

    /** The user takes back a pending withdrawal; its held amount returns to available. */
    async cancel(caller: Caller, id: string): Promise<WithdrawalRecord> {
      requireReal(caller);
      const now = clock();
      return db.transaction(async (tx) => {
        const row = await leavePending(tx, id, { status: 'canceled', userId: caller.id }, now);
        if (!row) {
          const found = await findWithdrawal(tx, id);
          throw refuse(found?.userId === caller.id ? 'notPending' : 'notFound');
        }
        await addEvent(tx, { withdrawalId: id, status: 'canceled', actorKind: 'user' }, now);
        await release(tx, row, now);
        return recordOf(tx, id);
      });
    },

    async list(caller: Caller, filter: { asset?: string | undefined; status?: string | undefined; limit: number; offset: number }) {
      // Withdrawals belong to the real account; the demo account has none.
      if (caller.mode !== 'real') return { total: 0, rows: [] as WithdrawalRecord[] };
      const asset = filter.asset ? findCurrency(filter.asset).asset : undefined;
      const status = filter.status?.toLowerCase() as WithdrawalStatus | undefined;
      const { total, rows } = await listWithdrawals(db, { userId: caller.id, asset, status, limit: filter.limit, offset: filter.offset });
      return { total, rows: await withRecord(db, rows) };
    },
  };
}

export type Withdrawals = ReturnType<typeof createWithdrawals>;

/** The named hold a withdrawal's amount waits in, from its request to its payment or return. */
export const withdrawalHold = (id: string) => ({ reason: 'withdrawal', reference: { kind: 'withdrawal', id } });

/** The withdrawal's hold (every pending withdrawal has one: 0034 gave the older ones theirs). */
export async function holdOfWithdrawal(tx: Db, id: string): Promise<Hold> {
  const { reason, reference } = withdrawalHold(id);
  const found = await holdOf(tx, reference, reason);
  if (!found) throw new Error(`withdrawal ${id} has no hold`);
  return found;
}

/** Held back to available (a cancel or a rejection; one withdrawal has at most one of them). */
export async function release(tx: Db, row: WithdrawalRow, now: Date): Promise<void> {
  await releaseHold(tx, (await holdOfWithdrawal(tx, row.id)).id, now);
}
