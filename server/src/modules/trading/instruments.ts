import type { MaintenanceTier } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { Dec } from '../ledger/decimal.js';
import { normalize } from '../ledger/ledger.js';
import type { Instrument } from '../market/instruments/storage.js';
import { normalise, requireSymbol } from '../market/symbols.js';

// one tier shape for the engine, the formulas and the screens (progressive slices of the notional: margin.ts)
export type { MaintenanceTier };

/** The terms of one instrument for orders placed now (the contract's InstrumentTerms). */
export interface InstrumentTerms {
  symbol: string;
  base: string;
  quote: string;
  priceDecimals: number;
  amountDecimals: number;
  leverages: number[];
  minQuantity: string;
  maxQuantity: string;
  makerFeeRate: string;
  takerFeeRate: string;
  maintenanceTiers: MaintenanceTier[];
  fundingIntervalHours: number;
  /** The configured funding rate: what a position without the formula pays (forex financing, positions before 0031). */
  fundingRate: string;
  /**
   * The published funding formula's parameters (perpetual/funding-formula.ts): interest rate I, clamp c and cap, per
   * interval; null together on an instrument that pays its configured fundingRate (forex financing).
   */
  fundingInterestRate: string | null;
  fundingClamp: string | null;
  fundingCap: string | null;
  spotEnabled: boolean;
  perpetualEnabled: boolean;
  isIco: 0 | 1;
  /**
   * How far from the mark a limit price may be, as a fraction (0.1: within 10 %); absent (every stored instrument
   * today: no column yet, so operators cannot change it) means the default band, contracts' DEFAULT_PRICE_BAND.
   */
  priceBand?: string;
  version: number;
}

/** What an operator may change (decimals and the asset pair follow the market catalogue). */
export type TermsChange = Partial<Pick<InstrumentTerms,
  'leverages' | 'minQuantity' | 'maxQuantity' | 'makerFeeRate' | 'takerFeeRate' | 'maintenanceTiers' | 'fundingIntervalHours' | 'fundingRate' | 'fundingInterestRate' | 'fundingCap' | 'spotEnabled' | 'perpetualEnabled'>>;

/** The funding formula's parameters a seeded crypto instrument starts with (I and c as Binance publishes them; migration 0031). */
export const DEFAULT_FUNDING_FORMULA = { fundingInterestRate: '0.0001', fundingClamp: '0.0005', fundingCap: '0.0075' } as const;

export const DEFAULT_LEVERAGES = [1, 2, 3, 5, 10, 20, 50, 100];
/** Binance-like tiers: the larger the position, the more of it must stay as margin. */
export const DEFAULT_TIERS: MaintenanceTier[] = [
  { maxNotional: '50000', rate: '0.004' },
  { maxNotional: '250000', rate: '0.005' },
  { maxNotional: '1000000', rate: '0.01' },
  { maxNotional: null, rate: '0.025' },
];
const DEFAULT_MAKER = '0.0008';
const DEFAULT_TAKER = '0.001';
/** The largest order a seeded instrument takes, in quote value at its reference price. */
const MAX_ORDER_NOTIONAL = '5000000';

/** The seeded terms of a crypto instrument of the market catalogue. */
export function defaultTerms(instrument: Pick<Instrument, 'symbol' | 'unit' | 'priceDecimals' | 'amountDecimals' | 'isIco' | 'referencePrice'>): InstrumentTerms {
  const min = new Dec(1).div(new Dec(10).pow(instrument.amountDecimals));
  let max = new Dec(MAX_ORDER_NOTIONAL).div(instrument.referencePrice).toDecimalPlaces(instrument.amountDecimals, Dec.ROUND_DOWN);
  if (max.lt(min)) max = min;
  return {
    symbol: instrument.symbol,
    base: instrument.symbol.slice(0, -instrument.unit.length),
    quote: instrument.unit,
    priceDecimals: instrument.priceDecimals,
    amountDecimals: instrument.amountDecimals,
    leverages: DEFAULT_LEVERAGES,
    minQuantity: min.toFixed(),
    maxQuantity: max.toFixed(),
    makerFeeRate: DEFAULT_MAKER,
    takerFeeRate: DEFAULT_TAKER,
    maintenanceTiers: DEFAULT_TIERS,
    fundingIntervalHours: 8,
    fundingRate: '0.0001',
    ...DEFAULT_FUNDING_FORMULA,
    spotEnabled: true,
    perpetualEnabled: instrument.isIco !== 1,
    isIco: instrument.isIco,
    version: 1,
  };
}

