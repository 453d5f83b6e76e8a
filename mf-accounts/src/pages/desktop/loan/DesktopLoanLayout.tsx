import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useT, type Key } from '../../../i18n';
import { P } from '../../../paths';
import { DESKTOP_LOAN_PATHS, LoanPathsProvider } from '../../loan/parts/common';
import styles from '../../loan/loan.module.css';

const SIDE_LINKS: Array<[href: string, title: Key]> = [
  [P.desktopLoan, 'loanOverviewLink'],
  [P.desktopLoanApply, 'loanApplyTitle'],
  [P.desktopLoanListPay, 'loanListPayTitle'],
];

/**
 * The desktop loan pages: a sidebar of the three pages and a wide main column with the same parts as the phone
 * screens, linking to the desktop pages.
 */
export function DesktopLoanLayout({ title, description, children }: { title: Key; description?: Key; children: ReactNode }) {
  const { t } = useT();
  const { pathname } = useLocation();
  return (
    <LoanPathsProvider value={DESKTOP_LOAN_PATHS}>
      <div className={styles.desktop}>
        <nav className={styles.sidebar} aria-label={t('loanNavLabel')}>
          {SIDE_LINKS.map(([href, label]) => (
            <Link key={href} className={styles.sideLink} to={href} aria-current={pathname === href ? 'page' : undefined}>
              {t(label)}
            </Link>
          ))}
        </nav>
        <section className={styles.main} aria-labelledby="page-title">
          <div>
            <h1 id="page-title" className={styles.pageTitle}>
              {t(title)}
            </h1>
            {description ? <p className={styles.muted}>{t(description)}</p> : null}
          </div>
          {children}
        </section>
      </div>
    </LoanPathsProvider>
  );
}
