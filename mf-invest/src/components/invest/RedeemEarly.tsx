import { useState } from 'react';
import { Button, Dialog, useApiMutation, useConfirmDemoInvest } from '@meridian/shared';
import { INVEST_GROUP, invest, type SmartPoolOrder } from '../../api/invest';
import { useT } from '../../i18n';
import { Facts, money, percent } from './parts';
import styles from './invest.module.css';

/**
 * Early redemption of a locked miner: the button, then a sheet with what the order's frozen terms give — the
 * principal, the penalty (its rate) and what comes back — before anything is sent; the order is redeemed once.
 */
export function RedeemEarly({ order }: { order: SmartPoolOrder }) {
  const { t } = useT();
  const [asking, setAsking] = useState(false);
  const { busy, run } = useApiMutation(invest.smartPoolRedeem, { invalidates: [INVEST_GROUP] });
  const confirmDemo = useConfirmDemoInvest();
  const early = order.earlyRedeem;
  if (!early || order.status !== 'locked') return null;

  const redeem = async () => {
    if (!(await confirmDemo())) return;
    const result = await run({ orderId: order.id });
    if (result) setAsking(false);
  };

  return (
    <>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setAsking(true)} data-testid={`redeem-${order.id}`}>
          {t('redeemEarly')}
        </Button>
      </div>
      {asking ? (
        <Dialog
          title={t('redeemEarlyTitle')}
          onDismiss={busy ? undefined : () => setAsking(false)}
          testId="redeem-dialog"
          actions={
            <>
              <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
                {t('cancel')}
              </Button>
              <Button data-primary onClick={() => void redeem()} disabled={busy} aria-busy={busy || undefined}>
                {busy ? t('buying') : t('confirmRedeem')}
              </Button>
            </>
          }
        >
          <Facts
            testId="redeem-figures"
            items={[
              ['principalLabel', money(order.amount, order.asset)],
              ['penaltyLabel', `${money(early.penalty, order.asset)} (${percent(early.penaltyRate)})`],
              ['youReceiveLabel', money(early.returned, order.asset)],
            ]}
          />
          <p className={styles.muted}>{t('redeemEarlyText')}</p>
        </Dialog>
      ) : null}
    </>
  );
}

/** The early-redemption term of a miner as the screens state it before buying. */
export function usePenaltyText() {
  const { t } = useT();
  return (rate: string | null) => (rate === null ? t('earlyRedeemNone') : t('earlyRedeemTerms', { rate: percent(rate) }));
}
