import type { FastifyPluginAsync } from 'fastify';
import { withdrawals as calls } from '@meridian/contracts';
import { route } from '../../http/route.js';
import type { Auth } from '../identity/auth.js';
import { pageOf } from '../wallet/paging.js';
import type { AddressBook } from './address-book.js';
import type { Withdrawals } from './service.js';

/**
 * The address book (currencyAddress/insert, delete, currencyList, info) and withdrawals (userwithdraw/estimate,
 * confirm, create, cancel, list) under /asset/api.
 */
export function withdrawalRoutes(withdrawals: Withdrawals, book: AddressBook, auth: Auth): FastifyPluginAsync {
  return async (app) => {
    route(app, calls.saveAddress, async (request) => {
      const user = await auth.requireUser(request);
      return book.saveAddress(user.id, request.body);
    });

    route(app, calls.deleteAddress, async (request) => {
      const user = await auth.requireUser(request);
      await book.deleteAddress(user.id, String(request.body.id));
      return { id: String(request.body.id) };
    });

    route(app, calls.addresses, async (request) => {
      const user = await auth.requireUser(request);
      return book.addresses(user.id, request.query);
    });

    route(app, calls.address, async (request) => {
      const user = await auth.requireUser(request);
      return book.address(user.id, request.query.id);
    });

    route(app, calls.estimate, async (request) => {
      const user = await auth.requireUser(request);
      return withdrawals.estimate(user, request.query);
    });

    route(app, calls.confirm, async (request) => {
      const user = await auth.requireUser(request);
      return withdrawals.confirm(user, request.body);
    });

    route(app, calls.create, async (request) => {
      const user = await auth.requireUser(request);
      return withdrawals.create(user, request.body);
    });

    route(app, calls.cancel, async (request) => {
      const user = await auth.requireUser(request);
      return withdrawals.cancel(user, String(request.body.id));
    });

    route(app, calls.list, async (request) => {
      const user = await auth.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await withdrawals.list(user, { ...window, asset: request.query.asset, status: request.query.status });
      return { total, page, size, list: rows };
    });
  };
}
