import { useRef, useState } from 'react';
import Decimal from 'decimal.js';
import { useStore } from 'jotai';
import { Button, Dialog, Field, newRequestId, showToast, useQueryClient } from '@meridian/shared';
import { closePosition, type Position } from '../../api/trading';
import { useT } from '../../i18n';
import { formatQuotePrice } from '../market/quotes';
import { invalidateTrading } from './invalidate';
import { sizeProblem } from './rules';
import { useTradeAction } from './useTradeAction';
import { useTradingConfig } from './useTradingConfig';
import styles from './trade.module.css';

/** Closes a position at the feed (a long at the bid, a short at the ask): all of it, or the quantity entered. */
export function ClosePositionDialog({ position, onClose }: { position: Position; onClose: () => void }) {
  const { t } = useT();
  const store = useStore();
  const client = useQueryClient();
  const { busy, run } = useTradeAction();
  const [quantity, setQuantity] = useState(position.quantity);
  const [touched, setTouched] = useState(false);
  const requestId = useRef(newRequestId());
  // a part is in the coin's amount decimals (half of 0.1 BTC is 0.05, not 0.0), never fewer than the position's own
  const { terms } = useTradingConfig(position.symbol);
  const decimals = Math.max(terms?.amountDecimals ?? 0, new Decimal(position.quantity).decimalPlaces());
  const problem = sizeProblem({ size: quantity, sizeUnit: 'quantity' }, { priceDecimals: 0, amountDecimals: decimals, maxQuantity: position.quantity }, null);
  const whole = !problem && new Decimal(quantity).eq(position.quantity);

  const confirm = async () => {
    setTouched(true);
    if (problem) return;
    const closed = await run(() => closePosition(position.id, requestId.current, whole ? undefined : new Decimal(quantity).toFixed()));
    if (!closed) return;
    invalidateTrading(client);
    showToast(store, t('positionClosedToast', { price: closed.closePrice ? formatQuotePrice(closed.closePrice, null) : formatQuotePrice(closed.markPrice, null) }), 'success');
    onClose();
  };

  return (
    <Dialog
      title={t('closeTitle', { symbol: position.symbol })}
      testId="close-dialog"
      onDismiss={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancelButton')}
          </Button>
          <Button data-primary="" onClick={() => void confirm()} disabled={busy} data-testid="close-confirm">
            {t(whole ? 'closeAllButton' : 'closePartButton')}
          </Button>
        </>
      }
    >
      <Field
        label={t('closeQuantityLabel')}
        inputMode="decimal"
        autoComplete="off"
        value={quantity}
        onChange={(event) => {
          setQuantity(event.target.value);
          setTouched(true);
        }}
        error={touched && problem ? t(problem === 'sizeAboveMax' ? 'closeAboveQuantity' : problem) : null}
        hint={t('closeQuantityHint', { quantity: position.quantity })}
        data-testid="close-quantity"
      />
      <div className={styles.percents}>
        {[25, 50, 75, 100].map((percent) => (
          <button
            key={percent}
            type="button"
            className={styles.percent}
            onClick={() => setQuantity(new Decimal(position.quantity).times(percent).div(100).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed())}
            data-testid={`close-${percent}`}
          >
            {percent}%
          </button>
        ))}
      </div>
      <p className={styles.note}>{t(position.side === 'long' ? 'closeAtBid' : 'closeAtAsk')}</p>
    </Dialog>
  );
}
