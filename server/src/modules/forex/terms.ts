import { Dec } from '../ledger/decimal.js';
import { forexPriceDecimals } from '../market/instruments/catalogue.js';
import type { Instrument } from '../market/instruments/storage.js';
import type { InstrumentTerms, MaintenanceTier } from '../trading/instruments.js';

/** Units of the base currency in one lot (the standard lot). */
export const CONTRACT_SIZE = '100000';
/** The smallest lot step (a micro lot, 1,000 units). */
export const LOT_STEP = '0.01';
export const MAX_LOTS = '50';
/** Leverage choices offered on forex pairs (retail-broker style, lower than crypto's top). */
export const FOREX_LEVERAGES = [1, 10, 20, 50, 100];
/**
 * Maintenance margin by USDT notional, progressive: below 1 % (the initial margin at 100×) so a fully levered
 * position still has room before liquidation.
 */
export const FOREX_TIERS: MaintenanceTier[] = [
  { maxNotional: '200000', rate: '0.005' },
  { maxNotional: '1000000', rate: '0.0075' },
  { maxNotional: null, rate: '0.01' },
];
/** Commission per side on the USDT notional; the feed's bid/ask spread is the other cost. */
const MAKER_FEE = '0.00002';
const TAKER_FEE = '0.00003';
/** Overnight financing through the perpetual funding job: once a day, 0.002 % of the notional, longs pay shorts. */
const FINANCING_RATE = '0.00002';
const FINANCING_HOURS = 24;

export const lotsToUnits = (lots: string): string => new Dec(lots).times(CONTRACT_SIZE).toFixed();
export const unitsToLots = (units: string): string => new Dec(units).div(CONTRACT_SIZE).toFixed();

/** The seeded terms of a forex pair: prices to a tenth of a pip, whole units from one micro lot up to MAX_LOTS, perpetual-margined, no spot. */
export function forexTerms(instrument: Pick<Instrument, 'symbol' | 'unit'>): InstrumentTerms {
  return {
    symbol: instrument.symbol,
    base: instrument.symbol.slice(0, -instrument.unit.length),
    quote: instrument.unit,
    priceDecimals: forexPriceDecimals(instrument.unit),
    amountDecimals: 0,
    leverages: FOREX_LEVERAGES,
    minQuantity: lotsToUnits(LOT_STEP),
    maxQuantity: lotsToUnits(MAX_LOTS),
    makerFeeRate: MAKER_FEE,
    takerFeeRate: TAKER_FEE,
    maintenanceTiers: FOREX_TIERS,
    fundingIntervalHours: FINANCING_HOURS,
    fundingRate: FINANCING_RATE,
    // financing, not perpetual funding: a configured rate, no premium formula
    fundingInterestRate: null,
    fundingClamp: null,
    fundingCap: null,
    spotEnabled: false,
    perpetualEnabled: true,
    isIco: 0,
    version: 1,
  };
}
