import { useCallback } from 'react';
import Decimal from 'decimal.js';
import { useT, type Key } from '../../i18n';

/** A signed figure with its sign always written (+12.50, −3.10): the sign says what colour alone cannot. */
export function formatSigned(value: string): string {
  try {
    const amount = new Decimal(value);
    return `${amount.gt(0) ? '+' : amount.lt(0) ? '−' : ''}${amount.abs().toFixed()}`;
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
  close: 'fillClose',
};

/** Order statuses, position statuses, close types and fill kinds in the user's language (unknown ones as sent). */
export function useStatusText() {
  const { t } = useT();
  return useCallback((word: string) => (WORDS[word] ? t(WORDS[word]) : word), [t]);
}
