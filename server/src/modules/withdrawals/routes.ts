import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import type { Auth } from '../identity/auth.js';
import { pageOf, withPage, type PageQuery } from '../wallet/paging.js';
import { requestId } from '../wallet/routes.js';
import type { AddressBook } from './address-book.js';
import type { Withdrawals, WithdrawInput } from './service.js';
import { WITHDRAWAL_STATUSES } from './storage.js';

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
const id = { type: ['string', 'integer'], pattern: '^[0-9]{1,18}$' };
// Optional here and refused by the service with the spec's texts ("Invalid amount", "Please set an address first").
const amount = { type: ['string', 'number'], maxLength: 64 };
const withdrawFields = {
  asset: text(16),
  chain: text(16),
  addressId: { type: ['string', 'integer'], maxLength: 18 },
  address: { type: 'string', maxLength: 128 },
  amount,
};

/**
 * The address book (currencyAddress/insert, delete, currencyList, info) and withdrawals (userwithdraw/estimate,
 * confirm, create, cancel, list) under /asset/api.
 */
export function withdrawalRoutes(withdrawals: Withdrawals, book: AddressBook, auth: Auth): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: { asset: string; chain: string; address: string; alias?: string } }>(
      '/currencyAddress/insert',
      {
        schema: {
          body: {
            type: 'object',
            properties: { asset: text(16), chain: text(16), address: text(128), alias: { type: 'string', maxLength: 32 } },
            required: ['asset', 'chain', 'address'],
            additionalProperties: false,
          },
        },
      },
      async (request) => {
        const user = await auth.requireUser(request);
        return ok(await book.saveAddress(user.id, request.body));
      },
    );

    app.post<{ Body: { id: string | number } }>(
      '/currencyAddress/delete',
      { schema: { body: { type: 'object', properties: { id }, required: ['id'] } } },
      async (request) => {
        const user = await auth.requireUser(request);
        await book.deleteAddress(user.id, String(request.body.id));
        return ok({ id: String(request.body.id) });
      },
    );

    app.get<{ Querystring: { asset?: string; chain?: string } }>(
      '/currencyAddress/currencyList',
      { schema: { querystring: { type: 'object', properties: { asset: text(16), chain: text(16) } } } },
      async (request) => {
        const user = await auth.requireUser(request);
        return ok(await book.addresses(user.id, request.query));
      },
    );

    app.get<{ Querystring: { id: string } }>(
      '/currencyAddress/info',
      { schema: { querystring: { type: 'object', properties: { id }, required: ['id'] } } },
      async (request) => {
        const user = await auth.requireUser(request);
        return ok(await book.address(user.id, request.query.id));
      },
    );

    app.get<{ Querystring: { asset: string; amount?: string } }>(
      '/userwithdraw/estimate',
      { schema: { querystring: { type: 'object', properties: { asset: text(16), amount: { type: 'string', maxLength: 64 } }, required: ['asset'] } } },
      async (request) => {
        const user = await auth.requireUser(request);
        return ok(await withdrawals.estimate(user, request.query));
      },
    );

    app.post<{ Body: WithdrawInput }>(
      '/userwithdraw/confirm',
      { schema: { body: { type: 'object', properties: withdrawFields, required: ['asset'], additionalProperties: false } } },
      async (request) => {
        const user = await auth.requireUser(request);
        return ok(await withdrawals.confirm(user, request.body));
      },
    );

    app.post<{ Body: WithdrawInput & { fundPassword?: string; requestId: string } }>(
      '/userwithdraw/create',
      {
        schema: {
          body: {
            type: 'object',
            properties: { ...withdrawFields, fundPassword: { type: 'string', maxLength: 128 }, requestId },
            required: ['asset', 'requestId'],
            additionalProperties: false,
          },
        },
      },
      async (request) => {
        const user = await auth.requireUser(request);
        return ok(await withdrawals.create(user, request.body));
      },
    );

    app.post<{ Body: { id: string | number } }>(
      '/userwithdraw/cancel',
      { schema: { body: { type: 'object', properties: { id }, required: ['id'] } } },
      async (request) => {
        const user = await auth.requireUser(request);
        return ok(await withdrawals.cancel(user, String(request.body.id)));
      },
    );

    app.get<{ Querystring: PageQuery & { asset?: string; status?: string } }>(
      '/userwithdraw/list',
      {
        schema: {
          querystring: withPage({ asset: text(16), status: { type: 'string', enum: [...WITHDRAWAL_STATUSES, ...WITHDRAWAL_STATUSES.map((s) => s[0]!.toUpperCase() + s.slice(1))] } }),
        },
      },
      async (request) => {
        const user = await auth.requireUser(request);
        const { page, size, ...window } = pageOf(request.query);
        const { total, rows } = await withdrawals.list(user, { ...window, asset: request.query.asset, status: request.query.status });
        return ok({ total, page, size, list: rows });
      },
    );
  };
}