/** The problems of a set of terms (empty when they are usable). */
export function checkTerms(terms: InstrumentTerms): string[] {
  const problems: string[] = [];
  const dec = (name: string, value: string) => {
    try {
      const d = new Dec(value);
      if (!d.isFinite()) throw new Error();
      return d;
    } catch {
      problems.push(`${name} is not a number: ${value}`);
      return new Dec(NaN);
    }
  };
  if (!terms.leverages.length || terms.leverages.some((l) => !Number.isInteger(l) || l < 1 || l > 125)) problems.push('leverages are whole numbers from 1 to 125');
  const min = dec('minQuantity', terms.minQuantity);
  const max = dec('maxQuantity', terms.maxQuantity);
  if (!(min.gt(0) && max.gte(min))) problems.push('0 < minQuantity ≤ maxQuantity');
  if (min.decimalPlaces() > terms.amountDecimals) problems.push(`minQuantity has more than ${terms.amountDecimals} decimals`);
  for (const [name, value] of [['makerFeeRate', terms.makerFeeRate], ['takerFeeRate', terms.takerFeeRate]] as const) {
    const rate = dec(name, value);
    if (!(rate.gte(0) && rate.lt('0.1'))) problems.push(`${name} is a fraction from 0 to below 0.1`);
  }
  if (!Number.isInteger(terms.fundingIntervalHours) || terms.fundingIntervalHours < 1 || terms.fundingIntervalHours > 24) problems.push('fundingIntervalHours is 1 to 24');
  if (!dec('fundingRate', terms.fundingRate).abs().lt('0.05')) problems.push('|fundingRate| < 0.05');
  const formula = [terms.fundingInterestRate, terms.fundingClamp, terms.fundingCap];
  if (formula.some((v) => v === null) && formula.some((v) => v !== null)) problems.push('the funding formula has an interest rate, a clamp and a cap, or none');
  if (terms.fundingInterestRate !== null && terms.fundingClamp !== null && terms.fundingCap !== null) {
    const clamp = dec('fundingClamp', terms.fundingClamp);
    if (!(clamp.gte(0) && clamp.lt('0.01'))) problems.push('fundingClamp is from 0 to below 0.01');
    // the interest rate can move the rate at most by the clamp away from the premium: it may never aim it
    if (!dec('fundingInterestRate', terms.fundingInterestRate).abs().lte(clamp)) problems.push('|fundingInterestRate| ≤ fundingClamp');
    const cap = dec('fundingCap', terms.fundingCap);
    if (!(cap.gt(0) && cap.lt('0.05'))) problems.push('fundingCap is above 0 and below 0.05');
  }
  const tiers = terms.maintenanceTiers;
  if (!tiers.length || tiers[tiers.length - 1]!.maxNotional !== null) problems.push('the last maintenance tier has no upper bound');
  let previous = new Dec(0);
  for (const [i, tier] of tiers.entries()) {
    const rate = dec(`tier ${i + 1} rate`, tier.rate);
    if (!(rate.gt(0) && rate.lt(1))) problems.push(`tier ${i + 1}: rate between 0 and 1`);
    if (tier.maxNotional !== null) {
      const bound = dec(`tier ${i + 1} maxNotional`, tier.maxNotional);
      if (!bound.gt(previous)) problems.push('maintenance tiers ascend by maxNotional');
      if (i === tiers.length - 1) break;
      previous = bound;
    } else if (i !== tiers.length - 1) problems.push('only the last maintenance tier has no upper bound');
  }
  return problems;
}

interface Row {
  symbol: string;
  base: string;
  quote: string;
  price_decimals: number;
  amount_decimals: number;
  leverages: number[];
  min_quantity: string;
  max_quantity: string;
  maker_fee_rate: string;
  taker_fee_rate: string;
  maintenance_tiers: MaintenanceTier[];
  funding_interval_hours: number;
  funding_rate: string;
  funding_interest_rate: string | null;
  funding_clamp: string | null;
  funding_cap: string | null;
  spot_enabled: boolean;
  perpetual_enabled: boolean;
  is_ico: boolean;
  version: number;
}

