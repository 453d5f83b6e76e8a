import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'jotai';
import { wallet } from '@meridian/contracts';
import { ApiError, Button, Dialog, showToast, useApiMutation, useAttemptId, useForm, useTypeUser, useValidationText, formatExact, orZero } from '@meridian/shared';
import { isWalletName, WALLETS, type TransferRecord, type WalletName } from '../../api/wallet';
import { useT } from '../../i18n';
import { AmountField } from './AmountField';
import { SelectField, useWalletNames } from './parts';
import { type Stale, useAvailable, useCoins } from '../../api/queries';
import { transferForm, type TransferValues } from './transfer-form';
import styles from './money.module.css';

interface Pending extends TransferValues {
  /** The last confirm got no answer (network): confirming again retries with the same request id. */
  retry?: boolean;
}

const keyOf = (p: Pending): string => `${p.fromWallet}|${p.toWallet}|${p.asset}|${p.amount}`;

/**
 * Moves funds between two of the user's wallets: from/to pickers with a swap, an asset picker, the amount with
 * "Max" (what getValidAssetById says is available), the spec's rules inline as the user types, then a
 * confirmation before any money moves. One request id per transfer the user confirms, kept for its retries.
 * ?from=&to=&asset= preselect.
 */
export function TransferForm({ onDone }: { onDone: (record: TransferRecord) => void }) {
  const { t, tc } = useT();
  const store = useStore();
  const mode = useTypeUser();
  const walletName = useWalletNames();
  const validationText = useValidationText();
  const [params] = useSearchParams();
  const [preselected] = useState(() => preselection(params));
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  // both wallets' balances, the history and the records change: whatever shows them refetches
  const { busy, run } = useApiMutation(wallet.transfer, { invalidates: ['TRANSFER'] satisfies Stale[] });
  const attempt = useAttemptId();

  const currencies = useCoins();
  const form = useForm(transferForm, preselected);
  const { fromWallet, toWallet, asset, amount } = form.values;
  const available = useAvailable(fromWallet, asset);
  const checked = form.check({ scale: currencies.data?.find((c) => c.asset === asset)?.scale, available: available.data });
  const amountError = validationText(checked.errors.amount);
  const targetError = validationText(checked.errors.toWallet);

  const assetOptions = Array.from(new Set([...(currencies.data?.map((c) => c.asset) ?? []), asset])).map((a) => ({ value: a, label: a }));
  const walletOptions = WALLETS.map((w) => ({ value: w, label: walletName(w) }));

  const swap = () => form.patch({ fromWallet: toWallet, toWallet: fromWallet });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
    if (checked.allErrors.amount) {
      amountInput.current?.focus();
      return;
    }
    if (checked.allErrors.toWallet || available.data === undefined) return;
    setConfirming(checked.summary);
  };

  const confirm = async (pending: Pending) => {
    // the same transfer confirmed again (after a failure) keeps its id: the server moves it at most once
    const requestId = attempt.idFor(keyOf(pending));
    const { fromWallet: f, toWallet: to, asset: a, amount: value } = pending;
    const failed = { unknown: false };
    const result = await run(
      { fromWallet: f, toWallet: to, asset: a, amount: value, requestId },
      (failure) => {
        failed.unknown = !(failure instanceof ApiError);
        return false;
      },
    );
    if (!result) {
      // a refusal ends this transfer; no answer at all keeps it open, to be confirmed again with the same id
      if (failed.unknown) setConfirming({ ...pending, retry: true });
      else {
        attempt.done();
        setConfirming(null);
      }
      return;
    }
    attempt.done();
    setConfirming(null);
    form.reset({ ...form.values, amount: '' });
    showToast(store, t('transferDone'), 'success');
    onDone(result.value);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="transfer-form">
      <div className={styles.swapPair}>
        <SelectField label={t('fromLabel')} value={fromWallet} options={walletOptions} onChange={(w) => form.set('fromWallet', w as WalletName)} testId="transfer-from" />
        <Button variant="secondary" className={styles.swap} onClick={swap} aria-label={t('swapWallets')} title={t('swapWallets')}>
          ⇄
        </Button>
        <SelectField label={t('toLabel')} value={toWallet} options={walletOptions} onChange={(w) => form.set('toWallet', w as WalletName)} error={targetError} testId="transfer-to" />
      </div>
      <SelectField label={t('assetLabel')} value={asset} options={assetOptions} onChange={(value) => form.set('asset', value)} testId="transfer-asset" />
      <AmountField
        ref={amountInput}
        value={amount}
        onChange={(value) => form.set('amount', value)}
        error={amountError}
        asset={asset}
        available={available}
        testId="transfer-amount"
      />
      {available.isError ? (
        <Button variant="secondary" onClick={() => void available.refetch()}>
          {tc('retry')}
        </Button>
      ) : null}
      {/* until the source wallet's balance is known the amount cannot be checked: the button waits, visibly */}
      <Button type="submit" className={styles.submit} disabled={busy || available.data === undefined} aria-busy={available.isPending || undefined}>
        {t('transferSubmit')}
      </Button>
      {confirming ? (
        <Dialog
          title={t('transferConfirmTitle')}
          testId="transfer-confirm"
          onDismiss={() => (busy ? undefined : setConfirming(null))}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(null)} disabled={busy}>
                {tc('cancel')}
              </Button>
              <Button data-primary="" onClick={() => void confirm(confirming)} disabled={busy}>
                {busy ? t('transferring') : t('transferConfirmButton')}
              </Button>
            </>
          }
        >
          <dl className={styles.summary}>
            <dt>{t('fromLabel')}</dt>
            <dd>{walletName(confirming.fromWallet)}</dd>
            <dt>{t('toLabel')}</dt>
            <dd>{walletName(confirming.toWallet)}</dd>
            <dt>{t('amountLabel')}</dt>
            <dd data-testid="transfer-confirm-amount">
              {formatExact(orZero(confirming.amount))} {confirming.asset}
            </dd>
          </dl>
          {confirming.retry ? <p className={styles.notice}>{t('retryNotice')}</p> : null}
          {mode === 'demo' ? <p className={styles.notice}>{t('demoMoneyNote')}</p> : null}
        </Dialog>
      ) : null}
    </form>
  );
}

/** ?from=&to=&asset= preselect; the target defaults to another wallet than the source. */
function preselection(params: URLSearchParams): Partial<TransferValues> {
  const from = params.get('from');
  const to = params.get('to');
  const fromWallet: WalletName = isWalletName(from) ? from : 'platform';
  const asset = (params.get('asset') ?? '').trim().toUpperCase();
  return { fromWallet, toWallet: isWalletName(to) ? to : fromWallet === 'spot' ? 'platform' : 'spot', ...(asset ? { asset } : {}) };
}
