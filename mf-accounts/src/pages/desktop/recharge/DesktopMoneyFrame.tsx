import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useT, type Key } from '../../../i18n';
import { P } from '../../../paths';
import { RequireLogin } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';

const LINKS: Array<[href: string, title: Key]> = [
  [P.desktopRecharge, 'rechargeTitle'],
  [P.desktopDepositAddresses, 'depositAddressesTitle'],
  [P.desktopWithdraw, 'withdrawTitle'],
  [P.desktopWithdrawHistory, 'withdrawHistoryTitle'],
  [P.desktopAssets, 'assetsTitle'],
];

/** The desktop deposit and withdrawal screens: a title, links between them, the content. */
export function DesktopMoneyFrame({ title, children }: { title: Key; children: ReactNode }) {
  const { t } = useT();
  const { pathname } = useLocation();
  return (
    <RequireLogin>
      <section className={styles.main} aria-labelledby="page-title" style={{ padding: '24px 32px', maxWidth: 1200, margin: '0 auto' }}>
        <h1 id="page-title" className={styles.pageTitle}>
          {t(title)}
        </h1>
        <nav aria-label={t('recordsLabel')}>
          <ul className={styles.subnav}>
            {LINKS.map(([href, key]) => (
              <li key={href}>
                <Link className={styles.chip} to={href} aria-current={pathname === href ? 'page' : undefined}>
                  {t(key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {children}
      </section>
    </RequireLogin>
  );
}
