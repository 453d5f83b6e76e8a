import { sessionsBetween, tradingTime, wallClock } from '../market/hours/calendar.js';
import { venueOf, type Venue } from './venue.js';

/**
 * A stock venue's hours, from the market calendar the feed runs on (sessions, holidays, the zone's DST): US
 * 9:30–16:00 New York, TSE 9:00–11:30 and 12:30–15:30 Tokyo. Pure: the instant is an argument.
 */
export interface VenueSession {
  venue: Venue['id'];
  timeZone: string;
  open: boolean;
  /** The next session start (UTC epoch ms) after `at`: the next opening, also while open (TSE: the afternoon). */
  nextOpen: number | null;
  /** When the current session ends, or the next one when closed (UTC epoch ms). */
  nextClose: number | null;
}

const DAY_MS = 86_400_000;
/** Further than any closure the calendars list (Golden Week with its weekends, year end). */
const REACH_MS = 21 * DAY_MS;

/** Open or closed at `at` and the next opening; undefined for a symbol on no stock venue. */
export function venueSession(symbol: string, at: number): VenueSession | undefined {
  const venue = venueOf(symbol);
  if (!venue) return undefined;
  const time = tradingTime(venue.calendarId, at);
  return { venue: venue.id, timeZone: venue.timeZone, open: time.open, nextOpen: time.nextOpen, nextClose: time.nextClose };
}

/** One trading day: its sessions (both Tokyo halves are the same day), first start to last close. */
export interface TradingDay {
  /** The local date in the venue's zone, YYYY-MM-DD. */
  date: string;
  start: number;
  close: number;
  sessions: [number, number][];
}

/** The venue's trading days overlapping [from, to], oldest first, grouped by local date. */
export function tradingDays(venue: Venue, from: number, to: number): TradingDay[] {
  const days: TradingDay[] = [];
  for (const [start, end] of sessionsBetween(venue.calendarId, from, to)) {
    const w = wallClock(start, venue.timeZone);
    const date = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
    const last = days[days.length - 1];
    if (last?.date === date) {
      last.close = end;
      last.sessions.push([start, end]);
    } else days.push({ date, start, close: end, sessions: [[start, end]] });
  }
  return days;
}

/**
 * The trading day that `at` belongs to — the one open now, or else the last that began — and the day before it,
 * whose close is the "previous close" a stock's change is measured against. Before the first session of a day
 * the latest day is still yesterday's: its change stays on the screen until the next opening.
 */
export function sessionDays(venue: Venue, at: number): { latest: TradingDay | undefined; previous: TradingDay | undefined } {
  const days = tradingDays(venue, at - REACH_MS, at + DAY_MS).filter((day) => day.start <= at);
  return { latest: days[days.length - 1], previous: days[days.length - 2] };
}
