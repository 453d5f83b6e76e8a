export * from './atoms';
export { STORAGE_KEYS, LOGIN_PATH, KYC_TRADE_URL, KYC_REQUIRED_MESSAGE, KYC_REQUIRED_REASON, SESSION_EXPIRED_CODES, LOGIN_REDIRECT_DELAY_MS, type StorageKey } from './keys';
export { setSession, applyUserInfo, applyKycStatus, applyPushToSession, logout, switchMode, restoreMode, isLoggedIn, getToken, setLanguage, bindLanguage } from './actions';
export { useSession, useIsLoggedIn, useTypeUser, useSwitchMode } from './hooks';
export { requireLogin, redirectToLogin, returnAfterLogin, loginUrl, kycTradeUrl, safeRedirect, REDIRECT_PARAM, DEFAULT_AFTER_LOGIN, type NavigationDeps } from './protected';
export { Protected } from './Protected';
export { sessionText, SESSION_NAMESPACE, type SessionTextKey } from './texts';
export { confirmDemoInvest, useConfirmDemoInvest, DemoInvestConfirmation } from './DemoInvestGuard';
export { refreshUserInfo } from './user-info';
