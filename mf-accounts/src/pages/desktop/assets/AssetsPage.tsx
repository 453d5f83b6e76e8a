import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PullToRefresh, refreshProps, useTypeUser, formatBalance, orZero } from '@meridian/shared';
import { WALLETS, type Overview, type WalletName } from '../../../api/wallet';
import { useOverview } from '../../../api/queries';
import { useT, type Key } from '../../../i18n';
import { P } from '../../../paths';
import { AccountHistory } from '../../../components/money/AccountHistory';
import { AssetTable } from '../../../components/money/AssetTable';
import { ConvertForm } from '../../../components/money/ConvertForm';
import { ConvertRecords } from '../../../components/money/ConvertRecords';
import { useHiddenBalances } from '../../../components/money/hidden';
import { RequireLogin, useWalletNames } from '../../../components/money/parts';
import { TotalCard } from '../../../components/money/TotalCard';
import { TransferForm } from '../../../components/money/TransferForm';
import { TransferRecords } from '../../../components/money/TransferRecords';
import styles from '../../../components/money/money.module.css';
import { HoldingsSlot } from '../../../components/slots/HoldingsSlot';

/** The desktop route of each wallet. */
export const DESKTOP_WALLET_PATHS: Record<WalletName, string> = {
  platform: P.desktopAssetsPlatform,
  spot: P.desktopAssetsSpot,
  contract: P.desktopAssetsContract,
  wealth: P.desktopAssetsWealth,
  option: P.desktopAssetsOption,
};

export type DesktopAssetsSection = 'overview' | 'transfer' | 'convert' | WalletName;

const SECTION_TITLES: Record<'overview' | 'transfer' | 'convert', Key> = {
  overview: 'assetsTitle',
  transfer: 'transferTitle',
  convert: 'convertTitle',
};

/**
 * /pages/desktop/assets and its sub-routes: a sidebar of the wallets (with their totals) and the money
 * screens beside it — the overview, one wallet's dense table with an asset's history, or the transfer and
 * convert forms (the same components as the phone screens) with their records as tables.
 */
export function DesktopAssetsPage({ section = 'overview' }: { section?: DesktopAssetsSection }) {
  return (
    <RequireLogin>
      <DesktopAssets section={section} />
    </RequireLogin>
  );
}

function DesktopAssets({ section }: { section: DesktopAssetsSection }) {
  const { t } = useT();
  const walletName = useWalletNames();
  const overview = useOverview();
  // the page stays mounted across its sub-routes: moving to another one brings the totals up to date
  const { refetch } = overview;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void refetch();
  }, [section, refetch]);
  const title = section in SECTION_TITLES ? t(SECTION_TITLES[section as keyof typeof SECTION_TITLES]) : walletName(section);
  return (
    <div className={styles.desktop}>
      <Sidebar overview={overview.data} />
      <section className={styles.main} aria-labelledby="page-title">
        <h1 id="page-title" className={styles.pageTitle}>
          {title}
        </h1>
        {section === 'overview' ? <OverviewSection overview={overview} /> : null}
        {section === 'transfer' ? <TransferSection /> : null}
        {section === 'convert' ? <ConvertSection /> : null}
        {(WALLETS as readonly string[]).includes(section) ? <WalletSection wallet={section as WalletName} overview={overview} /> : null}
        {/* the products' holdings sections (wallet.holdings): all on the overview, a wallet's own on its page; once
            the figures above are in, so that they do not push an already drawn section down (CLS) */}
        {overview.data && section === 'overview' ? <HoldingsSlot /> : null}
        {overview.data && (WALLETS as readonly string[]).includes(section) ? <HoldingsSlot wallet={section} /> : null}
      </section>
    </div>
  );
}

function Sidebar({ overview }: { overview: Overview | undefined }) {
  const { t } = useT();
  const walletName = useWalletNames();
  const { mask } = useHiddenBalances();
  const { pathname } = useLocation();
  const link = (href: string, label: string, extra?: ReactNode) => (
    <Link key={href} className={styles.sideLink} to={href} aria-current={pathname === href ? 'page' : undefined}>
      <span>{label}</span>
      {extra}
    </Link>
  );
  return (
    <nav className={styles.sidebar} aria-label={t('walletsLabel')}>
      <p className={styles.sideTitle}>{t('walletsLabel')}</p>
      {link(P.desktopAssets, t('overviewLabel'))}
      {WALLETS.map((wallet) => {
        const total = overview?.wallets.find((w) => w.wallet === wallet)?.totalUsdt;
        return link(DESKTOP_WALLET_PATHS[wallet], walletName(wallet), <span className={styles.sideValue}>{total !== undefined ? mask(formatBalance(orZero(total), 'USDT')) : ''}</span>);
      })}
      <div className={styles.sideDivider} />
      {link(P.desktopAssetsTransfer, t('transferTitle'))}
      {link(P.desktopAssetsConvert, t('convertTitle'))}
      {link(P.desktopRecharge, t('rechargeTitle'))}
      {link(P.desktopWithdraw, t('withdrawTitle'))}
      {link(P.desktopLoan, t('loanTitle'))}
    </nav>
  );
}

