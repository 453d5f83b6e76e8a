import { Type } from 'typebox';
import { DateTime, Decimal, OneOf, Page, PageQuery, RequestId, SignedDecimal, Text } from '../kit/schema.js';
import { WALLETS, WALLET_TYPE } from '../wire/wallets.js';
import { refuses } from '../refusals.js';

/** The user's wallets, as the server names them (the spec's account types 1–5 in the same order: wire/wallets.ts). */
export const WalletName = OneOf(WALLETS);
export const Mode = Type.Union([Type.Literal('real'), Type.Literal('demo')]);

export const AssetRow = Type.Object({
  asset: Type.String(),
  name: Type.String(),
  available: Type.String(),
  frozen: Type.String(),
  balance: Type.String(),
  /** The balance valued in USDT at the live price (exact to 8; 2 decimals are for display). */
  valueUsdt: Type.String(),
});

export const WalletView = Type.Object({ wallet: WalletName, accountType: Type.Integer(), totalUsdt: Type.String(), assets: Type.Array(AssetRow) });
export const Overview = Type.Object({ totalUsdt: Type.String(), wallets: Type.Array(WalletView) });

export const TransferRecord = Type.Object({
  id: Type.String(),
  fromWallet: WalletName,
  toWallet: WalletName,
  asset: Type.String(),
  amount: Type.String(),
  createdAt: DateTime,
});

export const AccountChange = Type.Object({
  id: Type.String(),
  wallet: Type.String(),
  asset: Type.String(),
  /** 'available' or 'frozen'. */
  part: Type.String(),
  /** Signed: positive when the account was credited. */
  amount: SignedDecimal,
  causeType: Type.String(),
  causeId: Type.String(),
  /** The other account of the move: one of the user's wallets, or a platform account (chain, fees, desk…). */
  counterparty: Type.String(),
  createdAt: DateTime,
});

export const Currency = Type.Object({ asset: Type.String(), name: Type.String(), scale: Type.Integer() });

export const Estimate = Type.Object({
  from: Type.String(),
  to: Type.String(),
  amount: Type.String(),
  /** Units of `to` received per unit of `from`, after every spread. */
  rate: Type.String(),
  /** What the user gives up against the mid price, as a fraction ("0.0031" = 0.31 %). */
  spread: Type.String(),
  receive: Type.String(),
  fromPrice: Type.String(),
  toPrice: Type.String(),
  /** Epoch ms of the price tick used. */
  tickTime: Type.Integer(),
});

export const Conversion = Type.Object({
  id: Type.String(),
  fromAsset: Type.String(),
  toAsset: Type.String(),
  fromAmount: Type.String(),
  toAmount: Type.String(),
  rate: Type.String(),
  spread: Type.String(),
  fromPrice: Type.String(),
  toPrice: Type.String(),
  /** When the price tick used was taken. */
  tickTime: DateTime,
  createdAt: DateTime,
});

/** Wallets, transfers and conversion under /asset/api; every call works on the mode of the userType header. */
export const walletSchemas = {
  list: { refusals: refuses(), data: Overview, summary: 'Every wallet with the assets it holds (USDT always listed), valued in USDT' },
  userAssetData: {
    refusals: refuses(),
    data: Type.Object({
      mode: Mode,
      totalUsdt: Type.String(),
      wallets: Type.Array(Type.Object({ wallet: WalletName, accountType: Type.Integer(), totalUsdt: Type.String() })),
    }),
    summary: 'The totals only',
  },
  validAsset: {
    refusals: refuses('unknownWallet'),
    query: Type.Object({ accountType: Type.Union([Type.Integer({ minimum: Math.min(...Object.values(WALLET_TYPE)), maximum: Math.max(...Object.values(WALLET_TYPE)) }), Text(16)], { description: 'the account type 1–5 or the wallet name' }), asset: Type.Optional(Text(16)) }),
    data: Type.Object({ wallet: WalletName, asset: Type.String(), available: Type.String() }),
    summary: 'What can be moved out of one wallet now',
  },
  transfer: {
    refusals: refuses('unknownWallet', 'sameWallet', 'unknownAsset', 'invalidAmount', 'insufficientBalance', 'transferBelowMaintenance', 'requestIdReused'),
    body: Type.Object(
      { fromWallet: Text(16), toWallet: Text(16), asset: Text(16), amount: Decimal(), requestId: RequestId },
      { additionalProperties: false },
    ),
    data: TransferRecord,
    summary: 'Move an amount between two of the user’s own wallets',
  },
  transferLog: { refusals: refuses(), query: PageQuery(), data: Page(TransferRecord) },
  changes: { refusals: refuses('unknownWallet'), query: PageQuery({ wallet: Type.Optional(Text(16)), asset: Type.Optional(Text(16)) }), data: Page(AccountChange), summary: 'Every change of the user’s accounts, newest first' },
  resetDemo: { refusals: refuses('demoOnly'), data: Overview, summary: 'Demo mode only: the demo balance back to its start' },
  currencies: {
    refusals: refuses(),
    data: Type.Array(
      Type.Object({
        asset: Type.String(),
        name: Type.String(),
        scale: Type.Integer(),
        chains: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), confirmations: Type.Integer() })),
        withdraw: Type.Object({ min: Type.String(), max: Type.String(), fee: Type.String() }),
      }),
    ),
    summary: 'The currencies the wallets hold, with their chains and withdrawal terms (public)',
  },
  convertCurrencies: { refusals: refuses(), data: Type.Array(Currency), summary: 'The currencies that convert into each other' },
  estimate: {
    refusals: refuses('unknownAsset', 'sameAsset', 'invalidAmount'),
    query: Type.Object({ from: Text(16), to: Text(16), amount: Decimal() }),
    data: Estimate,
    summary: 'Rate, spread and amount received at the live price',
  },
  convert: {
    refusals: refuses('unknownAsset', 'sameAsset', 'invalidAmount', 'rateMoved', 'insufficientBalance', 'requestIdReused'),
    body: Type.Object(
      { from: Text(16), to: Text(16), amount: Decimal(), minRate: Decimal(), requestId: RequestId },
      { additionalProperties: false },
    ),
    data: Conversion,
    summary: 'Convert at the live rate, never below minRate (the confirmed estimate)',
  },
  convertHistory: { refusals: refuses(), query: PageQuery(), data: Page(Conversion) },
};
