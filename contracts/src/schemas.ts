// The server's entry: every call joined with its schemas, the schema kit, and the OpenAPI document.
import type { Call, CallSchema } from './kit/call.js';
import { bind, type Contract } from './kit/bind.js';
import { wallet } from './wallet/calls.js';
import { walletSchemas } from './wallet/schemas.js';
import { market } from './market/calls.js';
import { marketSchemas } from './market/schemas.js';
import { deposits } from './deposits/calls.js';
import { depositSchemas } from './deposits/schemas.js';
import { withdrawals } from './withdrawals/calls.js';
import { withdrawalSchemas } from './withdrawals/schemas.js';
import { loans } from './loans/calls.js';
import { loanSchemas } from './loans/schemas.js';
import { identity } from './identity/calls.js';
import { identitySchemas } from './identity/schemas.js';
import { site } from './site/calls.js';
import { siteSchemas } from './site/schemas.js';
import { notifications } from './notifications/calls.js';
import { notificationSchemas } from './notifications/schemas.js';
import { news } from './news/calls.js';
import { newsSchemas } from './news/schemas.js';
import { trading } from './trading/calls.js';
import { tradingSchemas } from './trading/schemas.js';
import { perpetual } from './perpetual/calls.js';
import { perpetualSchemas } from './perpetual/schemas.js';
import { forex } from './forex/calls.js';
import { forexSchemas } from './forex/schemas.js';
import { estimate } from './estimate/calls.js';
import { estimateSchemas } from './estimate/schemas.js';
import { seconds } from './seconds/calls.js';
import { secondsSchemas } from './seconds/schemas.js';
import { stocks } from './stocks/calls.js';
import { stockSchemas } from './stocks/schemas.js';
import { stockOrders } from './stocks/calls.js';
import { stockOrderSchemas } from './stocks/orders.js';
import { products } from './products/calls.js';
import { productSchemas } from './products/schemas.js';
import { tokenOffers } from './token-offers/calls.js';
import { tokenOfferSchemas } from './token-offers/schemas.js';
import { stockOffers } from './stock-offers/calls.js';
import { stockOfferSchemas } from './stock-offers/schemas.js';
import { c2c } from './c2c/calls.js';
import { c2cSchemas } from './c2c/schemas.js';
import { depositAddresses } from './deposit-addresses/calls.js';
import { depositAddressSchemas } from './deposit-addresses/schemas.js';
import { assetWallet } from './asset-wallet/calls.js';
import { assetWalletSchemas } from './asset-wallet/schemas.js';
import { invest } from './invest/calls.js';
import { investSchemas } from './invest/schemas.js';
import { aiFunds } from './ai-funds/calls.js';
import { aiFundSchemas } from './ai-funds/schemas.js';

export * from './kit/schema.js';
export { openApiDocument } from './openapi.js';
export { inputRefusals, isAnyCallRefusal, refusalsByStatus, statusOfRefusal } from './kit/refusals.js';
export type { Contract } from './kit/bind.js';

/** Every contract of the platform, domain by domain. */
export const CONTRACTS: readonly Contract[] = [
  ...bind('wallet', wallet, walletSchemas),
  ...bind('market', market, marketSchemas),
  ...bind('deposits', deposits, depositSchemas),
  ...bind('withdrawals', withdrawals, withdrawalSchemas),
  ...bind('loans', loans, loanSchemas),
  ...bind('identity', identity, identitySchemas),
  ...bind('site', site, siteSchemas),
  ...bind('notifications', notifications, notificationSchemas),
  ...bind('news', news, newsSchemas),
  ...bind('trading', trading, tradingSchemas),
  ...bind('perpetual', perpetual, perpetualSchemas),
  ...bind('forex', forex, forexSchemas),
  ...bind('seconds', seconds, secondsSchemas),
  ...bind('estimate', estimate, estimateSchemas),
  ...bind('stocks', stocks, stockSchemas),
  ...bind('stockOrders', stockOrders, stockOrderSchemas),
  ...bind('products', products, productSchemas),
  ...bind('token-offers', tokenOffers, tokenOfferSchemas),
  ...bind('stockOffers', stockOffers, stockOfferSchemas),
  ...bind('c2c', c2c, c2cSchemas),
  ...bind('depositAddresses', depositAddresses, depositAddressSchemas),
  ...bind('assetWallet', assetWallet, assetWalletSchemas),
  ...bind('invest', invest, investSchemas),
  ...bind('aiFunds', aiFunds, aiFundSchemas),
];

const byCall = new Map<Call, Contract>(CONTRACTS.map((c) => [c.call, c]));

const byRoute = new Map<string, Contract>(CONTRACTS.map((c) => [`${c.call.method} ${c.call.path}`, c]));

/** The contract of a registered route, by its "METHOD /path" (the route's `contract` config, http/route.ts). */
export const contractOfRoute = (route: string): Contract | undefined => byRoute.get(route);

/** The schemas of a call (throws for a call no domain lists: it would be a route without a contract). */
export function contractOf(c: Call<CallSchema>): Contract {
  const found = byCall.get(c);
  if (!found) throw new Error(`no contract lists ${c.method} ${c.path}`);
  return found;
}
