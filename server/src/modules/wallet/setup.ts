import type { ExtraApiModules } from '../../api.js';
import type { AppContext } from '../../context.js';
import { convertRoutes } from '../convert/routes.js';
import { createConverter } from '../convert/service.js';
import type { MarketService } from '../market/service.js';
import { walletRoutes } from './routes.js';
import { createWallets, type Wallets } from './service.js';

/** The wallets and the conversion desk, both on the market's live prices, and their routes for registerApi. */
export function createWalletModule(context: AppContext, market: MarketService): { wallets: Wallets; api: ExtraApiModules } {
  const quote = (asset: string) => {
    try {
      return market.quote(`${asset}USDT`);
    } catch {
      return undefined;
    }
  };
  const wallets = createWallets({
    db: context.db,
    clock: context.clock,
    demoBalance: context.config.money.demoBalance,
    priceInUsdt: (asset) => quote(asset)?.price,
  });
  const converter = createConverter({ db: context.db, clock: context.clock, quote, deskSpread: context.config.money.convertSpread });
  return { wallets, api: { '/asset/api': [walletRoutes(wallets, context.auth), convertRoutes(converter, context.auth)] } };
}
