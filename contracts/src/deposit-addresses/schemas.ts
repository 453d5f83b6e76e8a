import { Type } from 'typebox';
import { DateTime, Decimal, Nullable, OneOf, Text } from '../kit/schema.js';
import { refuses } from '../refusals.js';
import { IdInput } from '../withdrawals/schemas.js';

const Asset = Type.String({ minLength: 1, maxLength: 16 });
const Chain = Type.String({ minLength: 1, maxLength: 16 });

export const DepositAddress = Type.Object({
  id: Type.String(),
  asset: Type.String(),
  chain: Type.String(),
  chainName: Type.String(),
  address: Type.String(),
  label: Type.String(),
  /** the address deposit-address-new gives (it cannot be removed) */
  primary: Type.Boolean(),
  createdAt: DateTime,
});

export const DepositReport = Type.Object({
  id: Type.String(),
  asset: Type.String(),
  chain: Type.String(),
  txHash: Type.String(),
  amount: Type.String(),
  status: OneOf(['pending', 'confirmed', 'rejected'] as const),
  reason: Type.String(),
  createdAt: DateTime,
  decidedAt: Nullable(DateTime),
});

/** userrechange/*: chains, depositable coins, a user's labelled deposit addresses, and a manual deposit report. */
export const depositAddressSchemas = {
  mainChainNames: { refusals: refuses(), data: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), confirmations: Type.Integer() })), summary: 'The chains deposits arrive on (public)' },
  rechargeCoins: { refusals: refuses(), data: Type.Array(Type.Object({ asset: Type.String(), name: Type.String(), chains: Type.Array(Type.String()) })), summary: 'The coins that can be deposited, with their chains (public)' },
  addresses: {
    refusals: refuses('depositRealOnly', 'unknownAsset', 'invalidChain'),
    query: Type.Object({ asset: Type.Optional(Asset), chain: Type.Optional(Chain) }),
    data: Type.Array(DepositAddress),
    summary: 'The user’s deposit addresses (the primary one of each coin and chain is made on first use)',
  },
  createAddress: {
    refusals: refuses('depositRealOnly', 'unknownAsset', 'invalidChain', 'tooManyAddresses'),
    body: Type.Object({ asset: Asset, chain: Chain, label: Type.Optional(Text(32, { min: 0 })) }, { additionalProperties: false }),
    data: DepositAddress,
    summary: 'A further deposit address for a coin and chain, with a label',
  },
  updateAddress: {
    refusals: refuses('notFound'),
    body: Type.Object({ id: IdInput, label: Text(32, { min: 0 }) }, { additionalProperties: false }),
    data: DepositAddress,
    summary: 'Relabel a deposit address',
  },
  deleteAddress: {
    refusals: refuses('notFound'),
    body: Type.Object({ id: IdInput }, { additionalProperties: false }),
    data: Type.Object({ id: Type.String() }),
    summary: 'Remove a further deposit address from the list; deposits sent to it later are still credited',
  },
  report: {
    refusals: refuses('depositRealOnly', 'unknownAsset', 'invalidChain', 'invalidAmount', 'depositReportExists'),
    body: Type.Object({ asset: Asset, chain: Chain, txHash: Type.String({ pattern: '^[A-Za-z0-9]{8,128}$' }), amount: Decimal() }, { additionalProperties: false }),
    data: DepositReport,
    summary: 'Report a deposit by its transaction: it credits nothing until an operator confirms it on the chain',
  },
  reports: {
    refusals: refuses(),
    data: Type.Array(DepositReport),
    summary: 'The user’s deposit reports, newest first (the last 50), each pending, confirmed or rejected with the reason',
  },
};
