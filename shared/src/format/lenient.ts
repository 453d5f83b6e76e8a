import { formatFee, formatPercent, formatPrice, formatQuantity, formatSigned } from './figures';
import type { DecimalInput } from './exact';
import { formatScreenTime } from './time';

/*
 * The figures of the trading lists and tickets, as the server sent them: a feed's value may be malformed, and a
 * list must still render. Each is one of figures.ts's rules with what a malformed value shows: '—' where the figure
 * is the row's (a price, an amount), the value as sent where it is a fact the user may want to read anyway.
 */

/** A price at the instrument's decimals (formatPrice), '—' if malformed. */
export function formatQuotePrice(value: unknown, decimals: unknown): string {
  try {
    return formatPrice(value as DecimalInput, typeof decimals === 'number' ? decimals : null);
  } catch {
    return '—';
  }
}

/** An amount with the instrument's amount decimals, rounded down (formatQuantity), '—' if malformed. */
export function formatQuoteAmount(value: unknown, decimals: unknown): string {
  try {
    return formatQuantity(value as DecimalInput, typeof decimals === 'number' ? decimals : null);
  } catch {
    return '—';
  }
}

/**
 * A signed USDT figure (a P/L) with its sign always written, in cents and grouped ("+1,234.50", "−3.10"): the sign
 * says what colour alone cannot. A malformed value is shown as sent.
 */
export function formatSignedMoney(value: string): string {
  try {
    return formatSigned(value, 2);
  } catch {
    return value;
  }
}

/** A signed fee or funding payment, up to 4 decimals ("+0.0123", "−1.2754", "< 0.0001"); a malformed value as sent. */
export function formatSignedFee(value: string): string {
  try {
    const text = formatFee(value);
    if (text.startsWith('-')) return `\u2212${text.slice(1)}`;
    // zero and "< 0.0001" / "> −0.0001" carry no sign of their own to add
    return /^[<>]/.test(text) || !/[1-9]/.test(text) ? text : `+${text}`;
  } catch {
    return value;
  }
}

/** A signed percentage ("+12.34%", "−0.50%"; formatPercent); a malformed value as sent. */
export function formatSignedPercent(value: string): string {
  try {
    return formatPercent(value, { signed: true });
  } catch {
    return value;
  }
}

/** Units (a forex position's beside its lots), every digit kept and grouped ("100,000"); a malformed value as sent. */
export function formatUnits(value: string): string {
  try {
    return formatQuantity(value, value.split('.')[1]?.length ?? 0);
  } catch {
    return value;
  }
}

/** A record's time in UTC to the millisecond ("2026-03-01 08:00:00.123 UTC"), as fills' ticks are recorded; a malformed one as sent. */
export function formatRecordTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatScreenTime(date, 'utc', { upTo: 'millisecond', zoneLabel: true });
}
