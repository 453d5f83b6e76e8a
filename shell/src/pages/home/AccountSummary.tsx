import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wallet } from '@meridian/contracts';
import { AppLink, Button, formatBalance, orZero, useApiQuery, useIsLoggedIn, useTypeUser } from '@meridian/shared';
import styles from './account-summary.module.css';

/** Pages of mf_accounts the summary links to (navigation through single-spa). */
export const SUMMARY_LINKS = {
  wallet: '/pages/wallet/index',
  deposit: '/pages/recharge/index',
  withdraw: '/pages/withdraw/withdraw',
  transfer: '/pages/transfer/index',
  login: '/pages/login/email-login',
  register: '/pages/register/index',
} as const;

/**
 * The home page's account summary. Logged in: the total of the user's wallets in USDT (account/userAssetData,
 * in the current real/demo mode) with a show/hide eye, and links to deposit, withdraw and transfer. A visitor:
 * a call to log in or sign up.
 */
export function AccountSummary() {
  const loggedIn = useIsLoggedIn();
  return loggedIn ? <Summary /> : <Welcome />;
}

function Welcome() {
  const { t } = useTranslation('shell');
  return (
    <section className={styles.card} aria-labelledby="summary-welcome" data-testid="account-summary">
      <h2 id="summary-welcome" className={styles.title}>
        {t('summaryWelcomeTitle')}
      </h2>
      <p className={styles.text}>{t('summaryWelcomeText')}</p>
      <div className={styles.actions}>
        <AppLink className={`${styles.action} ${styles.primary}`} href={`${SUMMARY_LINKS.login}?redirect=${encodeURIComponent('/pages/home/index')}`}>
          {t('summaryLogin')}
        </AppLink>
        <AppLink className={styles.action} href={SUMMARY_LINKS.register}>
          {t('summarySignUp')}
        </AppLink>
      </div>
    </section>
  );
}

// silent: the card shows its own error with a retry, no toast on the home page

function Summary() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const mode = useTypeUser();
  // the page's QueryClient: a mode switch resets it, a deposit or transfer pushed by the server invalidates it
  // silent (as every read): the card shows its own error with a retry, no toast on the home page
  const summary = useApiQuery(wallet.userAssetData);
  const [hidden, setHidden] = useState(false);

  const demo = mode === 'demo';
  return (
    <section className={`${styles.card} ${styles.summary} ${demo ? styles.demo : ''}`} aria-labelledby="summary-title" data-testid="account-summary">
      <div className={styles.head}>
        <h2 id="summary-title" className={styles.label}>
          {t('summaryTotal')}
        </h2>
        <button
          type="button"
          className={styles.eye}
          onClick={() => setHidden((value) => !value)}
          aria-pressed={hidden}
          aria-label={t(hidden ? 'summaryShow' : 'summaryHide')}
          title={t(hidden ? 'summaryShow' : 'summaryHide')}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
            <circle cx="12" cy="12" r="3" />
            {hidden ? <line x1="3" y1="3" x2="21" y2="21" /> : null}
          </svg>
        </button>
        {demo ? (
          <span className={styles.badge} data-testid="summary-demo">
            {t('summaryDemo')}
          </span>
        ) : null}
      </div>
      {/* one box for the three states: the total arriving (or failing) never moves the actions below */}
      <div className={styles.totalSlot}>
        {summary.isPending && !summary.isError ? <span className={styles.skeleton} role="status" aria-label={tc('loading')} /> : null}
        {summary.isError && !summary.data ? (
          <div className={styles.failed} role="alert">
            <span>{t('summaryFailed')}</span>
            <Button variant="secondary" onClick={() => void summary.refetch()}>
              {tc('retry')}
            </Button>
          </div>
        ) : null}
        {summary.data ? (
          <AppLink className={styles.total} href={SUMMARY_LINKS.wallet} data-testid="summary-total" aria-label={t('summaryOpenWallet')}>
            {hidden ? '******' : formatBalance(orZero(summary.data.totalUsdt), 'USDT')}
            <span className={styles.unit}>USDT</span>
          </AppLink>
        ) : null}
      </div>
      <nav className={styles.actions} aria-label={t('summaryActions')}>
        <AppLink className={styles.action} href={SUMMARY_LINKS.deposit}>
          {t('summaryDeposit')}
        </AppLink>
        <AppLink className={styles.action} href={SUMMARY_LINKS.withdraw}>
          {t('summaryWithdraw')}
        </AppLink>
        <AppLink className={styles.action} href={SUMMARY_LINKS.transfer}>
          {t('summaryTransfer')}
        </AppLink>
      </nav>
    </section>
  );
}
