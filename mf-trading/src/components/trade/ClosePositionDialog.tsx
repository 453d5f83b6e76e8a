import { useRef, useState } from 'react';
import Decimal from 'decimal.js';
import { useStore } from 'jotai';
import { perpetual } from '@meridian/contracts';
import { Button, DecimalField, Dialog, newRequestId, priceDecimals as coinPriceDecimals, showToast, useApiMutation, useDepth, formatQuoteAmount, formatQuotePrice } from '@meridian/shared';
import { AFFECTED } from '../../api/affected';
import type { Position } from '../../api/trading';
import { useT } from '../../i18n';
import { useLiveQuote } from '../market/useLiveQuote';
import { CloseEstimateFacts } from './CloseEstimateFacts';
import { closeEstimate } from './closeEstimate';
import { sizeProblem } from './rules';
import { useTradingConfig } from './useTradingConfig';
import styles from './trade.module.css';

/** How a product sizes its positions in lots (forex): the position's lots, the lot step's decimals, the pair's price decimals. */
export interface LotSizing {
  lots: string;
  decimals: number;
  priceDecimals: number | null;
}

/**
 * Closes a position at market, walking the book (a long into the bids, a short into the asks): all of it, or the
 * size entered — in the coin's quantity, or in lots for a product that states its positions in lots (the server
 * still takes units).
 */
export function ClosePositionDialog({ position, onClose, lots }: { position: Position; onClose: () => void; lots?: LotSizing }) {
  const { t } = useT();
  const store = useStore();
  const { busy, run } = useApiMutation(perpetual.closePosition, { invalidates: AFFECTED.positionClose });
  const held = lots?.lots ?? position.quantity;
  const [size, setSize] = useState(held);
  const [touched, setTouched] = useState(false);
  const requestId = useRef(newRequestId());
  // a part is in the coin's amount decimals (half of 0.1 BTC is 0.05, not 0.0), never fewer than the position's own
  const { terms } = useTradingConfig(position.symbol);
  const decimals = Math.max(lots ? lots.decimals : (terms?.amountDecimals ?? 0), new Decimal(held).decimalPlaces());
  const problem = sizeProblem({ size, sizeUnit: 'quantity' }, { priceDecimals: 0, amountDecimals: decimals, maxQuantity: held }, null);
  const whole = !problem && new Decimal(size).eq(held);
  const priceDecimals = lots ? lots.priceDecimals : coinPriceDecimals(position.symbol);
  // the estimate's price at the instrument's decimals (the engine books a walk at them)
  const estimateDecimals = lots?.priceDecimals ?? terms?.priceDecimals ?? null;
  // what the chosen size is expected to come to: the streamed book walked as the open receipt walks it, and the
  // P/L net of the closing fee at the rate frozen in the position's terms (today's terms while none is sent)
  const quote = useLiveQuote(position.symbol).quote;
  const book = useDepth(quote ? position.symbol : null);
  const takerFeeRate = position.takerFeeRate ?? terms?.takerFeeRate ?? null;
  const estimate =
    problem || !quote?.bid || !quote.ask
      ? null
      : closeEstimate({
          position,
          units: lots ? new Decimal(size).times(position.quantity).div(lots.lots) : size,
          quote: { bid: String(quote.bid), ask: String(quote.ask), last: String(quote.price) },
          book: book ? { bids: book.bids, asks: book.asks } : null,
          priceDecimals: estimateDecimals ?? undefined,
          takerFeeRate,
        });

  const confirm = async () => {
    setTouched(true);
    if (problem) return;
    // lots → units by the position's own ratio (its units over its lots), exact in decimals
    const units = lots ? new Decimal(size).times(position.quantity).div(lots.lots) : new Decimal(size);
    const closed = await run({ positionId: position.id, requestId: requestId.current, ...(whole ? {} : { quantity: units.toFixed() }) });
    if (!closed) return;
    showToast(store, t('positionClosedToast', { price: formatQuotePrice(closed.value.closePrice ?? closed.value.markPrice, priceDecimals) }), 'success');
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
      <DecimalField
        label={t(lots ? 'forexCloseLotsLabel' : 'closeQuantityLabel')}
        value={size}
        onChange={(next) => {
          setSize(next);
          setTouched(true);
        }}
        error={touched && problem ? t(problem === 'sizeAboveMax' ? 'closeAboveQuantity' : problem) : null}
        hint={t('closeQuantityHint', { quantity: lots ? t('forexLotsValue', { lots: lots.lots }) : formatQuoteAmount(position.quantity, decimals) })}
        data-testid="close-quantity"
      />
      <div className={styles.percents}>
        {[25, 50, 75, 100].map((percent) => (
          <button
            key={percent}
            type="button"
            className={styles.percent}
            onClick={() => setSize(new Decimal(held).times(percent).div(100).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed())}
            data-testid={`close-${percent}`}
          >
            {percent}%
          </button>
        ))}
      </div>
      <p className={styles.note}>{t(position.side === 'long' ? 'closeAtBid' : 'closeAtAsk')}</p>
      <CloseEstimateFacts estimate={estimate} priceDecimals={estimateDecimals} />
    </Dialog>
  );
}
