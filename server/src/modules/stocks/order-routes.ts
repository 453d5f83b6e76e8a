import type { FastifyPluginAsync } from 'fastify';
import { stockOrders as calls } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { route } from '../../http/route.js';
import type { TradingEngine } from '../trading/engine.js';
import { pageOf } from '../wallet/paging.js';
import type { StockBooks } from './book.js';
import { dayTransfer, dayTransfers, dayWallet } from './day-trading.js';
import { estimateStockOrder } from './estimate.js';
import { fillsOf, listOrders, type StockOrderRow } from './order-storage.js';
import type { StockOrders } from './orders.js';
import type { StocksService } from './service.js';
import { marketValueView, orderView } from './views.js';
import { Dec } from '../ledger/decimal.js';
import { subscribeBlock } from '../stock-offers/block.js';

/** userStock/* and accountDayTrading/* under /asset/api: orders need login and KYC; block subscriptions and reading need login. */
export function stockOrderRoutes(deps: { db: Db; engine: TradingEngine; stocks: StocksService; orders: StockOrders; books: StockBooks }): FastifyPluginAsync {
  const { db, engine, stocks, orders, books } = deps;
  const clock = () => engine.clock();

  async function views(rows: StockOrderRow[]) {
    const fills = await fillsOf(db, rows.map((r) => r.id));
    return rows.map((r) => orderView(r, fills.get(r.id), stocks.stock(r.symbol).instrument.priceDecimals));
  }

  return async (app) => {
    route(app, calls.buy, async (request) => {
      const body = request.body;
      // the spec's block trades post here too, flagged: a subscription to the offer, not an order on the book
      if ('block' in body) return subscribeBlock(db, clock, await engine.requireUser(request), { ...body, blockOfferId: String(body.blockOfferId) });
      return (await views([await orders.place(await engine.requireOrderer(request), { ...body, side: 'buy' })]))[0]!;
    });
    route(app, calls.sell, async (request) => (await views([await orders.place(await engine.requireOrderer(request), { ...request.body, side: 'sell' })]))[0]!);
    route(app, calls.cancel, async (request) => (await views([await orders.cancel(await engine.requireTrader(request), request.body.orderId)]))[0]!);
    route(app, calls.estimate, async (request) => estimateStockOrder({ db, orders, books, clock }, await engine.requireUser(request), request.query));

    route(app, calls.listPosition, async (request) => books.positions(await engine.requireUser(request), request.query.book ?? 'stock'));
    route(app, calls.listDayTradingPosition, async (request) => books.positions(await engine.requireUser(request), 'dayTrading'));
    route(app, calls.getUserPositionMarketValue, async (request) => books.marketValue(await engine.requireUser(request), request.query.book ?? 'stock'));
    route(app, calls.listStockSubPosition, async (request) => {
      const user = await engine.requireUser(request);
      const { page, size, limit, offset } = pageOf(request.query);
      const symbol = request.query.symbol ? stocks.stock(request.query.symbol).instrument.symbol : undefined;
      const { total, rows } = await listOrders(db, user, { book: request.query.book ?? 'stock', symbol, kind: request.query.kind ?? 'all', limit, offset });
      return { total, page, size, list: await views(rows) };
    });

    route(app, calls.dayTradingAccountInfo, async (request) => {
      const user = await engine.requireUser(request);
      const wallet = await dayWallet(db, user);
      const value = marketValueView('dayTrading', await books.positions(user, 'dayTrading'), wallet);
      return { ...value, totalUsdt: new Dec(wallet.available).plus(wallet.frozen).plus(value.marketValueUsdt).toFixed() };
    });
    route(app, calls.dayTradingOrders, async (request) => {
      const user = await engine.requireUser(request);
      const { page, size, limit, offset } = pageOf(request.query);
      const { total, rows } = await listOrders(db, user, { book: 'dayTrading', kind: request.query.kind ?? 'all', limit, offset });
      return { total, page, size, list: await views(rows) };
    });
    route(app, calls.dayTradingDeposit, async (request) => dayTransfer(db, clock, await engine.requireTrader(request), 'deposit', request.body));
    route(app, calls.dayTradingWithdraw, async (request) => dayTransfer(db, clock, await engine.requireTrader(request), 'withdraw', request.body));
    route(app, calls.dayTradingTransfers, async (request) => {
      const user = await engine.requireUser(request);
      const { page, size, limit, offset } = pageOf(request.query);
      const { total, rows } = await dayTransfers(db, user, limit, offset);
      return { total, page, size, list: rows };
    });
  };
}
