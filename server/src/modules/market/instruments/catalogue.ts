/**
 * The instruments Meridian lists. Reference prices are SEEDS FOR THE SIMULATED FEED (plausible orders of
 * magnitude so screens look sensible), not market data, and nothing should treat them as quotes.
 */
import { COIN_DECIMALS, DEFAULT_AMOUNT_DECIMALS, DEFAULT_PRICE_DECIMALS } from '@meridian/contracts';

export const CATEGORIES = ['CRYPTO', 'FOREX', 'CFD', 'INDIES', 'STOCK'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Calendar ids understood by hours/calendar.ts. */
export type CalendarId = 'ALWAYS' | 'FX' | 'US' | 'TSE' | 'XETRA' | 'LSE';

export interface InstrumentSeed {
  symbol: string;
  name: string;
  category: Category;
  /** The unit prices are quoted in (USDT, USD, JPY, or the forex pair's quote currency). */
  unit: string;
  priceDecimals: number;
  amountDecimals: number;
  calendarId: CalendarId;
  /** Simulation seed price (decimal string). */
  referencePrice: string;
  /** 1 for ICO/IEO tokens (no depth stream); none are seeded yet. */
  isIco: 0 | 1;
}

/** A forex pair's pip: 0.01 for a JPY-quoted pair, else 0.0001. */
export const pipSize = (quote: string): string => (quote === 'JPY' ? '0.01' : '0.0001');

/**
 * The decimals a forex pair is quoted to: a tenth of a pip (5, or 3 for a JPY-quoted pair), the market's
 * convention. The catalogue, the forex terms and the screens (shared instrumentPriceDecimals) all use it, so the
 * feed's ticks, the 24 h statistics and the engine's prices are in the figures the screen shows.
 */
export const forexPriceDecimals = (quote: string): number => (pipSize(quote).split('.')[1] ?? '').length + 1;

const COIN_NAMES: Record<string, [name: string, seed: string]> = {
  XRP: ['Ripple', '0.5200'],
  BCH: ['Bitcoin Cash', '385.0'],
  LTC: ['Litecoin', '72.50'],
  BTC: ['Bitcoin', '64250.00'],
  SUSHI: ['SushiSwap', '0.780'],
  EOS: ['EOS', '0.7'],
  UNI: ['Uniswap', '7.450'],
  DOT: ['Polkadot', '6.20'],
  ETH: ['Ethereum', '3150.00'],
  TRX: ['TRON', '0.12500'],
  DOGE: ['Dogecoin', '0.15000'],
  OMG: ['OMG Network', '0.450'],
  CRV: ['Curve DAO', '0.4200'],
  ZRX: ['0x', '0.3800'],
  GAS: ['Gas', '4.200'],
  SOL: ['Solana', '145.00'],
  AVAX: ['Avalanche', '28.50'],
  SAND: ['The Sandbox', '0.3900'],
};

const FOREX: [pair: string, seed: string][] = [
  ['AUDCAD', '0.91250'], ['EURUSD', '1.08500'], ['GBPUSD', '1.27000'], ['USDJPY', '151.500'], ['USDCHF', '0.90200'],
  ['USDCAD', '1.36500'], ['AUDUSD', '0.66000'], ['NZDUSD', '0.60500'], ['EURGBP', '0.85400'], ['EURJPY', '164.400'],
  ['GBPJPY', '192.400'], ['EURCHF', '0.97900'], ['AUDJPY', '100.000'], ['EURAUD', '1.64400'], ['EURCAD', '1.48100'],
  ['GBPCHF', '1.14600'], ['CADJPY', '111.000'], ['CHFJPY', '167.900'], ['NZDJPY', '91.700'], ['AUDNZD', '1.09100'],
  ['GBPAUD', '1.92400'], ['EURNZD', '1.79300'], ['USDSGD', '1.34800'], ['USDHKD', '7.82000'],
];

const CFDS: [symbol: string, name: string, unit: string, seed: string][] = [
  ['XAUUSD', 'Gold', 'USD', '2350.00'],
  ['XAGUSD', 'Silver', 'USD', '28.200'],
  ['USOIL', 'WTI Crude Oil', 'USD', '78.50'],
  ['UKOIL', 'Brent Crude Oil', 'USD', '82.70'],
];

const INDICES: [symbol: string, name: string, unit: string, calendar: CalendarId, seed: string][] = [
  ['SPX500', 'S&P 500', 'USD', 'US', '5250.0'],
  ['NAS100', 'Nasdaq 100', 'USD', 'US', '18300.0'],
  ['US30', 'Dow Jones Industrial Average', 'USD', 'US', '39500.0'],
  ['JP225', 'Nikkei 225', 'JPY', 'TSE', '38900.0'],
  ['GER40', 'DAX 40', 'EUR', 'XETRA', '18200.0'],
  ['UK100', 'FTSE 100', 'GBP', 'LSE', '8100.0'],
];

const US_STOCKS: [symbol: string, name: string, seed: string][] = [
  ['AAPL:NASDAQ', 'Apple Inc.', '189.50'], ['MSFT:NASDAQ', 'Microsoft Corp.', '415.20'],
  ['NVDA:NASDAQ', 'NVIDIA Corp.', '905.00'], ['AMZN:NASDAQ', 'Amazon.com Inc.', '182.30'],
  ['GOOGL:NASDAQ', 'Alphabet Inc. Class A', '168.40'], ['META:NASDAQ', 'Meta Platforms Inc.', '478.00'],
  ['TSLA:NASDAQ', 'Tesla Inc.', '175.80'], ['NFLX:NASDAQ', 'Netflix Inc.', '610.00'],
  ['AMD:NASDAQ', 'Advanced Micro Devices Inc.', '160.20'], ['INTC:NASDAQ', 'Intel Corp.', '31.40'],
  ['JPM:NYSE', 'JPMorgan Chase & Co.', '196.00'], ['V:NYSE', 'Visa Inc.', '275.50'],
  ['KO:NYSE', 'The Coca-Cola Co.', '61.80'], ['DIS:NYSE', 'The Walt Disney Co.', '112.40'],
  ['XOM:NYSE', 'Exxon Mobil Corp.', '117.30'], ['WMT:NYSE', 'Walmart Inc.', '60.20'],
  ['BA:NYSE', 'The Boeing Co.', '178.60'], ['NKE:NYSE', 'Nike Inc.', '93.10'],
  ['IBM:NYSE', 'International Business Machines Corp.', '168.90'], ['GE:NYSE', 'GE Aerospace', '158.70'],
  ['SPY:AMEX', 'SPDR S&P 500 ETF Trust', '520.40'], ['GLD:AMEX', 'SPDR Gold Shares', '216.80'],
];

const JP_STOCKS: [symbol: string, name: string, seed: string][] = [
  ['7203:TSE', 'Toyota Motor Corp.', '3450'], ['6758:TSE', 'Sony Group Corp.', '12850'],
  ['9984:TSE', 'SoftBank Group Corp.', '8720'], ['6861:TSE', 'Keyence Corp.', '68900'],
  ['9432:TSE', 'Nippon Telegraph and Telephone Corp.', '172'], ['8306:TSE', 'Mitsubishi UFJ Financial Group', '1530'],
  ['7974:TSE', 'Nintendo Co. Ltd.', '7850'], ['6501:TSE', 'Hitachi Ltd.', '13600'],
  ['9983:TSE', 'Fast Retailing Co. Ltd.', '44300'], ['8035:TSE', 'Tokyo Electron Ltd.', '36100'],
];

/**
 * Stocks, indices and CFDs are quoted to the cent (2 decimals), as their screens show them (shared
 * instrumentPriceDecimals); the default of 10 is for a coin the table does not list. Tokyo stocks too: their price
 * steps are the JPX tick table's whole yen (modules/stocks/venue.ts), which 2 decimals show exactly.
 */
export const CENT_DECIMALS = { price: 2, amount: DEFAULT_AMOUNT_DECIMALS } as const;

function instrument(
  symbol: string,
  name: string,
  category: Category,
  unit: string,
  calendarId: CalendarId,
  referencePrice: string,
  decimals?: { price: number; amount: number },
): InstrumentSeed {
  return {
    symbol,
    name,
    category,
    unit,
    calendarId,
    referencePrice,
    priceDecimals: decimals?.price ?? DEFAULT_PRICE_DECIMALS,
    amountDecimals: decimals?.amount ?? DEFAULT_AMOUNT_DECIMALS,
    isIco: 0,
  };
}

export const INSTRUMENT_SEEDS: readonly InstrumentSeed[] = [
  ...Object.entries(COIN_NAMES).map(([coin, [name, seed]]) =>
    instrument(`${coin}USDT`, name, 'CRYPTO', 'USDT', 'ALWAYS', seed, COIN_DECIMALS[coin]),
  ),
  ...FOREX.map(([pair, seed]) =>
    instrument(pair, `${pair.slice(0, 3)}/${pair.slice(3)}`, 'FOREX', pair.slice(3), 'FX', seed, {
      price: forexPriceDecimals(pair.slice(3)),
      amount: DEFAULT_AMOUNT_DECIMALS,
    }),
  ),
  ...CFDS.map(([symbol, name, unit, seed]) => instrument(symbol, name, 'CFD', unit, 'FX', seed, CENT_DECIMALS)),
  ...INDICES.map(([symbol, name, unit, calendar, seed]) => instrument(symbol, name, 'INDIES', unit, calendar, seed, CENT_DECIMALS)),
  ...US_STOCKS.map(([symbol, name, seed]) => instrument(symbol, name, 'STOCK', 'USD', 'US', seed, CENT_DECIMALS)),
  ...JP_STOCKS.map(([symbol, name, seed]) => instrument(symbol, name, 'STOCK', 'JPY', 'TSE', seed, CENT_DECIMALS)),
];
