import { DESKTOP_BREAKPOINT } from './viewport';

export const MOBILE_ONLY_NOTICE = '/pages/mobile-only-notice';
export const DESKTOP_HOME = '/pages/desktop/market';
export const MOBILE_HOME = '/pages/home/index';

export function isDesktopPage(pathname: string): boolean {
  return pathname.startsWith('/pages/desktop/');
}

/**
 * The mobile pages the desktop layout has its own page for: a wide window opening one of them by its address
 * relaunches there (the start is a "show" of the spec's relaunch rule), keeping the user where they meant to go.
 */
export const DESKTOP_COUNTERPARTS: Readonly<Record<string, string>> = {
  '/pages/quote/index': DESKTOP_HOME,
  '/pages/wallet/index': '/pages/desktop/assets',
  '/pages/assets/index': '/pages/desktop/assets',
  '/pages/notification/index': '/pages/desktop/notification',
  '/pages/profile/index': '/pages/desktop/settings',
};

/**
 * Pages outside /pages/desktop/ that the desktop layout shows itself, in its frame (its navigation links to them):
 * the chart, the market search (the top bar's search lands there), the home page with its widgets, the stocks area,
 * help and policies, the withdrawal address form, and the system pages that choose and show the user's location.
 * Every other page is a mobile page, which a wide window leaves for the desktop market.
 */
const SHOWN_ON_DESKTOP = [
  '/choose-location',
  '/open-location',
  '/pages/trade-chart/',
  '/pages/search/',
  '/pages/home/',
  '/pages/stock/',
  '/pages/profile/helper-center',
  '/pages/profile/about-us',
  '/pages/privacy-policy/',
  '/pages/withdraw/create-address',
];

/** Whether a wide window keeps `pathname` (a desktop page, or a page the desktop layout shows itself). */
export function fitsDesktop(pathname: string): boolean {
  return isDesktopPage(pathname) || SHOWN_ON_DESKTOP.some((prefix) => pathname.startsWith(prefix));
}

/**
 * Where a start at `pathname` must go instead (null: stay). Wide screens start at the desktop market, narrow
 * ones at the mobile home; with the mobile-only flag on, wide screens only get the notice page. A start is a
 * "show" of the spec's relaunch rule: a wide window opening a mobile page (a direct link to /pages/quote/index)
 * relaunches to its desktop page (DESKTOP_COUNTERPARTS), or the desktop market, instead of showing the mobile page
 * in the desktop frame; pages the desktop layout shows itself stay.
 */
export function startupRedirect(pathname: string, width: number, mobileOnly: boolean): string | null {
  const desktop = width > DESKTOP_BREAKPOINT;
  if (desktop && mobileOnly) return pathname === MOBILE_ONLY_NOTICE ? null : MOBILE_ONLY_NOTICE;
  if (pathname === MOBILE_ONLY_NOTICE) return desktop ? DESKTOP_HOME : MOBILE_HOME;
  if (!desktop) return null;
  if (pathname === '/') return DESKTOP_HOME;
  return DESKTOP_COUNTERPARTS[pathname.replace(/\/+$/, '')] ?? (fitsDesktop(pathname) ? null : DESKTOP_HOME);
}

/**
 * Relaunch on resize or show: a wide window on a mobile page goes to the desktop market (or the notice when
 * mobile-only), a narrow one on a desktop page goes to the mobile home. Pages the desktop layout shows itself
 * (fitsDesktop) are not mobile pages: a wide window keeps them.
 */
export function relaunchRedirect(pathname: string, width: number, mobileOnly: boolean): string | null {
  const desktop = width > DESKTOP_BREAKPOINT;
  if (desktop && mobileOnly) return pathname === MOBILE_ONLY_NOTICE ? null : MOBILE_ONLY_NOTICE;
  if (desktop) return fitsDesktop(pathname) ? null : DESKTOP_HOME;
  return isDesktopPage(pathname) || pathname === MOBILE_ONLY_NOTICE ? MOBILE_HOME : null;
}
