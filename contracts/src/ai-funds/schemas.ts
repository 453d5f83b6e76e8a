import { Type } from 'typebox';
import { DateTime, Decimal, Nullable, RequestId } from '../kit/schema.js';
import { refuses } from '../refusals.js';

const FundId = Type.String({ pattern: '^[a-z][a-z0-9-]{1,31}$' });
const Code = Type.String({ pattern: '^[0-9]{4}$', description: 'the fund’s 4-digit access code' });

/** A realised period: from one value row's time to another's. */
export const RatePeriod = Type.Object({ from: DateTime, to: DateTime, days: Type.Number() });

export const AiFund = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** equal-weight or momentum (see symbols, top, lookbackDays) */
  strategy: Type.Union([Type.Literal('equal-weight'), Type.Literal('momentum')]),
  /** the basket (equal-weight) or the universe (momentum) */
  symbols: Type.Array(Type.String()),
  top: Nullable(Type.Integer()),
  lookbackDays: Nullable(Type.Integer()),
  rebalanceEveryDays: Type.Integer(),
  /** the fund asks for a 4-digit access code before a purchase */
  hasCode: Type.Boolean(),
  termsVersion: Type.Integer(),
  shareDecimals: Type.Integer(),
  minShares: Type.String(),
  /** a redemption pays at most the cost × (1 + maxGainRate) */
  maxGainRate: Type.String(),
  /** null until the fund's prices are recorded */
  valuePerShare: Nullable(Type.String()),
  valuedAt: Nullable(DateTime),
  /** the instruments held now */
  holdings: Type.Array(Type.String()),
  /** realised over about the last day (see its period); null with one value row */
  dailyYieldRate: Nullable(Type.String()),
  dailyYieldPeriod: Nullable(RatePeriod),
  /** the "expected rate": the realised return over the period shown, historical, never a promise */
  expectedRate: Nullable(Type.String()),
  expectedRatePeriod: Nullable(RatePeriod),
  /** the value per share over the historical period (at most 60 points) */
  history: Type.Array(Type.Object({ at: DateTime, value: Type.String() })),
});

export const AiFundPosition = Type.Object({
  id: Type.String(),
  fundId: Type.String(),
  fundName: Type.String(),
  status: Type.Union([Type.Literal('holding'), Type.Literal('redeemed')]),
  shares: Type.String(),
  /** the value per share bought at, and the time of its valuation */
  buyValue: Type.String(),
  buyValuedAt: DateTime,
  cost: Type.String(),
  /** the most a redemption pays (frozen terms) */
  redeemCap: Type.String(),
  boughtAt: DateTime,
  termsVersionId: Type.String(),
  /** held: the latest value per share; redeemed: the value redeemed at */
  valuePerShare: Nullable(Type.String()),
  valuedAt: Nullable(DateTime),
  marketValue: Nullable(Type.String()),
  pnl: Nullable(Type.String()),
  pnlRate: Nullable(Type.String()),
  redeemValue: Nullable(Type.String()),
  proceeds: Nullable(Type.String()),
  redeemedAt: Nullable(DateTime),
});

export const AiFundInfo = Type.Object({
  positions: Type.Integer(),
  cost: Type.String(),
  value: Type.String(),
  pnl: Type.String(),
  pnlRate: Nullable(Type.String()),
  funds: Type.Array(
    Type.Object({
      fundId: Type.String(),
      fundName: Type.String(),
      holdingShares: Type.String(),
      valuePerShare: Nullable(Type.String()),
      cost: Type.String(),
      value: Type.String(),
      pnl: Type.String(),
    }),
  ),
});

const FundQuery = Type.Object({ fundId: Type.Optional(FundId) });

/** AI funds under /asset/api: the list is public; the rest needs a session; buy and redeem move money once. */
export const aiFundSchemas = {
  list: { refusals: refuses(), data: Type.Array(AiFund), summary: 'The AI funds with their value, realised yields (with periods) and value history (public)' },
  checkCode: {
    refusals: refuses('aiFundNotFound', 'aiFundCodeWrong', 'aiFundCodeInvalid'),
    query: Type.Object({ fundId: FundId, code: Code }),
    data: Type.Object({ fundId: Type.String(), ok: Type.Boolean() }),
    summary: 'Checks a fund’s access code: 5 wrong in a row pause the user’s attempts at that fund for 15 minutes',
  },
  buy: {
    refusals: refuses('kycTrade', 'aiFundNotFound', 'aiFundCodeWrong', 'aiFundCodeInvalid', 'aiFundNotValued', 'aiFundBelowMinimum', 'aiFundShareDecimals', 'invalidAmount', 'insufficientBalance', 'productSoldOut', 'requestIdReused'),
    body: Type.Object(
      {
        fundId: FundId,
        /** shares to the fund's decimals, or … */
        shares: Type.Optional(Decimal()),
        /** … a USDT amount: the whole shares (to the fund's decimals) it pays for at the value now */
        amount: Type.Optional(Decimal()),
        code: Type.Optional(Code),
        requestId: RequestId,
      },
      { additionalProperties: false },
    ),
    data: AiFundPosition,
    summary: 'Buys shares at the value per share computed now from recorded prices, paid from the spot wallet (USDT)',
  },
  positions: { refusals: refuses(), query: FundQuery, data: Type.Array(AiFundPosition), summary: 'The user’s open positions, valued at the latest value' },
  history: { refusals: refuses(), query: FundQuery, data: Type.Array(AiFundPosition), summary: 'The user’s purchases and redemptions, newest first (100)' },
  info: { refusals: refuses(), data: AiFundInfo, summary: 'Holding shares, value, cost and P/L per fund and in total' },
  redeem: {
    refusals: refuses('aiFundPositionNotFound', 'aiFundRedeemed', 'aiFundNotValued', 'requestIdReused'),
    body: Type.Object({ positionId: Type.String({ pattern: '^[0-9]{1,18}$' }), requestId: RequestId }, { additionalProperties: false }),
    data: AiFundPosition,
    summary: 'Redeems a whole position at the value per share computed now, into the spot wallet',
  },
};
