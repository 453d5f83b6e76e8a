import { Link, useSearchParams } from 'react-router-dom';
import { PullToRefresh, refreshProps, formatBalance, orZero } from '@meridian/shared';
import { isWalletName, WALLETS, type WalletName } from '../../../api/wallet';
import { useOverview } from '../../../api/queries';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { AssetRows } from '../../../components/money/AssetTable';
import { useHiddenBalances } from '../../../components/money/hidden';
import { EyeToggle, MoneyScreen, useWalletNames } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';

/** /pages/assets/index: a tab per wallet with its assets (balance, available, frozen, USDT value); pull down to refresh. */
export function AssetsIndexPage() {
  return (
    <MoneyScreen title="assetsTitle" subtitle="assetsDescription">
      <Assets />
    </MoneyScreen>
  );
}

function Assets() {
  const { t } = useT();
  const walletName = useWalletNames();
  const [params, setParams] = useSearchParams();
  const requested = params.get('wallet');
  const wallet: WalletName = isWalletName(requested) ? requested : 'platform';
  const overview = useOverview();
  const view = overview.data?.wallets.find((w) => w.wallet === wallet);
  const { hidden, toggle, mask } = useHiddenBalances();

  return (
    <div className={styles.stack}>
      <div className={styles.tabs} role="tablist" aria-label={t('walletsLabel')}>
        {WALLETS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={name === wallet}
            aria-controls="wallet-panel"
            className={styles.tab}
            onClick={() => setParams({ wallet: name }, { replace: true })}
          >
            {walletName(name)}
          </button>
        ))}
      </div>
      <div id="wallet-panel" role="tabpanel" aria-labelledby={`tab-${wallet}`} className={styles.stack}>
        <div className={styles.spread}>
          <div>
            <p className={styles.muted}>{t('walletTotalLabel')}</p>
            <p className={styles.sectionTitle} data-testid="wallet-panel-total">
              {view ? mask(formatBalance(orZero(view.totalUsdt), 'USDT')) : '—'} <span className={styles.muted}>USDT</span>
            </p>
          </div>
          <div className={styles.row}>
            <EyeToggle hidden={hidden} onToggle={toggle} className={styles.link} />
            <Link className={styles.link} to={`${P.assetsTransfer}?from=${wallet}`}>
              {t('transferTitle')}
            </Link>
          </div>
        </div>
        <PullToRefresh
          label={walletName(wallet)}
          {...refreshProps(overview)}
          empty={Boolean(overview.data) && !view?.assets.length}
        >
          {view ? <AssetRows wallet={wallet} assets={view.assets} detailBase={P.assetsAccount} /> : null}
        </PullToRefresh>
        <Link className={styles.link} to={P.assetsTransferRecords}>
          {t('transferRecordsTitle')}
        </Link>
      </div>
    </div>
  );
}
