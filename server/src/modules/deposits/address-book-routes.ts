import type { FastifyPluginAsync } from 'fastify';
import { depositAddresses as calls } from '@meridian/contracts';
import { route } from '../../http/route.js';
import type { Auth } from '../identity/auth.js';
import type { createAddressBook } from './address-book.js';

/** userrechange/getMainChainNames, recharge-coin, get-addresses, create-address, update-address, delete-address, insert; and reports (the user's own). */
export function addressBookRoutes(book: ReturnType<typeof createAddressBook>, auth: Auth): FastifyPluginAsync {
  return async (app) => {
    route(app, calls.mainChainNames, () => book.chains());
    route(app, calls.rechargeCoins, () => book.coins());
    route(app, calls.addresses, async (request) => book.list(await auth.requireUser(request), request.query));
    route(app, calls.createAddress, async (request) => book.create(await auth.requireUser(request), request.body));
    route(app, calls.updateAddress, async (request) => book.update(await auth.requireUser(request), String(request.body.id), request.body.label));
    route(app, calls.deleteAddress, async (request) => book.remove(await auth.requireUser(request), String(request.body.id)));
    route(app, calls.report, async (request) => book.report(await auth.requireUser(request), request.body));
    route(app, calls.reports, async (request) => book.reports(await auth.requireUser(request)));
  };
}
