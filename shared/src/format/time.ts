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
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * "YYYY-MM-DD HH:mm:ss" in the screen's clock, whatever the browser's own zone or language: trading times
 * must read the same for every user of a screen.
 */
export function formatScreenTime(when: Date | number | string, zone: ScreenTimeZone): string {
  const date = when instanceof Date ? when : new Date(when);
  const parts = Object.fromEntries(formatterFor(SCREEN_TIME_ZONES[zone]).formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