const fromRow = (row: Row): InstrumentTerms => ({
  symbol: row.symbol,
  base: row.base,
  quote: row.quote,
  priceDecimals: Number(row.price_decimals),
  amountDecimals: Number(row.amount_decimals),
  leverages: row.leverages.map(Number),
  minQuantity: normalize(row.min_quantity),
  maxQuantity: normalize(row.max_quantity),
  makerFeeRate: normalize(row.maker_fee_rate),
  takerFeeRate: normalize(row.taker_fee_rate),
  maintenanceTiers: row.maintenance_tiers,
  fundingIntervalHours: Number(row.funding_interval_hours),
  fundingRate: normalize(row.funding_rate),
  fundingInterestRate: row.funding_interest_rate === null ? null : normalize(row.funding_interest_rate),
  fundingClamp: row.funding_clamp === null ? null : normalize(row.funding_clamp),
  fundingCap: row.funding_cap === null ? null : normalize(row.funding_cap),
  spotEnabled: row.spot_enabled,
  perpetualEnabled: row.perpetual_enabled,
  isIco: row.is_ico ? 1 : 0,
  version: Number(row.version),
});

const versionOf = (terms: InstrumentTerms) => {
  const { version: _version, ...rest } = terms;
  return rest;
};

/** Seeds terms for every crypto instrument of the catalogue that has none (operator changes stay). */
export async function seedInstrumentTerms(db: Db, instruments: Iterable<Instrument>, now: Date): Promise<void> {
  for (const instrument of instruments) {
    if (instrument.category === 'CRYPTO') await seedTerms(db, defaultTerms(instrument), now);
  }
}

/** Writes `terms` as version 1 of an instrument that has none yet (another product's seed uses it too). */
export async function seedTerms(db: Db, terms: InstrumentTerms, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO trading_instruments (symbol, base, quote, price_decimals, amount_decimals, leverages, min_quantity, max_quantity,
         maker_fee_rate, taker_fee_rate, maintenance_tiers, funding_interval_hours, funding_rate, spot_enabled, perpetual_enabled, is_ico,
         version, updated_at, funding_interest_rate, funding_clamp, funding_cap)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 1, $17, $18, $19, $20)
       ON CONFLICT (symbol) DO NOTHING RETURNING symbol`,
      [terms.symbol, terms.base, terms.quote, terms.priceDecimals, terms.amountDecimals, terms.leverages, terms.minQuantity, terms.maxQuantity,
        terms.makerFeeRate, terms.takerFeeRate, JSON.stringify(terms.maintenanceTiers), terms.fundingIntervalHours, terms.fundingRate,
        terms.spotEnabled, terms.perpetualEnabled, terms.isIco === 1, now, terms.fundingInterestRate, terms.fundingClamp, terms.fundingCap],
    );
    if (inserted.rows.length) {
      await tx.query('INSERT INTO trading_instrument_versions (symbol, version, terms, changed_by, changed_at) VALUES ($1, 1, $2, $3, $4)', [
        terms.symbol,
        JSON.stringify(versionOf(terms)),
        'seed',
        now,
      ]);
    }
  });
}

export async function loadInstrumentTerms(db: Db): Promise<InstrumentTerms[]> {
  const { rows } = await db.query<Row>('SELECT * FROM trading_instruments ORDER BY symbol');
  return rows.map(fromRow);
}

/**
 * Changes an instrument's terms for future orders: a new version, kept with the previous ones. Orders and
 * positions already open keep the terms they copied. The caller (an operator command) audits it.
 */
export async function changeInstrumentTerms(
  tx: Db,
  symbol: string,
  change: TermsChange,
  operator: string,
  now: Date,
): Promise<{ before: InstrumentTerms; after: InstrumentTerms }> {
  const { rows } = await tx.query<Row>('SELECT * FROM trading_instruments WHERE symbol = $1 FOR UPDATE', [requireSymbol(symbol)]);
  if (!rows[0]) throw refuse('unknownSymbol', { symbol }, 404);
  const before = fromRow(rows[0]);
  // an instrument whose funding follows the formula: the operator bounds the rate (cap) or sets the interest
  // rate, never the rate itself
  if (change.fundingRate !== undefined && before.fundingCap !== null) {
    throw new Error(`${before.symbol}'s funding follows the published formula: bound it with --funding-cap or set --funding-interest, the rate itself cannot be set`);
  }
  if ((change.fundingInterestRate !== undefined || change.fundingCap !== undefined) && before.fundingCap === null) {
    throw new Error(`${before.symbol} pays a configured financing rate (--funding-rate); it has no funding formula`);
  }
  const after: InstrumentTerms = { ...before, ...change, version: before.version + 1 };
  const problems = checkTerms(after);
  if (problems.length) throw new Error(`Invalid terms:\n  ${problems.join('\n  ')}`);
  await tx.query(
    `UPDATE trading_instruments SET leverages = $2, min_quantity = $3, max_quantity = $4, maker_fee_rate = $5, taker_fee_rate = $6,
       maintenance_tiers = $7, funding_interval_hours = $8, funding_rate = $9, spot_enabled = $10, perpetual_enabled = $11,
       version = $12, updated_at = $13, funding_interest_rate = $14, funding_cap = $15 WHERE symbol = $1`,
    [after.symbol, after.leverages, after.minQuantity, after.maxQuantity, after.makerFeeRate, after.takerFeeRate, JSON.stringify(after.maintenanceTiers),
      after.fundingIntervalHours, after.fundingRate, after.spotEnabled, after.perpetualEnabled, after.version, now, after.fundingInterestRate, after.fundingCap],
  );
  await tx.query('INSERT INTO trading_instrument_versions (symbol, version, terms, changed_by, changed_at) VALUES ($1, $2, $3, $4, $5)', [
    after.symbol,
    after.version,
    JSON.stringify(versionOf(after)),
    operator,
    now,
  ]);
  return { before, after };
}

