import { useState } from 'react';
import { useStore } from 'jotai';
import { Button, DecimalField, Dialog, priceDecimals as coinPriceDecimals, showToast, useQueryClient } from '@meridian/shared';
import { setTpSl, type Position } from '../../api/trading';
import { useT } from '../../i18n';
import { formatQuotePrice } from '../market/quotes';
import { invalidateTrading } from './invalidate';
import { tpSlProblems } from './rules';
import { useTradeAction } from './useTradeAction';
import styles from './trade.module.css';

/** Sets, changes or removes (empty) a position's take-profit and stop-loss, checked against the mark price and side. */
export function TpSlDialog({
  position,
  onClose,
  priceDecimals,
}: {
  position: Position;
  onClose: () => void;
  /** The instrument's price decimals (a forex pair's); the coin's otherwise. */
  priceDecimals?: number | null;
}) {
  const { t } = useT();
  const store = useStore();
  const client = useQueryClient();
  const { busy, run } = useTradeAction();
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const [touched, setTouched] = useState(false);
  const decimals = Math.max(position.markPrice.split('.')[1]?.length ?? 0, 10);
  const problems = tpSlProblems({ side: position.side === 'long' ? 'buy' : 'sell', takeProfit, stopLoss }, position.markPrice, decimals);

  const save = async () => {
    setTouched(true);
    if (problems.takeProfit || problems.stopLoss) return;
    const saved = await run(() => setTpSl(position.id, takeProfit.trim() || null, stopLoss.trim() || null));
    if (!saved) return;
    invalidateTrading(client);
    showToast(store, t('tpSlSavedToast'), 'success');
    onClose();
  };

  return (
    <Dialog
      title={t('tpSlTitle', { symbol: position.symbol })}
      testId="tpsl-dialog"
      onDismiss={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancelButton')}
          </Button>
          <Button data-primary="" onClick={() => void save()} disabled={busy} data-testid="tpsl-save">
            {t('saveButton')}
          </Button>
        </>
      }
    >
      <p className={styles.muted}>{t('tpSlMark', { mark: formatQuotePrice(position.markPrice, priceDecimals ?? coinPriceDecimals(position.symbol)) })}</p>
      <DecimalField label={t('takeProfitLabel')} value={takeProfit} onChange={setTakeProfit} error={touched && problems.takeProfit ? t(problems.takeProfit) : null} data-testid="tpsl-tp" />
      <DecimalField label={t('stopLossLabel')} value={stopLoss} onChange={setStopLoss} error={touched && problems.stopLoss ? t(problems.stopLoss) : null} data-testid="tpsl-sl" />
      <p className={styles.note}>{t('tpSlEmptyRemoves')}</p>
    </Dialog>
  );
}
