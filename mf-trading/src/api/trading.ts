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
export type SpotOrderInput = InputOf<typeof trading.spotCreate>;

export const fetchConfig = (symbol: string) => call(trading.config, { symbol });
export const fetchFee = (symbol: string) => call(trading.fee, { symbol });

/** A spot order; ICO symbols go through create-ico (they fill at the quote's price, without a book). */
export const createSpotOrder = (input: SpotOrderInput, isIco: boolean) => call(isIco ? trading.spotCreateIco : trading.spotCreate, input);
export const cancelSpotOrder = (orderId: string) => call(trading.spotDelete, { orderId });
export const fetchSpotOpen = (page: number, size: number, symbol?: string) => call(trading.spotList, { page, size, ...(symbol ? { symbol } : {}) });
export const fetchSpotHistory = (page: number, size: number, symbol?: string) => call(trading.spotHistory, { page, size, ...(symbol ? { symbol } : {}) });
export const fetchSpotDetail = (orderId: string) => call(trading.spotDetail, { orderId });
export const fetchSpotHoldings = (symbol?: string) => call(trading.spotHoldings, symbol ? { symbol } : {});

/** Take-profit/stop-loss and OCO sells on a spot holding (issue 17). */
export type SpotConditional = DataOf<typeof trading.spotConditionalCreate>;
export type SpotConditionalInput = InputOf<typeof trading.spotConditionalCreate>;
export const createSpotConditional = (input: SpotConditionalInput) => call(trading.spotConditionalCreate, input);
export const cancelSpotConditional = (id: string) => call(trading.spotConditionalCancel, { id });
/** Pending groups, or with `finished` the triggered and cancelled ones. */
export const fetchSpotConditionals = (page: number, size: number, symbol?: string, finished = false) =>
  call(trading.spotConditionalList, { page, size, ...(symbol ? { symbol } : {}), ...(finished ? { open: 'false' as const } : {}) });

/** What one wallet holds available of one asset now (spot: the coin or USDT; contract: USDT for margin). */
export const fetchAvailable = (walletName: 'spot' | 'contract', asset: string) =>
  call(wallet.validAsset, { accountType: walletName, asset }).then((answer) => answer.available);

/** Perpetual contracts (contracts/src/perpetual). */
export type Position = DataOf<typeof perpetual.openList>[number];
export type PerpOrder = DataOf<typeof perpetual.limitList>[number];
export type PositionDetail = DataOf<typeof perpetual.detail>;
export type PerpSettings = DataOf<typeof perpetual.settings>;
export type OpenPositionInput = InputOf<typeof perpetual.openPosition>;

export const openPosition = (input: OpenPositionInput) => call(perpetual.openPosition, input);
export const fetchPositions = (symbol?: string) => call(perpetual.openList, symbol ? { symbol } : {});
export const fetchPerpOrders = (symbol?: string) => call(perpetual.limitList, symbol ? { symbol } : {});
export const fetchClosedPositions = (page: number, size: number, symbol?: string) => call(perpetual.closeList, { page, size, ...(symbol ? { symbol } : {}) });
export const closePosition = (positionId: string, requestId: string, quantity?: string) =>
  call(perpetual.closePosition, { positionId, requestId, ...(quantity ? { quantity } : {}) });
export const cancelPerpOrder = (orderId: string) => call(perpetual.cancelPosition, { orderId });
export const reversePosition = (positionId: string, requestId: string) => call(perpetual.reversePosition, { positionId, requestId });
export const setTpSl = (positionId: string, takeProfit: string | null, stopLoss: string | null) => call(perpetual.setTPAndSLPosition, { positionId, takeProfit, stopLoss });
export const fetchPositionDetail = (positionId: string) => call(perpetual.detail, { positionId });
/** Public: the symbol's open interest and the insurance fund's balance. */
export const fetchPerpMarket = (symbol: string) => call(perpetual.market, { symbol });
/** Reads the settings with an empty body; changes them otherwise (only without open positions or orders). */
export const changeSettings = (change: Partial<PerpSettings>) => call(perpetual.settings, change);

/** Pre-trade estimates (contracts/src/estimate): the engine's own figures for an order before it is placed. */
export type PerpEstimate = DataOf<typeof estimate.perpetual>;
export type ForexEstimate = DataOf<typeof estimate.forex>;
export type PerpEstimateInput = InputOf<typeof estimate.perpetual>;
export type ForexEstimateInput = InputOf<typeof estimate.forex>;
export const fetchPerpEstimate = (input: PerpEstimateInput) => call(estimate.perpetual, input);
export const fetchForexEstimate = (input: ForexEstimateInput) => call(estimate.forex, input);
export type SpotEstimate = DataOf<typeof estimate.spot>;
export const fetchSpotEstimate = (input: InputOf<typeof estimate.spot>) => call(estimate.spot, input);
