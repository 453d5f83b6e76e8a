import { useCallback } from 'react';
import { formatFee, formatPercent, formatQuantity, formatSigned } from '@meridian/shared';
import { useT, type Key } from '../../i18n';

/**
 * A signed USDT figure (a P/L) with its sign always written, in cents and grouped (shared formatSigned: "+1,234.50",
 * "−3.10"): the sign says what colour alone cannot. A malformed value is shown as sent.
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

/** A forex position's units beside its lots, every digit kept and grouped ("100,000"); a malformed value as sent. */
export function formatUnits(value: string): string {
  try {
    return formatQuantity(value, value.split('.')[1]?.length ?? 0);
  } catch {
    return value;
  }
}

/** A signed percentage ("+12.34%", "−0.50%"; shared formatPercent); a malformed value as sent. */
export function formatSignedPercent(value: string): string {
  try {
    return formatPercent(value, { signed: true });
  } catch {
    return value;
  }
}

/** Record times in UTC to the millisecond, as the fills' ticks are recorded. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 23).replace('T', ' ')} UTC`;
}

const WORDS: Record<string, Key> = {
  pending: 'statusPending',
  opening: 'statusOpening',
  completed: 'statusCompleted',
  canceled: 'statusCanceled',
  merged: 'statusMerged',
  open: 'statusOpen',
  closed: 'statusClosed',
  manual: 'closeManual',
  take_profit: 'closeTakeProfit',
  stop_loss: 'closeStopLoss',
  liquidation: 'closeLiquidation',
  reverse: 'closeReverse',
  adl: 'closeAdl',
  close: 'fillClose',
  triggered: 'statusTriggered',
};

/** Order statuses, position statuses, close types and fill kinds in the user's language (unknown ones as sent). */
export function useStatusText() {
  const { t } = useT();
  return useCallback((word: string) => (WORDS[word] ? t(WORDS[word]) : word), [t]);
}
