import type { FastifyPluginAsync } from 'fastify';
import { stockOffers as calls } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { refuse } from '../../http/refuse.js';
import { route } from '../../http/route.js';
import { readMode } from '../identity/auth.js';
import { currentRates } from '../stocks/storage.js';
import { pageOf } from '../wallet/paging.js';
import { blockAnswer } from './block.js';
import { cancelSubscription, subscribeIpo, subscriptionAnswer } from './ipo.js';
import { block, BLOCK_COLUMNS, findIpo, listIpos, OFFER_COLUMNS, offer, subscription, SUBSCRIPTION_COLUMNS, type BlockOfferRow, type BlockState, type BlockSubscriptionRow, type IpoSubscriptionRow } from './storage.js';
import { drawTotals, ipoView, offerView } from './views.js';

const BLOCK_FILTER: Record<string, BlockState> = { pendingReview: 'pending', approved: 'approved', rejected: 'rejected', completed: 'completed', expired: 'expired' };

/**
 * IPOs and block trades under /asset/api: stockIpo/list, stockIpo/proof, stockIpo/mySubscriptions,
 * userStock/buyStockIpo; stock-block/offers, stock-allotment/listByUser (block subscriptions post to userStock/buy with
 * `block: true`: stocks/order-routes.ts). Operators publish and
 * decide with pnpm ops (src/ops/stock-offers.ts); the draw and the deliveries are jobs (jobs.ts).
 */
export const stockOfferRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { auth, db, clock } = context;
  // The draw's totals are per mode: the userType header's (public calls: no sign-in needed to check a draw).
  const modeOf = readMode;

  route(app, calls.ipoList, async (request) => {
    const now = clock();
    const rates = await currentRates(db);
    const mode = modeOf(request);
    return Promise.all((await listIpos(db)).map(async (i) => ipoView(i, now, rates.get(i.currency), await drawTotals(db, i, mode))));
  });

  route(app, calls.ipoProof, async (request) => {
    const i = await findIpo(db, request.query.ipoId);
    if (!i) throw refuse('offerNotFound');
    const mode = modeOf(request);
    const totals = await drawTotals(db, i, mode);
    const { rows } = totals
      ? await db.query<{ id: string; lots: number; draw: string; place: number; lotsWon: number }>(
          `SELECT id::text AS id, lots, draw, place, lots_won AS "lotsWon" FROM stock_ipo_subscriptions WHERE ipo_id = $1 AND mode = $2 AND lots_won IS NOT NULL ORDER BY place`,
          [i.id, mode],
        )
      : { rows: [] };
    return {
      ipo: ipoView(i, clock(), (await currentRates(db)).get(i.currency), totals),
      entries: rows.map((r) => ({ subscriptionId: r.id, lots: r.lots, draw: r.draw, place: r.place, lotsWon: r.lotsWon })),
    };
  });

  route(app, calls.ipoSubscribe, async (request) => {
    const user = await auth.requireUser(request);
    return subscribeIpo(db, clock, user, { ...request.body, ipoId: String(request.body.ipoId) });
  });

  route(app, calls.ipoCancel, async (request) => cancelSubscription(db, clock, await auth.requireUser(request), String(request.body.subscriptionId)));

  route(app, calls.ipoMine, async (request) => {
    const user = await auth.requireUser(request);
    const { page, size, limit, offset } = pageOf(request.query);
    const { rows } = await db.query<IpoSubscriptionRow & { total: string }>(
      `SELECT ${SUBSCRIPTION_COLUMNS}, count(*) OVER ()::text AS total FROM stock_ipo_subscriptions s WHERE s.user_id = $1 AND s.mode = $2 ORDER BY s.id DESC LIMIT $3 OFFSET $4`,
      [user.id, user.mode, limit, offset],
    );
    return { total: Number(rows[0]?.total ?? 0), page, size, list: await Promise.all(rows.map((r) => subscriptionAnswer(db, subscription(r), clock()))) };
  });

  route(app, calls.blockOffers, async () => {
    const now = clock();
    const rates = await currentRates(db);
    const { rows } = await db.query<BlockOfferRow>(`SELECT ${OFFER_COLUMNS} FROM stock_block_offers o ORDER BY (o.closes_at > $1) DESC, o.opens_at DESC, o.id DESC LIMIT 100`, [now]);
    return rows.map((r) => offerView(offer(r), now, rates.get(r.currency)));
  });

  route(app, calls.blockMine, async (request) => {
    const user = await auth.requireUser(request);
    const { page, size, limit, offset } = pageOf(request.query);
    const status = request.query.status ? BLOCK_FILTER[request.query.status] : undefined;
    const { rows } = await db.query<BlockSubscriptionRow & { total: string }>(
      `SELECT ${BLOCK_COLUMNS}, count(*) OVER ()::text AS total FROM stock_block_subscriptions b
       WHERE b.user_id = $1 AND b.mode = $2 AND ($3::text IS NULL OR b.status = $3) ORDER BY b.id DESC LIMIT $4 OFFSET $5`,
      [user.id, user.mode, status ?? null, limit, offset],
    );
    return { total: Number(rows[0]?.total ?? 0), page, size, list: await Promise.all(rows.map((r) => blockAnswer(db, block(r)))) };
  });
};
