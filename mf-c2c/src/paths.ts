import type { Key } from './i18n';

/** Every screen URL of this remote, so routes and links cannot disagree. */
export const P = {
  c2c: '/pages/c2c/index',
  desktopC2c: '/pages/desktop/c2c',
  desktopOtc: '/pages/desktop/otc',
} as const;

/** Pages of other applications this remote links to (navigated through single-spa). */
export const EXTERNAL = {
  quote: '/pages/quote/index',
  wallet: '/pages/wallet/index',
  convert: '/pages/convert/index',
  recharge: '/pages/recharge/index',
  desktopMarket: '/pages/desktop/market',
  desktopAssets: '/pages/desktop/assets',
} as const;

/** Where the standalone preview starts. */
export const HOME = P.c2c;

/** A route prefix this remote owns (see meridian.routes.json) and the area index its not-found page links to. */
export interface Area {
  prefix: string;
  index: string;
  title: Key;
}

export const AREAS: Area[] = [
  { prefix: '/pages/c2c', index: P.c2c, title: 'c2cTitle' },
  { prefix: '/pages/desktop/c2c', index: P.desktopC2c, title: 'c2cTitle' },
  { prefix: '/pages/desktop/otc', index: P.desktopOtc, title: 'otcTitle' },
];

/** Screens that are linked and routed but built by later issues: they show AreaPending. */
export interface PendingRoute {
  path: string;
  title: Key;
  area: string;
  areaTitle: Key;
}

/** The spec lists no sub-screens for C2C/OTC yet. */
export const PENDING: PendingRoute[] = [];
