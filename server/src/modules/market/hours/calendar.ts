import type { CalendarId } from '../instruments/catalogue.js';

/**
 * Trading-hours calendars, one place for every exchange. Sessions are local wall-clock minutes in the
 * exchange's time zone (Intl does the zone arithmetic, DST included); holidays are local dates with no session.
 */
interface Calendar {
  id: CalendarId;
  timeZone: string;
  /** Index 0 = Sunday: that weekday's sessions as [startMinute, endMinute) local time. */
  week: [number, number][][];
  holidays: ReadonlySet<string>;
}

const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const weekdays = (sessions: [number, number][]) => [[], sessions, sessions, sessions, sessions, sessions, []];

/** A small holiday list per exchange for the current and next year (full-day closures only). */
const HOLIDAYS: Record<Exclude<CalendarId, 'ALWAYS'>, string[]> = {
  US: [
    '2026-01-01', '2026-01-19', '2026-02-16', '2026-04-03', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07',
    '2026-11-26', '2026-12-25', '2027-01-01', '2027-01-18', '2027-02-15', '2027-03-26', '2027-05-31', '2027-06-18',
    '2027-07-05', '2027-09-06', '2027-11-25', '2027-12-24',
  ],
  TSE: [
    '2026-01-01', '2026-01-02', '2026-01-12', '2026-02-11', '2026-02-23', '2026-03-20', '2026-04-29', '2026-05-04',
    '2026-05-05', '2026-05-06', '2026-07-20', '2026-08-11', '2026-09-21', '2026-09-22', '2026-09-23', '2026-10-12',
    '2026-11-03', '2026-11-23', '2026-12-31', '2027-01-01', '2027-01-11', '2027-02-11', '2027-02-23', '2027-03-22',
    '2027-04-29', '2027-05-03', '2027-05-04', '2027-05-05', '2027-07-19', '2027-08-11', '2027-09-20', '2027-09-23',
    '2027-10-11', '2027-11-03', '2027-11-23', '2027-12-31',
  ],
  FX: ['2026-12-25', '2027-01-01', '2027-12-24', '2027-12-31'],
  XETRA: [
    '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-24', '2026-12-25', '2026-12-31', '2027-01-01',
    '2027-03-26', '2027-03-29', '2027-12-24', '2027-12-31',
  ],
  LSE: [
    '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28',
    '2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28',
  ],
};

const CALENDARS: Record<Exclude<CalendarId, 'ALWAYS'>, Calendar> = {
  // 24/5: Sunday 17:00 to Friday 17:00 New York time.
  FX: {
    id: 'FX',
    timeZone: 'America/New_York',
    week: [[[h(17), h(24)]], [[0, h(24)]], [[0, h(24)]], [[0, h(24)]], [[0, h(24)]], [[0, h(17)]], []],
    holidays: new Set(HOLIDAYS.FX),
  },
  US: { id: 'US', timeZone: 'America/New_York', week: weekdays([[h(9, 30), h(16)]]), holidays: new Set(HOLIDAYS.US) },
  TSE: {
    id: 'TSE',
    timeZone: 'Asia/Tokyo',
    week: weekdays([[h(9), h(11, 30)], [h(12, 30), h(15, 30)]]),
    holidays: new Set(HOLIDAYS.TSE),
  },
  XETRA: { id: 'XETRA', timeZone: 'Europe/Berlin', week: weekdays([[h(9), h(17, 30)]]), holidays: new Set(HOLIDAYS.XETRA) },
  LSE: { id: 'LSE', timeZone: 'Europe/London', week: weekdays([[h(8), h(16, 30)]]), holidays: new Set(HOLIDAYS.LSE) },
};

export interface TradingTime {
  open: boolean;
  /** Epoch ms of the next session start (null while open for a 24/7 market). */
  nextOpen: number | null;
  /** Epoch ms when the current (or next) session ends; null for a 24/7 market. */
  nextClose: number | null;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of instant t in timeZone. */
export function wallClock(t: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatter(timeZone).formatToParts(t)) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  return out;
}

