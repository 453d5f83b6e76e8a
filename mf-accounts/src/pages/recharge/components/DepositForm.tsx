import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import QRCode from 'qrcode';
import { ErrorState, Spinner, showToast, useQuery } from '@meridian/shared';
import { useStore } from 'jotai';
import { type Coin } from '../../../api/deposit';
import { useCoins, useDepositAddress } from '../../../api/queries';
import { useT } from '../../../i18n';
import { SelectField } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';
import own from './deposit.module.css';

/** The address as a QR code (a data URL rendered by the qrcode package). */
export function AddressQr({ address }: { address: string }) {
  const { t } = useT();
  // drawn once per address (the image is a pure function of it); a failure leaves the empty square
  const qr = useQuery({ queryKey: ['deposit-qr', address], queryFn: () => QRCode.toDataURL(address, { margin: 1, width: 368, errorCorrectionLevel: 'M' }), staleTime: Infinity, retry: false });
  const url = qr.data ?? null;
  return url ? <img className={own.qr} src={url} alt={t('depositQrAlt')} data-testid="deposit-qr" /> : <div className={own.qr} aria-hidden="true" />;
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand?.('copy') ?? false;
    area.remove();
    return done;
  } catch {
    return false;
  }
}

/** Deposit: a coin, one of its chains, and the user's address there with a QR code and a copy button. */
export function DepositForm() {
  const { t } = useT();
  const store = useStore();
  const [params, setParams] = useSearchParams();
  const coins = useCoins();
  const list = useMemo(() => coins.data ?? [], [coins.data]);
  const asset = params.get('asset') && list.some((c) => c.asset === params.get('asset')) ? params.get('asset')! : (list[0]?.asset ?? '');
  const coin: Coin | undefined = list.find((c) => c.asset === asset);
  const chains = coin?.chains ?? [];
  const chain = chains.some((c) => c.id === params.get('chain')) ? params.get('chain')! : (chains[0]?.id ?? '');
  const address = useDepositAddress(asset, chain);

  const pick = (next: { asset?: string; chain?: string }) => {
    const search = new URLSearchParams(params);
    if (next.asset !== undefined) {
      search.set('asset', next.asset);
      search.delete('chain');
    }
    if (next.chain !== undefined) search.set('chain', next.chain);
    setParams(search, { replace: true });
  };

  const copy = async () => {
    if (!address.data) return;
    const done = await copyText(address.data.address);
    showToast(store, t(done ? 'addressCopied' : 'copyFailed'), done ? 'success' : 'error');
  };

  if (coins.isLoading) return <Spinner label={t('depositLoading')} />;
  if (coins.isError || !coin) return <ErrorState title={t('depositLoadFailed')} onRetry={() => void coins.refetch()} />;

  return (
    <section className={styles.stack} aria-label={t('rechargeTitle')} data-testid="deposit-form">
      <SelectField
        label={t('coinLabel')}
        value={asset}
        testId="deposit-coin"
        options={list.map((c) => ({ value: c.asset, label: `${c.asset} · ${c.name}` }))}
        onChange={(value) => pick({ asset: value })}
      />
      <div>
        <p className={styles.selectLabel} id="deposit-chain-label">
          {t('chainLabel')}
        </p>
        <div className={styles.tabs} role="tablist" aria-labelledby="deposit-chain-label">
          {chains.map((c) => (
            <button key={c.id} type="button" role="tab" className={styles.tab} aria-selected={c.id === chain} onClick={() => pick({ chain: c.id })}>
              {c.name}
            </button>
          ))}
        </div>
      </div>
      {address.isLoading ? (
        <Spinner label={t('depositAddressLoading')} />
      ) : address.isError || !address.data ? (
        <ErrorState title={t('depositAddressFailed')} onRetry={() => void address.refetch()} />
      ) : (
        <div className={own.qrBox}>
          <AddressQr address={address.data.address} />
          <p className={styles.muted}>{t('depositAddressLabel', { asset: address.data.asset, chain: address.data.chainName })}</p>
          <p className={own.address} data-testid="deposit-address">
            {address.data.address}
          </p>
          <button type="button" className={styles.chip} onClick={() => void copy()}>
            {t('copyAddress')}
          </button>
          <p className={styles.muted} data-testid="deposit-confirmations">
            {t('depositConfirmationsNote', { count: String(address.data.confirmations) })}
          </p>
        </div>
      )}
      <div className={styles.notice} role="note">
        <p>{t('depositOnlyNote', { asset, chain: chains.find((c) => c.id === chain)?.name ?? chain })}</p>
        <p>{t('depositNoFee')}</p>
      </div>
    </section>
  );
}
