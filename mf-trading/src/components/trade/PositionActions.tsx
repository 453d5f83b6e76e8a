import { useStore } from 'jotai';
import { perpetual } from '@meridian/contracts';
import { Button, newRequestId, showToast, useApiMutation, formatQuotePrice } from '@meridian/shared';
import { AFFECTED } from '../../api/affected';
import type { Position } from '../../api/trading';
import { useT } from '../../i18n';

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
  // the reversed position opens in place of the closed one
  const { busy, run } = useApiMutation(perpetual.reversePosition, { invalidates: AFFECTED.positionOpen });
  const reverse = async () => {
    const done = await run({ positionId: position.id, requestId: newRequestId() });
    if (!done) return;
    showToast(store, t('positionReversedToast', { price: formatQuotePrice(done.value.opened.entryPrice, prices) }), 'success');
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