function OverviewSection({ overview }: { overview: ReturnType<typeof useOverview> }) {
  const { t } = useT();
  const walletName = useWalletNames();
  const { mask } = useHiddenBalances();
  const mode = useTypeUser();
  return (
    <>
      <TotalCard overview={overview.data} demo={mode === 'demo'} />
      <PullToRefresh label={t('walletsLabel')} {...refreshProps(overview)}>
        {overview.data ? (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="wallet-table">
              <thead>
                <tr>
                  <th scope="col">{t('walletLabel')}</th>
                  <th scope="col">{t('assetsCountLabel')}</th>
                  <th scope="col">{t('valueUsdtLabel')}</th>
                  <th scope="col">{t('actionsLabel')}</th>
                </tr>
              </thead>
              <tbody>
                {WALLETS.map((wallet) => {
                  const view = overview.data?.wallets.find((w) => w.wallet === wallet);
                  return (
                    <tr key={wallet} data-testid={`wallet-row-${wallet}`}>
                      <td>
                        <Link className={styles.link} to={DESKTOP_WALLET_PATHS[wallet]}>
                          {walletName(wallet)}
                        </Link>
                      </td>
                      <td>{view?.assets.length ?? 0}</td>
                      <td>{mask(formatBalance(orZero(view?.totalUsdt ?? '0'), 'USDT'))}</td>
                      <td>
                        <Link className={styles.link} to={`${P.desktopAssetsTransfer}?from=${wallet}`}>
                          {t('transferTitle')}
                        </Link>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
      </PullToRefresh>
    </>
  );
}

function WalletSection({ wallet, overview }: { wallet: WalletName; overview: ReturnType<typeof useOverview> }) {
  const { t } = useT();
  const { hidden, toggle, mask } = useHiddenBalances();
  const [params] = useSearchParams();
  const asset = params.get('asset')?.trim().toUpperCase();
  const view = overview.data?.wallets.find((w) => w.wallet === wallet);
  return (
    <>
      <div className={styles.spread}>
        <p className={styles.sectionTitle} data-testid="wallet-panel-total">
          <span className={styles.muted}>{t('walletTotalLabel')}</span> {view ? mask(formatBalance(orZero(view.totalUsdt), 'USDT')) : '—'} USDT
        </p>
        <button type="button" className={`${styles.link} ${styles.plainButton}`} onClick={toggle} aria-pressed={hidden}>
          {t(hidden ? 'showBalances' : 'hideBalances')}
        </button>
      </div>
      <PullToRefresh
        label={t('assetsTitle')}
        {...refreshProps(overview)}
        empty={Boolean(overview.data) && !view?.assets.length}
      >
        {view ? <AssetTable wallet={wallet} assets={view.assets} detailBase={DESKTOP_WALLET_PATHS[wallet]} transferBase={P.desktopAssetsTransfer} /> : null}
      </PullToRefresh>
      {asset ? (
        <AccountHistory wallet={wallet} asset={asset} table title={t('historyOf', { asset })} />
      ) : (
        <p className={styles.muted}>{t('historyPick')}</p>
      )}
    </>
  );
}

/** The transfer form beside its records; a transfer invalidates the records and the sidebar's totals. */
function TransferSection() {
  const { t } = useT();
  return (
    <div className={styles.formAndRecords}>
      <div className={styles.card}>
        <TransferForm onDone={() => undefined} />
      </div>
      <div className={styles.stack}>
        <h2 className={styles.sectionTitle}>{t('transferRecordsTitle')}</h2>
        <TransferRecords table />
      </div>
    </div>
  );
}

/** The convert form beside its records; a conversion invalidates the records and the sidebar's totals. */
function ConvertSection() {
  const { t } = useT();
  return (
    <div className={styles.formAndRecords}>
      <div className={styles.stack}>
        <div className={styles.card}>
          <ConvertForm onDone={() => undefined} />
        </div>
        <p className={styles.muted}>{t('convertWalletNote')}</p>
      </div>
      <div className={styles.stack}>
        <h2 className={styles.sectionTitle}>{t('convertRecordsTitle')}</h2>
        <ConvertRecords table />
      </div>
    </div>
  );
}
