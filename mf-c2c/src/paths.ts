/** Every screen URL of this remote, so routes and links cannot disagree. */
export const P = {
  c2c: '/pages/c2c/index',
  order: '/pages/c2c/order',
  orders: '/pages/c2c/orders',
  merchant: '/pages/c2c/merchant',
  paymentMethods: '/pages/c2c/payment-methods',
  desktopC2c: '/pages/desktop/c2c',
  desktopOtc: '/pages/desktop/otc',
} as const;

export const orderHref = (id: string) => `${P.order}?id=${encodeURIComponent(id)}`;
export const desktopOrderHref = (id: string) => `${P.desktopC2c}?order=${encodeURIComponent(id)}`;

/** Pages of other applications this remote links to (navigated through single-spa). */
export const EXTERNAL = {
  login: '/pages/login/email-login',
  quote: '/pages/quote/index',
  wallet: '/pages/wallet/index',
  convert: '/pages/convert/index',
  recharge: '/pages/recharge/index',
  desktopMarket: '/pages/desktop/market',
  desktopAssets: '/pages/desktop/assets',
} as const;

/** Where the standalone preview starts. */
export const HOME = P.c2c;
