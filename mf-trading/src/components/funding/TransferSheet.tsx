import { useState } from 'react';
import Decimal from 'decimal.js';
import { useStore } from 'jotai';
import { wallet } from '@meridian/contracts';
import { Button, DecimalField, Dialog, formatBalance, showToast, useApiMutation, useAttemptId, useTypeUser } from '@meridian/shared';
import { AFFECTED } from '../../api/affected';
import { useT, type Key } from '../../i18n';
import { DemoMarker } from '../trade/useTradeGate';
import { onRefusal } from '../trade/refusal';
import type { WalletName } from './funding';
import styles from './funding.module.css';

const WALLET_KEYS: Record<WalletName, Key> = {
  platform: 'walletNamePlatform',
  spot: 'walletNameSpot',
  contract: 'walletNameContract',
  wealth: 'walletNameWealth',
  option: 'walletNameOption',
};

/** A wallet's name in the user's language. */
export function useWalletName() {
  const { t } = useT();
  return (name: WalletName) => t(WALLET_KEYS[name]);
}

/** The amount's first problem, as a text key, or null. */
function amountProblem(amount: string, sourceAvailable: string): Key | null {
  let value: Decimal;
  try {
    value = new Decimal(amount.trim());
  } catch {
    return 'fundAmountInvalid';
  }
  if (!/^\d+(\.\d+)?$/.test(amount.trim()) || value.lte(0)) return 'fundAmountInvalid';
  if (value.gt(sourceAvailable)) return 'fundAmountAboveSource';
  return null;
}

/**
 * The transfer sheet of a trade form: from the wallet that holds the money to the product's, prefilled, one
 * confirmation. It moves money, so it is its own confirmation (the route and the amount shown before the tap) and
 * carries one request id per transfer, kept while the user retries the same one after no answer; a changed amount
 * is a new transfer. Done: the balances refetch (the form's "Available" with them), a toast, back to the form.
 */
export function TransferSheet({
  from,
  to,
  asset,
  amount: prefilled,
  sourceAvailable,
  onClose,
}: {
  from: WalletName;
  to: WalletName;
  asset: string;
  amount: string;
  sourceAvailable: string;
  onClose: () => void;
}) {
  const { t } = useT();
  const store = useStore();
  const mode = useTypeUser();
  const walletName = useWalletName();
  // the balances refetch behind the closed sheet (the form's "Available" with them)
  const { busy, run } = useApiMutation(wallet.transfer, { invalidates: AFFECTED.transfer });
  const [amount, setAmount] = useState(prefilled);
  const [touched, setTouched] = useState(false);
  const attempt = useAttemptId();
  const problem = amountProblem(amount, sourceAvailable);

  const confirm = async () => {
    setTouched(true);
    if (problem) return;
    const value = new Decimal(amount.trim()).toFixed();
    const requestId = attempt.idFor(`${from}|${to}|${asset}|${value}`);
    const done = await run(
      { fromWallet: from, toWallet: to, asset, amount: value, requestId },
      // a refusal is an answer: confirming again is a new transfer
      onRefusal(() => attempt.done()),
    );
    if (!done) return;
    attempt.done();
    // closed at once (a second tap can never send a second transfer); the form's "Available" refetches behind it
    onClose();
    showToast(store, t('fundTransferDone', { amount: formatBalance(done.value.amount, asset), asset, wallet: walletName(to) }), 'success');
  };

  return (
    <Dialog
      title={t('fundTransferTitle', { wallet: walletName(to) })}
      testId="fund-transfer-sheet"
      onDismiss={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancelButton')}
          </Button>
          <Button data-primary="" onClick={() => void confirm()} disabled={busy} data-testid="fund-transfer-confirm">
            {busy ? t('fundTransferring') : t('fundTransferConfirm')}
          </Button>
        </>
      }
    >
      <DemoMarker demo={mode === 'demo'} testId="fund-demo" />
      <dl className={styles.route}>
        <dt>{t('fundFrom')}</dt>
        <dd data-testid="fund-from" data-wallet={from}>
          {walletName(from)}
        </dd>
        <dt>{t('fundTo')}</dt>
        <dd data-testid="fund-to" data-wallet={to}>
          {walletName(to)}
        </dd>
        <dt>{t('fundSourceAvailable')}</dt>
        <dd data-testid="fund-source-available">{`${formatBalance(sourceAvailable, asset)} ${asset}`}</dd>
      </dl>
      <DecimalField
        label={t('fundAmountLabel', { asset })}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setTouched(true);
        }}
        error={touched && problem ? t(problem) : undefined}
        data-testid="fund-amount"
      />
      <p className={styles.note}>{t('fundTransferNote')}</p>
    </Dialog>
  );
}
