import { Link } from 'react-router-dom';
import { Page, PullToRefresh, refreshProps, useTypeUser, formatBalance, orZero } from '@meridian/shared';
import { WALLETS, type Overview, type WalletName } from '../../../api/wallet';
import { useOverview } from '../../../api/queries';
import { useT, type Key } from '../../../i18n';
import { P } from '../../../paths';
import { useHiddenBalances } from '../../../components/money/hidden';
import { useWalletNames } from '../../../components/money/parts';
import { TotalCard } from '../../../components/money/TotalCard';
import { HoldingsSlot } from '../../../components/slots/HoldingsSlot';
import styles from '../../../components/money/money.module.css';

const ACTIONS: Array<{ href: string; title: Key; icon: string; testId: string }> = [
  { href: P.recharge, title: 'rechargeTitle', icon: '↓', testId: 'action-deposit' },
  { href: P.withdraw, title: 'withdrawTitle', icon: '↑', testId: 'action-withdraw' },
  { href: P.transfer, title: 'transferTitle', icon: '⇄', testId: 'action-transfer' },
  { href: P.convert, title: 'convertTitle', icon: '↻', testId: 'action-convert' },
  { href: P.loan, title: 'loanTitle', icon: '%', testId: 'action-loan' },
  { href: P.assetsTransferRecords, title: 'recordsLabel', icon: '≡', testId: 'action-records' },
];

/**
 * /pages/wallet/index (the wallet tab): the total of every wallet in USDT with the eye toggle, the wallet cards,
 * the quick actions, and in demo mode a clear DEMO marker with "Reset demo balance". Logged-in users only: the
 * router sends a visitor to login (its manifest marks the page login-only).
 */
export function WalletIndexPage() {
  const { t } = useT();
  return (
    <Page title={t('walletTitle')} subtitle={t('walletDescription')}>
      <Wallets />
    </Page>
  );
}

function Wallets() {
  const { t } = useT();
  const mode = useTypeUser();
  const overview = useOverview();
  return (
    <>
      <TotalCard overview={overview.data} demo={mode === 'demo'} />
      <QuickActions />
      <section className={styles.stack} aria-labelledby="wallets-title">
        <h2 id="wallets-title" className={styles.sectionTitle}>
          {t('walletsLabel')}
        </h2>
        <PullToRefresh label={t('walletsLabel')} {...refreshProps(overview)}>
          {overview.data ? <WalletCards overview={overview.data} /> : null}
        </PullToRefresh>
      </section>
      {/* the products' holdings sections (wallet.holdings), from the remotes that contribute one; once the wallet
          cards above are in, so that they do not push an already drawn section down (CLS) */}
      {overview.data ? <HoldingsSlot /> : null}
    </>
  );
}

function QuickActions() {
  const { t } = useT();
  return (
    <nav aria-label={t('quickActionsLabel')}>
      <ul className={styles.actions}>
        {ACTIONS.map((action) => (
          <li key={action.href}>
            <Link className={styles.action} to={action.href} data-testid={action.testId}>
              <span className={styles.actionIcon} aria-hidden="true">
                {action.icon}
              </span>
              {t(action.title)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function WalletCards({ overview }: { overview: Overview }) {
  const walletName = useWalletNames();
  const { mask } = useHiddenBalances();
  const byName = new Map(overview.wallets.map((w) => [w.wallet, w]));
  return (
    <ul className={styles.cards}>
      {WALLETS.map((name: WalletName) => {
        const view = byName.get(name);
        return (
          <li key={name}>
            <Link className={styles.walletCard} to={`${P.assets}?wallet=${name}`} data-testid={`wallet-card-${name}`}>
              <span className={styles.walletName}>{walletName(name)}</span>
              <span className={styles.walletValue}>
                {mask(formatBalance(orZero(view?.totalUsdt ?? '0'), 'USDT'))} <span className={styles.muted}>USDT</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
