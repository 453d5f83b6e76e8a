import { Type } from 'typebox';
import { DateTime, Decimal, Nullable, Page, PageQuery, RequestId, Text } from '../kit/schema.js';
import { refuses } from '../refusals.js';

/** A row id in a body: its digits as a string, or the integer itself (older clients send numbers). */
export const IdInput = Type.Union([Type.String({ pattern: '^[0-9]{1,18}$' }), Type.Integer({ minimum: 0 })]);

export const WithdrawalStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('completed'),
  Type.Literal('rejected'),
  Type.Literal('canceled'),
]);

export const SavedAddress = Type.Object({
  id: Type.String(),
  asset: Type.String(),
  chain: Type.String(),
  address: Type.String(),
  /** '' when the user gave none. */
  alias: Type.String(),
  createdAt: DateTime,
});

/** What the user pays now: the coin's flat fee, or 0 inside the new-user window (until feeExemptUntil). */
const feeTerms = {
  fee: Type.String(),
  standardFee: Type.String(),
  feeExempt: Type.Boolean(),
  feeExemptUntil: Nullable(DateTime),
};

export const WithdrawEstimate = Type.Object({
  asset: Type.String(),
  chains: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  min: Type.String(),
  max: Type.String(),
  ...feeTerms,
  /** The amount asked about (null without one) and what arrives of it (null when nothing would). */
  amount: Nullable(Type.String()),
  amountAfterFee: Nullable(Type.String()),
  available: Type.String(),
  /** The anti-scam notice shown with every withdrawal step. */
  notice: Type.String(),
});

export const WithdrawConfirmation = Type.Object({
  asset: Type.String(),
  chain: Type.String(),
  chainName: Type.String(),
  address: Type.String(),
  alias: Type.String(),
  amount: Type.String(),
  ...feeTerms,
  amountAfterFee: Type.String(),
  available: Type.String(),
  fundPasswordSet: Type.Boolean(),
  notice: Type.String(),
});

export const WithdrawalEvent = Type.Object({
  status: WithdrawalStatus,
  at: DateTime,
  /** Who made the transition, by kind (an operator's name stays in the audit log). */
  actor: Type.Union([Type.Literal('user'), Type.Literal('operator'), Type.Literal('system')]),
  reason: Nullable(Type.String()),
});

export const Withdrawal = Type.Object({
  id: Type.String(),
  asset: Type.String(),
  chain: Type.String(),
  chainName: Type.String(),
  address: Type.String(),
  alias: Type.String(),
  amount: Type.String(),
  fee: Type.String(),
  amountAfterFee: Type.String(),
  feeExempt: Type.Boolean(),
  status: WithdrawalStatus,
  reason: Nullable(Type.String()),
  txHash: Nullable(Type.String()),
  createdAt: DateTime,
  approvedAt: Nullable(DateTime),
  completedAt: Nullable(DateTime),
  rejectedAt: Nullable(DateTime),
  canceledAt: Nullable(DateTime),
  /** Every transition, oldest first. */
  events: Type.Array(WithdrawalEvent),
});

/**
 * A withdrawal request: a saved address (addressId) or one typed in (address + chain). The amount is optional
 * here so that a missing one answers the spec's "Invalid amount" from the service, like a malformed one.
 */
const withdrawFields = {
  asset: Text(16),
  chain: Type.Optional(Text(16)),
  addressId: Type.Optional(Type.Union([Type.String({ maxLength: 18 }), Type.Integer()])),
  address: Type.Optional(Type.String({ maxLength: 128 })),
  amount: Type.Optional(Decimal()),
};

const statusFilter = Type.Union([WithdrawalStatus, ...['Pending', 'Approved', 'Completed', 'Rejected', 'Canceled'].map((s) => Type.Literal(s))]);

/** The address book and withdrawals under /asset/api: real account only (demo money never leaves for a chain). */
export const withdrawalSchemas = {
  saveAddress: {
    refusals: refuses('unknownAsset', 'invalidChain', 'tooManyAddresses', 'duplicateAddress'),
    body: Type.Object(
      { asset: Text(16), chain: Text(16), address: Text(128), alias: Type.Optional(Text(32, { min: 0 })) },
      { additionalProperties: false },
    ),
    data: SavedAddress,
    summary: 'Save a withdrawal address, checked for the chain’s format and checksum',
  },
  deleteAddress: { refusals: refuses('notFound'), body: Type.Object({ id: IdInput }), data: Type.Object({ id: Type.String() }), summary: 'Delete a saved address' },
  addresses: {
    refusals: refuses(),
    query: Type.Object({ asset: Type.Optional(Text(16)), chain: Type.Optional(Text(16)) }),
    data: Type.Array(SavedAddress),
    summary: 'The saved addresses, of one coin and chain when named',
  },
  address: { refusals: refuses('notFound'), query: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) }), data: SavedAddress, summary: 'One saved address' },
  estimate: {
    refusals: refuses('withdrawRealOnly', 'unknownAsset', 'invalidChain', 'addressRequired', 'invalidAmount', 'belowMinimum', 'aboveMaximum', 'notEnough', 'notFound'),
    query: Type.Object({ asset: Text(16), amount: Type.Optional(Decimal()) }),
    data: WithdrawEstimate,
    summary: 'The fee terms of a coin and, with an amount, what arrives',
  },
  confirm: {
    refusals: refuses('withdrawRealOnly', 'unknownAsset', 'invalidChain', 'addressRequired', 'invalidAmount', 'belowMinimum', 'aboveMaximum', 'notEnough', 'notFound', 'insufficientBalance'),
    body: Type.Object(withdrawFields, { additionalProperties: false }),
    data: WithdrawConfirmation,
    summary: 'Check a withdrawal as create will (except the fund password); nothing moves',
  },
  create: {
    refusals: refuses('withdrawRealOnly', 'unknownAsset', 'invalidChain', 'addressRequired', 'invalidAmount', 'belowMinimum', 'aboveMaximum', 'notEnough', 'notFound', 'fundPasswordMissing', 'fundPasswordLocked', 'fundPasswordWrong', 'insufficientBalance', 'requestIdReused'),
    body: Type.Object({ ...withdrawFields, fundPassword: Type.Optional(Type.String({ maxLength: 128 })), requestId: RequestId }, { additionalProperties: false }),
    data: Type.Object({ ...Withdrawal.properties, notice: Type.String() }),
    summary: 'With the fund password: record the withdrawal as pending and freeze its amount (fee included)',
  },
  cancel: { refusals: refuses('withdrawRealOnly', 'notPending', 'notFound'), body: Type.Object({ id: IdInput }), data: Withdrawal, summary: 'Take back a pending withdrawal; its amount returns to available' },
  list: {
    refusals: refuses(),
    query: PageQuery({ asset: Type.Optional(Text(16)), status: Type.Optional(statusFilter) }),
    data: Page(Withdrawal),
    summary: 'The user’s withdrawals with their events, newest first (none in demo mode)',
  },
};
