import type { FastifyPluginAsync } from 'fastify';
import { assetWallet as calls } from '@meridian/contracts';
import { route } from '../../http/route.js';
import type { Auth } from '../identity/auth.js';
import { currencyList } from '../wallet/currencies.js';
import { pageOf } from '../wallet/paging.js';
import { parseWallet, type Wallets } from '../wallet/service.js';

/**
 * asset/api/asset/findByAsset, list, transfer, amount, amountByAccountByType, amountForex, getHistoryTransfer,
 * config: the first document's names for the wallet calls, answered by the same wallet service as account/*.
 */
export function assetWalletRoutes(wallets: Wallets, auth: Auth): FastifyPluginAsync {
  const availableIn = async (request: Parameters<Auth['requireUser']>[0], accountType: unknown, asset: string | undefined) => {
    const user = await auth.requireUser(request);
    const name = parseWallet(accountType);
    const coin = (asset ?? 'USDT').toUpperCase();
    return { wallet: name, asset: coin, available: await wallets.available(user.id, user.mode, name, coin) };
  };
  return async (app) => {
    route(app, calls.findByAsset, (request) => availableIn(request, request.query.accountType ?? 1, request.query.asset));
    route(app, calls.amountByAccountByType, (request) => availableIn(request, request.query.accountType, request.query.asset));
    // the forex screens' balance: the contract wallet unless told otherwise (the spec's accountType default 3)
    route(app, calls.amountForex, (request) => availableIn(request, request.query.accountType ?? 3, request.query.asset));
    route(app, calls.list, async (request) => {
      const user = await auth.requireUser(request);
      return wallets.overview(user.id, user.mode);
    });
    route(app, calls.amount, async (request) => {
      const user = await auth.requireUser(request);
      const { totalUsdt, wallets: views } = await wallets.overview(user.id, user.mode);
      return { mode: user.mode, totalUsdt, wallets: views.map(({ wallet, accountType, totalUsdt: total }) => ({ wallet, accountType, totalUsdt: total })) };
    });
    route(app, calls.transfer, async (request) => {
      const user = await auth.requireUser(request);
      return wallets.transfer(user.id, user.mode, request.body);
    });
    route(app, calls.historyTransfer, async (request) => {
      const user = await auth.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await wallets.transferLog(user.id, user.mode, window);
      return { total, page, size, list: rows };
    });
    route(app, calls.config, () => currencyList());
  };
}
