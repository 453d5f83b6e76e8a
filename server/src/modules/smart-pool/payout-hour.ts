/**
 * Local payout hours: "4 a.m." is 04:00 in the platform's configured time zone (frozen into each purchase), not
 * 04:00 UTC. Written with Intl only (no time-zone library); daylight-saving gaps are resolved forwards.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone. */
function localParts(at: Date, timeZone: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), min: Number(parts.minute), s: Number(parts.second) };
}

/** The zone's offset from UTC at an instant, in ms (local − UTC). */
function offsetAt(at: Date, timeZone: string): number {
  const p = localParts(at, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant whose wall clock in `timeZone` reads y-m-d hour:00 (y-m-d may overflow: day 32 is next month). */
export function zonedHour(y: number, m: number, d: number, hour: number, timeZone: string): Date {
  const wall = Date.UTC(y, m - 1, d, hour);
  let at = new Date(wall - offsetAt(new Date(wall), timeZone));
  // once more at the found instant: the offset may differ there (a DST change between the guess and the answer)
  at = new Date(wall - offsetAt(at, timeZone));
  return at;
}

/** The first instant at or after `after` that is `hour`:00 in `timeZone`. */
export function nextLocalHour(after: Date, hour: number, timeZone: string): Date {
  const p = localParts(after, timeZone);
  const today = zonedHour(p.y, p.m, p.d, hour, timeZone);
  return today.getTime() >= after.getTime() ? today : zonedHour(p.y, p.m, p.d + 1, hour, timeZone);
}

/** `count` consecutive daily payout hours starting with the first at or after `after`. */
export function dailyHours(after: Date, count: number, hour: number, timeZone: string): Date[] {
  const first = nextLocalHour(after, hour, timeZone);
  const p = localParts(first, timeZone);
  return Array.from({ length: count }, (_, i) => (i === 0 ? first : zonedHour(p.y, p.m, p.d + i, hour, timeZone)));
}

/** True for a zone name the runtime knows (an operator's terms are checked with it). */
export function isTimeZone(name: string): boolean {
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}
