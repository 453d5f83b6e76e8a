import { useStore } from 'jotai';
import { Button, newRequestId, showToast, useQueryClient } from '@meridian/shared';
import { reversePosition, type Position } from '../../api/trading';
import { useT } from '../../i18n';
import { formatQuotePrice } from '../market/quotes';
import { invalidateTrading } from './invalidate';
import { useTradeAction } from './useTradeAction';

/** An open position's actions (close, reverse, TP/SL): the same buttons on the phone card and in the desktop table. */
export function PositionActions({
  position,
  prices,
  onClose,
  onTpSl,
}: {
  position: Position;
  prices: number | null;
  onClose: (position: Position) => void;
  onTpSl: (position: Position) => void;
}) {
  const { t } = useT();
  const store = useStore();
  const client = useQueryClient();
  const { busy, run } = useTradeAction();
  const reverse = async () => {
    const done = await run(() => reversePosition(position.id, newRequestId()));
    if (!done) return;
    invalidateTrading(client);
    showToast(store, t('positionReversedToast', { price: formatQuotePrice(done.opened.entryPrice, prices) }), 'success');
  };
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={() => onClose(position)} data-testid="close-position">
        {t('closePosition')}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => void reverse()} data-testid="reverse-position">
        {t('reversePosition')}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => onTpSl(position)} data-testid="tpsl-position">
        {t('editTpSl')}
      </Button>
    </>
  );
}
