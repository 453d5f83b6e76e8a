import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import Decimal from 'decimal.js';
import { useStore } from 'jotai';
import { Button, DecimalField, Dialog, ErrorState, newRequestId, PasswordField, Spinner, showToast, useApiMutation, useApiQuery, useSettled, formatBalance, formatExact, formatScreenTime, orZero } from '@meridian/shared';
import { AMOUNT_MAX } from '@meridian/shared/money';
import { type Coin } from '../../../api/deposit';
import { withdrawals } from '@meridian/contracts';
import { type Stale, useAddresses, useCoins } from '../../../api/queries';
import { type WithdrawConfirmation, type WithdrawEstimate } from '../../../api/withdraw';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { SelectField } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';

const ESTIMATE_DELAY_MS = 300;

/** The amount's problem, or null: a number above 0, not above 1e17, at most the coin's decimals, within min–max. */
export function amountProblem(typed: string, scale: number, estimate: WithdrawEstimate | undefined): 'invalidAmount' | 'tooManyDecimals' | 'belowMin' | 'aboveMax' | 'insufficient' | null {
  if (!/^\d+(\.\d+)?$/.test(typed.trim())) return 'invalidAmount';
  const value = new Decimal(typed.trim());
  if (value.lte(0) || value.gt(AMOUNT_MAX)) return 'invalidAmount';
  if (value.decimalPlaces() > scale) return 'tooManyDecimals';
  if (!estimate) return null;
  if (value.lt(estimate.min)) return 'belowMin';
  if (value.gt(estimate.max)) return 'aboveMax';
  if (value.gt(estimate.available)) return 'insufficient';
  return null;
}

const PROBLEM_KEYS = {
  invalidAmount: 'withdrawInvalidAmount',
  tooManyDecimals: 'withdrawTooManyDecimals',
  belowMin: 'withdrawBelowMin',
  aboveMax: 'withdrawAboveMax',
  insufficient: 'withdrawInsufficient',
} as const;

