import { useState, type FormEvent } from 'react';
import { useStore } from 'jotai';
import { stockOrders, wallet } from '@meridian/contracts';
import { AppLink, Button, Card, Dialog, createForm, formatExact, navigate, showToast, useApiMutation, useApiQuery, useAttemptId, useForm } from '@meridian/shared';
import { useT, type Key } from '../../../../i18n';
import { P } from '../../../../paths';
import styles from '../../../../stock-core/stock.module.css';

const DECIMAL = /^(?:0|[1-9]\d{0,29})(?:\.\d{1,18})?$/;

/** The amount moved: a positive USDT amount of at most 18 decimals, not above what the source wallet holds. */
export const transferForm = createForm<{ amount: string }, { available?: string }, { amount: string }, Key>({
  initial: { amount: '' },
  rules: ({ amount }, { available }) => ({
    amount: !DECIMAL.test(amount) || !/[1-9]/.test(amount) ? 'dayAmountInvalid' : available !== undefined && Number(amount) > Number(available) ? 'dayAmountAboveAvailable' : null,
  }),
  summary: (v) => v,
});

/**
 * Moves USDT between the spot wallet and the day-trading wallet (deposit: switch-to; withdraw: roll-out), after a
 * confirmation, once per attempt (its request id kept for a retry).
 */
export function DayTransferForm({ direction }: { direction: 'deposit' | 'withdraw' }) {
  const { t, tc } = useT();
  const store = useStore();
  const form = useForm(transferForm);
  const spot = useApiQuery(wallet.validAsset, { accountType: 'spot', asset: 'USDT' }, { enabled: direction === 'deposit' });
  const day = useApiQuery(stockOrders.dayTradingAccountInfo, {}, { enabled: direction === 'withdraw' });
  const available = direction === 'deposit' ? spot.data?.available : day.data?.availableUsdt;
  const checked = form.check({ available });
  const [confirming, setConfirming] = useState(false);
  const attempt = useAttemptId();
  const { busy, run } = useApiMutation(direction === 'deposit' ? stockOrders.dayTradingDeposit : stockOrders.dayTradingWithdraw, { invalidates: ['STOCK_ORDER', 'TRANSFER'] });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
    if (checked.valid) setConfirming(true);
  };
  const confirm = async () => {
    const requestId = attempt.idFor(`${direction}|${form.values.amount}`);
    const result = await run({ amount: form.values.amount, requestId });
    attempt.done();
    setConfirming(false);
    if (!result) return;
    showToast(store, t(direction === 'deposit' ? 'dayDepositDone' : 'dayWithdrawDone', { amount: formatExact(result.value.amount) }), 'success');
    navigate(P.dayTrading);
  };
  const error = checked.errors.amount ? t(checked.errors.amount) : undefined;
  return (
    <Card className={styles.card}>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="day-transfer-form">
        <p className={styles.muted}>{direction === 'deposit' ? t('daySwitchToHint') : t('dayRollOutHint')}</p>
        <label className={styles.field}>
          <span>{t('dayAmountUsdt')}</span>
          <input className={styles.input} inputMode="decimal" value={form.values.amount} onChange={(e) => form.set('amount', e.target.value.trim())} aria-invalid={error ? true : undefined} data-testid="day-amount" />
          <span className={styles.muted} data-testid="day-transfer-available">{available !== undefined ? t('dayAvailable', { amount: formatExact(available) }) : tc('loading')}</span>
          {error ? <p className={styles.error} role="alert">{error}</p> : null}
        </label>
        <Button type="submit" disabled={busy} data-testid="day-transfer-submit">{direction === 'deposit' ? t('daySwitchToTitle') : t('dayRollOutTitle')}</Button>
        <AppLink className={styles.link} href={P.dayTrading}>{tc('backTo', { area: t('dayTradingTitle') })}</AppLink>
      </form>
      {confirming ? (
        <Dialog
          title={direction === 'deposit' ? t('daySwitchToTitle') : t('dayRollOutTitle')}
          testId="day-transfer-confirm"
          onDismiss={() => (busy ? undefined : setConfirming(false))}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>{tc('cancel')}</Button>
              <Button data-primary="" onClick={() => void confirm()} disabled={busy} data-testid="day-transfer-confirm-button">{t('stockConfirm')}</Button>
            </>
          }
        >
          <p>{t(direction === 'deposit' ? 'dayConfirmDeposit' : 'dayConfirmWithdraw', { amount: formatExact(form.values.amount) })}</p>
        </Dialog>
      ) : null}
    </Card>
  );
}
