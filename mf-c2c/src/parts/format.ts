import { formatExact, orZero } from '@meridian/shared';

/** An exact amount with its unit. */
export const money = (value: string, unit: string) => `${formatExact(orZero(value))} ${unit}`;

/** mm:ss left until `deadline` (0:00 once passed). */
export function timeLeft(deadline: string, now: number): string {
  const seconds = Math.max(0, Math.floor((Date.parse(deadline) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
