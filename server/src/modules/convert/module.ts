import { defineModule } from '../../platform-kit/define-module.js';
import { convertRoutes } from './routes.js';
import { createConverter, type Converter } from './service.js';

declare module '../../platform-kit/define-module.js' {
  interface ServiceRegistry {
    converter: Converter;
  }
}

/** The conversion desk between two assets of a wallet, on the market's live bid/ask plus the desk's spread. */
export const convertModule = defineModule({
  name: 'convert',
  needs: ['market'],
  setup: ({ db, clock, config, services: { market } }) => ({
    converter: createConverter({
      db,
      clock,
      deskSpread: config.money.convertSpread,
      quote: (asset) => {
        try {
          return market.quote(`${asset}USDT`);
        } catch {
          return undefined;
        }
      },
    }),
  }),
  routes: ({ auth, services: { converter } }) => ({ '/asset/api': convertRoutes(converter, auth) }),
});
