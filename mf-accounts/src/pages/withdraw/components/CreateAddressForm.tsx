import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'jotai';
import { withdrawals } from '@meridian/contracts';
import { ApiError, Button, ErrorState, Field, Spinner, showToast, useApiMutation } from '@meridian/shared';
import { type Stale, useCoins } from '../../../api/queries';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { SelectField } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';

const ALIAS_MAX = 32;

/** A new saved address: coin, chain, address and an optional alias; the server's refusal is shown under the address. */
export function CreateAddressForm({ withdraw = P.withdraw }: { withdraw?: string }) {
  const { t } = useT();
  const store = useStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const coins = useCoins();
  const list = useMemo(() => coins.data ?? [], [coins.data]);
  const [asset, setAsset] = useState(params.get('asset') ?? '');
  const coin = list.find((c) => c.asset === asset) ?? list[0];
  const [chain, setChain] = useState(params.get('chain') ?? '');
  const chainId = coin?.chains.some((c) => c.id === chain) ? chain : (coin?.chains[0]?.id ?? '');
  const [address, setAddress] = useState('');
  const [alias, setAlias] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  // the withdrawal form picks the new address from its (now stale) list. Silent: the refusal shows beside the address
  const { busy, run } = useApiMutation(withdrawals.saveAddress, { invalidates: ['ADDRESS_BOOK'] satisfies Stale[], call: { silent: true } });

  if (coins.isLoading) return <Spinner label={t('withdrawLoading')} />;
  if (coins.isError || !coin) return <ErrorState title={t('withdrawLoadFailed')} onRetry={() => void coins.refetch()} />;

  const submit = async () => {
    if (!address.trim()) {
      setAddressError(t('addressRequired'));
      return;
    }
    setAddressError(null);
    const answer = await run(
      { asset: coin.asset, chain: chainId, address: address.trim(), ...(alias.trim() ? { alias: alias.trim() } : {}) },
      (failure) => {
        if (failure instanceof ApiError && failure.message) {
          setAddressError(failure.message);
          return true;
        }
        return false;
      },
    );
    if (!answer) return;
    showToast(store, t('addressSaved'), 'success');
    navigate(`${withdraw}?${new URLSearchParams({ asset: answer.value.asset, chain: answer.value.chain, addressId: answer.value.id }).toString()}`);
  };

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="create-address"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SelectField
        label={t('coinLabel')}
        value={coin.asset}
        options={list.map((c) => ({ value: c.asset, label: `${c.asset} · ${c.name}` }))}
        onChange={(value) => {
          setAsset(value);
          setChain('');
          setAddressError(null);
        }}
      />
      <SelectField
        label={t('chainLabel')}
        value={chainId}
        options={coin.chains.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(value) => {
          setChain(value);
          setAddressError(null);
        }}
      />
      <Field
        label={t('withdrawAddressLabel')}
        autoComplete="off"
        spellCheck={false}
        value={address}
        error={addressError ?? undefined}
        aria-invalid={addressError ? true : undefined}
        onChange={(event) => {
          setAddress(event.target.value);
          setAddressError(null);
        }}
      />
      <Field label={t('aliasLabel')} autoComplete="off" maxLength={ALIAS_MAX} value={alias} hint={t('aliasHint')} onChange={(event) => setAlias(event.target.value)} />
      <Button type="submit" className={styles.submit} disabled={busy}>
        {busy ? t('savingAddress') : t('saveAddressButton')}
      </Button>
    </form>
  );
}