const offsetCache = new Map<string, number>();
const HOUR_MS = 3_600_000;

/**
 * The zone's UTC offset at instant t. Offsets change only on the hour or half hour in every zone used here, so
 * the answer is cached per (zone, 15-minute bucket): Intl's formatToParts is far too slow to call per tick.
 */
function offsetMs(t: number, timeZone: string): number {
  const bucket = Math.floor(t / (HOUR_MS / 4));
  const key = `${timeZone}:${bucket}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const start = bucket * (HOUR_MS / 4);
    const w = wallClock(start, timeZone);
    offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - start;
    if (offsetCache.size > 100_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/** The instant at local wall-clock (year, month, day, minuteOfDay) in timeZone. */
export function zonedTime(year: number, month: number, day: number, minuteOfDay: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  const first = guess - offsetMs(guess, timeZone);
  const second = guess - offsetMs(first, timeZone);
  return second;
}

const daySessionCache = new Map<string, [number, number][]>();

/** The UTC sessions of one local day (dayUtc: Date.UTC of that local date at midnight, used as a day key). */
function daySessions(cal: Calendar, dayUtc: number): [number, number][] {
  const key = `${cal.id}:${dayUtc}`;
  const cached = daySessionCache.get(key);
  if (cached) return cached;
  const date = new Date(dayUtc);
  const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  const iso = date.toISOString().slice(0, 10);
  const sessions: [number, number][] = cal.holidays.has(iso)
    ? []
    : (cal.week[date.getUTCDay()] ?? []).map(([start, end]) => [zonedTime(y, m, d, start, cal.timeZone), zonedTime(y, m, d, end, cal.timeZone)]);
  if (daySessionCache.size > 50_000) daySessionCache.clear();
  daySessionCache.set(key, sessions);
  return sessions;
}

/** Date.UTC of the local calendar date at instant t (a key for that local day). */
function localDay(t: number, timeZone: string): number {
  const local = t + offsetMs(t, timeZone);
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
}

/** Merged sessions (touching sessions joined, e.g. the forex week) overlapping [from, to]. */
export function sessionsBetween(calendarId: CalendarId, from: number, to: number): [number, number][] {
  if (calendarId === 'ALWAYS') return [[from, to]];
  const cal = CALENDARS[calendarId];
  const merged: [number, number][] = [];
  for (let day = localDay(from, cal.timeZone) - DAY_MS; day <= localDay(to, cal.timeZone) + DAY_MS; day += DAY_MS) {
    for (const [start, end] of daySessions(cal, day)) {
      const last = merged[merged.length - 1];
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else merged.push([start, end]);
    }
  }
  return merged.filter(([start, end]) => end > from && start <= to);
}

export function isOpen(calendarId: CalendarId, t: number): boolean {
  if (calendarId === 'ALWAYS') return true;
  const cal = CALENDARS[calendarId];
  return daySessions(cal, localDay(t, cal.timeZone)).some(([start, end]) => t >= start && t < end);
}

export function tradingTime(calendarId: CalendarId, t: number): TradingTime {
  if (calendarId === 'ALWAYS') return { open: true, nextOpen: null, nextClose: null };
  // Two weeks ahead covers the longest closure listed (Golden Week plus a weekend).
  const sessions = sessionsBetween(calendarId, t - 7 * DAY_MS, t + 21 * DAY_MS);
  const index = sessions.findIndex(([, end]) => end > t);
  const current = sessions[index];
  if (!current) return { open: false, nextOpen: null, nextClose: null };
  if (current[0] <= t) return { open: true, nextOpen: sessions[index + 1]?.[0] ?? null, nextClose: current[1] };
  return { open: false, nextOpen: current[0], nextClose: current[1] };
}
