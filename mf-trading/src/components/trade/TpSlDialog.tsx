import { useState } from 'react';
import { useStore } from 'jotai';
import { perpetual } from '@meridian/contracts';
import { Button, DecimalField, Dialog, priceDecimals as coinPriceDecimals, showToast, useApiMutation, formatQuotePrice } from '@meridian/shared';
import { AFFECTED } from '../../api/affected';
import type { Position } from '../../api/trading';
import { useT } from '../../i18n';
import { tpSlProblems } from './rules';
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
  const { busy, run } = useApiMutation(perpetual.setTPAndSLPosition, { invalidates: AFFECTED.positionUpdate });
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const [touched, setTouched] = useState(false);
  const decimals = Math.max(position.markPrice.split('.')[1]?.length ?? 0, 10);
  const problems = tpSlProblems({ side: position.side === 'long' ? 'buy' : 'sell', takeProfit, stopLoss }, position.markPrice, decimals);

  const save = async () => {
    setTouched(true);
    if (problems.takeProfit || problems.stopLoss) return;
    const saved = await run({ positionId: position.id, takeProfit: takeProfit.trim() || null, stopLoss: stopLoss.trim() || null });
    if (!saved) return;
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
