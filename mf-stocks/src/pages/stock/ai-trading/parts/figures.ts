import { decimalsOf, formatExact, formatPercent, formatScreenTime, formatSigned, orZero, percentOf } from '@meridian/shared';

/** A fraction the server sends ("0.0123") as a signed percentage: "+1.23%". */
export const rateText = (rate: string | null | undefined): string => (rate === null || rate === undefined ? '—' : formatPercent(percentOf(rate), { signed: true }));

/** A USDT figure, every decimal it has. */
export const usdt = (value: string | null | undefined): string => (value === null || value === undefined ? '—' : `${formatExact(orZero(value))} USDT`);

/** A signed USDT P/L, every decimal it has (at least 2): a small loss never reads as 0.00. */
export const pnlText = (value: string | null | undefined): string =>
  value === null || value === undefined ? '—' : `${formatSigned(orZero(value), Math.max(2, decimalsOf(orZero(value))))} USDT`;

/** A time on the screens (UTC, labelled). */
export const when = (iso: string | null | undefined): string => (iso ? formatScreenTime(iso, 'utc', { upTo: 'minute', zoneLabel: true }) : '—');

/** The day of a period's edge (UTC). */
export const day = (iso: string): string => formatScreenTime(iso, 'utc', { upTo: 'day' });

/** up, down or flat, for the colour of a figure. */
export const trendOf = (value: string | null | undefined): 'up' | 'down' | 'flat' => (!value || /^-?0(\.0*)?$/.test(value) ? 'flat' : value.startsWith('-') ? 'down' : 'up');
