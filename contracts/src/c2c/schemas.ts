import { Type } from 'typebox';
import { DateTime, Decimal, Nullable, OneOf, Page, PageQuery, RequestId, Text } from '../kit/schema.js';
import { refuses } from '../refusals.js';
import { IdInput } from '../withdrawals/schemas.js';

import { C2C_FIATS, C2C_ORDER_STATUSES, C2C_PAYMENT_KINDS, C2C_SIDES } from './kinds.js';

const IdQuery = Type.String({ pattern: '^[0-9]{1,18}$' });
const Coin = Type.String({ pattern: '^[A-Za-z0-9]{2,12}$', 'x-reason': 'unknownAsset' });
const Upload = Type.String({ maxLength: 200 });

export const Merchant = Type.Object({
  userId: Type.String(),
  displayName: Type.String(),
  status: OneOf(['none', 'pending', 'approved', 'rejected'] as const),
  reason: Type.String(),
  appliedAt: Nullable(DateTime),
  decidedAt: Nullable(DateTime),
});

export const PaymentMethod = Type.Object({
  id: Type.String(),
  kind: OneOf(C2C_PAYMENT_KINDS),
  holderName: Type.String(),
  bankName: Type.String(),
  bankNumber: Type.String(),
  accountNumber: Type.String(),
  photo: Type.String(),
});

/** A merchant's record computed from their real orders. */
export const MerchantStats = Type.Object({
  displayName: Type.String(),
  completedOrders: Type.Integer(),
  /** completed ÷ (completed + cancelled by the merchant's side or by timeout) in percent, 2 decimals; '' with no orders */
  completionRate: Type.String(),
  /** average seconds from "paid" to release; null with no released order */
  avgReleaseSeconds: Nullable(Type.Integer()),
});

export const Ad = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  merchant: MerchantStats,
  side: OneOf(C2C_SIDES),
  asset: Type.String(),
  fiat: Type.String(),
  price: Type.String(),
  minOrder: Type.String(),
  maxOrder: Type.String(),
  quantity: Type.String(),
  remaining: Type.String(),
  paymentKinds: Type.Array(OneOf(C2C_PAYMENT_KINDS)),
  windowMinutes: Type.Integer(),
  terms: Type.String(),
  status: OneOf(['open', 'closed'] as const),
  createdAt: DateTime,
  closedAt: Nullable(DateTime),
});

export const TimelineStep = Type.Object({ step: Type.String(), at: DateTime });

export const Appeal = Type.Object({
  openedBy: OneOf(['buyer', 'seller'] as const),
  reason: Type.String(),
  evidence: Type.String(),
  status: OneOf(['open', 'resolved'] as const),
  outcome: Nullable(OneOf(['release', 'return'] as const)),
  resolution: Type.String(),
  createdAt: DateTime,
  resolvedAt: Nullable(DateTime),
});

export const Order = Type.Object({
  id: Type.String(),
  adId: Type.String(),
  /** the caller's side in this order */
  role: OneOf(['buyer', 'seller'] as const),
  counterparty: Type.String(),
  asset: Type.String(),
  fiat: Type.String(),
  price: Type.String(),
  quantity: Type.String(),
  total: Type.String(),
  status: OneOf(C2C_ORDER_STATUSES),
  outcome: Type.String(),
  payDeadline: DateTime,
  /** the seller's payment methods, shown only inside the order */
  paymentMethods: Type.Array(PaymentMethod),
  proof: Type.String(),
  terms: Type.String(),
  timeline: Type.Array(TimelineStep),
  appeal: Nullable(Appeal),
  createdAt: DateTime,
});

export const Message = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  from: OneOf(['me', 'counterparty'] as const),
  body: Type.String(),
  image: Type.String(),
  createdAt: DateTime,
});

const OrderId = Type.Object({ orderId: IdInput, requestId: RequestId }, { additionalProperties: false });
const REAL = ['c2cRealOnly', 'kycTrade'] as const;

export const OtcQuote = Type.Object({
  quoteId: Type.String(),
  asset: Type.String(),
  fiat: Type.String(),
  /** what you pay per coin when buying */
  buyPrice: Type.String(),
  /** what you receive per coin when selling */
  sellPrice: Type.String(),
  /** the feed's price the quote is derived from, and the spread applied each way (a fraction) */
  basePrice: Type.String(),
  spread: Type.String(),
  /** the version of the operator-set terms (fiat rate and spread) the quote was derived from */
  rateVersion: Type.Integer(),
  basis: Type.String(),
  validUntil: DateTime,
});

