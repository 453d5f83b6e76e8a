import type Decimal from 'decimal.js';

/**
 * Exact decimal formatting without decimal.js, so the first screens do not load it: Intl.NumberFormat formats a
 * decimal *string* as the exact decimal it spells (ECMA-402 "Intl.NumberFormat v3": Chrome/Edge 106, Safari 15.4,
 * Firefox 116, Node 20), with the rounding mode asked for. A number goes in by its shortest round-trip text and a
 * Decimal by its own text, so nothing here ever passes through a binary float's arithmetic.
 */
export type DecimalInput = Decimal.Value;

/**
 * half-up: a price (half away from zero, decimal.js's ROUND_HALF_UP); down: a balance (toward zero, ROUND_DOWN);
 * up: a cost shown before it is paid (away from zero, ROUND_UP: never shown smaller than it will be).
 */
export type Rounding = 'halfUp' | 'down' | 'up';

const ROUNDING_MODES = { halfUp: 'halfExpand', down: 'trunc', up: 'expand' } as const;

const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** The value's decimal text; like decimal.js, anything that is not a finite decimal is an error, never "NaN". */
export function textOf(value: DecimalInput): `${number}` {
  const text = (typeof value === 'string' ? value : String(value)).trim();
  if (!DECIMAL_TEXT.test(text)) throw new RangeError(`not a decimal: ${text}`);
  return text as `${number}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** What a displayed figure needs: its locale, digits (fraction or significant), rounding and grouping. */
export interface FigureShape {
  locale: string;
  rounding: Rounding;
  grouping: boolean;
  minDecimals?: number;
  maxDecimals?: number;
  significant?: number;
}

/** One cached Intl.NumberFormat per shape (creating one costs far more than formatting with it). */
export function figureFormatter(shape: FigureShape): Intl.NumberFormat {
  const key = `${shape.locale}/${shape.minDecimals}/${shape.maxDecimals}/${shape.significant}/${shape.rounding}/${shape.grouping}`;
  let format = formatters.get(key);
  if (!format) {
    const digits =
      shape.significant !== undefined
        ? { minimumSignificantDigits: shape.significant, maximumSignificantDigits: shape.significant }
        : { minimumFractionDigits: shape.minDecimals ?? shape.maxDecimals, maximumFractionDigits: shape.maxDecimals };
    format = new Intl.NumberFormat(shape.locale, {
      useGrouping: shape.grouping,
      ...digits,
      roundingMode: ROUNDING_MODES[shape.rounding],
      // a value that rounds to zero shows "0.00", not decimal.js's "-0.00"
      signDisplay: 'negative',
    } as Intl.NumberFormatOptions);
    formatters.set(key, format);
  }
  return format;
}

function formatter(decimals: number, rounding: Rounding, grouping: boolean, minDecimals = decimals): Intl.NumberFormat {
  return figureFormatter({ locale: 'en-US', rounding, grouping, minDecimals, maxDecimals: decimals });
}

/** The value with exactly `decimals` decimals, rounded as asked; grouped with "," when `grouping`. */
export function toFixedExact(value: DecimalInput, decimals: number, rounding: Rounding, grouping = false): string {
  return formatter(decimals, rounding, grouping).format(textOf(value));
}

/** At most `decimals` decimals, rounded down, no trailing zeros ("12.3", "999"). */
export function toShortestExact(value: DecimalInput, decimals: number): string {
  return formatter(decimals, 'down', false, 0).format(textOf(value));
}

/** How many digits the whole part of |value| has: 0 under 1, 1 from 1, 2 from 10, 3 from 100 … */
export function wholeDigits(value: DecimalInput): number {
  const whole = formatter(0, 'down', false).format(textOf(value)).replace('-', '');
  return whole === '0' ? 0 : whole.length;
}

/** The value × 10^-places, exactly (its exponent moves; no arithmetic). */
export function shiftLeft(value: DecimalInput, places: number): `${number}` {
  const [mantissa, exponent = '0'] = textOf(value).toLowerCase().split('e');
  return `${mantissa}e${Number(exponent) - places}` as `${number}`;
}

/** A decimal as a whole number of 10^-scale units: BigInt keeps it exact without a library. */
interface Scaled {
  units: bigint;
  scale: number;
}

function scaledOf(value: DecimalInput): Scaled {
  const [mantissa = '', exponent = '0'] = textOf(value).toLowerCase().split('e');
  const [whole = '', fraction = ''] = mantissa.replace('+', '').split('.');
  const scale = fraction.length - Number(exponent);
  const units = BigInt(`${whole.replace('-', '') || '0'}${fraction}`) * (mantissa.startsWith('-') ? -1n : 1n);
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

/** -1, 0 or 1 as a is less than, equal to or greater than b, exactly. */
export function compareExact(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  const x = scaledOf(a);
  const y = scaledOf(b);
  const scale = Math.max(x.scale, y.scale);
  const left = x.units * 10n ** BigInt(scale - x.scale);
  const right = y.units * 10n ** BigInt(scale - y.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** a × b, exactly, as a plain decimal string (for ordering and display; amounts a user spends go through decimal.js). */
export function multiplyExact(a: DecimalInput, b: DecimalInput): `${number}` {
  const x = scaledOf(a);
  const y = scaledOf(b);
  return `${x.units * y.units}e-${x.scale + y.scale}` as `${number}`;
}

/** A scaled value as decimal.js's toFixed() spells it: no exponent, no trailing zeros, "0" for zero. */
function plainText({ units, scale }: Scaled): `${number}` {
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const sign = units < 0n ? '-' : '';
  return (scale > 0 ? `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}` : `${sign}${digits}`) as `${number}`;
}

/** The value × 10^places as a plain decimal text ("1.50e1", 0 → "15"), exactly. */
export function plainExact(value: DecimalInput, places = 0): `${number}` {
  const { units, scale } = scaledOf(value);
  const shifted = scale - places;
  return plainText(shifted >= 0 ? { units, scale: shifted } : { units: units * 10n ** BigInt(-shifted), scale: 0 });
}
