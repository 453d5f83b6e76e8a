import { useCallback } from 'react';
import { useT, type Key } from '../../i18n';

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