export const OtcOrder = Type.Object({
  id: Type.String(),
  side: OneOf(C2C_SIDES),
  asset: Type.String(),
  fiat: Type.String(),
  price: Type.String(),
  quantity: Type.String(),
  total: Type.String(),
  status: OneOf(['pending', 'completed', 'rejected'] as const),
  reason: Type.String(),
  createdAt: DateTime,
  decidedAt: Nullable(DateTime),
});

export const PlatformAccount = Type.Object({
  bankName: Type.String(),
  bankNumber: Type.String(),
  accountNumber: Type.String(),
  holderName: Type.String(),
  reference: Type.String(),
  note: Type.String(),
});

/** quoteId: the signed quote exchangeInfo gave (opaque) */
const OtcTrade = Type.Object({ quoteId: Type.String({ minLength: 1, maxLength: 600 }), quantity: Decimal(), requestId: RequestId }, { additionalProperties: false });

export const c2cSchemas = {
  list: {
    refusals: refuses('unknownAsset'),
    query: PageQuery({
      side: Type.Optional(OneOf(C2C_SIDES, { description: 'the merchant’s side: sell ads are where a user buys' })),
      asset: Type.Optional(Coin),
      fiat: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
      payment: Type.Optional(OneOf(C2C_PAYMENT_KINDS)),
    }),
    data: Page(Ad),
    summary: 'Open ads, cheapest first for sell ads and dearest first for buy ads, with each merchant’s real record (public)',
  },
  merchant: { refusals: refuses(), data: Merchant, summary: 'The caller’s merchant status' },
  applyMerchant: {
    refusals: refuses(...REAL, 'c2cAlreadyApplied'),
    body: Type.Object({ displayName: Text(32) }, { additionalProperties: false }),
    data: Merchant,
    summary: 'Apply to become a merchant: pending until an operator decides',
  },
  paymentMethods: { refusals: refuses(), data: Type.Array(PaymentMethod), summary: 'The caller’s saved payment methods' },
  addPaymentMethod: {
    refusals: refuses('invalidImage'),
    body: Type.Object(
      {
        kind: OneOf(C2C_PAYMENT_KINDS),
        holderName: Text(64),
        bankName: Type.Optional(Text(64, { min: 0 })),
        bankNumber: Type.Optional(Text(64, { min: 0 })),
        accountNumber: Text(64),
        photo: Type.Optional(Upload),
      },
      { additionalProperties: false },
    ),
    data: PaymentMethod,
    summary: 'Save a payment method (bank transfer: bank name, bank number, account number, optional photo)',
  },
  removePaymentMethod: {
    refusals: refuses('c2cPaymentMethodNotFound'),
    body: Type.Object({ id: IdInput }, { additionalProperties: false }),
    data: Type.Object({ id: Type.String() }),
    summary: 'Remove a saved payment method (orders keep their copy)',
  },
  createAd: {
    refusals: refuses(...REAL, 'c2cMerchantOnly', 'c2cAdInvalid', 'unknownAsset', 'invalidAmount', 'insufficientBalance', 'c2cNoPaymentMethod', 'requestIdReused'),
    body: Type.Object(
      {
        side: OneOf(C2C_SIDES),
        asset: Coin,
        fiat: OneOf(C2C_FIATS),
        price: Decimal(),
        minOrder: Decimal(),
        maxOrder: Decimal(),
        quantity: Decimal(),
        paymentKinds: Type.Array(OneOf(C2C_PAYMENT_KINDS), { minItems: 1, maxItems: 5 }),
        windowMinutes: Type.Integer({ minimum: 1, maximum: 120 }),
        terms: Type.Optional(Text(500, { min: 0, multiline: true })),
        requestId: RequestId,
      },
      { additionalProperties: false },
    ),
    data: Ad,
    summary: 'Post an ad; a sell ad’s quantity is held in the merchant’s wallet while it is up',
  },
  closeAd: {
    refusals: refuses('c2cAdNotFound', 'requestIdReused'),
    body: Type.Object({ adId: IdInput, requestId: RequestId }, { additionalProperties: false }),
    data: Ad,
    summary: 'Take an ad down; its held remainder goes back (orders in progress keep their escrow)',
  },
  myAds: { refusals: refuses(), query: PageQuery(), data: Page(Ad), summary: 'The caller’s ads, newest first' },
  createOrder: {
    refusals: refuses(...REAL, 'c2cAdNotFound', 'c2cOwnAd', 'invalidAmount', 'c2cOrderLimits', 'c2cAdQuantity', 'c2cUnpaidOrderExists', 'insufficientBalance', 'c2cNoPaymentMethod', 'requestIdReused'),
    body: Type.Object({ adId: IdInput, quantity: Decimal(), requestId: RequestId }, { additionalProperties: false }),
    data: Order,
    summary: 'Take an ad: the seller’s coins go into escrow and the payment window starts',
  },
  orders: {
    refusals: refuses(),
    query: PageQuery({ status: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('active'), OneOf(C2C_ORDER_STATUSES)])) }),
    data: Page(Order),
    summary: 'The caller’s orders as buyer or seller, newest first',
  },
  order: { refusals: refuses('c2cOrderNotFound'), query: Type.Object({ id: IdQuery }), data: Order, summary: 'One of the caller’s orders' },
  markPaid: {
    refusals: refuses('c2cOrderNotFound', 'c2cOrderState', 'invalidImage', 'requestIdReused'),
    body: Type.Object({ orderId: IdInput, proof: Type.Optional(Upload), requestId: RequestId }, { additionalProperties: false }),
    data: Order,
    summary: 'The buyer says they have paid (optionally with a proof image); nothing cancels automatically after this',
  },
  release: { refusals: refuses('c2cOrderNotFound', 'c2cOrderState', 'requestIdReused'), body: OrderId, data: Order, summary: 'The seller confirms receipt: the escrow goes to the buyer' },
  cancel: { refusals: refuses('c2cOrderNotFound', 'c2cOrderState', 'requestIdReused'), body: OrderId, data: Order, summary: 'The buyer cancels before paying: the escrow goes back' },
  appeal: {
    refusals: refuses('c2cOrderNotFound', 'c2cOrderState', 'invalidImage', 'requestIdReused'),
    body: Type.Object({ orderId: IdInput, reason: Text(500, { multiline: true }), evidence: Type.Optional(Upload), requestId: RequestId }, { additionalProperties: false }),
    data: Order,
    summary: 'Either side of a paid order asks staff to decide',
  },
  messages: {
    refusals: refuses('c2cOrderNotFound'),
    query: Type.Object({ orderId: IdQuery, after: Type.Optional(IdQuery) }),
    data: Type.Array(Message),
    summary: 'The order’s chat, oldest first',
  },
  sendMessage: {
    refusals: refuses('c2cOrderNotFound', 'invalidImage'),
    body: Type.Object({ orderId: IdInput, body: Type.Optional(Text(1000, { min: 0, multiline: true })), image: Type.Optional(Upload) }, { additionalProperties: false }),
    data: Message,
    summary: 'Write to the other party of the order (text and/or an image)',
  },
  exchangeInfo: {
    refusals: refuses('unknownAsset'),
    query: Type.Object({ asset: Type.Optional(Coin), fiat: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })) }),
    data: Type.Array(OtcQuote),
    summary: 'The platform’s buy and sell prices per coin and fiat (the fiats with operator-set terms), from the feed with the stated spread, valid until validUntil; a read that stores nothing',
  },
  queryUserBalance: {
    refusals: refuses('unknownAsset'),
    body: Type.Optional(Type.Object({ asset: Type.Optional(Coin) })),
    data: Type.Array(Type.Object({ asset: Type.String(), available: Type.String(), held: Type.String() })),
    summary: 'The caller’s platform-wallet balances the OTC desk trades from',
  },
  currencyBuy: {
    refusals: refuses(...REAL, 'otcQuoteExpired', 'invalidAmount', 'belowMinimum', 'requestIdReused'),
    body: OtcTrade,
    data: Type.Object({ order: OtcOrder, payTo: PlatformAccount }),
    summary: 'Buy at a quote: pay the platform by bank transfer; the coins are credited when an operator confirms receipt',
  },
  currencySell: {
    refusals: refuses(...REAL, 'otcQuoteExpired', 'invalidAmount', 'belowMinimum', 'insufficientBalance', 'requestIdReused'),
    body: OtcTrade,
    data: Type.Object({ order: OtcOrder }),
    summary: 'Sell at a quote: the coins are held until an operator confirms the payout',
  },
  tradingRecord: { refusals: refuses(), body: Type.Optional(Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1 })), size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) })), data: Page(OtcOrder), summary: 'The caller’s OTC orders, newest first' },
  paymentMethodInfo: { refusals: refuses(), data: PlatformAccount, summary: 'The platform’s published bank account for OTC buys' },
};
