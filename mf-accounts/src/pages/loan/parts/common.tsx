import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { REDIRECT_PARAM, useIsLoggedIn, useTypeUser } from '@meridian/shared';
import type { LoanStatus } from '../../../api/loan';
import { useT, type Key } from '../../../i18n';
import { P } from '../../../paths';
import { useUserInfo } from '../../profile/components/account';
import styles from '../loan.module.css';

/** Where the loan parts link to: the phone screens, or the desktop pages that show the same parts wider. */
export interface LoanPaths {
  index: string;
  apply: string;
  /** My loans (with ?status=). */
  history: string;
  listPay: string;
  /** Repayments (with ?loanId=). */
  paidHistory: string;
  kyc: string;
  login: string;
}

export const MOBILE_LOAN_PATHS: LoanPaths = {
  index: P.loan,
  apply: P.loanApply,
  history: P.loanHistory,
  listPay: P.loanListPay,
  paidHistory: P.loanPaidHistory,
  kyc: P.kyc,
  login: P.loginEmail,
};

/** The desktop has three loan pages (spec): the index shows my loans, the repay page the repayments. */
export const DESKTOP_LOAN_PATHS: LoanPaths = {
  index: P.desktopLoan,
  apply: P.desktopLoanApply,
  history: P.desktopLoan,
  listPay: P.desktopLoanListPay,
  paidHistory: P.desktopLoanListPay,
  kyc: P.desktopKyc,
  login: P.desktopLogin,
};

const LoanPathsContext = createContext<LoanPaths>(MOBILE_LOAN_PATHS);
export const LoanPathsProvider = LoanPathsContext.Provider;
export const useLoanPaths = (): LoanPaths => useContext(LoanPathsContext);

/** The spec's status texts, translated; the server's statusText for a status this app does not know. */
export const STATUS_KEYS: Record<LoanStatus, Key> = {
  pending: 'loanStatusPending',
  approved: 'loanStatusApproved',
  rejected: 'loanStatusRejected',
  partial: 'loanStatusPartial',
  settled: 'loanStatusSettled',
};

export function StatusBadge({ status, fallback }: { status: string; fallback: string }) {
  const { t } = useT();
  const key = STATUS_KEYS[status as LoanStatus];
  return (
    <span className={styles.status} data-status={status} data-testid="loan-status">
      {key ? t(key) : fallback || status}
    </span>
  );
}

/** The repayment method's text: translated for the methods this app knows, the server's text otherwise. */
export function useRepaymentMethodText() {
  const { t } = useT();
  return (method: string, serverText?: string): string => (method === 'maturity' ? t('loanMethodMaturity') : serverText || method);
}

export type LoanAccess =
  /** A visitor: the products and rules are public, applying needs a login. */
  | 'visitor'
  /** Demo accounts cannot borrow (the ledger never mixes demo and real money). */
  | 'demo'
  | 'unverified'
  | 'pending'
  | 'rejected'
  | 'verified'
  /** Logged in, the user record not known yet. */
  | 'unknown';

/** Whether the user may apply, from the session and the identity status of user/info (fetched again here). */
export function useLoanAccess(): LoanAccess {
  const loggedIn = useIsLoggedIn();
  const mode = useTypeUser();
  const { info } = useUserInfo(loggedIn);
  if (!loggedIn) return 'visitor';
  if (mode === 'demo') return 'demo';
  const status = info?.kycStatus;
  if (status === 'verified' || status === 'pending' || status === 'rejected' || status === 'unverified') return status;
  return info ? 'unverified' : 'unknown';
}

/** The login page, returning here afterwards. */
export function useLoginHref(): string {
  const paths = useLoanPaths();
  const { pathname, search } = useLocation();
  return `${paths.login}?${REDIRECT_PARAM}=${encodeURIComponent(`${pathname}${search}`)}`;
}

/** What stops this user from borrowing, said once at the top of the loan screens (nothing when they may). */
export function AccessBanner({ access }: { access: LoanAccess }) {
  const { t } = useT();
  const paths = useLoanPaths();
  const loginHref = useLoginHref();
  let content: ReactNode = null;
  if (access === 'visitor') {
    content = (
      <>
        <p>{t('loanVisitorText')}</p>
        <Link className={styles.bannerLink} to={loginHref}>
          {t('loanLoginLink')}
        </Link>
      </>
    );
  } else if (access === 'demo') {
    content = <p>{t('loanDemoText')}</p>;
  } else if (access === 'unverified' || access === 'rejected' || access === 'pending') {
    content = (
      <>
        <p className={styles.bannerTitle}>{t('loanKycTitle')}</p>
        <p>{t(access === 'pending' ? 'loanKycPendingText' : 'loanKycText')}</p>
        {access !== 'pending' ? (
          <Link className={styles.bannerLink} to={paths.kyc} data-testid="loan-kyc-link">
            {t('loanKycLink')}
          </Link>
        ) : null}
      </>
    );
  }
  if (!content) return null;
  return (
    <div className={styles.banner} role="note" data-testid={`loan-banner-${access}`}>
      {content}
    </div>
  );
}

/** The loan screens a logged-in user moves between. */
export function LoanNav() {
  const { t } = useT();
  const paths = useLoanPaths();
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // the chips scroll sideways on a phone: keep the current one in view
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && typeof current.scrollIntoView === 'function') current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  const links: Array<[href: string, title: Key]> = [
    [paths.index, 'loanProductsLink'],
    [paths.apply, 'loanApplyTitle'],
    [paths.history, 'loanMyLoansLink'],
    [paths.listPay, 'loanListPayTitle'],
    [paths.paidHistory, 'loanPaidHistoryTitle'],
  ];
  return (
    <nav aria-label={t('loanNavLabel')}>
      <ul ref={list} className={styles.chips}>
        {links
          .filter(([href], index) => links.findIndex(([other]) => other === href) === index)
          .map(([href, title]) => (
            <li key={href}>
              <Link className={styles.chip} to={href} aria-current={pathname === href ? 'page' : undefined}>
                {t(title)}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
