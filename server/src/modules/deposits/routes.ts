import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { deposits } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { ok } from '../../http/envelope.js';
import { refuse } from '../../http/refuse.js';
import { route } from '../../http/route.js';
import type { Auth } from '../identity/auth.js';
import { CHAINS, findCurrency } from '../wallet/currencies.js';
import { pageOf } from '../wallet/paging.js';
import {
  RECHARGE_TYPES,
  depositAddress,
  depositRecord,
  receiveChainTransfer,
  requiredConfirmations,
  type DepositSettings,
} from './service.js';
import { listDeposits } from './storage.js';

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });

export interface DepositRouteDeps {
  db: Db;
  auth: Auth;
  clock: () => Date;
  settings: DepositSettings;
}

/**
 * Deposits under /asset/api: currency/chain-types, currency/recharge-types (public), currency/get-deposit-address
 * and userrechange/deposit-address-new (the same answer), userrechange/list.
 */
export function depositRoutes({ db, auth, clock, settings }: DepositRouteDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, deposits.chainTypes, (request) => {
      const currency = findCurrency(request.query.asset);
      return currency.chains.map((id) => ({ id, name: CHAINS[id]!.name, confirmations: requiredConfirmations(id, settings) }));
    });

    route(app, deposits.rechargeTypes, () => [...RECHARGE_TYPES]);

    const addressOf = async (request: FastifyRequest, query: { asset: string; chain?: string }) => {
      const user = await auth.requireUser(request);
      // Demo money is virtual: nothing from a chain may land in it.
      if (user.mode !== 'real') throw refuse('depositRealOnly');
      return depositAddress(db, settings, user.id, query, clock());
    };
    route(app, deposits.address, (request) => addressOf(request, request.query));
    route(app, deposits.addressNew, (request) => addressOf(request, request.query));

    route(app, deposits.list, async (request) => {
      const user = await auth.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      // Deposits belong to the real account; the demo account has none.
      if (user.mode !== 'real') return { total: 0, page, size, list: [] };
      const asset = request.query.asset ? findCurrency(request.query.asset).asset : undefined;
      const { total, rows } = await listDeposits(db, user.id, { ...window, asset, status: request.query.status });
      return { total, page, size, list: rows.map(depositRecord) };
    });
  };
}

/** Outside production: POST /dev/chain/send, the simulated chain's transfer to a deposit address (as `pnpm ops deposit:send`). */
export function devChainRoutes({ db, clock, settings }: Omit<DepositRouteDeps, 'auth'>): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: { address: string; asset: string; chain: string; amount: string; txHash?: string } }>(
      '/chain/send',
      {
        schema: {
          body: {
            type: 'object',
            properties: { address: text(128), asset: text(16), chain: text(16), amount: text(64), txHash: text(128) },
            required: ['address', 'asset', 'chain', 'amount'],
            additionalProperties: false,
          },
        },
      },
      async (request) => ok(await receiveChainTransfer(db, settings, request.body, clock())),
    );
  };
}
