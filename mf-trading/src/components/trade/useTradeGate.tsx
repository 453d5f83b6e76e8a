import { useEffect } from 'react';
import { useStore } from 'jotai';
import { useLocation } from 'react-router-dom';
import { kycTradeUrl, navigate, refreshUserInfo, requireLogin, useIsLoggedIn, userInfoAtom } from '@meridian/shared';
import { useT } from '../../i18n';
import styles from './trade.module.css';

/**
 * What every trade form asks before it sends anything: a visitor logs in (and comes back here); an unverified
 * account goes to KYC with type=trade at once — the server refuses its orders anyway (and the request conventions
 * would open KYC then), but known beforehand the user is spared "Insufficient balance" on an account never funded.
 * The stored status may be the one of the login (a review since then reaches the session by push, but only while
 * the stream is open), so a status that is not verified is asked again when the form opens; KYC returns here once
 * verified. The returned check says whether the trade may go on.
 */
export function useTradeGate(): () => boolean {
  const store = useStore();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  useEffect(() => {
    if (loggedIn && store.get(userInfoAtom)?.kycStatus !== 'verified') void refreshUserInfo(store);
  }, [loggedIn, store]);
  return () => {
    if (!loggedIn) {
      requireLogin(`${location.pathname}${location.search}`);
      return false;
    }
    const kycStatus = store.get(userInfoAtom)?.kycStatus;
    if (typeof kycStatus === 'string' && kycStatus !== 'verified') {
      navigate(kycTradeUrl(`${location.pathname}${location.search}`));
      return false;
    }
    return true;
  };
}

/** The demo account's marker on a trade form and its confirmation: demo is never mistaken for real money. */
export function DemoMarker({ demo, testId = 'demo-marker' }: { demo: boolean; testId?: string }) {
  const { t } = useT();
  return demo ? (
    <p className={styles.demoMarker} data-testid={testId}>
      {t('demoMarker')}
    </p>
  ) : null;
}
