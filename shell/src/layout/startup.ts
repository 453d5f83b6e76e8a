import { DESKTOP_BREAKPOINT } from './viewport';

export const MOBILE_ONLY_NOTICE = '/pages/mobile-only-notice';
export const DESKTOP_HOME = '/pages/desktop/market';
export const MOBILE_HOME = '/pages/home/index';

export function isDesktopPage(pathname: string): boolean {
  return pathname.startsWith('/pages/desktop/');
}

/**
 * Where a start at `pathname` must go instead (null: stay). Wide screens start at the desktop market, narrow
 * ones at the mobile home; with the mobile-only flag on, wide screens only get the notice page.
 */
export function startupRedirect(pathname: string, width: number, mobileOnly: boolean): string | null {
  const desktop = width > DESKTOP_BREAKPOINT;
  if (desktop && mobileOnly) return pathname === MOBILE_ONLY_NOTICE ? null : MOBILE_ONLY_NOTICE;
  if (pathname === MOBILE_ONLY_NOTICE) return desktop ? DESKTOP_HOME : MOBILE_HOME;
  if (pathname === '/' && desktop) return DESKTOP_HOME;
  return null;
}

/**
 * Relaunch on resize or show: a wide window on a mobile page goes to the desktop market (or the notice when
 * mobile-only), a narrow one on a desktop page goes to the mobile home.
 */
export function relaunchRedirect(pathname: string, width: number, mobileOnly: boolean): string | null {
  const desktop = width > DESKTOP_BREAKPOINT;
  if (desktop && mobileOnly) return pathname === MOBILE_ONLY_NOTICE ? null : MOBILE_ONLY_NOTICE;
  if (desktop) return isDesktopPage(pathname) ? null : DESKTOP_HOME;
  return isDesktopPage(pathname) || pathname === MOBILE_ONLY_NOTICE ? MOBILE_HOME : null;
}
