import { STOCK_COMMANDS } from '../../ops/stocks.js';
import { defineModule } from '../../platform-kit/define-module.js';
import { createStockBooks } from './book.js';
import { stockOrderRoutes } from './order-routes.js';
import { createStockOrders, type StockOrders } from './orders.js';
import { stockMarketRoutes } from './routes.js';
import { StocksService } from './service.js';
import { closeDayTradingSessions } from './session-close.js';

declare module '../../platform-kit/define-module.js' {
  interface ServiceRegistry {
    /** Ordinary stocks: venues, hours, previous close and change, the sessions-only chart. */
    stocks: StocksService;
    /** Stock orders (buy, sell, cancel, DAY expiry) on the trading engine. */
    stockOrders: StockOrders;
  }
}

/** How often the job expires DAY orders past their close and closes day-trading positions at a venue close. */
const SESSION_JOB_EVERY_MS = 15_000;

/**
 * Ordinary US and Tokyo stocks over the market's catalogue and recorded K-lines: the market calls under
 * /api/market/stock and the operator's conversion rates (getSetting lists them; `pnpm ops stock:rate`); orders,
 * positions and the day-trading account under /asset/api (userStock/*, accountDayTrading/*).
 */
export const stocksModule = defineModule({
  name: 'stocks',
  needs: ['market', 'trading'],
  setup: ({ db, clock, services: { market, trading } }) => {
    const stocks = new StocksService(db, market, () => clock().getTime());
    return { stocks, stockOrders: createStockOrders({ db, engine: trading, stocks }) };
  },
  routes: ({ db, services: { stocks, stockOrders, trading, market } }) => ({
    '/api/market': stockMarketRoutes(stocks),
    '/asset/api': stockOrderRoutes({ db, engine: trading, stocks, orders: stockOrders, books: createStockBooks({ db, stocks, market }) }),
  }),
  jobs: ({ clock, services: { stocks, stockOrders, market } }) => [
    // business time from the module's clock (the test clock in tests and e2e), like every other settlement
    { kind: 'stocks.session-end', everyMs: SESSION_JOB_EVERY_MS, run: ({ db }) => closeDayTradingSessions({ store: db, now: clock(), orders: stockOrders, stocks, market }) },
  ],
  opsCommands: STOCK_COMMANDS,
});
