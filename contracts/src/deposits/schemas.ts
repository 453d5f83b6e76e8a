import { Type } from 'typebox';
import { DateTime, Nullable, Page, PageQuery, Text } from '../kit/schema.js';
import { refuses } from '../refusals.js';

export const DepositStatus = Type.Union([Type.Literal('in_progress'), Type.Literal('success'), Type.Literal('fail')]);

export const Chain = Type.Object({ id: Type.String(), name: Type.String(), confirmations: Type.Integer() });

export const DepositAddress = Type.Object({
  asset: Type.String(),
  chain: Type.String(),
  chainName: Type.String(),
  address: Type.String(),
  /** Confirmations a deposit to this address waits for before it is credited. */
  confirmations: Type.Integer(),
});

export const Deposit = Type.Object({
  id: Type.String(),
  asset: Type.String(),
  channel: Type.Union([Type.Literal('terminal'), Type.Literal('backoffice')]),
  channelName: Type.String(),
  amount: Type.String(),
  /** The spec's "number": the transaction hash, or the evidence reference of a back-office deposit. */
  number: Nullable(Type.String()),
  txHash: Nullable(Type.String()),
  chain: Nullable(Type.String()),
  fromAddress: Nullable(Type.String()),
  toAddress: Nullable(Type.String()),
  confirmations: Type.Integer(),
  requiredConfirmations: Type.Integer(),
  status: DepositStatus,
  reason: Nullable(Type.String()),
  createdAt: DateTime,
  creditedAt: Nullable(DateTime),
});

const addressQuery = Type.Object({ asset: Text(16), chain: Type.Optional(Text(16)) });
const addressSummary = 'The user’s deposit address for a coin on a chain (the coin’s first chain when none is named); real account only';

/** Deposits under /asset/api: real account only (demo money never comes from a chain). */
export const depositSchemas = {
  chainTypes: {
    refusals: refuses('unknownAsset'),
    query: Type.Object({ asset: Text(16) }),
    data: Type.Array(Chain),
    summary: 'The chains a coin is deposited on, with the confirmations each waits for (public)',
  },
  rechargeTypes: {
    refusals: refuses(),
    data: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), description: Type.String() })),
    summary: 'The deposit channels (public)',
  },
  address: { refusals: refuses('depositRealOnly', 'unknownAsset', 'invalidChain'), query: addressQuery, data: DepositAddress, summary: addressSummary },
  addressNew: { refusals: refuses('depositRealOnly', 'unknownAsset', 'invalidChain'), query: addressQuery, data: DepositAddress, summary: `${addressSummary} (same answer as get-deposit-address)` },
  list: {
    refusals: refuses(),
    query: PageQuery({ asset: Type.Optional(Text(16)), status: Type.Optional(DepositStatus) }),
    data: Page(Deposit),
    summary: 'The user’s deposits, newest first (none in demo mode)',
  },
};
