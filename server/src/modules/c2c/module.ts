import { C2C_ASSETS } from '@meridian/contracts';
import { defineModule } from '../../platform-kit/define-module.js';
import { C2C_COMMANDS } from '../../ops/c2c.js';
import { DEPOSIT_REPORT_COMMANDS } from '../../ops/deposit-reports.js';
import { createAddressBook } from '../deposits/address-book.js';
import { addressBookRoutes } from '../deposits/address-book-routes.js';
import { assetWalletRoutes } from './asset-wallet-routes.js';
import { createAds } from './ads.js';
import { createOrders, EXPIRE_JOB, expireOrder } from './orders.js';
import { createOtc } from './otc.js';
import { quoteKey } from './otc-quote.js';
import { c2cRoutes } from './routes.js';

/**
 * C2C (merchant ads, escrowed orders with a payment window, chat, appeals) and OTC against the platform's desk.
 * The payment window is a one-off job per order (c2c.order-expire), so it fires once across restarts and processes.
 * It also mounts the first document's last calls (issue 22): userrechange/* (address book, reports) and the
 * asset/api/asset/* names of the wallet calls (the wallet service itself).
 */
export const c2cModule = defineModule({
  name: 'c2c',
  needs: ['market', 'wallets'],
  routes: ({ db, clock, auth, config, services: { market, wallets } }) => {
    const deps = { db, clock, assets: C2C_ASSETS };
    const priceInUsdt = (asset: string) => {
      try {
        return market.quote(`${asset}USDT`).price;
      } catch {
        return undefined;
      }
    };
    const book = createAddressBook({ db, clock, settings: { addressSecret: config.money.depositAddressSecret!, confirmations: config.money.depositConfirmations } });
    return {
      '/asset/api': async (app, options) => {
        await app.register(c2cRoutes({ ads: createAds(deps), orders: createOrders(deps), otc: createOtc({ ...deps, priceInUsdt, quoteKey: quoteKey(config.money.depositAddressSecret!) }) }), options);
        await app.register(addressBookRoutes(book, auth));
        await app.register(assetWalletRoutes(wallets, auth));
      },
    };
  },
  jobs: ({ clock }) => [{ kind: EXPIRE_JOB, run: ({ db, job }) => expireOrder(db, (job.payload as { orderId: string }).orderId, clock()) }],
  opsCommands: [...C2C_COMMANDS, ...DEPOSIT_REPORT_COMMANDS],
});
