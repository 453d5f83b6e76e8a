import { Link, useSearchParams } from 'react-router-dom';
import { Card, formatBalance, orZero } from '@meridian/shared';
import { useOverview } from '../../api/queries';
import { BASE_ASSET, isWalletName, WALLETS, type WalletName } from '../../api/wallet';
import { useT } from '../../i18n';
import { AccountHistory } from './AccountHistory';
import { useHiddenBalances } from './hidden';
import { SelectField, useWalletNames } from './parts';
import styles from './money.module.css';

/** The wallet and asset of ?wallet=&asset= (platform and USDT when absent or unknown). */
export function useAccountParams(): { wallet: WalletName; asset: string; choose: (wallet: WalletName, asset: string) => void } {
  const [params, setParams] = useSearchParams();
  const requested = params.get('wallet');
  const wallet: WalletName = isWalletName(requested) ? requested : 'platform';
  const asset = (params.get('asset') ?? '').trim().toUpperCase() || BASE_ASSET;
  return { wallet, asset, choose: (w, a) => setParams({ wallet: w, asset: a }, { replace: true }) };
}

/**
 * One wallet/asset: pickers for both, its balance, available and frozen amounts, a transfer link, and its
 * account change history.
 */
export function AccountDetail({ transferBase, table = false }: { transferBase: string; table?: boolean }) {
  const { t } = useT();
  const walletName = useWalletNames();
  const { wallet, asset, choose } = useAccountParams();
  const overview = useOverview();
  const { mask } = useHiddenBalances();
  const view = overview.data?.wallets.find((w) => w.wallet === wallet);
  const row = view?.assets.find((a) => a.asset === asset);
  const assets = Array.from(new Set([...(view?.assets.map((a) => a.asset) ?? []), asset]));

  return (
    <div className={styles.stack}>
      <div className={styles.pair}>
        <SelectField
          label={t('walletLabel')}
          value={wallet}
          options={WALLETS.map((w) => ({ value: w, label: walletName(w) }))}
          onChange={(w) => choose(w as WalletName, asset)}
          testId="detail-wallet"
        />
        <SelectField label={t('assetLabel')} value={asset} options={assets.map((a) => ({ value: a, label: a }))} onChange={(a) => choose(wallet, a)} testId="detail-asset" />
      </div>
      <Card>
        <div className={styles.stack}>
          <div className={styles.spread}>
            <span className={styles.assetName}>
              {walletName(wallet)} · {asset}
            </span>
            <Link className={styles.link} to={`${transferBase}?from=${wallet}&asset=${encodeURIComponent(asset)}`}>
              {t('transferTitle')}
            </Link>
          </div>
          <dl className={styles.facts} data-testid="detail-balances">
            <div className={styles.factsGroup}>
              <dt>{t('balanceLabel')}</dt>
              <dd>{row ? mask(formatBalance(orZero(row.balance), asset)) : overview.isPending ? '…' : formatBalance(orZero(0), asset)}</dd>
            </div>
            <div className={styles.factsGroup}>
              <dt>{t('availableLabel')}</dt>
              <dd>{row ? mask(formatBalance(orZero(row.available), asset)) : overview.isPending ? '…' : formatBalance(orZero(0), asset)}</dd>
            </div>
            <div className={styles.factsGroup}>
              <dt>{t('frozenLabel')}</dt>
              <dd>{row ? mask(formatBalance(orZero(row.frozen), asset)) : overview.isPending ? '…' : formatBalance(orZero(0), asset)}</dd>
            </div>
          </dl>
          {row ? (
            <p className={styles.muted}>
              ≈ {mask(formatBalance(orZero(row.valueUsdt), 'USDT'))} USDT
            </p>
          ) : null}
        </div>
      </Card>
      <AccountHistory wallet={wallet} asset={asset} table={table} />
    </div>
  );
}
