import { defineModule } from '../../platform-kit/define-module.js';
import { walletRoutes } from './routes.js';
import { createWallets, type Wallets } from './service.js';

declare module '../../platform-kit/define-module.js' {
  interface ServiceRegistry {
    wallets: Wallets;
  }
}

/** The wallets (platform and mode accounts, transfers, demo balance), valued at the market's live prices. */
export const walletModule = defineModule({
  name: 'wallet',
  needs: ['market'],
  setup: ({ db, clock, config, services: { market } }) => ({
    wallets: createWallets({
      db,
      clock,
      demoBalance: config.money.demoBalance,
      priceInUsdt: (asset) => {
        try {
          return market.quote(`${asset}USDT`).price;
        } catch {
          return undefined;
        }
      },
    }),
  }),
  routes: ({ auth, services: { wallets } }) => ({ '/asset/api': walletRoutes(wallets, auth) }),
});
