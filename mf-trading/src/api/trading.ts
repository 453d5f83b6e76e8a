import { estimate, perpetual, trading, wallet, type DataOf, type InputOf } from '@meridian/contracts';
import { call } from '@meridian/shared';

/** Spot trading and instrument terms (contracts/src/trading); each resolves with the envelope's data. */

export type TradingConfig = DataOf<typeof trading.config>;
export type InstrumentTerms = TradingConfig['instruments'][number];
export type TradingSettings = NonNullable<TradingConfig['settings']>;
export type SpotOrder = DataOf<typeof trading.spotCreate>;
export type SpotOrderDetail = DataOf<typeof trading.spotDetail>;
export type SpotHolding = DataOf<typeof trading.spotHoldings>[number];
export type Fill = SpotOrder['fills'][number];
export type FillEvidence = Fill['evidence'];

export const fetchConfig = (symbol: string) => call(trading.config, { symbol });
export const fetchFee = (symbol: string) => call(trading.fee, { symbol });

export const fetchSpotDetail = (orderId: string) => call(trading.spotDetail, { orderId });
export const fetchSpotHoldings = (symbol?: string) => call(trading.spotHoldings, symbol ? { symbol } : {});

/** Take-profit/stop-loss and OCO sells on a spot holding (issue 17). */
export type SpotConditional = DataOf<typeof trading.spotConditionalCreate>;
/** What one wallet holds available of one asset now (spot: the coin or USDT; contract: USDT for margin). */
export const fetchAvailable = (walletName: 'spot' | 'contract', asset: string) =>
  call(wallet.validAsset, { accountType: walletName, asset }).then(availableOf);
/** The available amount of a wallet.validAsset answer (a read's `select`). */
export const availableOf = (answer: DataOf<typeof wallet.validAsset>): string => answer.available;

/** Perpetual contracts (contracts/src/perpetual). */
export type Position = DataOf<typeof perpetual.openList>[number];
export type PerpOrder = DataOf<typeof perpetual.limitList>[number];
export type PositionDetail = DataOf<typeof perpetual.detail>;
export type PerpSettings = DataOf<typeof perpetual.settings>;

export const fetchPositions = (symbol?: string) => call(perpetual.openList, symbol ? { symbol } : {});
export const fetchPerpOrders = (symbol?: string) => call(perpetual.limitList, symbol ? { symbol } : {});
export const fetchPositionDetail = (positionId: string) => call(perpetual.detail, { positionId });
/** Public: the symbol's open interest and the insurance fund's balance. */
export const fetchPerpMarket = (symbol: string) => call(perpetual.market, { symbol });

/** Pre-trade estimates (contracts/src/estimate): the engine's own figures for an order before it is placed. */
export type PerpEstimate = DataOf<typeof estimate.perpetual>;
export type ForexEstimate = DataOf<typeof estimate.forex>;
export type PerpEstimateInput = InputOf<typeof estimate.perpetual>;
export type ForexEstimateInput = InputOf<typeof estimate.forex>;
export const fetchPerpEstimate = (input: PerpEstimateInput) => call(estimate.perpetual, input);
export const fetchForexEstimate = (input: ForexEstimateInput) => call(estimate.forex, input);
export type SpotEstimate = DataOf<typeof estimate.spot>;
export const fetchSpotEstimate = (input: InputOf<typeof estimate.spot>) => call(estimate.spot, input);
