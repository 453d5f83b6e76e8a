import type { ReactNode } from 'react';
import { AppLink, useSession } from '@meridian/shared';
import { useT } from '../i18n';
import { EXTERNAL } from '../paths';
import styles from './c2c.module.css';

/**
 * C2C and OTC need a logged-in real account: a visitor is asked to log in, and a demo account is told plainly
 * that there are no counterparties in demo (the server refuses the same with c2cRealOnly).
 */
export function Gate({ children }: { children: ReactNode }) {
  const { t } = useT();
  const { isLoggedIn, typeUser } = useSession();
  if (!isLoggedIn)
    return (
      <div className={styles.banner} data-testid="c2c-login">
        <p>{t('c2cLoginFirst')}</p>
        <AppLink href={EXTERNAL.login}>{t('c2cLoginLink')}</AppLink>
      </div>
    );
  if (typeUser === 'demo')
    return (
      <div className={styles.banner} role="status" data-testid="c2c-demo">
        <p><strong>{t('c2cDemoTitle')}</strong></p>
        <p>{t('c2cDemoBody')}</p>
      </div>
    );
  return <>{children}</>;
}
