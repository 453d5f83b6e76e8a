import i18next from 'i18next';
import { LANGUAGES } from '../i18n/languages';
import { compareExact, figureFormatter, textOf, type DecimalInput, type FigureShape, type Rounding } from './exact';
import { balanceDecimals, magnitudeDecimals } from './precision';
import { decimalsOf } from './exact-text';

/**
 * Displayed figures, one rule for every screen (README "Display and navigation rules"): prices at the instrument's
 * decimals, quantities at its amount decimals, USDT money at 2, fees and funding at up to 4 (a tiny one says
 * "< 0.0001", never "0"), rates and pip values at 6 significant digits, and thousands grouped the way the user's
 * language groups them ("3,000.00" in English, "3.000,00" in German, "3 000,00" in French). Exact like exact.ts:
 * Intl.NumberFormat formats the decimal string itself, no binary float and no decimal.js.
 *
 * Only for figures that are read. A value put into a field the user edits stays a plain ungrouped decimal
 * (toFixedExact / formatBalanceOf), and detail and evidence views show the exact value as recorded.
 */

/** The Intl locale of one of the spec's language codes ("ge" → "de", "jp" → "ja", "ru" → "vi"); English otherwise. */
export function numberLocale(language: string | undefined = i18next.language): string {
  return LANGUAGES.find((l) => l.code === language)?.htmlLang ?? 'en';
}

/** Options every figure formatter takes: the language to format for (the current i18n language by default). */
export interface FigureOptions {
  language?: string;
}

const MINUS = '\u2212';

/** The money units: their fees show cents to 4 decimals; any other asset is a coin. */
const QUOTE_UNITS = ['USDT', 'USD', 'EUR'];

function figure(value: DecimalInput, shape: Omit<FigureShape, 'locale' | 'grouping'>, options?: FigureOptions): string {
  return figureFormatter({ ...shape, grouping: true, locale: numberLocale(options?.language) }).format(textOf(value));
}

/** A price at the instrument's decimals (half up), by magnitude when the decimals are not known. */
export function formatPrice(value: DecimalInput, decimals: number | null | undefined, options?: FigureOptions): string {
  const places = isDecimals(decimals) ? decimals : magnitudeDecimals(value);
  return figure(value, { maxDecimals: places, rounding: 'halfUp' }, options);
}

/** A quantity at the instrument's amount decimals, rounded down (never more than there is); by magnitude without. */
export function formatQuantity(value: DecimalInput, decimals: number | null | undefined, options?: FigureOptions): string {
  const places = isDecimals(decimals) ? decimals : magnitudeDecimals(value);
  return figure(value, { maxDecimals: places, rounding: 'down' }, options);
}

/**
 * An amount of USDT money (a value, a margin, a P/L, a total) in cents. Half up by default; a cost shown before it
 * is paid rounds up, so it is never shown smaller than it will be.
 */
export function formatMoney(value: DecimalInput, options?: FigureOptions & { rounding?: Rounding }): string {
  return figure(value, { maxDecimals: 2, rounding: options?.rounding ?? 'halfUp' }, options);
}

/** A balance of an asset at its balance decimals (USDT, USD, EUR: 2; a coin: its amount decimals), rounded down. */
export function formatBalance(value: DecimalInput, asset: string, options?: FigureOptions): string {
  return figure(value, { maxDecimals: balanceDecimals(asset), rounding: 'down' }, options);
}

/**
 * A fee or a funding payment. In USDT (or USD, EUR, or no asset given): at least 2 and at most 4 decimals, half up
 * ("1.2754", "0.50"). In a coin (a spot buy's fee is taken in the coin bought): its amount decimals, at least 4
 * ("0.00005" BTC). One that is not zero but would round to zero says so: "< 0.0001" ("> −0.0001" when negative);
 * zero itself is "0.00".
 */
export function formatFee(value: DecimalInput, options?: FigureOptions & { asset?: string }): string {
  const coin = options?.asset && !QUOTE_UNITS.includes(options.asset.trim().toUpperCase()) ? balanceDecimals(options.asset) : null;
  const maxDecimals = coin === null ? 4 : Math.max(4, coin);
  const minDecimals = coin === null ? 2 : coin;
  const sign = compareExact(value, 0);
  const magnitude = sign < 0 ? textOf(value).replace('-', '') : textOf(value);
  if (sign !== 0 && compareExact(magnitude, `5e-${maxDecimals + 1}`) < 0) {
    const floor = figure(`1e-${maxDecimals}`, { minDecimals: maxDecimals, maxDecimals, rounding: 'halfUp' }, options);
    return sign > 0 ? `< ${floor}` : `> ${MINUS}${floor}`;
  }
  return figure(value, { minDecimals, maxDecimals, rounding: 'halfUp' }, options);
}

/** A rate (a forex rate, a conversion rate) or a pip value: 6 significant digits, half up ("1.08524", "0.0000155000"). */
export function formatRate(value: DecimalInput, options?: FigureOptions): string {
  if (compareExact(value, 0) === 0) return figure(0, { maxDecimals: 0, rounding: 'halfUp' }, options);
  return figure(value, { significant: 6, rounding: 'halfUp' }, options);
}

/**
 * A change with its sign always written, "+12.50" or "−3.10" (a true minus), so the sign says what colour alone
 * cannot; zero has none. `decimals` (2 by default: a P/L in USDT, a percentage) half up.
 */
export function formatSigned(value: DecimalInput, decimals = 2, options?: FigureOptions): string {
  const text = figure(value, { maxDecimals: decimals, rounding: 'halfUp' }, options);
  const sign = compareExact(value, 0);
  // a value that rounds to zero has no sign to show
  if (sign === 0 || /^[^1-9]*$/.test(text)) return text.replace('-', '');
  return sign > 0 ? `+${text}` : `${MINUS}${text.replace('-', '')}`;
}

/** A percentage (the value is already in percent) with 2 decimals and "%": "12.34%"; signed: "+12.34%", "−0.50%". */
export function formatPercent(percent: DecimalInput, options?: FigureOptions & { signed?: boolean; rounding?: Rounding }): string {
  if (options?.signed) return `${formatSigned(percent, 2, options)}%`;
  const text = figure(percent, { maxDecimals: 2, rounding: options?.rounding ?? 'halfUp' }, options);
  return `${text.replace('-', MINUS)}%`;
}

/** An exact amount as the server or the user gave it (a record, a confirmation): every decimal it has, grouped. */
export function formatExact(value: DecimalInput, options?: FigureOptions): string {
  return figure(value, { maxDecimals: decimalsOf(value), rounding: 'down' }, options);
}

/**
 * The number of a percentage for a text that places "%" itself (as "{{rate}} %", the space and the sign where each
 * language puts them): the current language's separators, half up, at most `decimals` and at least `minDecimals`
 * (both 2 by default) — "55.56" / "55,56", a payout of 80 % with `minDecimals: 0` "80", a spread at 3 "0.016" / "0,016".
 */
export function formatPercentNumber(percent: DecimalInput, options?: FigureOptions & { decimals?: number | 'all'; minDecimals?: number }): string {
  // 'all': exactly as many decimals as the value has (a daily rate is never rounded)
  const maxDecimals = options?.decimals === 'all' ? decimalsOf(percent) : (options?.decimals ?? 2);
  const text = figure(percent, { minDecimals: Math.min(options?.minDecimals ?? maxDecimals, maxDecimals), maxDecimals, rounding: 'halfUp' }, options);
  return text.replace('-', MINUS);
}

function isDecimals(decimals: number | null | undefined): decimals is number {
  return typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= 100;
}
