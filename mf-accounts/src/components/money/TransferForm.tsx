import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'jotai';
import { wallet } from '@meridian/contracts';
import { ApiError, Button, Dialog, differsFrom, showToast, useApiMutation, useAttemptId, useTypeUser, useValidationText, validate, type Rule } from '@meridian/shared';
import { amount as amountRule, normalizeAmount, withinBalance } from '@meridian/shared/money';
import {
  BASE_ASSET,
  isWalletName,
  WALLETS,
  type TransferRecord,
  type WalletName,
} from '../../api/wallet';
import { useT } from '../../i18n';
import { AmountField } from './AmountField';
import { formatExact } from './format';
import { SelectField, useWalletNames } from './parts';
import { AFFECTED, useAvailable, useCoins } from '../../api/queries';
import styles from './money.module.css';

interface Pending {
  fromWallet: WalletName;
  toWallet: WalletName;
  asset: string;
  amount: string;
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
  const initialFrom = params.get('from');
  const initialTo = params.get('to');
  const [fromWallet, setFrom] = useState<WalletName>(isWalletName(initialFrom) ? initialFrom : 'platform');
  const [toWallet, setTo] = useState<WalletName>(() => {
    if (isWalletName(initialTo)) return initialTo;
    return fromWallet === 'spot' ? 'platform' : 'spot';
  });
  const [asset, setAsset] = useState((params.get('asset') ?? '').trim().toUpperCase() || BASE_ASSET);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  // both wallets' balances, the history and the records change: whatever shows them refetches
  const { busy, run } = useApiMutation(wallet.transfer, { invalidates: AFFECTED.transfer });
  const attempt = useAttemptId();

  const currencies = useCoins();
  const available = useAvailable(fromWallet, asset);
  const scale = currencies.data?.find((c) => c.asset === asset)?.scale;

  const amountRules: Rule[] = [amountRule(scale === undefined ? {} : { decimals: scale })];
  if (available.data !== undefined) amountRules.push(withinBalance(available.data));
  const errors = validate({ fromWallet, toWallet, amount }, { amount: amountRules, toWallet: [differsFrom('fromWallet')] });
  const amountError = touched ? validationText(errors.amount) : undefined;
  const targetError = validationText(errors.toWallet);

  const assetOptions = Array.from(new Set([...(currencies.data?.map((c) => c.asset) ?? []), asset])).map((a) => ({ value: a, label: a }));
  const walletOptions = WALLETS.map((w) => ({ value: w, label: walletName(w) }));

  const swap = () => {
    setFrom(toWallet);
    setTo(fromWallet);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.amount) {
      amountInput.current?.focus();
      return;
    }
    if (errors.toWallet || available.data === undefined) return;
    setConfirming({ fromWallet, toWallet, asset, amount: normalizeAmount(amount) ?? amount });
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
    setAmount('');
    setTouched(false);
    showToast(store, t('transferDone'), 'success');
    onDone(result.value);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="transfer-form">
      <div className={styles.swapPair}>
        <SelectField label={t('fromLabel')} value={fromWallet} options={walletOptions} onChange={(w) => setFrom(w as WalletName)} testId="transfer-from" />
        <Button variant="secondary" className={styles.swap} onClick={swap} aria-label={t('swapWallets')} title={t('swapWallets')}>
          ⇄
        </Button>
        <SelectField label={t('toLabel')} value={toWallet} options={walletOptions} onChange={(w) => setTo(w as WalletName)} error={targetError} testId="transfer-to" />
      </div>
      <SelectField label={t('assetLabel')} value={asset} options={assetOptions} onChange={setAsset} testId="transfer-asset" />
      <AmountField
        ref={amountInput}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setTouched(true);
        }}
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
      <Button type="submit" className={styles.submit} disabled={busy}>
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
              {formatExact(confirming.amount)} {confirming.asset}
            </dd>
          </dl>
          {confirming.retry ? <p className={styles.notice}>{t('retryNotice')}</p> : null}
          {mode === 'demo' ? <p className={styles.notice}>{t('demoMoneyNote')}</p> : null}
        </Dialog>
      ) : null}
    </form>
  );
}
