import { Link } from 'react-router-dom';
import { Card, Page, PullToRefresh, REDIRECT_PARAM, useIsLoggedIn, useTypeUser } from '@meridian/shared';
import { fetchOverview, WALLETS, type Overview, type WalletName } from '../../../api/wallet';
import { useT, type Key } from '../../../i18n';
import { P } from '../../../paths';
import { formatUsdt } from '../../../components/money/format';
import { useHiddenBalances } from '../../../components/money/hidden';
import { useWalletNames } from '../../../components/money/parts';
import { TotalCard } from '../../../components/money/TotalCard';
import { useLoad } from '../../../components/money/useLoad';
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
 * the quick actions, and in demo mode a clear DEMO marker with "Reset demo balance". A visitor is asked to log in.
 */
export function WalletIndexPage() {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  return (
    <Page title={t('walletTitle')} subtitle={t('walletDescription')}>
      {loggedIn ? <Wallets /> : <SignInPrompt />}
    </Page>
  );
}

function SignInPrompt() {
  const { t } = useT();
  return (
    <Card>
      <div className={styles.stack}>
        <p className={styles.sectionTitle}>{t('profileLoggedOutTitle')}</p>
        <p className={styles.muted}>{t('walletLoggedOutHint')}</p>
        <div className={styles.row}>
          <Link className={styles.link} to={`${P.loginEmail}?${REDIRECT_PARAM}=${encodeURIComponent(P.wallet)}`}>
            {t('loginButton')}
          </Link>
          <Link className={styles.link} to={P.register}>
            {t('registerButton')}
          </Link>
        </div>
      </div>
    </Card>
  );
}

function Wallets() {
  const { t } = useT();
  const mode = useTypeUser();
  const overview = useLoad(fetchOverview, mode);
  return (
    <>
      <TotalCard overview={overview.data} demo={mode === 'demo'} onReset={overview.set} />
      <QuickActions />
      <section className={styles.stack} aria-labelledby="wallets-title">
        <h2 id="wallets-title" className={styles.sectionTitle}>
          {t('walletsLabel')}
        </h2>
        <PullToRefresh label={t('walletsLabel')} onRefresh={overview.reload} loading={overview.loading} error={overview.error && !overview.data}>
          {overview.data ? <WalletCards overview={overview.data} /> : null}
        </PullToRefresh>
      </section>
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
                {mask(formatUsdt(view?.totalUsdt ?? '0'))} <span className={styles.muted}>USDT</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
