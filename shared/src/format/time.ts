import { numberLocale } from './figures';
/** The clocks the screens show times in (spec: New York, London, Shanghai or UTC depending on the screen). */
export const SCREEN_TIME_ZONES = {
  newYork: 'America/New_York',
  london: 'Europe/London',
  shanghai: 'Asia/Shanghai',
  utc: 'UTC',
} as const;

export type ScreenTimeZone = keyof typeof SCREEN_TIME_ZONES;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      fractionalSecondDigits: 3,
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface ScreenTimeOptions {
  /** The last part shown: "YYYY-MM-DD", "YYYY-MM-DD HH:mm", (by default) "YYYY-MM-DD HH:mm:ss", or with milliseconds (as fills' ticks are recorded). */
  upTo?: 'day' | 'minute' | 'second' | 'millisecond';
  /** Says the clock after the time ("… UTC", "… America/New_York"), for a screen whose other times are local. */
  zoneLabel?: boolean;
}

const LENGTHS = { day: 10, minute: 16, second: 19, millisecond: 23 } as const;

/**
 * "YYYY-MM-DD HH:mm:ss" in the screen's clock, whatever the browser's own zone or language: trading times
 * must read the same for every user of a screen.
 */
export function formatScreenTime(when: Date | number | string, zone: ScreenTimeZone, options: ScreenTimeOptions = {}): string {
  const date = when instanceof Date ? when : new Date(when);
  const parts = Object.fromEntries(formatterFor(SCREEN_TIME_ZONES[zone]).formatToParts(date).map((part) => [part.type, part.value]));
  const text = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}.${parts.fractionalSecond ?? '000'}`.slice(0, LENGTHS[options.upTo ?? 'second']);
  return options.zoneLabel ? `${text} ${SCREEN_TIME_ZONES[zone]}` : text;
}

export interface LocalTimeOptions {
  /** A screen clock; without one, the user's own (or `timeZone`). */
  zone?: ScreenTimeZone;
  /** An IANA zone standing for the user's own (tests, a saved preference). */
  timeZone?: string;
  /** The app's language code (the current one by default): 'ge' formats as German, 'jp' as Japanese. */
  language?: string;
}

const localFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment the user plans around (the next market opening) in their language, with its weekday and zone name —
 * "Mon, 11/30/2026, 07:00 AM GMT+9" in English, "Mo., 30.11.2026, 07:00 GMT+9" in German — in their own clock or a
 * named screen clock. Unlike formatScreenTime, it reads as the user's calendar does, not the same for everyone.
 */
export function formatLocalTime(when: Date | number | string, options: LocalTimeOptions = {}): string {
  const locale = numberLocale(options.language);
  const timeZone = options.zone ? SCREEN_TIME_ZONES[options.zone] : options.timeZone;
  const cacheKey = `${locale}|${timeZone ?? ''}`;
  let formatter = localFormatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
    localFormatters.set(cacheKey, formatter);
  }
  return formatter.format(when instanceof Date ? when : new Date(when));
}
