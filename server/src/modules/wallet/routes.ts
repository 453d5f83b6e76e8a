import type { FastifyPluginAsync } from 'fastify';
import { ok, AppError } from '../../http/envelope.js';
import type { Auth } from '../identity/auth.js';
import { MONEY_FAIL, MONEY_MSG } from '../ledger/messages.js';
import { CHAINS, CURRENCIES } from './currencies.js';
import { pageOf, withPage, type PageQuery } from './paging.js';
import { parseWallet, type Wallets } from './service.js';

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
const amount = { type: ['string', 'number'], maxLength: 64 };
/** A client-generated id per user action; a retry sends the same one and moves nothing twice. */
export const requestId = { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' };

/**
 * Wallets under /asset/api: account/list, userAssetData, getValidAssetById, transferAsset, getTransferLog,
 * resetDemo; accountchange/list; currency/getListCurrency. Every call works on the mode of the userType header.
 */
export function walletRoutes(wallets: Wallets, auth: Auth): FastifyPluginAsync {
  return async (app) => {
    app.post('/account/list', async (request) => {
      const user = await auth.requireUser(request);
      return ok(await wallets.overview(user.id, user.mode));
    });

    app.get('/account/userAssetData', async (request) => {
      const user = await auth.requireUser(request);
      const { totalUsdt, wallets: views } = await wallets.overview(user.id, user.mode);
      return ok({ mode: user.mode, totalUsdt, wallets: views.map(({ wallet, accountType, totalUsdt: total }) => ({ wallet, accountType, totalUsdt: total })) });
    });

    app.get<{ Querystring: { accountType: string; asset?: string } }>(
      '/account/getValidAssetById',
      { schema: { querystring: { type: 'object', properties: { accountType: text(16), asset: text(16) }, required: ['accountType'] } } },
      async (request) => {
        const user = await auth.requireUser(request);
        const wallet = parseWallet(request.query.accountType);
        const asset = request.query.asset ?? 'USDT';
        return ok({ wallet, asset, available: await wallets.available(user.id, user.mode, wallet, asset) });
      },
    );

    app.post<{ Body: { fromWallet: string; toWallet: string; asset: string; amount: string; requestId: string } }>(
      '/account/transferAsset',
      {
        schema: {
          body: {
            type: 'object',
            properties: { fromWallet: text(16), toWallet: text(16), asset: text(16), amount, requestId },
            required: ['fromWallet', 'toWallet', 'asset', 'amount', 'requestId'],
            additionalProperties: false,
          },
        },
      },
      async (request) => {
        const user = await auth.requireUser(request);
        return ok(await wallets.transfer(user.id, user.mode, request.body));
      },
    );

    app.get<{ Querystring: PageQuery }>('/account/getTransferLog', { schema: { querystring: withPage({}) } }, async (request) => {
      const user = await auth.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await wallets.transferLog(user.id, user.mode, window);
      return ok({ total, page, size, list: rows });
    });

    app.get<{ Querystring: PageQuery & { wallet?: string; asset?: string } }>(
      '/accountchange/list',
      { schema: { querystring: withPage({ wallet: text(16), asset: text(16) }) } },
      async (request) => {
        const user = await auth.requireUser(request);
        const { page, size, ...window } = pageOf(request.query);
        const { total, rows } = await wallets.changes(user.id, user.mode, { ...window, wallet: request.query.wallet, asset: request.query.asset });
        return ok({ total, page, size, list: rows });
      },
    );

    app.post('/account/resetDemo', async (request) => {
      const user = await auth.requireUser(request);
      if (user.mode !== 'demo') throw new AppError(MONEY_FAIL, MONEY_MSG.demoOnly);
      await wallets.resetDemo(user.id);
      return ok(await wallets.overview(user.id, 'demo'));
    });

    // The currencies the wallets hold, with their chains and withdrawal terms (public: shown before login too).
    app.get('/currency/getListCurrency', async () =>
      ok(
        CURRENCIES.map((c) => ({
          asset: c.asset,
          name: c.name,
          scale: c.scale,
          chains: c.chains.map((id) => ({ id, name: CHAINS[id]!.name, confirmations: CHAINS[id]!.confirmations })),
          withdraw: c.withdraw,
        })),
      ),
    );
  };
}