/**
 * The terms in memory, for the order path. Reloaded from the database before each use when stale: an operator
 * command may run in another process (`pnpm ops` without a running server), so the version is read back cheaply
 * (one row: the sum of versions) at most once per `maxAgeMs`.
 */
export class InstrumentBook {
  private bySymbol = new Map<string, InstrumentTerms>();
  private stamp = '';
  private checkedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = 1000,
  ) {}

  async reload(): Promise<void> {
    const all = await loadInstrumentTerms(this.db);
    this.bySymbol = new Map(all.map((t) => [t.symbol, t]));
    this.stamp = all.map((t) => `${t.symbol}:${t.version}`).join(',');
    this.checkedAt = Date.now();
  }

  /** Re-reads the terms when an operator changed any since the last read. */
  async fresh(): Promise<void> {
    if (Date.now() - this.checkedAt < this.maxAgeMs) return;
    const { rows } = await this.db.query<{ stamp: string }>(
      `SELECT coalesce(string_agg(symbol || ':' || version, ',' ORDER BY symbol), '') AS stamp FROM trading_instruments`,
    );
    if (rows[0]!.stamp !== this.stamp) await this.reload();
    else this.checkedAt = Date.now();
  }

  /**
   * The terms of a symbol as the database has them now, read with `q` (the order's transaction): what an order
   * copies. One primary-key row per order, so an operator change applies to the next order at once in every process
   * (the cached copy and its once-a-second stamp check let orders through at old terms for up to the check's age, and
   * the perpetual path never checked). The copy in memory is refreshed on the way for the reading routes.
   */
  async current(q: Db, symbol: string): Promise<InstrumentTerms> {
    const { rows } = await q.query<Row>('SELECT * FROM trading_instruments WHERE symbol = $1', [requireSymbol(symbol)]);
    if (!rows[0]) throw refuse('symbolNotTradable', { symbol: normalise(symbol) });
    const terms = fromRow(rows[0]);
    const cached = this.bySymbol.get(terms.symbol);
    if (!cached || cached.version !== terms.version) {
      this.bySymbol.set(terms.symbol, terms);
      this.checkedAt = 0; // the stamp no longer matches what is held: the next fresh() re-reads it
    }
    return terms;
  }

  list(): InstrumentTerms[] {
    return [...this.bySymbol.values()];
  }

  find(symbol: string): InstrumentTerms | undefined {
    return this.bySymbol.get(normalise(symbol));
  }

  /** The current terms of a symbol; "This symbol cannot be traded" when it has none. */
  terms(symbol: string): InstrumentTerms {
    const found = this.find(symbol);
    if (!found) throw refuse('symbolNotTradable', { symbol: normalise(symbol) });
    return found;
  }
}