/** The withdrawal form: coin, chain, a saved address, the amount with the live estimate, confirm, fund password. */
export function WithdrawForm({ onDone, addressBook = P.withdrawAddress, createAddress = P.createAddress }: { onDone?: () => void; addressBook?: string; createAddress?: string }) {
  const { t, tc } = useT();
  const store = useStore();
  const [params, setParams] = useSearchParams();
  const coins = useCoins();
  const list = useMemo(() => coins.data ?? [], [coins.data]);
  const asset = list.some((c) => c.asset === params.get('asset')) ? params.get('asset')! : (list[0]?.asset ?? '');
  const coin: Coin | undefined = list.find((c) => c.asset === asset);
  const chains = coin?.chains ?? [];
  const chain = chains.some((c) => c.id === params.get('chain')) ? params.get('chain')! : (chains[0]?.id ?? '');
  const addresses = useAddresses({ asset, chain }, Boolean(asset && chain));
  const saved = addresses.data ?? [];
  const addressId = saved.some((a) => a.id === params.get('addressId')) ? params.get('addressId')! : (saved[0]?.id ?? '');

  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirmation, setConfirmation] = useState<WithdrawConfirmation | null>(null);
  const [askPassword, setAskPassword] = useState(false);
  const [fundPassword, setFundPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const requestId = useRef<string | null>(null);
  // confirm checks everything create will and moves nothing; create freezes the amount and lists the request:
  // balances and the withdrawal records refetch (the WITHDRAW group, as its push)
  const confirmCall = useApiMutation(withdrawals.confirm);
  const createCall = useApiMutation(withdrawals.create, { invalidates: ['WITHDRAW'] satisfies Stale[] });
  const busy = confirmCall.busy || createCall.busy;

  const sendable = amount && !amountProblem(amount, coin?.scale ?? 8, undefined) ? amount.trim() : undefined;
  // the live estimate: again for each coin and (valid) amount once typing pauses; the coin's last answer stays
  // shown while the next one loads (another coin's never does)
  const asked = useSettled(sendable, sendable ? ESTIMATE_DELAY_MS : 0);
  const estimateQuery = useApiQuery(withdrawals.estimate, asked ? { asset, amount: asked } : { asset }, {
    enabled: Boolean(asset),
    placeholderData: (previous, query) => ((query?.queryKey[1] as { asset?: string } | undefined)?.asset === asset ? previous : undefined),
  });
  const estimate: WithdrawEstimate | undefined = estimateQuery.data;
  const estimateFailed = estimateQuery.isError;
  const refetchEstimate = () => void estimateQuery.refetch();
  const problem = amount ? amountProblem(amount, coin?.scale ?? 8, estimate) : null;

  const pick = (next: { asset?: string; chain?: string; addressId?: string }) => {
    const search = new URLSearchParams(params);
    if (next.asset !== undefined) {
      search.set('asset', next.asset);
      search.delete('chain');
      search.delete('addressId');
      setAmount('');
      setTouched(false);
    }
    if (next.chain !== undefined) {
      search.set('chain', next.chain);
      search.delete('addressId');
    }
    if (next.addressId !== undefined) search.set('addressId', next.addressId);
    setParams(search, { replace: true });
  };

  const input = () => ({ asset, chain, addressId, amount: amount.trim() });

  const submit = async () => {
    setTouched(true);
    if (!addressId || !amount || problem) return;
    const answer = await confirmCall.run(input());
    if (!answer) return;
    requestId.current = newRequestId();
    setConfirmation(answer.value);
  };

  const create = async () => {
    if (!fundPassword) {
      setPasswordError(t('fundPasswordRequired'));
      return;
    }
    setPasswordError(null);
    const id = requestId.current ?? (requestId.current = newRequestId());
    const answer = await createCall.run({ ...input(), fundPassword, requestId: id });
    if (!answer) return;
    requestId.current = null;
    setAskPassword(false);
    setConfirmation(null);
    setFundPassword('');
    setAmount('');
    setTouched(false);
    refetchEstimate();
    showToast(store, t('withdrawCreated'), 'success');
    onDone?.();
  };

  const closeAll = () => {
    setAskPassword(false);
    setConfirmation(null);
    setFundPassword('');
    setPasswordError(null);
    requestId.current = null;
  };

  if (coins.isLoading) return <Spinner label={t('withdrawLoading')} />;
  if (coins.isError || !coin) return <ErrorState title={t('withdrawLoadFailed')} onRetry={() => void coins.refetch()} />;

  const amountError = touched || amount ? (amount ? (problem ? t(PROBLEM_KEYS[problem], { min: formatExact(orZero(estimate?.min)), max: formatExact(orZero(estimate?.max)), asset }) : null) : t('withdrawAmountRequired')) : null;
  const pickerUrl = `${addressBook}?asset=${encodeURIComponent(asset)}&chain=${encodeURIComponent(chain)}`;
  const addUrl = `${createAddress}?asset=${encodeURIComponent(asset)}&chain=${encodeURIComponent(chain)}`;

  return (
    <section className={styles.stack} aria-label={t('withdrawTitle')} data-testid="withdraw-form">
      <SelectField label={t('coinLabel')} value={asset} testId="withdraw-coin" options={list.map((c) => ({ value: c.asset, label: `${c.asset} · ${c.name}` }))} onChange={(value) => pick({ asset: value })} />
      <SelectField label={t('chainLabel')} value={chain} testId="withdraw-chain" options={chains.map((c) => ({ value: c.id, label: c.name }))} onChange={(value) => pick({ chain: value })} />

      {addresses.isLoading ? (
        <Spinner label={t('addressesLoading')} />
      ) : addresses.isError ? (
        <ErrorState title={t('addressesFailed')} onRetry={() => void addresses.refetch()} />
      ) : saved.length === 0 ? (
        <div className={styles.notice} role="note" data-testid="no-address">
          <p>{t('setAddressFirst')}</p>
          <Link className={styles.link} to={addUrl}>
            {t('addAddressLink')}
          </Link>
        </div>
      ) : (
        <div className={styles.stack}>
          <SelectField
            label={t('withdrawAddressLabel')}
            value={addressId}
            testId="withdraw-address"
            options={saved.map((a) => ({ value: a.id, label: a.alias ? `${a.alias} · ${a.address}` : a.address }))}
            onChange={(value) => pick({ addressId: value })}
          />
          <div className={styles.row}>
            <Link className={styles.link} to={pickerUrl}>
              {t('manageAddressesLink')}
            </Link>
            <Link className={styles.link} to={addUrl}>
              {t('addAddressLink')}
            </Link>
          </div>
        </div>
      )}

      <DecimalField
        label={t('amountLabel')}
        placeholder={t('amountPlaceholder')}
        value={amount}
        error={amountError ?? undefined}
        onChange={setAmount}
        trailing={
          <button type="button" className={styles.max} disabled={!estimate} onClick={() => estimate && setAmount(Decimal.min(estimate.available, estimate.max).toFixed())}>
            {t('maxButton')}
          </button>
        }
      />

      <div className={styles.estimate} data-testid="withdraw-estimate" aria-live="polite">
        {estimateFailed && !estimate ? (
          <p className={styles.error}>
            {t('withdrawEstimateFailed')}{' '}
            <button type="button" className={styles.chip} onClick={refetchEstimate}>
              {tc('retry')}
            </button>
          </p>
        ) : estimate ? (
          <>
            <div className={styles.spread}>
              <span className={styles.muted}>{t('availableLabel')}</span>
              <span className={styles.num}>
                {formatBalance(orZero(estimate.available), asset)} {asset}
              </span>
            </div>
            <div className={styles.spread}>
              <span className={styles.muted}>{t('withdrawLimitsLabel')}</span>
              <span className={styles.num} data-testid="withdraw-limits">
                {formatExact(orZero(estimate.min))} – {formatExact(orZero(estimate.max))} {asset}
              </span>
            </div>
            <div className={styles.spread}>
              <span className={styles.muted}>{t('feeLabel')}</span>
              <span className={styles.num} data-testid="withdraw-fee">
                {formatExact(orZero(estimate.fee))} {asset}
              </span>
            </div>
            {estimate.feeExempt ? (
              <p className={styles.up} data-testid="withdraw-exempt">
                {t('feeExemptUntil', { date: estimate.feeExemptUntil ? formatScreenTime(estimate.feeExemptUntil, 'utc', { zoneLabel: true }) : '', fee: formatExact(orZero(estimate.standardFee)), asset })}
              </p>
            ) : null}
            <div className={styles.spread}>
              <span className={styles.muted}>{t('amountAfterFeeLabel')}</span>
              <span className={styles.num} data-testid="withdraw-after-fee">
                {estimate.amountAfterFee ? `${formatExact(orZero(estimate.amountAfterFee))} ${asset}` : '—'}
              </span>
            </div>
          </>
        ) : (
          <Spinner label={t('estimateUpdating')} />
        )}
      </div>
      {estimate?.notice ? (
        <p className={styles.notice} role="note" data-testid="withdraw-notice">
          {estimate.notice}
        </p>
      ) : null}

      <Button type="button" className={styles.submit} disabled={busy || saved.length === 0} onClick={() => void submit()}>
        {busy && !confirmation ? t('withdrawChecking') : t('withdrawSubmit')}
      </Button>

      {confirmation && !askPassword ? (
        <Dialog
          title={t('withdrawConfirmTitle')}
          testId="withdraw-confirm"
          onDismiss={closeAll}
          actions={
            <>
              <Button type="button" variant="secondary" onClick={closeAll}>
                {t('cancelButton')}
              </Button>
              {confirmation.fundPasswordSet ? (
                <Button type="button" data-primary onClick={() => setAskPassword(true)}>
                  {t('withdrawConfirmButton')}
                </Button>
              ) : null}
            </>
          }
        >
          <dl className={styles.summary}>
            <dt>{t('coinLabel')}</dt>
            <dd>
              {confirmation.asset} · {confirmation.chainName}
            </dd>
            <dt>{t('withdrawAddressLabel')}</dt>
            <dd className={styles.num}>{confirmation.alias ? `${confirmation.alias} · ${confirmation.address}` : confirmation.address}</dd>
            <dt>{t('amountLabel')}</dt>
            <dd>
              {formatExact(orZero(confirmation.amount))} {confirmation.asset}
            </dd>
            <dt>{t('feeLabel')}</dt>
            <dd>
              {formatExact(orZero(confirmation.fee))} {confirmation.asset}
            </dd>
            <dt>{t('amountAfterFeeLabel')}</dt>
            <dd>
              {formatExact(orZero(confirmation.amountAfterFee))} {confirmation.asset}
            </dd>
          </dl>
          <p className={styles.notice}>{confirmation.notice}</p>
          {confirmation.fundPasswordSet ? null : (
            <p className={styles.error} role="alert" data-testid="fund-password-missing">
              {t('fundPasswordNotSet')}{' '}
              <Link className={styles.link} to={P.paymentPassword}>
                {t('setFundPasswordLink')}
              </Link>
            </p>
          )}
        </Dialog>
      ) : null}

      {confirmation && askPassword ? (
        <Dialog
          title={t('fundPasswordDialogTitle')}
          testId="withdraw-password"
          onDismiss={busy ? undefined : closeAll}
          actions={
            <>
              <Button type="button" variant="secondary" disabled={busy} onClick={closeAll}>
                {t('cancelButton')}
              </Button>
              <Button type="button" data-primary disabled={busy} onClick={() => void create()}>
                {busy ? t('withdrawing') : t('withdrawCreateButton')}
              </Button>
            </>
          }
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void create();
            }}
          >
            <PasswordField
              label={t('fundPasswordLabel')}
              autoComplete="off"
              value={fundPassword}
              error={passwordError ?? undefined}
              onChange={(event) => setFundPassword(event.target.value)}
            />
          </form>
          <Link className={styles.link} to={P.forgotFundPassword}>
            {t('forgotFundPasswordTitle')}
          </Link>
        </Dialog>
      ) : null}
    </section>
  );
}
