import type { ExtraApiModules } from '../../api.js';
import type { AppContext } from '../../context.js';
import type { MarketService } from '../market/service.js';
import { walletRoutes } from './routes.js';
import { createWallets, type Wallets } from './service.js';

/** The wallets service (valuing balances at the market's live prices) and its routes for registerApi. */
export function createWalletModule(context: AppContext, market: MarketService): { wallets: Wallets; api: ExtraApiModules } {
  const wallets = createWallets({
    db: context.db,
    clock: context.clock,
    demoBalance: context.config.money.demoBalance,
    priceInUsdt: (asset) => {
      try {
        return market.quote(`${asset}USDT`).price;
      } catch {
        return undefined;
      }
    },
  });
  return { wallets, api: { '/asset/api': [walletRoutes(wallets, context.auth)] } };
}
