import type { FastifyPluginAsync } from 'fastify';
import { wallet } from '@meridian/contracts';
import { refuse } from '../../http/refuse.js';
import { route } from '../../http/route.js';
import type { Auth } from '../identity/auth.js';
import { currencyList } from './currencies.js';
import { pageOf } from './paging.js';
import { parseWallet, type Wallets } from './service.js';

/**
 * Wallets under /asset/api: account/list, userAssetData, getValidAssetById, transferAsset, getTransferLog,
 * resetDemo; accountchange/list; currency/getListCurrency. Every call works on the mode of the userType header.
 */
export function walletRoutes(wallets: Wallets, auth: Auth): FastifyPluginAsync {
  return async (app) => {
    route(app, wallet.list, async (request) => {
      const user = await auth.requireUser(request);
      return wallets.overview(user.id, user.mode);
    });

    route(app, wallet.userAssetData, async (request) => {
      const user = await auth.requireUser(request);
      const { totalUsdt, wallets: views } = await wallets.overview(user.id, user.mode);
      return { mode: user.mode, totalUsdt, wallets: views.map(({ wallet: name, accountType, totalUsdt: total }) => ({ wallet: name, accountType, totalUsdt: total })) };
    });

    route(app, wallet.validAsset, async (request) => {
      const user = await auth.requireUser(request);
      const name = parseWallet(request.query.accountType);
      const asset = request.query.asset ?? 'USDT';
      return { wallet: name, asset, available: await wallets.available(user.id, user.mode, name, asset) };
    });

    route(app, wallet.transfer, async (request) => {
      const user = await auth.requireUser(request);
      return wallets.transfer(user.id, user.mode, request.body);
    });

    route(app, wallet.transferLog, async (request) => {
      const user = await auth.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await wallets.transferLog(user.id, user.mode, window);
      return { total, page, size, list: rows };
    });

    route(app, wallet.changes, async (request) => {
      const user = await auth.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await wallets.changes(user.id, user.mode, { ...window, wallet: request.query.wallet, asset: request.query.asset });
      return { total, page, size, list: rows };
    });

    route(app, wallet.resetDemo, async (request) => {
      const user = await auth.requireUser(request);
      if (user.mode !== 'demo') throw refuse('demoOnly');
      await wallets.resetDemo(user.id);
      return wallets.overview(user.id, 'demo');
    });

    // The currencies the wallets hold, with their chains and withdrawal terms (public: shown before login too).
    route(app, wallet.currencies, () => currencyList());
  };
}
